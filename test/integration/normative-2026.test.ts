// The 2026 normative through the real HTTP server and the MH simulator (legacy and v2.0 schemas): the setting
// (who may change it, bad input refused without a trace), and the invalidation rules that change with it, each
// one as MH's simulator also judges it: v3 events for v2.0 documents and v2 for legacy ones, the NC invalidated
// before its CCF and never naming a replacement, the 10th-business-day window.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createCore, type Core } from '../../main/core/create-core';
import { buildHttpServer } from '../../main/http/server';
import { silentLogger } from '../../main/core/logger';
import { ccfBody, fcBody, ncBody } from '../fixtures/bodies';
import { DEMO_KEY, fixedClock, tempDir } from '../support/core';
import { SCHEMA_DIR_V2 } from '../support/mh-schemas';
import { registerStation, startSimulator } from '../support/mh-sim';
import { invalidationRefusal } from '../../main/mh-sim/invalidation-rules';
import { sessionHeaders } from '../support/session';
import type { NormativeView } from '../../shared/normative';
import type { InvalidationRecord, SyncStatus } from '../../shared/records';

type Problem = { detail: string; errors: { path: string }[] };

// Monday 2 November 2026, 09:30 in El Salvador (a public holiday, Día de los Difuntos: MH still works).
const clock = fixedClock('2026-11-02T15:30:00Z');
let sim: Awaited<ReturnType<typeof startSimulator>>;
let dir: ReturnType<typeof tempDir>;
let core: Core;
let app: FastifyInstance;
let n = 0;
const newId = () => `20260000-0000-4000-8000-${String(++n).padStart(12, '0')}`;
const pos = { 'x-api-key': DEMO_KEY };
const MANAGER = { name: 'Ana Lucía Gómez', identificationDocument: { type: 'DUI', number: '012345678' } };

beforeEach(async () => {
  clock.set('2026-11-02T15:30:00Z');
  sim = await startSimulator({ clock, schemasV2Dir: SCHEMA_DIR_V2 });
  dir = tempDir();
  core = createCore({
    dataDir: dir.dir,
    clock,
    mh: { baseUrl: sim.url, user: '06142803901121', password: 'demo' },
    sync: { manual: true, jitter: () => 0 },
  });
  registerStation(sim, core);
  app = await buildHttpServer(core, { logger: silentLogger });
});
afterEach(async () => {
  await app.close();
  core.close();
  await sim.close();
  dir.cleanup();
});

async function approved(kind: 'FC' | 'CCF' | 'NC', body: Record<string, unknown>) {
  const { record } = core.dtes.create(kind, { ...body, generatedAt: undefined }, 'test');
  await core.sync.runOnce();
  expect(core.dtes.get(record.id).status).toBe('APPROVED');
  return record;
}
const invalidate = (payload: Record<string, unknown>) =>
  app.inject({ method: 'POST', url: '/dte/invalidate', headers: pos, payload: { manager: MANAGER, ...payload } });
const eventVersionAtMh = (dteId: string) => {
  const answer = sim.state.invalidated.get(dteId.toUpperCase());
  return answer ? (answer.version as number) : null;
};

describe('the normative setting over HTTP', () => {
  it('a supervisor reads it (everyone sees it in /sync/status); only an ADMIN changes it; a bad value changes nothing', async () => {
    const supervisor = await sessionHeaders(app, 'supervisor');
    expect((await app.inject({ method: 'GET', url: '/settings/normative', headers: pos })).statusCode).toBe(403);
    const read = await app.inject({ method: 'GET', url: '/settings/normative', headers: supervisor });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual({
      setting: { current: 'legacy', switchAt: null },
      status: { inForce: 'legacy', scheduled: null },
    });
    const wanted = { current: 'legacy', switchAt: '2026-12-01T00:00:00-06:00' };
    expect((await app.inject({ method: 'PUT', url: '/settings/normative', headers: pos, payload: wanted })).statusCode).toBe(403);
    expect((await app.inject({ method: 'PUT', url: '/settings/normative', headers: supervisor, payload: wanted })).statusCode).toBe(403);

    const admin = await sessionHeaders(app, 'admin');
    for (const [payload, path] of [
      [{ current: 'v2' }, 'current'],
      [{ current: 'legacy', switchAt: 'mañana' }, 'switchAt'],
      [{ current: 'legacy', switchAt: '2026-10-01T00:00:00-06:00' }, 'switchAt'],
    ] as const) {
      const bad = await app.inject({ method: 'PUT', url: '/settings/normative', headers: admin, payload });
      expect(bad.statusCode, JSON.stringify(payload)).toBe(422);
      expect(bad.json<Problem>().errors.map((e) => e.path)).toEqual([path]);
    }
    expect((await app.inject({ method: 'GET', url: '/settings/normative', headers: admin })).json<NormativeView>().setting).toEqual({
      current: 'legacy',
      switchAt: null,
    });

    const ok = await app.inject({ method: 'PUT', url: '/settings/normative', headers: admin, payload: wanted });
    expect(ok.statusCode).toBe(200);
    expect(ok.json<NormativeView>().status).toEqual({ inForce: 'legacy', scheduled: { to: '2026', at: wanted.switchAt } });
    expect((await app.inject({ method: 'GET', url: '/sync/status', headers: pos })).json<SyncStatus>().normative).toEqual(
      ok.json<NormativeView>().status,
    );
    // Once past, the setting reads as the normative it moved to, and documents are issued under it.
    clock.set('2026-12-01T06:00:00Z');
    // A month later the session has long expired: the administrator logs in again.
    const later = await sessionHeaders(app, 'admin');
    expect((await app.inject({ method: 'GET', url: '/settings/normative', headers: later })).json<NormativeView>().setting).toEqual({
      current: '2026',
      switchAt: null,
    });
    expect(core.dtes.create('FC', { ...fcBody(newId()), generatedAt: undefined }, 'test').record.version).toBe(2);
  });
});

describe('the setting across restarts', () => {
  it('a station file without mhNormative keeps what Ajustes set; a file that names it sets it', () => {
    core.normative.set({ current: 'legacy', switchAt: '2026-12-01T00:00:00-06:00' }, 'admin');
    // What every start does with the station file (core-host.ts): the same profile, applied again.
    const { mhNormative: _none, ...file } = core.station();
    core.configure({ ...file, mh: null }, 'cli');
    expect(core.normative.get().setting).toEqual({ current: 'legacy', switchAt: '2026-12-01T00:00:00-06:00' });
    core.configure({ ...file, mh: null, mhNormative: { current: '2026' } }, 'cli');
    expect(core.normative.get().setting).toEqual({ current: '2026', switchAt: null });
  });
});

describe('invalidating under the 2026 normative', () => {
  it('a legacy document keeps its event (v2) after the switch; a v2.0 one gets v3, both sealed by MH', async () => {
    const legacy = await approved('FC', fcBody(newId()));
    core.normative.set({ current: '2026' }, 'test');
    const fe = await approved('FC', fcBody(newId()));
    expect([legacy.version, fe.version]).toEqual([1, 2]);
    for (const d of [legacy, fe]) {
      const res = await invalidate({ dteId: d.id, type: 2 });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json()).toMatchObject({ status: 'APPROVED', version: d.version === 1 ? 2 : 3 });
      expect(eventVersionAtMh(d.id)).toBe(d.version === 1 ? 2 : 3);
    }
  });

  it('an NC before its CCF, never naming a replacement; MH refuses the same out of order', async () => {
    core.normative.set({ current: '2026' }, 'test');
    const ccf = await approved('CCF', ccfBody(newId()));
    const nc = await approved('NC', ncBody(newId(), ccf.id));
    const replacement = await approved('NC', ncBody(newId(), ccf.id));

    // MH's own rules, as the simulator applies them to events the station would never send.
    const atMh = (id: string) => sim.state.documents.get(id.toUpperCase())!;
    const event = (id: string, version: number, replacement: string | null = null) => ({
      identificacion: { version, fecEmi: atMh(id).fecEmi ?? '' },
      documento: { codigoGeneracion: id.toUpperCase(), codigoGeneracionR: replacement },
    });
    expect(invalidationRefusal(sim.state, event(ccf.id, 3), atMh(ccf.id), clock.now())?.code).toBe('018');
    expect(invalidationRefusal(sim.state, event(ccf.id, 2), atMh(ccf.id), clock.now())?.code).toBe('006');
    expect(invalidationRefusal(sim.state, event(nc.id, 3, replacement.id.toUpperCase()), atMh(nc.id), clock.now())?.code).toBe('017');
    expect(invalidationRefusal(sim.state, event(nc.id, 3), atMh(nc.id), clock.now())).toBeNull();
    expect(invalidationRefusal(sim.state, event(nc.id, 3), atMh(nc.id), new Date('2026-12-15T06:00:00Z'))?.code).toBe('015');
    expect(
      invalidationRefusal(sim.state, { ...event(nc.id, 3), identificacion: { version: 3, fecEmi: '2026-11-03' } }, atMh(nc.id), clock.now())
        ?.code,
    ).toBe('016');

    const first = await invalidate({ dteId: ccf.id, type: 2 });
    expect(first.statusCode).toBe(409);
    expect(first.json<Problem>().detail).toContain(nc.controlNumber);
    const named = await invalidate({ dteId: nc.id, type: 1, dteReplaceId: replacement.id });
    expect(named.statusCode).toBe(422);
    expect(named.json<Problem>().errors.map((e) => e.path)).toEqual(['dteReplaceId']);
    expect(core.dtes.get(nc.id).status).toBe('APPROVED');

    const ok = await invalidate({ dteId: nc.id, type: 1, reason: 'Monto de la nota equivocado' });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json<NormativeView>().status).toBe('APPROVED');
    expect(core.dtes.get(nc.id).status).toBe('INVALIDATED');
    // The other NC still adjusts the CCF: still refused, by the station and by MH.
    expect((await invalidate({ dteId: ccf.id, type: 2 })).statusCode).toBe(409);
    const again = await invalidate({ dteId: replacement.id, type: 2 });
    expect(again.json<InvalidationRecord>().status).toBe('APPROVED');
    const last = await invalidate({ dteId: ccf.id, type: 2 });
    expect(last.json()).toMatchObject({ status: 'APPROVED', version: 3 });
  });

  it("a CCF's window closes at the end of the 10th business day of the next month (holidays skipped)", async () => {
    core.normative.set({ current: '2026' }, 'test');
    const ccf = await approved('CCF', ccfBody(newId()));
    const shown = (await app.inject({ method: 'GET', url: `/dte/${ccf.id}/detail`, headers: pos })).json<{
      invalidation: { deadline: string | null };
    }>();
    // December 2026: Tuesday 1 to Monday 14 is ten business days (weekends only; no holiday before the 24th).
    expect(shown.invalidation.deadline).toBe('2026-12-14T23:59:59-06:00');
    clock.set('2026-12-15T06:00:00Z');
    const late = await invalidate({ dteId: ccf.id, type: 2 });
    expect(late.statusCode).toBe(422);
    expect(late.json()).toMatchObject({ code: 'INVALIDATION_WINDOW_CLOSED' });
    expect(core.dtes.get(ccf.id).status).toBe('APPROVED');
  });
});
