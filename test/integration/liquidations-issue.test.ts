// The two liquidations issued through the HTTP contract against the MH simulator (which judges them with MH's
// official schemas) under both normatives: minimal and rich bodies sealed; bad input a 422 with nothing stored nor
// numbered; refused in contingency with a clear reason; invalidated inside their window and refused outside it
// (docs/decisions/0081-liquidaciones.md).
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createCore, type Core } from '../../main/core/create-core';
import { buildHttpServer } from '../../main/http/server';
import { silentLogger } from '../../main/core/logger';
import type { DteRecord } from '../../shared/records';
import { minimalCl, minimalDcl, richCl, richDcl } from '../fixtures/liquidation-bodies';
import { fcBody } from '../fixtures/bodies';
import { DEMO_KEY, fixedClock, tempDir } from '../support/core';
import { SCHEMA_DIR_V2 } from '../support/mh-schemas';
import { pdfText } from '../support/pdf';
import { registerStation, startSimulator } from '../support/mh-sim';

type Problem = { code: string; detail: string; errors?: { path: string; code: string }[] };

// Tuesday 10 November 2026, 09:30 in El Salvador: after every line date of the fixtures.
const clock = fixedClock('2026-11-10T15:30:00Z');
let sim: Awaited<ReturnType<typeof startSimulator>>;
let dir: ReturnType<typeof tempDir>;
let core: Core;
let app: FastifyInstance;
let n = 0;
const newId = () => `0c1d0000-0000-4000-8000-${String(++n).padStart(12, '0')}`;
const pos = { 'x-api-key': DEMO_KEY };
const MANAGER = { name: 'Ana Lucía Gómez', identificationDocument: { type: 'DUI', number: '012345678' } };

beforeEach(async () => {
  clock.set('2026-11-10T15:30:00Z');
  sim = await startSimulator({ clock, schemasV2Dir: SCHEMA_DIR_V2, loteDelayMs: 0 });
  dir = tempDir();
  core = createCore({
    dataDir: dir.dir,
    clock,
    mh: { baseUrl: sim.url, user: '06142803901121', password: 'demo', timeoutMs: 3000 },
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

const post = (kind: 'cl' | 'dcl', payload: Record<string, unknown>) =>
  app.inject({ method: 'POST', url: `/dte/${kind}`, headers: pos, payload });
const invalidate = (payload: Record<string, unknown>) =>
  app.inject({ method: 'POST', url: '/dte/invalidate', headers: pos, payload: { manager: MANAGER, ...payload } });
const count = () => core.dtes.list({}).items.length;

/** Issued over HTTP, sent by one round of the engine, sealed by the simulator. */
async function sealed(kind: 'cl' | 'dcl', body: Record<string, unknown>): Promise<DteRecord> {
  const res = await post(kind, body);
  expect(res.statusCode, res.body).toBe(201);
  const record = res.json<DteRecord>();
  await core.sync.runOnce();
  const done = core.dtes.get(record.id);
  expect(done.status, JSON.stringify(done.mhResponse)).toBe('APPROVED');
  expect(sim.state.documents.has(record.id.toUpperCase())).toBe(true);
  return done;
}

describe.each([
  ['legacy', { CL: 1, DCL: 1 }],
  ['2026', { CL: 2, DCL: 2 }],
] as const)('under the %s normative', (normative, versions) => {
  beforeEach(() => {
    if (normative === '2026') core.normative.set({ current: '2026' }, 'test');
  });

  it('minimal and rich CL and DCL are sealed by MH, with the totals Sello computed', async () => {
    const cl = await sealed('cl', minimalCl(newId()));
    expect(cl).toMatchObject({ type: 'CL', version: versions.CL, total: '113.00' });
    expect(cl.controlNumber).toMatch(/^DTE-08-M001P001-000000000000001$/);
    expect(await sealed('cl', richCl(newId()))).toMatchObject({ type: 'CL', total: '1997.74' });
    expect(await sealed('dcl', minimalDcl(newId()))).toMatchObject({ type: 'DCL', version: versions.DCL, total: '1110.00' });
    const dcl = await sealed('dcl', richDcl(newId()));
    expect(dcl).toMatchObject({ type: 'DCL', total: '14470.12' });
    // Their paper over the API, with MH's seal.
    const letter = pdfText((await app.inject({ method: 'GET', url: `/dte/${cl.id}/download/pdf`, headers: pos })).rawPayload);
    expect(letter).toContain('COMPROBANTE DE LIQUIDACIÓN');
    expect(letter).toContain(String(cl.mhResponse?.selloRecibido));
    const receipt = pdfText((await app.inject({ method: 'GET', url: `/dte/${dcl.id}/receipt`, headers: pos })).rawPayload);
    for (const said of ['DOCUMENTO CONTABLE DE LIQUIDACIÓN', '01/09/2026 al 30/09/2026', 'Líquido a pagar', '$14,470.12'])
      expect(receipt).toContain(said);
  });

  it('bad input is a 422 naming the field, nothing stored and no number spent', async () => {
    const before = count();
    const raw = richCl(newId());
    const items = raw.items as Record<string, unknown>[];
    const duplicate = await post('cl', { ...raw, items: [...items, items[0]] });
    expect(duplicate.statusCode).toBe(422);
    expect(duplicate.json<Problem>().errors).toEqual([expect.objectContaining({ path: 'items.5.taxDocumentNumber', code: 'DUPLICATE' })]);
    // A rule on the computed amounts: the line is dated after the comprobante.
    const late = await post('cl', { ...raw, items: [{ ...items[0], taxDocumentGeneratedAt: '2026-11-11' }] });
    expect(late.statusCode).toBe(422);
    expect(late.json<Problem>().errors?.map((e) => e.path)).toEqual(['items.0.taxDocumentGeneratedAt']);
    const dcl = await post('dcl', { ...minimalDcl(newId()), commission: 1200, commissionPercent: 100 });
    expect(dcl.statusCode).toBe(422);
    expect(dcl.json<Problem>().errors?.map((e) => e.path)).toEqual(['commission']);
    expect(count()).toBe(before);
    // The refused documents took no number: the next CL is the first.
    expect((await sealed('cl', minimalCl(newId()))).controlNumber).toBe('DTE-08-M001P001-000000000000001');
  });

  it('a CL is refused while the station is in contingency, clearly, nothing numbered or stored', async () => {
    sim.setMode('down');
    core.dtes.create('FC', { ...fcBody(newId()), generatedAt: undefined }, 'test');
    // The engine's backoffs run on the station's clock: move it past each one until the failures open a contingency.
    for (let i = 0; i < 8 && core.sync.status().state !== 'contingency'; i++) {
      await core.sync.runOnce();
      clock.advance(5 * 60_000);
    }
    expect(core.sync.status().state).toBe('contingency');
    const before = count();
    const id = newId();
    const refused = await post('cl', minimalCl(id));
    expect(refused.statusCode).toBe(409);
    expect(refused.json<Problem>()).toMatchObject({ code: 'CONTINGENCY_NOT_ALLOWED' });
    expect(refused.json<Problem>().detail).toMatch(/contingencia/);
    expect(refused.json<Problem>().detail).toMatch(/No se numeró ni guardó nada/);
    expect((await post('dcl', minimalDcl(newId()))).json<Problem>()).toMatchObject({ code: 'CONTINGENCY_NOT_ALLOWED' });
    expect(count()).toBe(before);
    expect((await app.inject({ method: 'GET', url: `/dte/${id}`, headers: pos })).statusCode).toBe(404);
  });
});

describe('invalidation windows', () => {
  it('legacy: a CL invalidated the day of its seal; a DCL refused two days later', async () => {
    const cl = await sealed('cl', minimalCl(newId()));
    const dcl = await sealed('dcl', minimalDcl(newId()));
    const ok = await invalidate({ dteId: cl.id, type: 2 });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json()).toMatchObject({ status: 'APPROVED', version: 2 });
    expect(core.dtes.get(cl.id).status).toBe('INVALIDATED');
    clock.set('2026-11-12T15:30:00Z');
    const late = await invalidate({ dteId: dcl.id, type: 2 });
    expect(late.statusCode).toBe(422);
    expect(late.json()).toMatchObject({ code: 'INVALIDATION_WINDOW_CLOSED' });
    expect(core.dtes.get(dcl.id).status).toBe('APPROVED');
  });

  it('2026: inside the 10th business day of the next month both are invalidated (v3); after it, refused', async () => {
    core.normative.set({ current: '2026' }, 'test');
    const cl = await sealed('cl', minimalCl(newId()));
    const dcl = await sealed('dcl', minimalDcl(newId()));
    const late = await sealed('dcl', richDcl(newId()));
    // Monday 14 December 2026 is December's 10th business day.
    clock.set('2026-12-14T20:00:00Z');
    for (const d of [cl, dcl]) {
      const ok = await invalidate({ dteId: d.id, type: 2 });
      expect(ok.statusCode, ok.body).toBe(201);
      expect(ok.json()).toMatchObject({ status: 'APPROVED', version: 3 });
    }
    clock.set('2026-12-15T06:00:00Z');
    const refused = await invalidate({ dteId: late.id, type: 2 });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ code: 'INVALIDATION_WINDOW_CLOSED' });
  });
});
