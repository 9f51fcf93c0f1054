// Paper that stays at the counter (docs/decisions/0075-paper-at-the-counter.md): with ESC/POS configured, a
// return's receipt and a close ticket print on the thermal printer, as a sale's receipt does. A real core under the
// 2026 normative seals with the MH simulator over HTTP, and the bytes go over real TCP to the virtual printer
// (test/support/virtual-printer.ts), which reads them back into text; the PDF of the same paper is read with
// pdftotext and the two are compared word for word.
import { execFileSync } from 'node:child_process';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DayClose } from '../../shared/close';
import { createCore, type Core } from '../../main/core/create-core';
import { buildHttpServer } from '../../main/http/server';
import { silentLogger } from '../../main/core/logger';
import { DEMO_STATION } from '../../main/core/station/demo';
import { fcBody } from '../fixtures/bodies';
import { tempDir } from '../support/core';
import { SCHEMA_DIR_V2 } from '../support/mh-schemas';
import { registerStation, startSimulator } from '../support/mh-sim';
import { pdfText } from '../support/pdf';
import { sessionHeaders } from '../support/session';
import { startVirtualPrinter, type VirtualPrinter } from '../support/virtual-printer';
import { printedText, words } from '../support/escpos-parse';

let sim: Awaited<ReturnType<typeof startSimulator>>;
let printer: VirtualPrinter;
let dir: ReturnType<typeof tempDir>;
let core: Core;
let app: FastifyInstance;
let n = 0;
const newId = () => `c0a7e000-0000-4000-8000-${String(++n).padStart(12, '0')}`;
const ADMIN = 'user:admin';

function printingTo(output: 'escpos' | 'pdf') {
  core.printing.set(
    {
      printer: null,
      receiptWidth: 80,
      silentReceipt: false,
      receiptOutput: output,
      escpos:
        output === 'escpos'
          ? { connection: { kind: 'network', host: '127.0.0.1', port: printer.port }, codepage: 'cp858', qr: 'native', drawer: false }
          : null,
    },
    ADMIN,
  );
}

beforeAll(async () => {
  sim = await startSimulator({ schemasV2Dir: SCHEMA_DIR_V2 });
  dir = tempDir('sello-counter-papers-');
  core = createCore({
    dataDir: dir.dir,
    mh: { baseUrl: sim.url, user: '06142803901121', password: 'demo', timeoutMs: 3000 },
    sync: { manual: true, jitter: () => 0, lotePollMs: 0 },
    backups: { everyMs: 0 },
  });
  const company = { ...DEMO_STATION.company, address: { ...DEMO_STATION.company.address, district: '14' } };
  core.configure({ ...DEMO_STATION, company, mhNormative: { current: '2026' } }, 'test');
  registerStation(sim, core);
  app = await buildHttpServer(core, { logger: silentLogger });
});
afterAll(async () => {
  await app.close();
  core.close();
  await printer?.close();
  await sim.close();
  dir.cleanup();
});
beforeEach(async () => {
  await printer?.close();
  printer = await startVirtualPrinter();
  printingTo('escpos');
});

/** A sealed factura and one coffee of it given back, sealed too: the return's id. */
async function aReturn(): Promise<string> {
  const { record } = core.dtes.create('FC', { ...fcBody(newId()), generatedAt: undefined }, 'user:cajero');
  for (let i = 0; i < 20 && core.dtes.get(record.id).status !== 'APPROVED'; i++) await core.sync.runOnce();
  expect(core.dtes.get(record.id).status).toBe('APPROVED');
  const made = await core.returns.make(
    { lines: [{ dteId: record.id, item: 1, quantity: 1 }], reason: 'Café equivocado' },
    'user:supervisor',
  );
  expect(made.record.status).toBe('APPROVED');
  return made.record.id;
}

describe('a return on the thermal printer', () => {
  it('POST /dte/returns/:id/print prints the receipt the PDF shows, word for word, and cut', async () => {
    const id = await aReturn();
    const supervisor = await sessionHeaders(app, 'supervisor');
    const res = await app.inject({ method: 'POST', url: `/dte/returns/${id}/print`, headers: supervisor });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ printed: true });
    const [receipt] = await printer.waitForReceipts(1, 5000);
    const printed = printedText(receipt!);
    expect(printed).toContain('DEVOLUCIÓN (EVENTO DE RETORNO)');
    expect(printed).toContain('Café equivocado');
    expect(receipt!.cut).toBe(true);
    const pdf = await app.inject({ method: 'GET', url: `/dte/returns/${id}/receipt?width=80`, headers: supervisor });
    expect(words(printed)).toEqual(words(pdfText(pdf.rawPayload)));
  });

  it('with the PDF receipt chosen, the station does not print it: 409 PRINTER_NOT_CONFIGURED, nothing sent', async () => {
    const id = await aReturn();
    printingTo('pdf');
    const res = await app.inject({ method: 'POST', url: `/dte/returns/${id}/print`, headers: await sessionHeaders(app, 'supervisor') });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'PRINTER_NOT_CONFIGURED' });
    expect(printer.receipts()).toHaveLength(0);
  });

  it('a printer out of paper: 503 PRINT_FAILED saying so, and nothing kept for later', async () => {
    const id = await aReturn();
    printer.setState({ paperOut: true });
    const res = await app.inject({ method: 'POST', url: `/dte/returns/${id}/print`, headers: await sessionHeaders(app, 'supervisor') });
    expect(res.statusCode).toBe(503);
    expect(res.json<{ code: string; detail: string }>()).toMatchObject({ code: 'PRINT_FAILED' });
    expect(res.json<{ detail: string }>().detail).toMatch(/papel/);
    expect(core.printer.pending()).toEqual([]);
  });
});

describe('a close ticket on the thermal printer', () => {
  it('POST /closes/:id/print prints the close the PDF receipt shows, word for word; a cashier only their own', async () => {
    const cashier = await sessionHeaders(app, 'cajero');
    core.dtes.create('FC', { ...fcBody(newId()), generatedAt: undefined }, 'user:cajero');
    const made = await app.inject({ method: 'POST', url: '/closes', headers: cashier, payload: { scope: 'me' } });
    expect(made.statusCode, made.body).toBe(201);
    const close = made.json<DayClose>();
    const res = await app.inject({ method: 'POST', url: `/closes/${close.id}/print`, headers: cashier });
    expect(res.statusCode, res.body).toBe(200);
    const [ticket] = await printer.waitForReceipts(1, 5000);
    const printed = printedText(ticket!);
    expect(printed).toContain('CORTE DE CAJA');
    // 64 hex digits take two lines of 48 columns.
    expect(printed.replace(/\s+/g, '')).toContain(close.hash);
    expect(ticket!.cut).toBe(true);
    expect(ticket!.pulses).toEqual([]);
    const pdf = await app.inject({ method: 'GET', url: `/closes/${close.id}/receipt?width=80`, headers: cashier });
    // The hash wraps at another place on each paper (checked whole above); the PDF's minus sign is a hyphen here.
    const same = (t: string) => words(t.replace(/\u2212/g, '-')).filter((w) => !/^[0-9a-f]{6,}$/.test(w));
    expect(same(printed)).toEqual(same(pdfText(pdf.rawPayload)));
    expect(printed).not.toContain('?');

    // The close's PDFs are titled with the local date and time a viewer shows, never the ISO instant.
    for (const paper of ['receipt?width=80', 'pdf']) {
      const file = await app.inject({ method: 'GET', url: `/closes/${close.id}/${paper}`, headers: cashier });
      const title = /Title:\s*(.*)/.exec(execFileSync('pdfinfo', ['-'], { input: file.rawPayload }).toString('utf8'))?.[1] ?? '';
      expect(title).toMatch(/^Corte de caja \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2}$/);
    }

    // The station's close is a supervisor's to read, so a cashier cannot print it either.
    const supervisor = await sessionHeaders(app, 'supervisor');
    const station = await app.inject({ method: 'POST', url: '/closes', headers: supervisor, payload: { scope: 'station' } });
    expect(station.statusCode, station.body).toBe(201);
    const refused = await app.inject({ method: 'POST', url: `/closes/${station.json<DayClose>().id}/print`, headers: cashier });
    expect([403, 404]).toContain(refused.statusCode);
    expect(printer.receipts()).toHaveLength(1);
  });
});

describe('the test page', () => {
  it('says when it printed as El Salvador reads it, never an ISO instant', async () => {
    await core.printer.testPrint(ADMIN);
    const [page] = await printer.waitForReceipts(1, 5000);
    const printed = printedText(page!);
    expect(printed).toMatch(/\b\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2}\b/);
    expect(printed).not.toMatch(/\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/);
  });
});
