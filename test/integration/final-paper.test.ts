// The paper a customer takes away is final (docs/decisions/0037-final-paper.md): a receipt printed before MH's
// seal says only what cannot change, and a reprint after the seal differs from it only in the seal lines,
// whether the document went out normally, was re-signed into a contingency, or was issued during one.
// Real core, real MH simulator over HTTP, the PDFs read back with pdftotext.
import { execFileSync } from 'node:child_process';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Core } from '../../main/core/create-core';
import { buildHttpServer } from '../../main/http/server';
import { silentLogger } from '../../main/core/logger';
import { fcBody } from '../fixtures/bodies';
import { DEMO_KEY, tempDir } from '../support/core';
import { coreWithSimulator, startSimulator } from '../support/mh-sim';
import { pdfText } from '../support/pdf';

let sim: Awaited<ReturnType<typeof startSimulator>>;
let dir: ReturnType<typeof tempDir>;
let core: Core;
let app: FastifyInstance;
let n = 0;
const newId = () => `f1a1a000-0000-4000-8000-${String(++n).padStart(12, '0')}`;
const headers = { 'x-api-key': DEMO_KEY };
const get = (url: string) => app.inject({ method: 'GET', url, headers });
const receipt = async (id: string) => pdfText((await get(`/dte/${id}/receipt?width=80`)).rawPayload);
const letter = async (id: string) => pdfText((await get(`/dte/${id}/download/pdf`)).rawPayload);
/** The fixture's total is $10.08: $5.00 in cash (a $20 bill) and the rest by credit card. */
const paidSale = (id: string) => ({
  ...fcBody(id),
  generatedAt: undefined,
  payments: [
    { method: '01', amount: 5 },
    { method: '03', amount: 5.08, reference: '4242' },
  ],
  cashReceived: 20,
});

/** pdftotext keeping the layout: a label and its amount on one line. */
const laidOut = (pdf: Buffer) => execFileSync('pdftotext', ['-layout', '-enc', 'UTF-8', '-', '-'], { input: pdf }).toString('utf8');
const flat = (t: string) => t.replace(/\s+/g, ' ').trim();
const PENDING_NOTICE = /(DOCUMENTO EMITIDO EN CONTINGENCIA: .*? )?SELLO DE RECEPCIÓN PENDIENTE: .*? código QR\. /;
/** A print with its seal lines (the seal, or "pendiente" and the notice that says where to check) taken out. */
function withoutSeal(text: string, seal: string | null): string {
  const t = flat(text).replace(PENDING_NOTICE, '');
  return t.replace(`Sello de recepción: ${seal ?? 'PENDIENTE'}`, 'Sello de recepción: «sello»');
}

/** Runs the engine as its timer would until `done`, with the 250 ms backoff between rounds. */
async function drainUntil(done: () => boolean, rounds = 12) {
  for (let i = 0; i < rounds && !done(); i++) {
    await core.sync.runOnce();
    await new Promise((r) => setTimeout(r, 280));
  }
}

beforeAll(async () => {
  sim = await startSimulator({ loteDelayMs: 0 });
  dir = tempDir();
  core = coreWithSimulator(dir.dir, sim, { timeoutMs: 2000, lotePollMs: 0 });
  app = await buildHttpServer(core, { logger: silentLogger });
});
afterAll(async () => {
  await app.close();
  core.close();
  await sim.close();
  dir.cleanup();
});

describe('final paper', () => {
  it('issued offline, re-signed into a contingency, sealed later: the reprint equals the first print but the seal', async () => {
    sim.setMode('down');
    const issued = await app.inject({ method: 'POST', url: '/dte/fc', headers, payload: paidSale(newId()) });
    expect(issued.statusCode).toBe(201);
    const id = issued.json<{ id: string }>().id;
    const first = await receipt(id);
    expect(first).toContain('SELLO DE RECEPCIÓN PENDIENTE');
    expect(first).toContain('admin.factura.gob.sv');
    // What a contingency may still change is not on paper.
    for (const never of ['Modelo de facturación', 'Tipo de transmisión', 'Previo', 'Normal', 'Diferido', 'Contingencia'])
      expect(first).not.toContain(never);
    // MH stays down: the station declares a contingency and re-signs the document as a contingency one.
    await drainUntil(() => core.sync.status().state === 'contingency');
    expect(core.sync.status().state).toBe('contingency');
    expect(core.dtes.mhDocument(id).document.identificacion).toMatchObject({ tipoModelo: 2, tipoOperacion: 2 });
    expect(await receipt(id)).toBe(first);
    sim.setMode('normal');
    await drainUntil(() => core.dtes.get(id).status === 'APPROVED');
    const sealed = core.dtes.get(id);
    expect(sealed.status).toBe('APPROVED');
    const seal = String(sealed.mhResponse?.selloRecibido);
    const reprint = await receipt(id);
    expect(reprint).toContain(seal);
    expect(reprint).not.toContain('PENDIENTE');
    expect(withoutSeal(reprint, seal)).toBe(withoutSeal(first, null));
    expect(withoutSeal(first, null)).toContain('Sello de recepción: «sello»');
    // The letter PDF follows the same rule: the re-signing does not reach the paper.
    const letterText = await letter(id);
    expect(letterText).toContain(seal);
    for (const never of ['Modelo de facturación', 'Tipo de transmisión', 'Diferido', 'Contingencia'])
      expect(letterText).not.toContain(never);
  });

  it('issued during a known contingency: the first print already says so; the reprint equals it but the seal', async () => {
    sim.setMode('down');
    core.dtes.create('FC', { ...fcBody(newId()), generatedAt: undefined }, 'test');
    await drainUntil(() => core.sync.status().state === 'contingency');
    expect(core.sync.status().state).toBe('contingency');
    const id = core.dtes.create('FC', paidSale(newId()), 'test').record.id;
    const first = await receipt(id);
    expect(flat(first)).toContain('DOCUMENTO EMITIDO EN CONTINGENCIA');
    expect(flat(first)).toContain('Modelo de facturación: Diferido');
    expect(flat(first)).toContain('Tipo de transmisión: Contingencia (tipo 1)');
    sim.setMode('normal');
    await drainUntil(() => core.dtes.get(id).status === 'APPROVED');
    const seal = String(core.dtes.get(id).mhResponse?.selloRecibido);
    expect(core.dtes.get(id).status).toBe('APPROVED');
    const reprint = await receipt(id);
    expect(reprint).not.toContain('EMITIDO EN CONTINGENCIA');
    expect(flat(reprint)).toContain('Tipo de transmisión: Contingencia (tipo 1)');
    expect(withoutSeal(reprint, seal)).toBe(withoutSeal(first, null));
    expect(flat(await letter(id))).toContain('Modelo de facturación: Diferido');
  });

  it('payments on paper: each method and amount, the reference, the cash received and the change, receipt and letter', async () => {
    const id = core.dtes.create('FC', paidSale(newId()), 'test').record.id;
    await drainUntil(() => core.dtes.get(id).status === 'APPROVED');
    const pdfs = [(await get(`/dte/${id}/receipt?width=58`)).rawPayload, (await get(`/dte/${id}/download/pdf`)).rawPayload];
    for (const pdf of pdfs) {
      const t = laidOut(pdf);
      expect(t).toMatch(/Billetes y monedas:?\s+\$5\.00/);
      expect(t).toMatch(/Tarjeta de crédito \*{4}4242:?\s+\$5\.08/);
      expect(t).toMatch(/Efectivo recibido:?\s+\$20\.00/);
      expect(t).toMatch(/Cambio:?\s+\$15\.00/);
    }
    // Without a cash amount given, the paper shows the methods and no change.
    const plain = core.dtes.create('FC', { ...fcBody(newId()), generatedAt: undefined }, 'test').record.id;
    const t = laidOut((await get(`/dte/${plain}/receipt?width=80`)).rawPayload);
    expect(t).toMatch(/Billetes y monedas\s+\$10\.08/);
    expect(t).not.toContain('Cambio');
  });

  it('cashReceived that cannot be: a 422 naming the field, nothing stored, no number spent', async () => {
    const before = core.dtes.list({}).items.length;
    const cases: [Record<string, unknown>, string][] = [
      [{ ...paidSale(newId()), cashReceived: 4.99 }, 'TOO_SMALL'],
      [{ ...paidSale(newId()), payments: [{ method: '03', amount: 10.08 }] }, 'NOT_ALLOWED'],
      [{ ...paidSale(newId()), cashReceived: -1 }, 'NOT_POSITIVE'],
      [{ ...paidSale(newId()), cashReceived: '20' }, 'INVALID_TYPE'],
      [{ ...paidSale(newId()), cashReceived: 20.001 }, 'TOO_MANY_DECIMALS'],
    ];
    for (const [payload, code] of cases) {
      const res = await app.inject({ method: 'POST', url: '/dte/fc', headers, payload });
      expect(res.statusCode, code).toBe(422);
      expect(res.json(), code).toMatchObject({ errors: [expect.objectContaining({ path: 'cashReceived', code })] });
    }
    expect(core.dtes.list({}).items.length).toBe(before);
    // The next document still takes the next number.
    const next = core.dtes.create('FC', paidSale(newId()), 'test').record;
    expect(next.controlNumber).toMatch(/\d{15}$/);
  });
});
