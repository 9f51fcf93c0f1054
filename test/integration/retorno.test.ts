// The Evento de Retorno through the real HTTP server and the MH simulator over HTTP (which judges it with fe-eret-v1).
import BetterSqlite3 from 'better-sqlite3';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createCore, type Core } from '../../main/core/create-core';
import { buildHttpServer } from '../../main/http/server';
import { silentLogger } from '../../main/core/logger';
import { DEMO_STATION } from '../../main/core/station/demo';
import type { DocumentReturns, ReturnRecord } from '../../shared/retorno';
import { ccfBody, fcBody, fexBody, fseBody } from '../fixtures/bodies';
import { DEMO_KEY, fixedClock, tempDir } from '../support/core';
import { SCHEMA_DIR_V2 } from '../support/mh-schemas';
import { registerStation, startSimulator } from '../support/mh-sim';

const clock = fixedClock('2026-11-22T15:30:00Z');
let sim: Awaited<ReturnType<typeof startSimulator>>;
let dir: ReturnType<typeof tempDir>;
let core: Core;
let app: FastifyInstance;
let n = 0;
const newId = () => `1b0a0000-0000-4000-8000-${String(++n).padStart(12, '0')}`;
const headers = { 'x-api-key': DEMO_KEY };

async function start(normative: 'legacy' | '2026') {
  core = createCore({
    dataDir: dir.dir,
    clock,
    mh: { baseUrl: sim.url, user: '06142803901121', password: 'demo' },
    sync: { manual: true, jitter: () => 0 },
  });
  if (normative === '2026') to2026();
  registerStation(sim, core);
  app = await buildHttpServer(core, { logger: silentLogger });
}

/** The 2026 normative (it needs the company's CAT-008 district, station/normative-checks.ts). */
function to2026() {
  const company = { ...DEMO_STATION.company, address: { ...DEMO_STATION.company.address, district: '14' } };
  core.configure({ ...DEMO_STATION, company, mhNormative: { current: '2026' } }, 'test');
}

beforeEach(async () => {
  clock.set('2026-11-22T15:30:00Z');
  sim = await startSimulator({ clock, schemasV2Dir: SCHEMA_DIR_V2 });
  dir = tempDir();
});
afterEach(async () => {
  await app?.close();
  core?.close();
  await sim.close();
  dir.cleanup();
});

async function approved(kind: 'FC' | 'CCF' | 'FEX' | 'FSE', body: (id: string) => Record<string, unknown>) {
  const { record } = core.dtes.create(kind, { ...body(newId()), generatedAt: undefined }, 'test');
  await core.sync.runOnce();
  expect(core.dtes.get(record.id).status).toBe('APPROVED');
  return record.id;
}
const giveBack = (payload: Record<string, unknown>) => app.inject({ method: 'POST', url: '/dte/return', headers, payload });
const returnsOf = async (id: string) => (await app.inject({ method: 'GET', url: `/dte/${id}/returns`, headers })).json<DocumentReturns>();
const rows = (table: 'returns' | 'return_lines') => {
  const db = new BetterSqlite3(join(core.dataDir, 'sello.db'), { readonly: true });
  try {
    return db.prepare(`SELECT * FROM ${table}`).all() as Record<string, unknown>[];
  } finally {
    db.close();
  }
};

describe('Evento de Retorno', () => {
  it('seals an ER on an approved FE at MH and stores it with its answer; the document shows it', async () => {
    await start('2026');
    const id = await approved('FC', fcBody);
    const res = await giveBack({ lines: [{ dteId: id, item: 1, quantity: 1 }], reason: 'El cliente devolvió una libra de café' });
    expect(res.statusCode, res.body).toBe(201);
    const record = res.json<ReturnRecord>();
    expect(record).toMatchObject({ type: 'FC', version: 1, status: 'APPROVED', dteIds: [id], mhResponse: { estado: 'PROCESADO' } });
    expect(record.seal).toEqual(expect.any(String));
    expect(sim.state.counts.retornodte).toBe(1);
    const [stored] = rows('returns');
    const ev = JSON.parse(String(stored!.mh_json)) as {
      identificacion: { tipoEvento: string; fusion: null };
      documentoRelacionado: { codigoGeneracion: string; tipoDocumento: string }[];
      cuerpoDocumento: { ivaItem: number; ventaGravada: number; cantidad: number }[];
      resumen: { totalIva: number; totalGravada: number };
    };
    expect(ev.identificacion).toMatchObject({ tipoEvento: '18', fusion: null });
    expect(ev.documentoRelacionado).toEqual([expect.objectContaining({ codigoGeneracion: id.toUpperCase(), tipoDocumento: '01' })]);
    expect(ev.cuerpoDocumento).toEqual([expect.objectContaining({ cantidad: 1, ventaGravada: 5 })]);
    expect(ev.resumen.totalIva).toBe(ev.cuerpoDocumento.reduce((a, l) => a + l.ivaItem, 0));
    const view = await returnsOf(id);
    expect(view.events.map((e) => e.status)).toEqual(['APPROVED']);
    expect(view.lines[0]).toMatchObject({ item: 1, quantity: 2, returned: 1, left: 1 });
    expect(view.refusal).toBeNull();
    expect(view.normativeInForce).toBe(true);
    expect(core.dtes.get(id).status).toBe('APPROVED');
  });

  it('refuses an ER over what is left of a line with 422 naming the field, and stores nothing', async () => {
    await start('2026');
    const id = await approved('FC', fcBody);
    expect((await giveBack({ lines: [{ dteId: id, item: 1, quantity: 1.5 }], reason: 'Devolución parcial' })).statusCode).toBe(201);
    const res = await giveBack({ lines: [{ dteId: id, item: 1, quantity: 1 }], reason: 'Otra devolución' });
    expect(res.statusCode).toBe(422);
    expect(res.headers['content-type']).toContain('application/problem+json');
    expect(res.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      errors: [expect.objectContaining({ path: 'lines.0.quantity', code: 'NOT_ALLOWED' })],
    });
    expect(rows('returns')).toHaveLength(1);
    expect(rows('return_lines')).toHaveLength(1);
    expect(sim.state.counts.retornodte).toBe(1);
    // The rest of the line is still there to give back.
    expect((await giveBack({ lines: [{ dteId: id, item: 1, quantity: 0.5 }], reason: 'El resto del café' })).json()).toMatchObject({
      status: 'APPROVED',
    });
    expect((await returnsOf(id)).lines[0]).toMatchObject({ returned: 2, left: 0 });
  });

  it('refuses a CCF, an unknown document and a line it does not have, field by field', async () => {
    // Sello does not issue a CCF under 2026 yet: one issued before the switch.
    await start('legacy');
    const ccf = await approved('CCF', ccfBody);
    to2026();
    const fc = await approved('FC', fcBody);
    const res = await giveBack({
      lines: [
        { dteId: ccf, item: 1, quantity: 1 },
        { dteId: fc, item: 9, quantity: 1 },
        { dteId: '1b0a0000-0000-4000-8000-999999999999', item: 1, quantity: 1 },
      ],
      reason: 'Devolución de mercadería',
    });
    expect(res.statusCode).toBe(422);
    const paths = res.json<{ errors: { path: string }[] }>().errors.map((e) => e.path);
    expect(paths).toEqual(expect.arrayContaining(['lines.0.dteId', 'lines.1.item', 'lines.2.dteId']));
    expect(rows('returns')).toHaveLength(0);
  });

  it('refuses an ER on a station still under the legacy normative, and stores nothing', async () => {
    await start('legacy');
    const id = await approved('FC', fcBody);
    const res = await giveBack({ lines: [{ dteId: id, item: 1, quantity: 1 }], reason: 'El cliente devolvió el café' });
    expect(res.statusCode).toBe(409);
    expect(res.json<{ detail: string }>().detail).toContain('Normativa DTE v2.0');
    expect(rows('returns')).toHaveLength(0);
    expect((await returnsOf(id)).refusal).toContain('Normativa DTE v2.0');
    expect((await returnsOf(id)).normativeInForce).toBe(false);
  });

  it('an approved ER blocks the invalidation of its document', async () => {
    await start('2026');
    const id = await approved('FC', fcBody);
    expect((await giveBack({ lines: [{ dteId: id, item: 1, quantity: 1 }], reason: 'Devolución de una libra' })).statusCode).toBe(201);
    const res = await app.inject({ method: 'POST', url: '/dte/invalidate', headers, payload: { dteId: id, reason: 'Error en el precio' } });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'DTE_NOT_INVALIDATABLE' });
    expect(res.json<{ detail: string }>().detail).toContain('devolución');
    expect(core.dtes.get(id).status).toBe('APPROVED');
    expect(sim.state.counts.anulardte ?? 0).toBe(0);
  });

  it('an FEX and an FSE take ERs too: MH validates each with fe-eret-v1 and seals it', async () => {
    await start('legacy');
    const fex = await approved('FEX', fexBody);
    const fse = await approved('FSE', fseBody);
    to2026();
    for (const id of [fex, fse]) {
      const res = await giveBack({ lines: [{ dteId: id, item: 1, quantity: 1 }], reason: 'Devolución de mercadería' });
      expect(res.json(), res.body).toMatchObject({ status: 'APPROVED' });
    }
    const events = rows('returns').map((r) => JSON.parse(String(r.mh_json)) as { documentoRelacionado: { tipoDocumento: string }[] });
    expect(events.map((e) => e.documentoRelacionado[0]!.tipoDocumento)).toEqual(['11', '14']);
    // Two kinds in one event: refused, naming the second document.
    const mixed = await giveBack({
      lines: [
        { dteId: fex, item: 1, quantity: 0.5 },
        { dteId: fse, item: 1, quantity: 0.5 },
      ],
      reason: 'Devolución mezclada',
    });
    expect(mixed.statusCode).toBe(422);
    expect(mixed.json()).toMatchObject({ errors: [expect.objectContaining({ path: 'lines.1.dteId' })] });
  });

  it('MH unreachable: the ER waits PENDING (202), already blocks the invalidation, and the sync engine gets it sealed', async () => {
    await start('2026');
    const id = await approved('FC', fcBody);
    sim.setMode('down');
    const res = await giveBack({ lines: [{ dteId: id, item: 1, quantity: 1 }], reason: 'Devolución sin conexión' });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toMatchObject({ status: 'PENDING', mhResponse: null });
    const refused = await app.inject({
      method: 'POST',
      url: '/dte/invalidate',
      headers,
      payload: { dteId: id, reason: 'Error en el precio' },
    });
    expect(refused.json()).toMatchObject({ code: 'DTE_NOT_INVALIDATABLE' });
    expect(core.returns.pending()).toBe(1);
    sim.setMode('normal');
    // The sync engine sends it with the invalidations waiting, after the documents.
    await core.sync.runOnce();
    expect((await returnsOf(id)).events.map((e) => e.status)).toEqual(['APPROVED']);
  });

  it('an FE to an unnamed final consumer: the event carries no documento; three months after the seal, no more returns', async () => {
    await start('2026');
    const id = await approved('FC', (i) => ({ ...fcBody(i), recipient: undefined }));
    expect((await giveBack({ lines: [{ dteId: id, item: 1, quantity: 1 }], reason: 'Devolución en caja' })).json()).toMatchObject({
      status: 'APPROVED',
    });
    expect(JSON.parse(String(rows('returns')[0]!.mh_json))).toMatchObject({ documento: null, ventaTercero: null, compraTercero: null });
    // Sealed 2026-11-22: the last instant is 2027-02-22 23:59:59 in El Salvador.
    clock.set('2027-02-23T06:00:00Z');
    const late = await giveBack({ lines: [{ dteId: id, item: 1, quantity: 1 }], reason: 'Devolución tardía' });
    expect(late.statusCode).toBe(422);
    const [problem] = late.json<{ errors: { path: string; message: string }[] }>().errors;
    expect(problem?.path).toBe('lines.0.dteId');
    expect(problem?.message).toContain('venció');
    expect((await returnsOf(id)).refusal).toContain('venció');
    expect(rows('returns')).toHaveLength(1);
  });

  it('MH refuses an ER on a document it did not seal: the event is REJECTED and counts for nothing', async () => {
    await start('2026');
    const id = await approved('FC', fcBody);
    sim.state.documents.delete(id.toUpperCase());
    const res = await giveBack({ lines: [{ dteId: id, item: 1, quantity: 2 }], reason: 'Devolución de todo el café' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ status: 'REJECTED', mhResponse: { codigoMsg: '012' } });
    expect((await returnsOf(id)).lines[0]).toMatchObject({ returned: 0, left: 2 });
  });
});
