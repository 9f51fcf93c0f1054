// What comes after an Evento de Retorno (docs/decisions/0050-evento-de-retorno-complete.md), through the real HTTP
// server and the MH simulator over HTTP: its paper and signed JSON for the customer (MF2 p.28), and its
// invalidation (MF2 §VII pp.11, 13, 17), which the simulator judges with invalidacion-schema-v3, its window and date,
// refusing to invalidate a document while an ER on it stands.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import BetterSqlite3 from 'better-sqlite3';
import { join } from 'node:path';
import { createCore, type Core } from '../../main/core/create-core';
import { buildHttpServer } from '../../main/http/server';
import { silentLogger } from '../../main/core/logger';
import { DEMO_STATION } from '../../main/core/station/demo';
import type { DocumentReturns, ReturnInvalidationRecord, ReturnRecord } from '../../shared/retorno';
import { fcBody } from '../fixtures/bodies';
import { DEMO_KEY, fixedClock, tempDir } from '../support/core';
import { SCHEMA_DIR_V2 } from '../support/mh-schemas';
import { registerStation, startSimulator } from '../support/mh-sim';
import { pdfPages, pdfText } from '../support/pdf';
import { sessionHeaders } from '../support/session';
import { verifyJwsSync } from '../../main/core/signing/jws';

const clock = fixedClock('2026-11-22T15:30:00Z');
let sim: Awaited<ReturnType<typeof startSimulator>>;
let dir: ReturnType<typeof tempDir>;
let core: Core;
let app: FastifyInstance;
let n = 0;
const newId = () => `1a7a0000-0000-4000-8000-${String(++n).padStart(12, '0')}`;
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
  await app?.close();
  core?.close();
  await sim.close();
  dir.cleanup();
});

/** A return of one unit of the document's first line, as a POS asks for it. */
const postReturn = (dteId: string, reason: string) =>
  app.inject({ method: 'POST', url: '/dte/return', headers, payload: { lines: [{ dteId, item: 1, quantity: 1 }], reason } });
async function soldAndReturned(): Promise<{ dte: string; er: ReturnRecord }> {
  const { record } = core.dtes.create('FC', { ...fcBody(newId()), generatedAt: undefined }, 'test');
  await core.sync.runOnce();
  expect(core.dtes.get(record.id).status).toBe('APPROVED');
  const res = await postReturn(record.id, 'Devolución por error de caja');
  expect(res.statusCode, res.body).toBe(201);
  return { dte: record.id, er: res.json<ReturnRecord>() };
}
const invalidateEr = (id: string, payload: unknown = { reason: 'La devolución se registró por error' }) =>
  app.inject({ method: 'POST', url: `/dte/returns/${id}/invalidate`, headers, payload: payload as object });
const invalidateDte = (dteId: string) =>
  app.inject({ method: 'POST', url: '/dte/invalidate', headers, payload: { dteId, reason: 'Error en el precio' } });
const returnsOf = async (id: string) => (await app.inject({ method: 'GET', url: `/dte/${id}/returns`, headers })).json<DocumentReturns>();
const count = (table: string) => {
  const db = new BetterSqlite3(join(core.dataDir, 'sello.db'), { readonly: true });
  try {
    return (db.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n;
  } finally {
    db.close();
  }
};

describe('invalidating an Evento de Retorno', () => {
  it('MH takes it: the ER counts for nothing, its lines are returnable again, and the document may be invalidated', async () => {
    const { dte, er } = await soldAndReturned();
    expect(er.invalidationDeadline).toBe('2026-12-14T23:59:59-06:00');
    expect((await invalidateDte(dte)).statusCode).toBe(409);

    const res = await invalidateEr(er.id);
    expect(res.statusCode, res.body).toBe(201);
    const inv = res.json<ReturnInvalidationRecord>();
    expect(inv).toMatchObject({ status: 'APPROVED', type: 2, reason: 'La devolución se registró por error' });
    expect(inv.seal).toMatch(/^[0-9A-Z]{40}$/);
    // What MH holds: the event names the ER (tipoDte 18, no control number, no replacement), dated the ER's day.
    const held = sim.state.invalidated.get(er.id.toUpperCase());
    expect(held).toBeDefined();
    const view = await returnsOf(dte);
    expect(view.events[0]).toMatchObject({ status: 'INVALIDATED', invalidation: { status: 'APPROVED' }, invalidationDeadline: null });
    expect(view.lines[0]).toMatchObject({ returned: 0, left: 2 });

    // The document's invalidation goes through now, and MH takes it (it refuses while an ER stands: below).
    const freed = await invalidateDte(dte);
    expect(freed.statusCode, freed.body).toBe(201);
    expect(freed.json()).toMatchObject({ status: 'APPROVED' });
    expect(core.dtes.get(dte).status).toBe('INVALIDATED');
  });

  it('MH itself refuses to invalidate a document an ER stands on (MF2 p.17)', async () => {
    const { dte, er } = await soldAndReturned();
    expect((await invalidateEr(er.id)).json()).toMatchObject({ status: 'APPROVED' });
    // MH, unlike the station, holds no invalidation of the ER (as if it were never taken there).
    sim.state.invalidated.delete(er.id.toUpperCase());
    const res = await invalidateDte(dte);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ status: 'REJECTED', mhResponse: { codigoMsg: '019' } });
    expect(core.dtes.get(dte).status).toBe('APPROVED');
  });

  it('refuses what cannot be invalidated, naming why, and stores nothing', async () => {
    const { er } = await soldAndReturned();
    // Type 3 needs a reason; unknown fields are refused.
    const noReason = await invalidateEr(er.id, { type: 3 });
    expect(noReason.statusCode).toBe(422);
    expect(noReason.json<{ errors: { path: string }[] }>().errors.map((e) => e.path)).toEqual(['reason']);
    // A replacement has no place in an ER's invalidation: refused under Prefer: handling=strict.
    const strict = await app.inject({
      method: 'POST',
      url: `/dte/returns/${er.id}/invalidate`,
      headers: { ...headers, prefer: 'handling=strict' },
      payload: { reason: 'Devolución registrada por error', dteReplaceId: newId() },
    });
    expect(strict.statusCode).toBe(422);
    expect(strict.json<{ errors: { path: string }[] }>().errors.map((e) => e.path)).toEqual(['dteReplaceId']);
    expect((await invalidateEr('00000000-0000-4000-8000-000000000000')).json()).toMatchObject({ code: 'NOT_FOUND' });
    // Past the 10th business day of the month after its seal.
    clock.set('2026-12-15T06:00:00Z');
    const late = await invalidateEr(er.id);
    expect(late.statusCode).toBe(422);
    expect(late.json()).toMatchObject({ code: 'INVALIDATION_WINDOW_CLOSED' });
    expect(late.json<{ detail: string }>().detail).toContain('2026-12-14 23:59:59');
    expect(count('return_invalidations')).toBe(0);
    expect(sim.state.counts.anulardte ?? 0).toBe(0);
  });

  it('an ER still waiting for MH is not invalidated; an invalidated one, not twice', async () => {
    const { record } = core.dtes.create('FC', { ...fcBody(newId()), generatedAt: undefined }, 'test');
    await core.sync.runOnce();
    sim.setMode('down');
    const waiting = await postReturn(record.id, 'Devolución sin conexión');
    expect(waiting.statusCode).toBe(202);
    const early = await invalidateEr(waiting.json<ReturnRecord>().id);
    expect(early.json()).toMatchObject({ code: 'DTE_NOT_INVALIDATABLE' });
    expect(early.json<{ detail: string }>().detail).toContain('espera el sello');
    sim.setMode('normal');
    await core.sync.runOnce();
    expect((await invalidateEr(waiting.json<ReturnRecord>().id)).statusCode).toBe(201);
    const twice = await invalidateEr(waiting.json<ReturnRecord>().id);
    expect(twice.json()).toMatchObject({ code: 'DTE_NOT_INVALIDATABLE' });
    expect(twice.json<{ detail: string }>().detail).toContain('ya está invalidada');
  });

  it('MH unreachable: the invalidation waits (202), the ER still blocks the document, and the engine gets it taken', async () => {
    const { dte, er } = await soldAndReturned();
    sim.setMode('down');
    const res = await invalidateEr(er.id);
    expect(res.statusCode).toBe(202);
    expect(res.json()).toMatchObject({ status: 'PENDING' });
    // Asked again: the same event, still pending.
    expect((await invalidateEr(er.id)).json()).toMatchObject({ id: res.json<ReturnInvalidationRecord>().id, status: 'PENDING' });
    expect((await invalidateDte(dte)).json()).toMatchObject({ code: 'DTE_NOT_INVALIDATABLE' });
    expect(core.returns.pending()).toBe(1);
    sim.setMode('normal');
    await core.sync.runOnce();
    expect((await returnsOf(dte)).events[0]).toMatchObject({ status: 'INVALIDATED' });
    expect(core.returns.pending()).toBe(0);
  });

  it('MH took an ER whose answer was lost: it stands, but without its seal it is neither invalidated nor e-mailed', async () => {
    const { record } = core.dtes.create('FC', { ...fcBody(newId()), generatedAt: undefined }, 'test');
    await core.sync.runOnce();
    // MH stores the ER and the connection drops before its answer; the resend is refused as a duplicate.
    sim.setMode('drop');
    const made = await postReturn(record.id, 'Devolución con respuesta perdida');
    expect(made.statusCode).toBe(202);
    sim.setMode('normal');
    await core.sync.runOnce();
    const [er] = (await returnsOf(record.id)).events;
    // Never APPROVED without a seal: in doubt until a supervisor settles it (decision 0070).
    expect(er).toMatchObject({ status: 'IN_DOUBT', seal: null, invalidationDeadline: null });
    // It still blocks the document, as MH holds it.
    expect((await invalidateDte(record.id)).json()).toMatchObject({ code: 'DTE_NOT_INVALIDATABLE' });
    const refused = await invalidateEr(er!.id);
    expect(refused.json()).toMatchObject({ code: 'DTE_NOT_INVALIDATABLE' });
    expect(refused.json<{ detail: string }>().detail).toContain('su respuesta con el sello se perdió');
    expect(count('return_invalidations')).toBe(0);
    expect(() =>
      core.deliveries.sendReturn(er!.id, { email: 'otra@example.com' }, { id: 'user:supervisor', caller: 'SUPERVISOR' }),
    ).toThrow(/sello de MH/);
  });

  it('MH refuses it (out of its window at MH): REJECTED, and the ER still stands', async () => {
    const { dte, er } = await soldAndReturned();
    // MH's clock says the window closed; the station's does not.
    const held = sim.state.returns.get(er.id.toUpperCase())!;
    sim.state.returns.set(er.id.toUpperCase(), { ...held, receivedAt: Date.parse('2026-09-01T12:00:00Z') });
    const res = await invalidateEr(er.id);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ status: 'REJECTED', mhResponse: { codigoMsg: '015' } });
    expect((await returnsOf(dte)).events[0]).toMatchObject({ status: 'APPROVED', invalidation: { status: 'REJECTED' } });
    expect((await invalidateDte(dte)).json()).toMatchObject({ code: 'DTE_NOT_INVALIDATABLE' });
  });
});

describe("an Evento de Retorno's paper and JSON, for the customer", () => {
  it('the receipt and the letter say what was given back, on which document, with the seal and no QR', async () => {
    const { dte, er } = await soldAndReturned();
    const person = await sessionHeaders(app, 'supervisor');
    for (const url of [`/dte/returns/${er.id}/receipt?width=80`, `/dte/returns/${er.id}/letter`]) {
      const res = await app.inject({ method: 'GET', url, headers: person });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      const text = pdfText(res.rawPayload).replace(/\s+/g, ' ');
      expect(text).toContain('DEVOLUCIÓN (EVENTO DE RETORNO)');
      expect(text).toContain(er.id.toUpperCase());
      expect(text).toContain(er.seal!);
      expect(text).toContain(dte.toUpperCase());
      expect(text).toContain('Devolución por error de caja');
      expect(text).toContain(`Total devuelto $${er.total}`);
      expect(text).toContain('MH no publica consulta pública de eventos');
      expect(text).not.toContain('PENDIENTE');
    }
    const letter = await app.inject({ method: 'GET', url: `/dte/returns/${er.id}/letter`, headers: person });
    pdfPages(letter.rawPayload, 'retorno-letter');
    // A POS key reads the JSON but not the counter's paper.
    expect((await app.inject({ method: 'GET', url: `/dte/returns/${er.id}/letter`, headers })).statusCode).toBe(403);
  });

  it('the JSON is the event as signed, with its signature (which verifies) and MH seal', async () => {
    const { er } = await soldAndReturned();
    const res = await app.inject({ method: 'GET', url: `/dte/returns/${er.id}/json`, headers });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain(`${er.id.toUpperCase()}.json`);
    const { firmaElectronica, selloRecibido, ...event } = res.json<Record<string, unknown>>();
    expect(selloRecibido).toBe(er.seal);
    expect(verifyJwsSync(String(firmaElectronica), core.signing.publicKey()!)).toBe(true);
    const payload = JSON.parse(Buffer.from(String(firmaElectronica).split('.')[1]!, 'base64url').toString('utf8')) as Record<
      string,
      unknown
    >;
    expect(payload).toEqual(event);
    expect(event).toMatchObject({ identificacion: { tipoEvento: '18', codigoGeneracion: er.id.toUpperCase() } });
  });

  it('an ER waiting for MH prints PENDIENTE and gives no JSON yet; an invalidated one prints ANULADO', async () => {
    const { record } = core.dtes.create('FC', { ...fcBody(newId()), generatedAt: undefined }, 'test');
    await core.sync.runOnce();
    sim.setMode('down');
    const waiting = (await postReturn(record.id, 'Devolución sin conexión')).json<ReturnRecord>();
    const person = await sessionHeaders(app, 'supervisor');
    const receipt = await app.inject({ method: 'GET', url: `/dte/returns/${waiting.id}/receipt`, headers: person });
    expect(pdfText(receipt.rawPayload)).toContain('SELLO DE RECEPCIÓN PENDIENTE');
    expect((await app.inject({ method: 'GET', url: `/dte/returns/${waiting.id}/json`, headers })).json()).toMatchObject({
      code: 'DTE_NOT_APPROVED',
    });
    sim.setMode('normal');
    await core.sync.runOnce();
    expect((await invalidateEr(waiting.id)).json()).toMatchObject({ status: 'APPROVED' });
    const voided = await app.inject({ method: 'GET', url: `/dte/returns/${waiting.id}/letter`, headers: person });
    expect(pdfText(voided.rawPayload)).toContain('ANULADO');
  });
});
