// Invalidation against the MH simulator (which validates the event with anulacion-schema-v2).
import BetterSqlite3 from 'better-sqlite3';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createCore, type Core } from '../../main/core/create-core';
import { buildHttpServer } from '../../main/http/server';
import { silentLogger } from '../../main/core/logger';
import type { InvalidationRecord } from '../../shared/records';
import { ccfBody, fcBody, fseBody } from '../fixtures/bodies';
import { DEMO_KEY, fixedClock, tempDir } from '../support/core';
import { stringContaining } from '../support/match';
import { pdfText } from '../support/pdf';
import { sessionHeaders } from '../support/session';
import { registerStation, startSimulator } from '../support/mh-sim';

const clock = fixedClock('2026-11-22T15:30:00Z');
let sim: Awaited<ReturnType<typeof startSimulator>>;
let dir: ReturnType<typeof tempDir>;
let core: Core;
let app: FastifyInstance;
let n = 0;
const newId = () => `1a0a0000-0000-4000-8000-${String(++n).padStart(12, '0')}`;
const headers = { 'x-api-key': DEMO_KEY };

beforeEach(async () => {
  clock.set('2026-11-22T15:30:00Z');
  sim = await startSimulator({ clock });
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

async function approved(kind: 'FC' | 'CCF' | 'FSE', body: (id: string) => Record<string, unknown>) {
  const { record } = core.dtes.create(kind, { ...body(newId()), generatedAt: undefined }, 'test');
  await core.sync.runOnce();
  expect(core.dtes.get(record.id).status).toBe('APPROVED');
  return record.id;
}
const invalidate = (payload: Record<string, unknown>) => app.inject({ method: 'POST', url: '/dte/invalidate', headers, payload });

describe('invalidation', () => {
  it('rescinds an approved FC: 201, event APPROVED, the DTE becomes INVALIDATED', async () => {
    const id = await approved('FC', fcBody);
    const res = await invalidate({
      dteId: id,
      reason: 'El cliente canceló la compra',
      manager: { name: 'Ana Lucía Gómez', identificationDocument: { type: 'DUI', number: '012345678' } },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      dteId: id,
      type: 'FC',
      version: 2,
      status: 'APPROVED',
      environment: 'TEST',
      mhResponse: { estado: 'PROCESADO' },
    });
    expect(core.dtes.get(id).status).toBe('INVALIDATED');
    const again = await invalidate({ dteId: id });
    expect(again.json()).toMatchObject({ status: 409, code: 'DTE_NOT_INVALIDATABLE' });
  });

  it('every copy of an invalidated document says ANULADO: the receipt and the letter PDF', async () => {
    const id = await approved('FC', fcBody);
    const before = pdfText((await app.inject({ method: 'GET', url: `/dte/${id}/receipt`, headers })).rawPayload);
    expect(before).not.toContain('ANULADO');
    expect((await invalidate({ dteId: id, reason: 'Error en el precio' })).statusCode).toBe(201);
    const receipt = pdfText((await app.inject({ method: 'GET', url: `/dte/${id}/receipt`, headers })).rawPayload);
    expect(receipt).toContain('ANULADO');
    expect(receipt).toContain('invalidado ante MH');
    // The contract's downloads serve APPROVED documents only; the app's screens get the ANULADO copy on a route of their own.
    for (const path of ['download/pdf', 'download/json', 'qr']) {
      const res = await app.inject({ method: 'GET', url: `/dte/${id}/${path}`, headers });
      expect(res.statusCode, path).toBe(404);
      expect(res.headers['content-type'], path).toContain('application/problem+json');
      expect(res.json(), path).toMatchObject({ status: 404, code: 'DTE_NOT_APPROVED' });
    }
    const cashier = await sessionHeaders(app, 'cajero');
    const letter = await app.inject({ method: 'GET', url: `/dte/${id}/letter`, headers: cashier });
    expect(letter.statusCode).toBe(200);
    expect(letter.headers['content-type']).toBe('application/pdf');
    expect(pdfText(letter.rawPayload)).toContain('ANULADO: DOCUMENTO INVALIDADO ANTE MH');
    // A POS key is not a person: the copy is not part of its contract.
    expect((await app.inject({ method: 'GET', url: `/dte/${id}/letter`, headers })).json()).toMatchObject({
      status: 403,
      code: 'FORBIDDEN',
    });
  });

  it("the app's copy: an approved document's letter as the download, none for a document MH has not approved", async () => {
    const cashier = await sessionHeaders(app, 'cajero');
    const id = await approved('FC', fcBody);
    const copy = await app.inject({ method: 'GET', url: `/dte/${id}/letter`, headers: cashier });
    const download = await app.inject({ method: 'GET', url: `/dte/${id}/download/pdf`, headers });
    expect(copy.statusCode).toBe(200);
    expect(pdfText(copy.rawPayload)).toBe(pdfText(download.rawPayload));
    expect(pdfText(copy.rawPayload)).not.toContain('ANULADO');
    const { record } = core.dtes.create('FC', { ...fcBody(newId()), generatedAt: undefined }, 'test');
    expect((await app.inject({ method: 'GET', url: `/dte/${record.id}/letter`, headers: cashier })).json()).toMatchObject({
      status: 404,
      code: 'DTE_NOT_APPROVED',
    });
    expect((await app.inject({ method: 'GET', url: `/dte/${newId()}/letter`, headers: cashier })).json()).toMatchObject({
      status: 404,
      code: 'DTE_NOT_FOUND',
    });
  });

  it('with a replacement: the replacement must be approved; then MH gets its generation code', async () => {
    const id = await approved('CCF', ccfBody);
    const { record: pendingReplacement } = core.dtes.create('CCF', { ...ccfBody(newId()), generatedAt: undefined }, 'test');
    const refused = await invalidate({ dteId: id, dteReplaceId: pendingReplacement.id });
    expect(refused.json()).toMatchObject({ status: 409, code: 'REPLACEMENT_NOT_APPROVED' });
    await core.sync.runOnce();
    const res = await invalidate({ dteId: id, dteReplaceId: pendingReplacement.id, reason: 'Error en el NRC del cliente' });
    expect(res.json()).toMatchObject({ status: 'APPROVED' });
    expect(sim.state.invalidated.has(id.toUpperCase())).toBe(true);
  });

  it("MH's three types: 1 and 3 need a replacement, 3 a reason, 2 none; MH gets the type given", async () => {
    const id = await approved('CCF', ccfBody);
    const replacement = await approved('CCF', ccfBody);
    const field = async (payload: Record<string, unknown>) =>
      (await invalidate(payload)).json<{ errors: { path: string; code: string }[] }>().errors;
    expect(await field({ dteId: id, type: 1 })).toEqual([expect.objectContaining({ path: 'dteReplaceId', code: 'REQUIRED' })]);
    expect(await field({ dteId: id, type: 2, dteReplaceId: replacement })).toEqual([
      expect.objectContaining({ path: 'dteReplaceId', code: 'NOT_ALLOWED' }),
    ]);
    expect(await field({ dteId: id, type: 3, dteReplaceId: replacement })).toEqual([
      expect.objectContaining({ path: 'reason', code: 'REQUIRED' }),
    ]);
    expect(core.dtes.get(id).status).toBe('APPROVED');
    const res = await invalidate({ dteId: id, type: 3, dteReplaceId: replacement, reason: 'Cambio de producto por otro' });
    expect(res.json()).toMatchObject({ status: 'APPROVED' });
    const db = new BetterSqlite3(join(core.dataDir, 'sello.db'), { readonly: true });
    try {
      const row = db.prepare('SELECT mh_json FROM invalidations WHERE dte_id = ?').get(id) as { mh_json: string };
      expect(JSON.parse(row.mh_json)).toMatchObject({
        motivo: { tipoAnulacion: 3, motivoAnulacion: 'Cambio de producto por otro' },
        documento: { codigoGeneracionR: replacement.toUpperCase() },
      });
    } finally {
      db.close();
    }
  });

  it("an FSE event passes MH's schema (its control-number pattern patched as the reference says)", async () => {
    const id = await approved('FSE', fseBody);
    expect((await invalidate({ dteId: id })).json()).toMatchObject({ status: 'APPROVED' });
  });

  it("outside MH's window: 422 INVALIDATION_WINDOW_CLOSED (a CCF: until the end of the next day)", async () => {
    const id = await approved('CCF', ccfBody);
    clock.set('2026-11-24T05:59:58Z');
    expect((await invalidate({ dteId: id })).statusCode).not.toBe(422);
    const other = await approved('CCF', ccfBody);
    clock.set('2026-11-26T06:00:00Z');
    const late = await invalidate({ dteId: other });
    expect(late.json()).toMatchObject({ status: 422, code: 'INVALIDATION_WINDOW_CLOSED', detail: stringContaining('nota de crédito') });
  });

  it('not approved, unknown, or a bad body: 409, 404, 422', async () => {
    const { record } = core.dtes.create('FC', { ...fcBody(newId()), generatedAt: undefined }, 'test');
    expect((await invalidate({ dteId: record.id })).json()).toMatchObject({ status: 409, code: 'DTE_NOT_INVALIDATABLE' });
    expect((await invalidate({ dteId: newId() })).json()).toMatchObject({ status: 404, code: 'DTE_NOT_FOUND' });
    expect((await invalidate({ dteId: record.id, reason: 'no' })).json()).toMatchObject({
      status: 422,
      errors: [expect.objectContaining({ path: 'reason' })],
    });
  });

  it('MH rejects it: 201 with the event REJECTED, and the DTE stays APPROVED', async () => {
    const id = await approved('FC', fcBody);
    sim.setMode('reject');
    const res = await invalidate({ dteId: id });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ status: 'REJECTED', mhResponse: { estado: 'RECHAZADO' } });
    expect(core.dtes.get(id).status).toBe('APPROVED');
  });

  it('MH unreachable: 202 PENDING, and the queue sends it once MH is back', async () => {
    const id = await approved('FC', fcBody);
    sim.setMode('down');
    const res = await invalidate({ dteId: id });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toMatchObject({ status: 'PENDING' });
    expect((await invalidate({ dteId: id })).json()).toMatchObject({ id: res.json<InvalidationRecord>().id, status: 'PENDING' });
    sim.setMode('normal');
    await core.sync.runOnce();
    expect(core.dtes.get(id).status).toBe('INVALIDATED');
  });
});
