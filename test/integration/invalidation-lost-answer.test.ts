// An invalidation whose first answer was lost (docs/decisions/0024-event-answer-lost.md), against the MH simulator
// over HTTP: the resend's refusal is judged as MH's answer to a repeat unless it is on the event's merits, and the
// document never reads APPROVED while MH holds the invalidation.
import BetterSqlite3 from 'better-sqlite3';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createCore, type Core } from '../../main/core/create-core';
import { buildHttpServer } from '../../main/http/server';
import { silentLogger } from '../../main/core/logger';
import type { RepeatInvalidationAnswer } from '../../main/mh-sim/state';
import type { DteDetail, InvalidationRecord, SyncStatus } from '../../shared/records';
import { fcBody } from '../fixtures/bodies';
import { DEMO_KEY, fixedClock, tempDir } from '../support/core';
import { registerStation, startSimulator } from '../support/mh-sim';
import { sessionHeaders } from '../support/session';

const clock = fixedClock('2026-11-22T15:30:00Z');
let sim: Awaited<ReturnType<typeof startSimulator>>;
let dir: ReturnType<typeof tempDir>;
let core: Core;
let app: FastifyInstance;
let n = 0;
const newId = () => `2b0b0000-0000-4000-8000-${String(++n).padStart(12, '0')}`;
const headers = { 'x-api-key': DEMO_KEY };
/** The next invalidation send is cut before it reaches MH, as a connection reset looks to the station. */
let cutNextInvalidation = false;
const fetchThrough: typeof fetch = (input, init) => {
  if (cutNextInvalidation && String(input instanceof Request ? input.url : input).endsWith('/fesv/anulardte')) {
    cutNextInvalidation = false;
    return Promise.reject(Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' }));
  }
  return fetch(input, init);
};

beforeEach(async () => {
  clock.set('2026-11-22T15:30:00Z');
  sim = await startSimulator({ clock });
  dir = tempDir();
  core = createCore({
    dataDir: dir.dir,
    clock,
    fetch: fetchThrough,
    mh: { baseUrl: sim.url, user: '06142803901121', password: 'demo' },
    sync: { manual: true, jitter: () => 0 },
  });
  registerStation(sim, core);
  app = await buildHttpServer(core, { logger: silentLogger });
});
afterEach(async () => {
  cutNextInvalidation = false;
  await app.close();
  core.close();
  await sim.close();
  dir.cleanup();
});

async function approved(): Promise<string> {
  const { record } = core.dtes.create('FC', { ...fcBody(newId()), generatedAt: undefined }, 'test');
  await core.sync.runOnce();
  expect(core.dtes.get(record.id).status).toBe('APPROVED');
  return record.id;
}
const invalidate = (payload: Record<string, unknown>) => app.inject({ method: 'POST', url: '/dte/invalidate', headers, payload });
const get = async <T>(url: string) => (await app.inject({ method: 'GET', url, headers })).json<T>();
/** A supervisor settles it (a point of sale's key may not: it is a person's check of MH's public lookup). */
const settle = async (id: string, payload: unknown, who = 'supervisor') =>
  app.inject({
    method: 'POST',
    url: `/dte/invalidations/${id}/settle`,
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

/** The first send reaches MH and MH invalidates the document, but the connection is cut before its answer. */
async function lostAnswer(id: string): Promise<InvalidationRecord> {
  sim.setMode('drop');
  const res = await invalidate({ dteId: id, reason: 'El cliente canceló la compra' });
  sim.setMode('normal');
  expect(res.statusCode, res.body).toBe(202);
  expect(sim.state.invalidated.has(id.toUpperCase())).toBe(true);
  // MH holds it; the station does not know yet: the event waits, as it should.
  expect(res.json()).toMatchObject({ status: 'PENDING' });
  return res.json<InvalidationRecord>();
}

describe('an invalidation whose answer was lost', () => {
  it('MH answers the resend "already invalidated": the event is APPROVED, the document INVALIDATED', async () => {
    const id = await approved();
    const ev = await lostAnswer(id);
    await core.sync.runOnce();
    expect(core.dtes.get(id).status).toBe('INVALIDATED');
    expect((await get<DteDetail>(`/dte/${id}/detail`)).invalidation.events).toMatchObject([{ id: ev.id, status: 'APPROVED' }]);
    expect((await get<SyncStatus>('/sync/status')).invalidationsInDoubt).toEqual([]);
    expect((await get<SyncStatus>('/sync/status')).alerts).toEqual([]);
  });

  it.each<[RepeatInvalidationAnswer, string]>([
    ['not-processed', 'NO EXISTE O NO FUE PROCESADO'],
    ['duplicate', 'YA EXISTE UN REGISTRO'],
  ])('MH answers the resend "%s": in doubt, the document INVALIDATED, shown with what to check', async (answer, words) => {
    sim.state.repeatInvalidation = answer;
    const id = await approved();
    const ev = await lostAnswer(id);
    await core.sync.runOnce();
    // Never APPROVED while MH holds the invalidation.
    expect(core.dtes.get(id).status).toBe('INVALIDATED');
    const detail = await get<DteDetail>(`/dte/${id}/detail`);
    expect(detail.invalidation.events).toMatchObject([{ id: ev.id, status: 'IN_DOUBT' }]);
    const lookup = `https://admin.factura.gob.sv/consultaPublica?ambiente=00&codGen=${id.toUpperCase()}&fechaEmi=2026-11-22`;
    expect(detail.invalidation.doubt).toMatchObject({ invalidationId: ev.id, dteId: id, lookupUrl: lookup });
    expect(detail.invalidation.doubt?.reason).toContain(words);
    expect(detail.invalidation.doubt?.instructions).toMatch(/consulta pública de MH.*INVALIDADO/);
    const status = await get<SyncStatus>('/sync/status');
    expect(status.invalidationsInDoubt).toMatchObject([{ invalidationId: ev.id, lookupUrl: lookup }]);
    // The banner and the sync screen say it too (decision 0025).
    expect(status.alerts).toMatchObject([{ code: 'event_in_doubt', level: 'warning' }]);
    // It is not sent again: the station would only get the same refusal.
    const sends = sim.state.counts.anulardte;
    await core.sync.runOnce();
    expect(sim.state.counts.anulardte).toBe(sends);
    expect(audit('dte.invalidation.in_doubt')).toHaveLength(1);
    // Nor is a second event made while MH may hold this one.
    const twice = await invalidate({ dteId: id, reason: 'Otra vez' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json<{ detail: string }>().detail).toContain('en duda');

    // The supervisor sees "INVALIDADO" on MH's lookup and confirms it: audited, gone from the status.
    const res = await settle(ev.id, { outcome: 'INVALIDATED', note: 'Consulta pública: INVALIDADO' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: ev.id, status: 'APPROVED' });
    expect(core.dtes.get(id).status).toBe('INVALIDATED');
    expect((await get<SyncStatus>('/sync/status')).invalidationsInDoubt).toEqual([]);
    expect((await get<SyncStatus>('/sync/status')).alerts).toEqual([]);
    expect(audit('dte.invalidation.settled')).toMatchObject([{ detail: expect.stringContaining('"outcome":"INVALIDATED"') as string }]);
    expect((await settle(ev.id, { outcome: 'INVALIDATED' })).json()).toMatchObject({ status: 409, code: 'STATION_CONFLICT' });
  });

  it('a send cut before reaching MH, then a refusal not on the merits: in doubt; MH shows it valid, so it is APPROVED again', async () => {
    const id = await approved();
    cutNextInvalidation = true;
    const first = await invalidate({ dteId: id, reason: 'Error en el precio' });
    expect(first.json()).toMatchObject({ status: 'PENDING' });
    expect(sim.state.invalidated.size).toBe(0);
    sim.setMode('reject');
    await core.sync.runOnce();
    sim.setMode('normal');
    const ev = first.json<InvalidationRecord>();
    expect((await get<DteDetail>(`/dte/${id}/detail`)).invalidation.events).toMatchObject([{ id: ev.id, status: 'IN_DOUBT' }]);
    expect(core.dtes.get(id).status).toBe('INVALIDATED');

    // Bad settlements name the field and change nothing.
    const bad = await settle(ev.id, { outcome: 'MAYBE', extra: 1 });
    expect(bad.statusCode).toBe(422);
    expect(
      bad
        .json<{ errors: { path: string }[] }>()
        .errors.map((e) => e.path)
        .sort(),
    ).toEqual(['extra', 'outcome']);
    expect((await settle('00000000-0000-4000-8000-000000000000', { outcome: 'INVALIDATED' })).statusCode).toBe(404);
    expect(core.dtes.get(id).status).toBe('INVALIDATED');

    // The lookup shows the document valid: not invalidated, the document APPROVED again and invalidable once more.
    const res = await settle(ev.id, { outcome: 'NOT_INVALIDATED', note: 'Consulta pública: VIGENTE' });
    expect(res.json()).toMatchObject({ id: ev.id, status: 'REJECTED' });
    expect(core.dtes.get(id).status).toBe('APPROVED');
    const again = await invalidate({ dteId: id, reason: 'Error en el precio' });
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json()).toMatchObject({ status: 'APPROVED' });
    expect(core.dtes.get(id).status).toBe('INVALIDATED');
    expect(sim.state.invalidated.has(id.toUpperCase())).toBe(true);
  });

  it('a refusal on the merits after a lost send keeps today’s behaviour: REJECTED, the document APPROVED', async () => {
    const id = await approved();
    cutNextInvalidation = true;
    const first = await invalidate({ dteId: id, reason: 'Error en el precio' });
    expect(first.json()).toMatchObject({ status: 'PENDING' });
    // MH refuses the event itself, naming a field.
    sim.state.rejectNext = { count: 1, tipoDte: 'anulacion' };
    await core.sync.runOnce();
    expect((await get<DteDetail>(`/dte/${id}/detail`)).invalidation.events).toMatchObject([{ status: 'REJECTED' }]);
    expect(core.dtes.get(id).status).toBe('APPROVED');
    expect((await get<SyncStatus>('/sync/status')).invalidationsInDoubt).toEqual([]);
    expect((await get<SyncStatus>('/sync/status')).alerts).toEqual([]);
  });

  it('a cashier or a point of sale may not settle one', async () => {
    const id = await approved();
    const ev = await lostAnswer(id);
    sim.state.repeatInvalidation = 'not-processed';
    await core.sync.runOnce();
    expect((await settle(ev.id, { outcome: 'NOT_INVALIDATED' }, 'cajero')).statusCode).toBe(403);
    const pos = await app.inject({
      method: 'POST',
      url: `/dte/invalidations/${ev.id}/settle`,
      headers,
      payload: { outcome: 'NOT_INVALIDATED' },
    });
    expect(pos.statusCode).toBe(403);
    expect(core.dtes.get(id).status).toBe('INVALIDATED');
    expect((await get<DteDetail>(`/dte/${id}/detail`)).invalidation.events).toMatchObject([{ status: 'IN_DOUBT' }]);
  });
});
