// Issue 54: an Evento de Retorno in doubt (dte/retorno/return-doubt.ts) is settled over HTTP as an invalidation in
// doubt is (test/integration/invalidation-lost-answer.test.ts): POST /dte/returns/:id/settle, supervisors only,
// bad input a 422 naming the field, and APPROVED only with the seal MH holds.
import BetterSqlite3 from 'better-sqlite3';
import { join } from 'node:path';
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
import { sessionHeaders } from '../support/session';

const clock = fixedClock('2026-11-22T15:30:00Z');
let sim: Awaited<ReturnType<typeof startSimulator>>;
let dir: ReturnType<typeof tempDir>;
let core: Core;
let app: FastifyInstance;
let n = 0;
const newId = () => `1b0e0000-0000-4000-8000-${String(++n).padStart(12, '0')}`;
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
const settle = async (id: string, payload: unknown, who = 'supervisor') =>
  app.inject({
    method: 'POST',
    url: `/dte/returns/${id}/settle`,
    headers: { ...(await sessionHeaders(app, who)), 'x-api-version': '1' },
    payload: payload as object,
  });
const audit = (action: string) =>
  new BetterSqlite3(join(dir.dir, 'sello.db'), { readonly: true })
    .prepare('SELECT actor, detail FROM audit_log WHERE action = ?')
    .all(action) as {
    actor: string;
    detail: string;
  }[];

/** An approved FC and an ER on it that MH took and whose answer was lost; the resend answered as a repeat. */
async function inDoubt(): Promise<{ dteId: string; er: ReturnRecord }> {
  const { record } = core.dtes.create('FC', { ...fcBody(newId()), generatedAt: undefined }, 'test');
  await core.sync.runOnce();
  sim.setMode('drop');
  const res = await app.inject({
    method: 'POST',
    url: '/dte/return',
    headers,
    payload: { lines: [{ dteId: record.id, item: 1, quantity: 1 }], reason: 'El cliente devolvió una libra de café' },
  });
  sim.setMode('normal');
  expect(res.statusCode, res.body).toBe(202);
  await core.sync.runOnce();
  const er = res.json<ReturnRecord>();
  expect((await get<DocumentReturns>(`/dte/${record.id}/returns`)).events[0]).toMatchObject({ id: er.id, status: 'IN_DOUBT' });
  return { dteId: record.id, er };
}

describe('POST /dte/returns/:id/settle', () => {
  it('a cashier is refused (403); bad input is a 422 naming the field; a supervisor with MH’s seal gets APPROVED', async () => {
    const { dteId, er } = await inDoubt();
    const seal = (sim.state.returns.get(er.id.toUpperCase())?.body as { selloRecibido: string }).selloRecibido;

    const cashier = await settle(er.id, { outcome: 'RECEIVED', seal }, 'cajero');
    expect(cashier.statusCode, cashier.body).toBe(403);
    // A POS key may not either: it is a person's check of MH's portal.
    const key = await app.inject({ method: 'POST', url: `/dte/returns/${er.id}/settle`, headers, payload: { outcome: 'RECEIVED', seal } });
    expect(key.statusCode).toBe(403);

    const paths = async (payload: unknown) => {
      const r = await settle(er.id, payload);
      expect(r.statusCode, r.body).toBe(422);
      expect(r.headers['content-type']).toContain('application/problem+json');
      return r
        .json<{ errors: { path: string }[] }>()
        .errors.map((e) => e.path)
        .sort();
    };
    expect(await paths({ outcome: 'MAYBE', extra: 1 })).toEqual(['extra', 'outcome']);
    // Confirming needs MH's seal, and a seal as MH gives them.
    expect(await paths({ outcome: 'RECEIVED' })).toEqual(['seal']);
    expect(await paths({ outcome: 'RECEIVED', seal: 'abc' })).toEqual(['seal']);
    expect((await settle('00000000-0000-4000-8000-000000000000', { outcome: 'NOT_RECEIVED' })).statusCode).toBe(404);
    // Nothing of that changed the ER.
    expect((await get<DocumentReturns>(`/dte/${dteId}/returns`)).events[0]).toMatchObject({ status: 'IN_DOUBT', seal: null });
    expect(audit('dte.return.settled')).toEqual([]);

    const ok = await settle(er.id.toUpperCase(), { outcome: 'RECEIVED', seal, note: 'Visto en el portal de MH' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json<ReturnRecord>()).toMatchObject({ id: er.id, status: 'APPROVED', seal });
    expect((await get<SyncStatus>('/sync/status')).alerts.map((a) => a.code)).not.toContain('return_in_doubt');
    expect(audit('dte.return.settled')).toMatchObject([
      { actor: 'user:supervisor', detail: expect.stringContaining('"outcome":"RECEIVED"') as string },
    ]);
    // Settled once: a second settlement is a conflict.
    expect((await settle(er.id, { outcome: 'NOT_RECEIVED' })).json()).toMatchObject({ status: 409, code: 'STATION_CONFLICT' });
  });

  it('a supervisor marks it not received: REJECTED, its lines may be given back again', async () => {
    const { dteId, er } = await inDoubt();
    const res = await settle(er.id, { outcome: 'NOT_RECEIVED', note: 'No aparece en el portal' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<ReturnRecord>()).toMatchObject({ id: er.id, status: 'REJECTED', seal: null });
    expect((await get<DocumentReturns>(`/dte/${dteId}/returns`)).lines[0]).toMatchObject({ returned: 0 });
  });
});
