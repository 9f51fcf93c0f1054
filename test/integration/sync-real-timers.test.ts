// The sync engine's failure paths the way the product runs them: real timers (no manual engine, no runOnce),
// the simulator on a loopback port, the station left alone to recover.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Core } from '../../main/core/create-core';
import { buildHttpServer } from '../../main/http/server';
import { silentLogger } from '../../main/core/logger';
import { ccfBody, fcBody, ncBody } from '../fixtures/bodies';
import { DEMO_KEY, tempDir } from '../support/core';
import type { Problem } from '../support/http-station';
import { objectContaining, stringContaining } from '../support/match';
import { coreWithSimulator, startSimulator } from '../support/mh-sim';

const NIT = '06142803901121';
let sim: Awaited<ReturnType<typeof startSimulator>>;
let dir: ReturnType<typeof tempDir>;
let core: Core;
let credentials: Map<string, string>;
let n = 0;
const newId = () => `7e000000-0000-4000-8000-${String(++n).padStart(12, '0')}`;
const today = (b: Record<string, unknown>) => ({ ...b, generatedAt: undefined });
const unhandled: unknown[] = [];
const onUnhandled = (e: unknown) => unhandled.push(e);

beforeEach(async () => {
  credentials = new Map([[NIT, 'demo']]);
  sim = await startSimulator({ loteDelayMs: 50, credentials });
  dir = tempDir();
  core = coreWithSimulator(dir.dir, sim, { manual: false, timeoutMs: 1000, lotePollMs: 100 });
  process.on('unhandledRejection', onUnhandled);
});
afterEach(async () => {
  process.off('unhandledRejection', onUnhandled);
  core.close();
  await sim.close();
  dir.cleanup();
});

/** Polls until `check` holds, on real time. */
async function until(check: () => boolean, ms = 15_000, what = 'condition'): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(core.sync.status())}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function intoContingency(): Promise<string[]> {
  sim.setMode('down');
  const ids = [core.dtes.create('FC', today(fcBody(newId())), 'test').record.id];
  await until(() => core.sync.status().state === 'contingency', 15_000, 'contingency');
  ids.push(core.dtes.create('FC', today(fcBody(newId())), 'test').record.id);
  return ids;
}

describe('sync engine on real timers', () => {
  it('a queued invalidation goes to MH when MH is back, with no new document to wake the engine', async () => {
    const { record } = core.dtes.create('FC', today(fcBody(newId())), 'test');
    await until(() => core.dtes.get(record.id).status === 'APPROVED', 10_000, 'approval');
    sim.setMode('down');
    const queued = await core.dtes.invalidate({ dteId: record.id, reason: 'Cliente devolvió la compra' }, 'test');
    expect(queued.pending).toBe(true);
    expect(core.sync.status().queue.invalidations).toBe(1);
    sim.setMode('normal');
    await until(() => core.dtes.get(record.id).status === 'INVALIDATED', 15_000, 'the invalidation');
    expect(sim.state.invalidated.has(record.id.toUpperCase())).toBe(true);
    expect(core.sync.status().queue.invalidations).toBe(0);
  });

  it('MH refusing the login during recovery is a visible state, not a crash; issuing goes on; new credentials recover', async () => {
    const ids = await intoContingency();
    // MH is back, but the company changed its API password elsewhere.
    credentials.set(NIT, 'otra-clave');
    sim.state.tokens.clear();
    sim.setMode('normal');
    await until(() => core.sync.status().state === 'credentials', 15_000, 'the credentials state');
    const s = core.sync.status();
    expect(s.lastError).toMatch(/MH rechazó las credenciales.*Ajustes/);
    // Issuing goes on meanwhile, and nothing is spent: no document is REJECTED.
    ids.push(core.dtes.create('FC', today(fcBody(newId())), 'test').record.id);
    const loginsBefore = sim.state.counts.auth ?? 0;
    await new Promise((r) => setTimeout(r, 1500));
    // Probes on the backoff, not a storm of logins.
    expect((sim.state.counts.auth ?? 0) - loginsBefore).toBeLessThan(12);
    expect(ids.map((id) => core.dtes.get(id).status).filter((x) => x === 'REJECTED')).toEqual([]);
    // The password works again: everything reaches MH without anyone touching the engine.
    credentials.set(NIT, 'demo');
    core.sync.retryNow();
    await until(() => ids.every((id) => core.dtes.get(id).status === 'APPROVED'), 20_000, 'approval after new credentials');
    await until(() => core.sync.status().contingencies.length === 0, 10_000, 'the contingency to close');
    expect(unhandled).toEqual([]);
  });

  it('a contingency event MH rejects is corrected and sent again; its documents then reach MH', async () => {
    const ids = await intoContingency();
    sim.setMode('reject');
    await until(() => core.sync.status().contingencies.some((c) => c.status === 'rejected'), 15_000, 'the rejection');
    const rejected = core.sync.status().contingencies.find((c) => c.status === 'rejected');
    expect(rejected).toMatchObject({ attempts: 1, rejection: stringContaining('RECHAZ'), deadline: 'ok' });
    expect(rejected?.eventDeadline).toBeTruthy();
    sim.setMode('normal');
    await until(() => ids.every((id) => core.dtes.get(id).status === 'APPROVED'), 30_000, 'approval after the corrected event');
    expect(sim.state.events.size).toBe(1);
    await until(() => core.sync.status().contingencies.length === 0, 10_000, 'the contingency to close');
    const timeline = core.dtes.detail(ids[0] ?? '').record;
    expect(timeline.status).toBe('APPROVED');
  });

  it('an NC against a CCF MH rejected is a 422 naming the field; against a CCF still on its way it waits', async () => {
    sim.setMode('reject');
    const ccf = core.dtes.create('CCF', today(ccfBody(newId())), 'test').record;
    await until(() => core.dtes.get(ccf.id).status === 'REJECTED', 10_000, 'the rejection');
    const app = await buildHttpServer(core, { logger: silentLogger });
    const before = core.dtes.list({ limit: 100 }).items.length;
    const res = await app.inject({
      method: 'POST',
      url: '/dte/nc',
      headers: { 'x-api-key': DEMO_KEY },
      payload: today(ncBody(newId(), ccf.id)),
    });
    expect(res.statusCode).toBe(422);
    expect(res.json<Problem>().errors).toEqual([
      objectContaining({ path: 'relatedTaxDocuments.0.id', code: 'NOT_ALLOWED', message: stringContaining('rechazado por MH') }),
    ]);
    expect(core.dtes.list({ limit: 100 }).items.length).toBe(before);
    await app.close();

    // Queued behind a CCF that MH then rejects: the NC ends REJECTED with the reason, and the queue moves on.
    const pendingCcf = core.dtes.create('CCF', today(ccfBody(newId())), 'test').record;
    const nc = core.dtes.create('NC', today(ncBody(newId(), pendingCcf.id)), 'test').record;
    await until(() => core.dtes.get(pendingCcf.id).status === 'REJECTED', 15_000, 'the CCF rejection');
    await until(() => core.dtes.get(nc.id).status === 'REJECTED', 10_000, 'the NC to fail');
    expect(core.dtes.get(nc.id).mhResponse).toMatchObject({
      estado: 'NO ENVIADO',
      descripcionMsg: stringContaining(pendingCcf.id.toUpperCase()),
    });
    sim.setMode('normal');
    const next = core.dtes.create('FC', today(fcBody(newId())), 'test').record;
    await until(() => core.dtes.get(next.id).status === 'APPROVED', 10_000, 'the next document');
    expect(sim.state.received.get(nc.id.toUpperCase()) ?? 0).toBe(0);
  });
});
