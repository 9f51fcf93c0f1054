// The comprobante de donación end to end (docs/decisions/0082-comprobante-de-donacion.md): POST /dte/cd through the
// real HTTP server, signed, sent and sealed by the MH simulator, which judges it with MH's fe-cd-v1 or fe-cd-v2
// under each normative; bad input is a 422 naming the field with nothing stored and no number spent; the PDF
// carries its fields; it is refused in contingency; and the invalidation inside and outside its window.
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createCore, type Core } from '../../main/core/create-core';
import { silentLogger } from '../../main/core/logger';
import { buildHttpServer } from '../../main/http/server';
import type { Normative } from '../../shared/normative';
import type { DteRecord } from '../../shared/records';
import { fcBody } from '../fixtures/bodies';
import { cdForeignBody, cdMinimalBody, cdRichBody } from '../fixtures/cd-bodies';
import { DEMO_KEY, fixedClock, tempDir } from '../support/core';
import { SCHEMA_DIR_V2 } from '../support/mh-schemas';
import { registerStation, startSimulator } from '../support/mh-sim';
import { pdfText } from '../support/pdf';

type Problem = { status: number; code: string; errors?: { path: string; code: string }[] };

// Sunday 22 November 2026, 09:30 in El Salvador.
const clock = fixedClock('2026-11-22T15:30:00Z');
let sim: Awaited<ReturnType<typeof startSimulator>>;
let dir: ReturnType<typeof tempDir>;
let core: Core;
let app: FastifyInstance;
let n = 0;
const newId = () => `cd000000-0000-4000-8000-${String(++n).padStart(12, '0')}`;
const headers = { 'x-api-key': DEMO_KEY };
const MANAGER = { name: 'Ana Lucía Gómez', identificationDocument: { type: 'DUI', number: '012345678' } };

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
  registerStation(sim, core);
  app = await buildHttpServer(core, { logger: silentLogger });
});
afterEach(async () => {
  await app.close();
  core.close();
  await sim.close();
  dir.cleanup();
});

const post = (payload: Record<string, unknown>) => app.inject({ method: 'POST', url: '/dte/cd', headers, payload });
const today = (body: Record<string, unknown>) => ({ ...body, generatedAt: undefined });
const invalidate = (payload: Record<string, unknown>) =>
  app.inject({ method: 'POST', url: '/dte/invalidate', headers, payload: { manager: MANAGER, ...payload } });

/** Issues a CD over HTTP and lets the engine send it: MH's sealed record. */
async function sealed(body: Record<string, unknown>): Promise<DteRecord> {
  const res = await post(today(body));
  expect(res.statusCode, res.body).toBe(201);
  const { id } = res.json<DteRecord>();
  await core.sync.runOnce();
  const done = core.dtes.get(id);
  expect(done.status, JSON.stringify(done.mhResponse)).toBe('APPROVED');
  return done;
}

const VERSION: Record<Normative, number> = { legacy: 1, '2026': 2 };

describe('a CD sealed by MH under each normative', () => {
  for (const normative of ['legacy', '2026'] as const) {
    it(`${normative}: the minimal, rich and foreign-donor bodies are sealed as fe-cd-v${VERSION[normative]}`, async () => {
      core.normative.set({ current: normative }, 'test');
      for (const [i, body] of [cdMinimalBody, cdRichBody, cdForeignBody].entries()) {
        const record = await sealed(body(newId()));
        expect(record).toMatchObject({ type: 'CD', version: VERSION[normative] });
        expect(record.controlNumber).toBe(`DTE-15-M001P001-${String(i + 1).padStart(15, '0')}`);
        expect(typeof record.mhResponse?.selloRecibido).toBe('string');
        const doc = core.dtes.mhDocument(record.id).document;
        expect(doc.identificacion).toMatchObject({ version: VERSION[normative], tipoDte: '15' });
        expect(Object.keys(doc)).toContain(normative === 'legacy' ? 'donante' : 'receptor');
      }
      const rich = core.dtes.list({}).items.find((d) => d.recipientName === 'Distribuidora El Roble S.A. de C.V.');
      expect(rich?.total).toBe('1875.38');
    });
  }

  it('its PDF, downloaded through the contract, carries the donor, the donation types and the total', async () => {
    const record = await sealed(cdRichBody(newId()));
    const res = await app.inject({ method: 'GET', url: `/dte/${record.id}/download/pdf`, headers });
    expect(res.statusCode).toBe(200);
    const text = pdfText(res.rawPayload).replace(/\s+/g, ' ');
    for (const expected of [
      'COMPROBANTE DE DONACIÓN',
      record.controlNumber,
      String(record.mhResponse?.selloRecibido),
      'Distribuidora El Roble S.A. de C.V.',
      'Bien: Computadora portátil usada',
      'Valor total donado',
      '$1,875.38',
    ])
      expect(text, expected).toContain(expected);
  });
});

describe('bad input: a 422 naming the field, nothing stored, no number spent', () => {
  it('a contract rule (a domiciled donor without address)', async () => {
    const body = cdMinimalBody(newId()) as { recipient: Record<string, unknown> } & Record<string, unknown>;
    const { address: _a, ...donor } = body.recipient;
    const res = await post(today({ ...body, recipient: donor }));
    expect(res.statusCode).toBe(422);
    expect(res.json<Problem>().errors).toEqual([expect.objectContaining({ path: 'recipient.address', code: 'REQUIRED' })]);
    expect((await app.inject({ method: 'GET', url: `/dte/${String(body.id)}`, headers })).statusCode).toBe(404);
  });

  it('an amount rule (a depreciation above the line, payments that do not add up)', async () => {
    const rich = cdRichBody(newId()) as { items: Record<string, unknown>[] } & Record<string, unknown>;
    const items = rich.items.map((item, i) => (i === 1 ? { ...item, depreciation: 1000 } : item));
    const res = await post(today({ ...rich, items }));
    expect(res.statusCode).toBe(422);
    expect(res.json<Problem>().errors).toEqual([expect.objectContaining({ path: 'items.1.depreciation', code: 'NOT_ALLOWED' })]);
    const unpaid = await post(today({ ...cdRichBody(newId()), payments: [{ method: '01', amount: 1 }] }));
    expect(unpaid.json<Problem>().errors).toEqual([expect.objectContaining({ path: 'payments', code: 'TOTAL_MISMATCH' })]);
    expect(core.dtes.list({}).items).toEqual([]);
    // The refused bodies took no number: the first CD stored is number 1.
    expect((await sealed(cdMinimalBody(newId()))).controlNumber).toBe('DTE-15-M001P001-000000000000001');
  });
});

describe('never in contingency', () => {
  it('a CD is refused while the station is in contingency, clearly, nothing numbered or stored', async () => {
    sim.setMode('down');
    core.dtes.create('FC', { ...fcBody(newId()), generatedAt: undefined }, 'test');
    // The engine's backoffs run on the station's clock: move it past each one until the failures open a contingency.
    for (let i = 0; i < 8 && core.sync.status().state !== 'contingency'; i++) {
      await core.sync.runOnce();
      clock.advance(5 * 60_000);
    }
    expect(core.sync.status().state).toBe('contingency');
    const id = newId();
    const refused = await post(today(cdMinimalBody(id)));
    expect(refused.statusCode).toBe(409);
    expect(refused.json<Problem & { detail: string }>()).toMatchObject({ code: 'CONTINGENCY_NOT_ALLOWED' });
    expect(refused.json<Problem & { detail: string }>().detail).toMatch(/No se numeró ni guardó nada/);
    expect((await app.inject({ method: 'GET', url: `/dte/${id}`, headers })).statusCode).toBe(404);
    expect(core.dtes.list({ type: 'CD' }).items).toEqual([]);
  });
});

describe('invalidating a CD', () => {
  it('legacy: inside its window (to the end of the day after the seal) MH seals the event; past it, 422', async () => {
    const early = await sealed(cdMinimalBody(newId()));
    const late = await sealed(cdMinimalBody(newId()));
    clock.set('2026-11-24T05:59:00Z');
    const inside = await invalidate({ dteId: early.id, type: 2, reason: 'El donante desistió de la donación' });
    expect(inside.statusCode, inside.body).toBe(201);
    expect(inside.json()).toMatchObject({ status: 'APPROVED', version: 2 });
    expect(core.dtes.get(early.id).status).toBe('INVALIDATED');
    clock.set('2026-11-24T06:00:00Z');
    const outside = await invalidate({ dteId: late.id, type: 2 });
    expect(outside.json()).toMatchObject({ status: 422, code: 'INVALIDATION_WINDOW_CLOSED' });
    expect(core.dtes.get(late.id).status).toBe('APPROVED');
  });

  it('2026: inside its window (the 10th business day of the next month) MH seals a v3 event; past it, 422', async () => {
    core.normative.set({ current: '2026' }, 'test');
    const early = await sealed(cdRichBody(newId()));
    const late = await sealed(cdMinimalBody(newId()));
    // December 2026: Tuesday 1 to Monday 14 is ten business days.
    clock.set('2026-12-15T05:59:00Z');
    const inside = await invalidate({ dteId: early.id, type: 2, reason: 'El donante desistió de la donación' });
    expect(inside.statusCode, inside.body).toBe(201);
    expect(inside.json()).toMatchObject({ status: 'APPROVED', version: 3 });
    expect(core.dtes.get(early.id).status).toBe('INVALIDATED');
    clock.set('2026-12-15T06:00:00Z');
    const outside = await invalidate({ dteId: late.id, type: 2 });
    expect(outside.json()).toMatchObject({ status: 422, code: 'INVALIDATION_WINDOW_CLOSED' });
    expect(core.dtes.get(late.id).status).toBe('APPROVED');
  });
});
