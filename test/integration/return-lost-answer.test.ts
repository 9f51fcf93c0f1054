// Issue 54, item 1 (docs/decisions/0070-station-faults-said-aloud.md): an Evento de Retorno whose answer was lost
// (the simulator's drop mode: MH takes it and cuts the connection) and whose resend MH refuses as a repeat is IN_DOUBT,
// never APPROVED without a seal: on GET /sync/status as `return_in_doubt`, not sent again, and settled by a supervisor
// with the seal MH's portal shows, or as not received.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createCore, type Core } from '../../main/core/create-core';
import { buildHttpServer } from '../../main/http/server';
import { silentLogger } from '../../main/core/logger';
import { DEMO_STATION } from '../../main/core/station/demo';
import type { SyncStatus } from '../../shared/records';
import type { DocumentReturns, ReturnRecord } from '../../shared/retorno';
import { fcBody } from '../fixtures/bodies';
import { DEMO_KEY, fixedClock, tempDir } from '../support/core';
import { SCHEMA_DIR_V2 } from '../support/mh-schemas';
import { registerStation, startSimulator } from '../support/mh-sim';

const clock = fixedClock('2026-11-22T15:30:00Z');
let sim: Awaited<ReturnType<typeof startSimulator>>;
let dir: ReturnType<typeof tempDir>;
let core: Core;
let app: FastifyInstance;
let n = 0;
const newId = () => `1b0d0000-0000-4000-8000-${String(++n).padStart(12, '0')}`;
const headers = { 'x-api-key': DEMO_KEY };

beforeEach(async () => {
  clock.set('2026-11-22T15:30:00Z');
  sim = await startSimulator({ clock, schemasV2Dir: SCHEMA_DIR_V2 });
  dir = tempDir();
  core = createCore({
    dataDir: dir.dir,
    clock,
    mh: { baseUrl: sim.url, user: '06142803901121', password: 'demo' },
    sync: { manual: true, jitter: () => 0 },
  });
  const company = { ...DEMO_STATION.company, address: { ...DEMO_STATION.company.address, district: '14' } };
  core.configure({ ...DEMO_STATION, company, mhNormative: { current: '2026' } }, 'test');
  registerStation(sim, core);
  app = await buildHttpServer(core, { logger: silentLogger });
});
afterEach(async () => {
  await app.close();
  core.close();
  await sim.close();
  dir.cleanup();
});

const get = async <T>(url: string) => (await app.inject({ method: 'GET', url, headers })).json<T>();

/** An approved FE and an ER on it whose first answer MH took and then lost; the resend answered as a repeat. */
async function inDoubt(): Promise<{ dteId: string; er: ReturnRecord }> {
  const { record } = core.dtes.create('FC', { ...fcBody(newId()), generatedAt: undefined }, 'test');
  await core.sync.runOnce();
  expect(core.dtes.get(record.id).status).toBe('APPROVED');
  sim.setMode('drop');
  const res = await app.inject({
    method: 'POST',
    url: '/dte/return',
    headers,
    payload: { lines: [{ dteId: record.id, item: 1, quantity: 1 }], reason: 'El cliente devolvió una libra de café' },
  });
  sim.setMode('normal');
  expect(res.statusCode, res.body).toBe(202);
  const er = res.json<ReturnRecord>();
  expect(er.status).toBe('PENDING');
  // MH holds it; the station does not know yet.
  expect(sim.state.returns.has(er.id.toUpperCase())).toBe(true);
  await core.sync.runOnce();
  return { dteId: record.id, er };
}

describe('an Evento de Retorno whose answer was lost', () => {
  it('is IN_DOUBT, never APPROVED without a seal; shown on /sync/status and not sent again', async () => {
    const { dteId, er } = await inDoubt();
    const [shown] = (await get<DocumentReturns>(`/dte/${dteId}/returns`)).events;
    expect(shown).toMatchObject({ id: er.id, status: 'IN_DOUBT', seal: null });
    expect(String(shown?.mhResponse?.descripcionMsg)).toMatch(/YA EXISTE/);
    const alert = (await get<SyncStatus>('/sync/status')).alerts.find((a) => a.code === 'return_in_doubt');
    expect(alert).toMatchObject({ level: 'warning' });
    expect(alert?.message).toContain(er.id.toUpperCase());
    expect(alert?.action).toMatch(/portal de MH.*sello/);
    // Still counted as made: the document's returnable quantity stays taken, and it still blocks the invalidation.
    expect((await get<DocumentReturns>(`/dte/${dteId}/returns`)).lines[0]).toMatchObject({ returned: 1 });
    const sends = sim.state.counts.retornodte ?? 0;
    await core.sync.runOnce();
    expect(sim.state.counts.retornodte ?? 0).toBe(sends);
    expect(core.returns.pending()).toBe(0);
  });

  it('a supervisor confirms it with the seal MH shows (a seal is required); the alert goes', async () => {
    const { dteId, er } = await inDoubt();
    let refusal: unknown = null;
    try {
      core.returns.settleDoubt(er.id, { outcome: 'RECEIVED' }, 'supervisor');
    } catch (e) {
      refusal = e;
    }
    expect(JSON.stringify(refusal, Object.getOwnPropertyNames(refusal ?? {}))).toMatch(
      /VALIDATION_FAILED.*sello de recepción que muestra el portal de MH/,
    );
    const seal = (sim.state.returns.get(er.id.toUpperCase())?.body as { selloRecibido: string }).selloRecibido;
    expect(core.returns.settleDoubt(er.id, { outcome: 'RECEIVED', seal, note: 'visto en el portal' }, 'supervisor')).toBe('APPROVED');
    expect((await get<DocumentReturns>(`/dte/${dteId}/returns`)).events[0]).toMatchObject({ status: 'APPROVED', seal });
    expect((await get<SyncStatus>('/sync/status')).alerts.map((a) => a.code)).not.toContain('return_in_doubt');
    expect(() => core.returns.settleDoubt(er.id, { outcome: 'NOT_RECEIVED' }, 'supervisor')).toThrow(/no está en duda/);
  });

  it('marked not received: REJECTED, and its lines may be given back again', async () => {
    const { dteId, er } = await inDoubt();
    expect(core.returns.settleDoubt(er.id, { outcome: 'NOT_RECEIVED' }, 'supervisor')).toBe('REJECTED');
    const returns = await get<DocumentReturns>(`/dte/${dteId}/returns`);
    expect(returns.events[0]).toMatchObject({ status: 'REJECTED', seal: null });
    expect(returns.lines[0]).toMatchObject({ returned: 0 });
  });
});
