// The nota de remisión issued through the HTTP contract against the MH simulator (which judges it with MH's official
// schemas) under both normatives (docs/decisions/0080-nota-de-remision.md): minimal and rich bodies sealed; a CCF
// that bills it sealed too; bad input a 422 with nothing stored nor numbered; issued offline and sealed after its
// contingency event; invalidated inside its window and refused outside it; its PDF and receipt read back.
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createCore, type Core } from '../../main/core/create-core';
import { buildHttpServer } from '../../main/http/server';
import { silentLogger } from '../../main/core/logger';
import type { DteRecord } from '../../shared/records';
import { ccfBody } from '../fixtures/bodies';
import { nrMinimalBody, nrRichBody } from '../fixtures/nr-bodies';
import { DEMO_KEY, fixedClock, tempDir } from '../support/core';
import { SCHEMA_DIR_V2 } from '../support/mh-schemas';
import { registerStation, startSimulator } from '../support/mh-sim';
import { pdfPages, pdfText } from '../support/pdf';

type Problem = { code: string; detail: string; errors?: { path: string; code: string }[] };

// Tuesday 10 November 2026, 09:30 in El Salvador.
const clock = fixedClock('2026-11-10T15:30:00Z');
let sim: Awaited<ReturnType<typeof startSimulator>>;
let dir: ReturnType<typeof tempDir>;
let core: Core;
let app: FastifyInstance;
let n = 0;
const newId = () => `0a4e0000-0000-4000-8000-${String(++n).padStart(12, '0')}`;
const pos = { 'x-api-key': DEMO_KEY };
const MANAGER = { name: 'Ana Lucía Gómez', identificationDocument: { type: 'DUI', number: '012345678' } };
const today = (body: Record<string, unknown>) => ({ ...body, generatedAt: undefined });

beforeEach(async () => {
  clock.set('2026-11-10T15:30:00Z');
  sim = await startSimulator({ clock, schemasV2Dir: SCHEMA_DIR_V2, loteDelayMs: 0 });
  dir = tempDir();
  core = createCore({
    dataDir: dir.dir,
    clock,
    mh: { baseUrl: sim.url, user: '06142803901121', password: 'demo', timeoutMs: 2000 },
    sync: { manual: true, jitter: () => 0, lotePollMs: 0 },
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

const post = (kind: 'nr' | 'ccf', payload: Record<string, unknown>) =>
  app.inject({ method: 'POST', url: `/dte/${kind}`, headers: pos, payload });
const get = (url: string) => app.inject({ method: 'GET', url, headers: pos });
const invalidate = (payload: Record<string, unknown>) =>
  app.inject({ method: 'POST', url: '/dte/invalidate', headers: pos, payload: { manager: MANAGER, ...payload } });
const count = () => core.dtes.list({}).items.length;
/** Runs the engine as its timer would: a round, then the station's clock past the backoff (no jitter here). */
async function drain(rounds = 6) {
  for (let i = 0; i < rounds; i++) {
    await core.sync.runOnce();
    clock.advance(2000);
  }
}

/** Issued over HTTP, sent by one round of the engine, sealed by the simulator. */
async function sealed(kind: 'nr' | 'ccf', body: Record<string, unknown>): Promise<DteRecord> {
  const res = await post(kind, today(body));
  expect(res.statusCode, res.body).toBe(201);
  const record = res.json<DteRecord>();
  await core.sync.runOnce();
  const done = core.dtes.get(record.id);
  expect(done.status, JSON.stringify(done.mhResponse)).toBe('APPROVED');
  expect(sim.state.documents.has(record.id.toUpperCase())).toBe(true);
  return done;
}

describe.each([
  ['legacy', 3, 3],
  ['2026', 4, 4],
] as const)('under the %s normative', (normative, nrVersion, ccfVersion) => {
  beforeEach(() => {
    if (normative === '2026') core.normative.set({ current: '2026' }, 'test');
  });

  it('a minimal branch transfer and a rich consignment citing a CCF are sealed by MH', async () => {
    const minimal = await sealed('nr', nrMinimalBody(newId()));
    expect(minimal).toMatchObject({ type: 'NR', version: nrVersion, total: '84.07' });
    expect(minimal.controlNumber).toBe('DTE-04-M001P001-000000000000001');
    const ccf = await sealed('ccf', ccfBody(newId()));
    const rich = await sealed('nr', nrRichBody(newId(), ccf.id));
    expect(rich).toMatchObject({ type: 'NR', total: '77.73' });
    const json = core.dtes.mhDocument(rich.id).document as { documentoRelacionado: unknown; receptor: { bienTitulo: string } };
    expect(json.documentoRelacionado).toEqual([expect.objectContaining({ tipoDocumento: '03', numeroDocumento: ccf.id.toUpperCase() })]);
    expect(json.receptor.bienTitulo).toBe('03');
  });

  it('a CCF that bills two NRs cites them (tipoDocumento 04) and is sealed', async () => {
    const first = await sealed('nr', nrMinimalBody(newId()));
    const second = await sealed('nr', nrMinimalBody(newId()));
    const raw = ccfBody(newId()) as { items: Record<string, unknown>[] };
    const items = raw.items.map((item, i) => (i === 0 ? { ...item, documentNumber: first.id } : item));
    const ccf = await sealed('ccf', { ...raw, items, relatedTaxDocuments: [{ id: first.id }, { id: second.id }] });
    expect(ccf.version).toBe(ccfVersion);
    const json = core.dtes.mhDocument(ccf.id).document as { documentoRelacionado: { tipoDocumento: string; numeroDocumento: string }[] };
    expect(json.documentoRelacionado.map((d) => [d.tipoDocumento, d.numeroDocumento])).toEqual([
      ['04', first.id.toUpperCase()],
      ['04', second.id.toUpperCase()],
    ]);
  });

  it('bad input is a 422 naming the field, nothing stored and no number spent', async () => {
    const before = count();
    const { destinationBranch: _d, ...noDestination } = nrMinimalBody(newId());
    const missing = await post('nr', noDestination);
    expect(missing.statusCode).toBe(422);
    expect(missing.json<Problem>().errors).toEqual([expect.objectContaining({ path: 'recipient', code: 'REQUIRED' })]);
    // A rule that needs the station: the destination is the issuing establishment.
    const self = await post('nr', {
      ...nrMinimalBody(newId()),
      destinationBranch: { ...(nrMinimalBody('').destinationBranch as object), code: 'M001' },
    });
    expect(self.statusCode).toBe(422);
    expect(self.json<Problem>().errors?.map((e) => e.path)).toEqual(['destinationBranch.code']);
    // A rule that needs the store: the related document does not exist.
    const unknown = await post('nr', today(nrRichBody(newId(), newId())));
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json<Problem>().errors?.map((e) => e.path)).toEqual(['relatedTaxDocuments.0.id']);
    expect(count()).toBe(before);
    expect((await sealed('nr', nrMinimalBody(newId()))).controlNumber).toBe('DTE-04-M001P001-000000000000001');
  });

  it('issued while MH is down: a contingency document, sealed after the contingency event', async () => {
    sim.setMode('down');
    const res = await post('nr', nrMinimalBody(newId()));
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json<DteRecord>().id;
    for (let i = 0; i < 6 && core.sync.status().state !== 'contingency'; i++) await drain(1);
    expect(core.sync.status().state).toBe('contingency');
    const during = await post('nr', nrMinimalBody(newId()));
    expect(during.statusCode, during.body).toBe(201);
    const ids = [id, during.json<DteRecord>().id];
    for (const d of ids)
      expect(core.dtes.mhDocument(d).document.identificacion).toMatchObject({ tipoModelo: 2, tipoOperacion: 2, tipoContingencia: 1 });
    sim.setMode('normal');
    await drain();
    expect(core.sync.status().state).toBe('online');
    for (const d of ids) expect(core.dtes.get(d).status).toBe('APPROVED');
    const event = [...sim.state.events.values()][0] as { detalleDTE: { codigoGeneracion: string; tipoDoc: string }[] };
    expect(event.detalleDTE.map((x) => [x.codigoGeneracion, x.tipoDoc])).toEqual(ids.map((d) => [d.toUpperCase(), '04']));
  });
});

describe('the 2026 normative', () => {
  it('refuses a recipient without economic activity, which fe-nr-v4 requires: a 422 naming it, nothing stored', async () => {
    core.normative.set({ current: '2026' }, 'test');
    const ccf = await sealed('ccf', ccfBody(newId()));
    const before = count();
    const raw = nrRichBody(newId(), ccf.id) as { recipient: Record<string, unknown> };
    const res = await post('nr', today({ ...raw, recipient: { ...raw.recipient, economicActivity: null } }));
    expect(res.statusCode).toBe(422);
    expect(res.json<Problem>().errors).toEqual([expect.objectContaining({ path: 'recipient.economicActivity', code: 'REQUIRED' })]);
    expect(count()).toBe(before);
  });
});

describe('invalidation windows', () => {
  it('legacy: an NR invalidated the day of its seal; another refused two days later', async () => {
    const a = await sealed('nr', nrMinimalBody(newId()));
    const b = await sealed('nr', nrMinimalBody(newId()));
    const ok = await invalidate({ dteId: a.id, type: 2 });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json()).toMatchObject({ status: 'APPROVED', version: 2 });
    expect(core.dtes.get(a.id).status).toBe('INVALIDATED');
    clock.set('2026-11-12T15:30:00Z');
    const late = await invalidate({ dteId: b.id, type: 2 });
    expect(late.statusCode).toBe(422);
    expect(late.json()).toMatchObject({ code: 'INVALIDATION_WINDOW_CLOSED' });
    expect(core.dtes.get(b.id).status).toBe('APPROVED');
  });

  it("2026: inside the next month's 10th business day invalidated (v3); after it, refused", async () => {
    core.normative.set({ current: '2026' }, 'test');
    const a = await sealed('nr', nrMinimalBody(newId()));
    const b = await sealed('nr', nrMinimalBody(newId()));
    // Monday 14 December 2026 is December's 10th business day.
    clock.set('2026-12-14T20:00:00Z');
    const ok = await invalidate({ dteId: a.id, type: 2 });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json()).toMatchObject({ status: 'APPROVED', version: 3 });
    clock.set('2026-12-15T06:00:00Z');
    const refused = await invalidate({ dteId: b.id, type: 2 });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ code: 'INVALIDATION_WINDOW_CLOSED' });
  });
});

describe('the paper', () => {
  it.each(['legacy', '2026'] as const)(
    '%s: the PDF and the receipt say the title, the reason, the destination, the lines and the totals',
    async (normative) => {
      if (normative === '2026') core.normative.set({ current: '2026' }, 'test');
      const branch = await sealed('nr', nrMinimalBody(newId()));
      const pdf = (await get(`/dte/${branch.id}/download/pdf`)).rawPayload;
      // Kept in test-results/render for a person to look at.
      pdfPages(pdf, `letter-nr-${normative}`);
      const letter = pdfText(pdf);
      for (const part of [
        'NOTA DE REMISIÓN',
        branch.id.toUpperCase(),
        branch.controlNumber,
        String(branch.mhResponse?.selloRecibido),
        'Bienes remitidos a título de',
        'Traslado',
        'S044 Sucursal Santa Ana',
        'Avenida Independencia 12',
        'Café molido 1 lb',
        '$74.40',
        '$9.67',
        'Monto total de la operación',
        '$84.07',
      ])
        expect(letter, part).toContain(part);
      const receiptPdf = (await get(`/dte/${branch.id}/receipt`)).rawPayload;
      pdfPages(receiptPdf, `receipt-nr-${normative}`, 120);
      const receipt = pdfText(receiptPdf).replace(/\s+/g, ' ');
      for (const part of ['NOTA DE REMISIÓN', 'Traslado', 'S044 Sucursal Santa Ana', 'Café molido 1 lb', '$84.07'])
        expect(receipt, part).toContain(part);
      const ccf = await sealed('ccf', ccfBody(newId()));
      const rich = await sealed('nr', nrRichBody(newId(), ccf.id));
      const richPdf = (await get(`/dte/${rich.id}/download/pdf`)).rawPayload;
      pdfPages(richPdf, `letter-nr-rich-${normative}`);
      const richText = pdfText(richPdf).replace(/\s+/g, ' ');
      for (const part of [
        'Consignación',
        'Distribuidora La Ceiba',
        'José Antonio Rivas',
        'Ana Gabriela Flores',
        'consignación por 30 días',
        ccf.id.toUpperCase(),
        '$77.73',
      ])
        expect(richText, part).toContain(part);
    },
  );
});
