// The letter PDF, the receipt and the QR of every kind, read back: text with pdftotext, the QR decoded from
// the rendered page, page images kept in test-results/render for a person to look at.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Core } from '../../main/core/create-core';
import { mhDocumentView } from '../../main/core/dte/mh/document-types';
import { buildHttpServer } from '../../main/http/server';
import { silentLogger } from '../../main/core/logger';
import type { DteKind } from '../../shared/contract';
import { VALID_BODIES, ccfBody, fcBody, ncBody } from '../fixtures/bodies';
import { DEMO_KEY, tempDir } from '../support/core';
import type { Problem } from '../support/http-station';
import { coreWithSimulator, startSimulator, untilContingency } from '../support/mh-sim';
import { decodeQr, decodeQrFile, pdfInfo, pdfPages, pdfText } from '../support/pdf';

let sim: Awaited<ReturnType<typeof startSimulator>>;
let dir: ReturnType<typeof tempDir>;
let core: Core;
let app: FastifyInstance;
let n = 0;
const newId = () => `0e4d0000-0000-4000-8000-${String(++n).padStart(12, '0')}`;
const headers = { 'x-api-key': DEMO_KEY };
const get = (url: string) => app.inject({ method: 'GET', url, headers });
const today = (body: Record<string, unknown>) => ({ ...body, generatedAt: undefined });

beforeAll(async () => {
  sim = await startSimulator({ loteDelayMs: 0 });
  dir = tempDir();
  core = coreWithSimulator(dir.dir, sim);
  app = await buildHttpServer(core, { logger: silentLogger });
});
afterAll(async () => {
  await app.close();
  core.close();
  await sim.close();
  dir.cleanup();
});

async function approved(kind: DteKind, body: Record<string, unknown>) {
  const { record } = core.dtes.create(kind, today(body), 'test');
  await core.sync.runOnce();
  const done = core.dtes.get(record.id);
  expect(done.status).toBe('APPROVED');
  return done;
}

const TITLES: Record<DteKind, string> = {
  FC: 'FACTURA',
  CCF: 'COMPROBANTE DE CRÉDITO FISCAL',
  NC: 'NOTA DE CRÉDITO',
  ND: 'NOTA DE DÉBITO',
  CR: 'COMPROBANTE DE RETENCIÓN',
  FSE: 'FACTURA DE SUJETO EXCLUIDO',
  FEX: 'FACTURA DE EXPORTACIÓN',
  NR: 'NOTA DE REMISIÓN',
  CL: 'COMPROBANTE DE LIQUIDACIÓN',
  DCL: 'DOCUMENTO CONTABLE DE LIQUIDACIÓN',
  CD: 'COMPROBANTE DE DONACIÓN',
};
const RECEIVERS: Record<DteKind, string> = {
  FC: 'María Elena Hernández',
  CCF: 'Distribuidora La Ceiba',
  NC: 'Distribuidora La Ceiba',
  ND: 'Distribuidora La Ceiba',
  CR: 'Proveedora Industrial',
  FSE: 'Juan Antonio Martínez',
  FEX: 'Importadora del Norte LLC',
  CD: 'Distribuidora El Roble S.A. de C.V.',
  NR: 'Distribuidora La Ceiba',
  CL: 'Distribuidora El Mandante',
  DCL: 'Distribuidora El Mandante',
};

describe('letter PDF of every kind', () => {
  const ccfId = '0e4dccf0-0000-4000-8000-000000000001';
  beforeAll(async () => {
    await approved('CCF', ccfBody(ccfId));
  });

  it.each(['FC', 'CCF', 'NC', 'ND', 'CR', 'FSE', 'FEX'] as DteKind[])(
    '%s: every fiscal identifier, the totals, the words and a QR that reads back',
    async (kind) => {
      const body = kind === 'NC' || kind === 'ND' ? ncBody(newId(), ccfId) : VALID_BODIES[kind](newId());
      const record = await approved(kind, body);
      const res = await get(`/dte/${record.id}/download/pdf`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['content-disposition']).toBe(`attachment; filename="${record.id.toUpperCase()}.pdf"`);
      const pdf = res.rawPayload;
      const text = pdfText(pdf);
      const doc = mhDocumentView(core.dtes.mhDocument(record.id).document);
      const seal = String(record.mhResponse?.selloRecibido);
      for (const expected of [
        TITLES[kind],
        record.id.toUpperCase(),
        record.controlNumber,
        seal,
        doc.emisor?.nit,
        RECEIVERS[kind],
        'DEMOSTRACIÓN',
      ]) {
        expect(text, expected).toContain(expected);
      }
      const words = String(doc.resumen?.totalLetras ?? doc.resumen?.totalIVAretenidoLetras);
      expect(text.replace(/\s+/g, ' ')).toContain(words);
      expect(text).toContain('Página 1 de 1');
      const [page] = pdfPages(pdf, `letter-${kind.toLowerCase()}`);
      expect(decodeQrFile(page!)).toBe(
        `https://admin.factura.gob.sv/consultaPublica?ambiente=00&codGen=${record.id.toUpperCase()}&fechaEmi=${doc.identificacion?.fecEmi}`,
      );
    },
  );

  it('kind-specific parts: related documents on the NC, export data on the FEX, retention lines on the CR', async () => {
    const nc = await approved('NC', ncBody(newId(), ccfId));
    expect(pdfText((await get(`/dte/${nc.id}/download/pdf`)).rawPayload)).toContain(ccfId.toUpperCase());
    const fex = await approved('FEX', VALID_BODIES.FEX(newId()));
    const fexText = pdfText((await get(`/dte/${fex.id}/download/pdf`)).rawPayload);
    for (const part of ['DATOS DE EXPORTACIÓN', 'FOB-Libre a bordo', 'EX-1.1000.000', 'Estados Unidos', 'Carlos Rivas'])
      expect(fexText).toContain(part);
    const cr = await approved('CR', VALID_BODIES.CR(newId()));
    const crText = pdfText((await get(`/dte/${cr.id}/download/pdf`)).rawPayload);
    for (const part of ['6F1D2C3B-4A59-4E8D-9C7B-1A2B3C4D5E6F', 'A-000123', '$650.50', '$6.51']) expect(crText).toContain(part);
  });

  it('2,000 items: several pages, the table header on each, numbered, identifiers on every page', async () => {
    const items = Array.from({ length: 2000 }, (_, i) => ({
      type: 'BIENES',
      description: `Artículo número ${i + 1}`,
      quantity: 1 + (i % 3),
      unitPrice: 1.25,
      saleType: 'GRAVADA',
    }));
    const record = await approved('FC', {
      ...fcBody(newId()),
      items,
      itemsNoGrav: undefined,
      recipient: { name: 'Cliente mayorista', identificationDocument: { type: 'DUI', number: '012345678' } },
    });
    const pdf = (await get(`/dte/${record.id}/download/pdf`)).rawPayload;
    const { pages } = pdfInfo(pdf);
    expect(pages).toBeGreaterThan(30);
    const text = pdfText(pdf);
    expect(text).toContain(`Página ${pages} de ${pages}`);
    expect(text.split('Descripción').length - 1).toBe(pages);
    expect(text.split(record.controlNumber).length - 1).toBeGreaterThanOrEqual(pages);
    expect(text).toContain('Artículo número 2000');
    pdfPages(pdf, 'letter-2000-items', 60, 2);
  });
});

describe('QR endpoint', () => {
  it('returns a base64 PNG data URI of the public lookup URL, for APPROVED documents only', async () => {
    const record = await approved('FC', fcBody(newId()));
    const res = await get(`/dte/${record.id}/qr`);
    const { qrCodeUri } = res.json<{ qrCodeUri: string }>();
    expect(qrCodeUri).toMatch(/^data:image\/png;base64,/);
    const url = decodeQr(Buffer.from(qrCodeUri.split(',')[1]!, 'base64'));
    expect(url).toMatch(
      new RegExp(
        `^https://admin\\.factura\\.gob\\.sv/consultaPublica\\?ambiente=00&codGen=${record.id.toUpperCase()}&fechaEmi=\\d{4}-\\d{2}-\\d{2}$`,
      ),
    );
  });
});

describe('receipt', () => {
  it('shows money with two decimals, item prices included; MH’s document keeps its eight', async () => {
    // $0.99 before IVA is $1.1187 on the FC: the consumer reads $1.12 a unit and the line's $3.36.
    const body = {
      ...fcBody(newId()),
      items: [{ type: 'BIENES', description: 'Tornillo', quantity: 3, unitPrice: 0.99, saleType: 'GRAVADA' }],
    };
    const record = await approved('FC', body);
    const text = pdfText((await get(`/dte/${record.id}/receipt`)).rawPayload);
    expect(text).toMatch(/3 × \$1\.12/);
    expect(text).toContain('$3.36');
    expect(text).not.toContain('1.1187');
    const letter = pdfText((await get(`/dte/${record.id}/download/pdf`)).rawPayload);
    expect(letter).toContain('$1.12');
    expect(letter).not.toContain('1.1187');
    const lines = core.dtes.mhDocument(record.id).document.cuerpoDocumento as { precioUni: number }[];
    expect(lines[0]!.precioUni).toBe(1.1187);
  });

  it.each([58, 80])('%s mm: the page is that wide and carries the identifiers and the QR', async (width) => {
    const record = await approved('FC', fcBody(newId()));
    const res = await get(`/dte/${record.id}/receipt?width=${width}`);
    expect(res.statusCode).toBe(200);
    const info = pdfInfo(res.rawPayload);
    expect(info.width).toBeCloseTo((width * 72) / 25.4, 0);
    expect(info.pages).toBe(1);
    const text = pdfText(res.rawPayload);
    for (const expected of [
      record.id.toUpperCase(),
      record.controlNumber,
      String(record.mhResponse?.selloRecibido),
      'Total a pagar',
      '$10.08',
    ])
      expect(text.replace(/\s+/g, '')).toContain(expected.replace(/\s+/g, ''));
    const [page] = pdfPages(res.rawPayload, `receipt-${width}`, 200);
    expect(decodeQrFile(page!)).toContain(record.id.toUpperCase());
  });

  it('before MH answers: allowed, and marked as waiting for the seal, with where to check it', async () => {
    sim.setMode('down');
    const { record } = core.dtes.create('FC', today(fcBody(newId())), 'test');
    const res = await get(`/dte/${record.id}/receipt`);
    sim.setMode('normal');
    expect(res.statusCode).toBe(200);
    expect(pdfText(res.rawPayload)).toContain('SELLO DE RECEPCIÓN PENDIENTE');
    expect(pdfText(res.rawPayload)).toContain('admin.factura.gob.sv');
    pdfPages(res.rawPayload, 'receipt-pending', 120);
  });

  it('issued in contingency: marked as such (deferred model, no seal yet)', async () => {
    const before = core.sync.status();
    expect(before.state).not.toBe('contingency');
    sim.setMode('down');
    core.dtes.create('FC', today(fcBody(newId())), 'test');
    await untilContingency(core);
    const { record } = core.dtes.create('FC', today(fcBody(newId())), 'test');
    const text = pdfText((await get(`/dte/${record.id}/receipt?width=58`)).rawPayload);
    expect(text).toContain('CONTINGENCIA');
    expect(text).toContain('Diferido');
    sim.setMode('normal');
    for (let i = 0; i < 4 && core.sync.status().state === 'contingency'; i++) await core.sync.runOnce();
  });

  it('REJECTED: refused with 409; a width other than 58 or 80: 422', async () => {
    sim.setMode('reject');
    const { record } = core.dtes.create('FC', today(fcBody(newId())), 'test');
    await core.sync.runOnce();
    sim.setMode('normal');
    expect(core.dtes.get(record.id).status).toBe('REJECTED');
    expect((await get(`/dte/${record.id}/receipt`)).json()).toMatchObject({ status: 409, code: 'DTE_REJECTED' });
    expect((await get(`/dte/${record.id}/download/pdf`)).json()).toMatchObject({ status: 404, code: 'DTE_NOT_APPROVED' });
    const ok = (await get(`/dte/${newId()}/receipt?width=70`)).json<Problem>();
    expect([404, 422]).toContain(ok.status);
    const approvedOne = await approved('FC', fcBody(newId()));
    expect((await get(`/dte/${approvedOne.id}/receipt?width=70`)).json()).toMatchObject({
      status: 422,
      errors: [expect.objectContaining({ path: 'width' })],
    });
  });
});
