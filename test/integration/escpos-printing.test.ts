// Receipts straight to the thermal printer (docs/decisions/0041-escpos-receipts.md): a real core sealing with the
// MH simulator over HTTP, printing over real TCP to the virtual ESC/POS printer (test/support/virtual-printer.ts),
// which parses the bytes back into text, QR payloads, cuts and pulses. The PDF of the same document is read back
// with pdftotext, so the two papers are compared word for word.
import { existsSync, mkdirSync } from 'node:fs';
import BetterSqlite3 from 'better-sqlite3';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { PrintSettingsInput } from '../../shared/printing';
import type { Core } from '../../main/core/create-core';
import { CoreError } from '../../main/core/errors';
import { buildHttpServer } from '../../main/http/server';
import { silentLogger } from '../../main/core/logger';
import { lookupUrl } from '../../main/core/render/qr';
import { fcBody } from '../fixtures/bodies';
import { tempDir } from '../support/core';
import { coreWithSimulator, startSimulator } from '../support/mh-sim';
import { pdfText } from '../support/pdf';
import { sessionHeaders } from '../support/session';
import { parseEscpos, printedText, words } from '../support/escpos-parse';
import { startVirtualPrinter } from '../support/virtual-printer';

let sim: Awaited<ReturnType<typeof startSimulator>>;
let printer: Awaited<ReturnType<typeof startVirtualPrinter>>;
let dir: ReturnType<typeof tempDir>;
let core: Core;
let app: FastifyInstance;
let n = 0;
const newId = () => `e5c0b000-0000-4000-8000-${String(++n).padStart(12, '0')}`;
const ACTOR = 'user:admin';
const ADMIN_ACTOR = { id: ACTOR, caller: 'ADMIN' } as const;

/** The fixture's total is $10.08. */
const cashSale = (id: string) => ({ ...fcBody(id), generatedAt: undefined, payments: [{ method: '01', amount: 10.08 }], cashReceived: 20 });
const cardSale = (id: string) => ({
  ...fcBody(id),
  generatedAt: undefined,
  payments: [{ method: '03', amount: 10.08, reference: '4242' }],
});

function useEscpos(over: Partial<NonNullable<PrintSettingsInput['escpos']>> = {}, width: 58 | 80 = 80) {
  core.printing.set(
    {
      printer: null,
      receiptWidth: width,
      silentReceipt: false,
      receiptOutput: 'escpos',
      escpos: {
        connection: { kind: 'network', host: '127.0.0.1', port: printer.port },
        codepage: 'cp858',
        qr: 'native',
        drawer: true,
        ...over,
      },
    },
    ACTOR,
  );
}

async function approved(body: Record<string, unknown>): Promise<string> {
  const id = core.dtes.create('FC', body, ACTOR).record.id;
  for (let i = 0; i < 40 && core.dtes.get(id).status !== 'APPROVED'; i++) {
    await core.sync.runOnce();
    await new Promise((r) => setTimeout(r, 100));
  }
  expect(core.dtes.get(id).status).toBe('APPROVED');
  return id;
}

beforeAll(async () => {
  sim = await startSimulator({ loteDelayMs: 0 });
  dir = tempDir('sello-escpos-');
  core = coreWithSimulator(dir.dir, sim, { timeoutMs: 2000, lotePollMs: 0 });
  app = await buildHttpServer(core, { logger: silentLogger });
});
afterAll(async () => {
  await app.close();
  core.close();
  await sim.close();
  dir.cleanup();
});
beforeEach(async () => {
  await printer?.close();
  printer = await startVirtualPrinter();
  useEscpos();
  // Each case starts with no receipt waiting (one case's failures are not the next one's).
  for (const p of core.printer.pending()) core.printer.discard(p.id, ACTOR);
});

describe('the ESC/POS receipt', () => {
  it('says what the PDF says, with the QR to MH’s lookup, one cut, and the drawer’s pulse for cash', async () => {
    const id = await approved(cashSale(newId()));
    expect(await core.printer.printReceipt(id, ACTOR)).toEqual({ printed: true });
    const [receipt] = await printer.waitForReceipts(1, 5000);
    const pdf = pdfText(await core.dtes.receipt(id, 80, ACTOR));
    const printed = printedText(receipt!);
    if (process.env.SHOW_RECEIPT) console.log(printed);
    expect(words(printed)).toEqual(words(pdf));
    // Accents through PC858, as the PDF writes them.
    for (const accented of ['FACTURA', 'Código de generación', 'Número de control', 'Sello de recepción', 'Atendió'])
      expect(printed).toContain(accented);
    const doc = core.dtes.mhDocument(id).document as { identificacion: { ambiente: string; fecEmi: string } };
    expect(receipt!.qr).toEqual([lookupUrl(doc.identificacion.ambiente, id, doc.identificacion.fecEmi)]);
    expect(receipt!.cut).toBe(true);
    expect(receipt!.pulses).toHaveLength(1);
    expect(printer.receipts()).toHaveLength(1);
  });

  it('opens the drawer once per sale: never for a card-only sale, never on a reprint', async () => {
    const card = await approved(cardSale(newId()));
    await core.printer.printReceipt(card, ACTOR);
    const cash = await approved(cashSale(newId()));
    await core.printer.printReceipt(cash, ACTOR);
    await core.printer.printReceipt(cash, ACTOR);
    const got = await printer.waitForReceipts(3, 5000);
    expect(got.map((r) => r.pulses.length)).toEqual([0, 1, 0]);
    expect(got.every((r) => r.cut)).toBe(true);
  });

  it('opens the drawer once when the same sale is printed twice at once (F9 during the first print)', async () => {
    const id = await approved(cashSale(newId()));
    const both = await Promise.all([core.printer.printReceipt(id, ACTOR), core.printer.printReceipt(id, ACTOR)]);
    expect(both).toEqual([{ printed: true }, { printed: true }]);
    const got = await printer.waitForReceipts(2, 5000);
    expect(got.map((r) => r.pulses.length).sort()).toEqual([0, 1]);
  });

  it('keeps no drawer closed that has none, and no pulse when the drawer is not declared', async () => {
    useEscpos({ drawer: false });
    const id = await approved(cashSale(newId()));
    await core.printer.printReceipt(id, ACTOR);
    const [r] = await printer.waitForReceipts(1, 5000);
    expect(r!.pulses).toHaveLength(0);
    await expect(core.printer.openDrawer(ACTOR)).rejects.toMatchObject({ code: 'PRINTER_NOT_CONFIGURED' });
  });

  it('draws the QR as an image for printers without GS ( k, and decodes to the same URL', async () => {
    useEscpos({ qr: 'raster' }, 58);
    const id = await approved(cashSale(newId()));
    await core.printer.printReceipt(id, ACTOR);
    const [r] = await printer.waitForReceipts(1, 5000);
    const doc = core.dtes.mhDocument(id).document as { identificacion: { ambiente: string; fecEmi: string } };
    expect(r!.qr).toEqual([lookupUrl(doc.identificacion.ambiente, id, doc.identificacion.fecEmi)]);
    expect(r!.events.some((e) => e.type === 'qr' && e.native === false)).toBe(true);
    // 58 mm: 32 columns.
    expect(Math.max(...r!.lines.map((l) => l.text.length))).toBeLessThanOrEqual(32);
  });

  it('writes accents through PC850 too', async () => {
    useEscpos({ codepage: 'cp850' });
    await core.printer.testPrint(ACTOR);
    const [r] = await printer.waitForReceipts(1, 5000);
    expect(printedText(r!)).toContain('Acentos: á é í ó ú ü ñ Ñ ¿? ¡!');
    expect(r!.pulses).toHaveLength(0);
  });
});

describe('the company’s logo', () => {
  it('prints on top of both papers, as dots on the thermal one; a file that is not a PNG is refused by name', async () => {
    const png = new PNG({ width: 96, height: 40 });
    for (let i = 0; i < 96 * 40; i++) png.data.set(i % 96 < 48 ? [0, 0, 0, 255] : [255, 255, 255, 255], i * 4);
    const logo = PNG.sync.write(png).toString('base64');
    const before = core.printing.get();
    expect(() => core.printing.set({ ...before, logo: Buffer.from('GIF89a not a png').toString('base64') }, ACTOR)).toThrow(
      expect.objectContaining({ code: 'VALIDATION_FAILED', errors: [expect.objectContaining({ path: 'logo' })] }) as Error,
    );
    expect(core.printing.get()).toEqual(before);
    core.printing.set({ ...before, logo }, ACTOR);
    try {
      const id = await approved(cardSale(newId()));
      await core.printer.printReceipt(id, ACTOR);
      const [r] = await printer.waitForReceipts(1, 5000);
      const first = r!.events.findIndex((e) => e.type === 'image');
      expect(first).toBeGreaterThanOrEqual(0);
      expect(first).toBeLessThan(r!.events.findIndex((e) => e.type === 'text'));
      expect(r!.events[first]).toMatchObject({ type: 'image', width: 96, height: 40 });
      const pdf = await core.dtes.receipt(id, 80, ACTOR, Buffer.from(logo, 'base64'));
      expect(pdf.toString('latin1')).toMatch(/\/Subtype \/Image/);
      expect(words(printedText(r!))).toEqual(words(pdfText(pdf)));
    } finally {
      core.printing.set(before, ACTOR);
    }
  });
});

describe('the printer’s state, before the sale and after', () => {
  it('paper out: said before the sale, the receipt kept and not sent, printed once the paper is back', async () => {
    printer.setState({ paperOut: true });
    const before = await core.printer.status();
    expect(before).toMatchObject({ state: 'paperOut', pending: 0 });
    expect(before.message).toMatch(/papel/);
    const id = await approved(cashSale(newId()));
    const failed = await core.printer.printReceipt(id, ACTOR).catch((e: unknown) => e);
    expect(failed).toBeInstanceOf(CoreError);
    expect((failed as CoreError).code).toBe('PRINT_FAILED');
    expect((failed as CoreError).message).toMatch(/en cola para reimprimir/);
    expect(printer.receipts()).toHaveLength(0);
    const pending = core.printer.pending();
    expect(pending).toEqual([expect.objectContaining({ dteId: id, attempts: 1, error: expect.stringMatching(/papel/) as string })]);
    expect((await core.printer.status()).pending).toBe(1);
    // F9 while the paper is still out: the same receipt waits, not a second one.
    await expect(core.printer.printReceipt(id, ACTOR)).rejects.toMatchObject({ code: 'PRINT_FAILED' });
    expect(core.printer.pending()).toEqual([expect.objectContaining({ id: pending[0]!.id, attempts: 2 })]);

    printer.setState({ paperOut: false });
    expect((await core.printer.status()).state).toBe('ready');
    expect(await core.printer.reprint(pending[0]!.id, ACTOR)).toEqual({ printed: true });
    const [r] = await printer.waitForReceipts(1, 5000);
    expect(printedText(r!)).toContain(core.dtes.get(id).controlNumber);
    // The sale's cash goes into the drawer when its receipt finally prints.
    expect(r!.pulses).toHaveLength(1);
    expect(core.printer.pending()).toEqual([]);
    await expect(core.printer.reprint(pending[0]!.id, ACTOR)).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('cover open and offline are said in words a cashier acts on, within the connect timeout', async () => {
    printer.setState({ coverOpen: true });
    expect(await core.printer.status()).toMatchObject({ state: 'coverOpen', message: expect.stringMatching(/tapa/) as string });
    printer.setState({ coverOpen: false });
    await printer.close();
    const t0 = performance.now();
    const off = await core.printer.status();
    expect(off).toMatchObject({ state: 'offline', message: expect.stringMatching(/apagada|desconectada/) as string });
    expect(performance.now() - t0).toBeLessThan(2500);
    const id = await approved(cashSale(newId()));
    await expect(core.printer.printReceipt(id, ACTOR)).rejects.toMatchObject({ code: 'PRINT_FAILED' });
    expect(core.printer.pending().map((p) => p.dteId)).toContain(id);
    // A supervisor drops the receipt nobody will collect; the document is untouched.
    const job = core.printer.pending().find((p) => p.dteId === id)!;
    expect(core.printer.discard(job.id, 'user:supervisor')).toEqual({ discarded: true });
    expect(core.printer.pending().some((p) => p.dteId === id)).toBe(false);
    expect(core.dtes.get(id).status).toBe('APPROVED');
    printer = await startVirtualPrinter();
    useEscpos();
  });

  it('refuses a REJECTED document’s receipt without keeping it', async () => {
    sim.setMode('reject');
    const id = core.dtes.create('FC', cashSale(newId()), ACTOR).record.id;
    for (let i = 0; i < 20 && core.dtes.get(id).status !== 'REJECTED'; i++) {
      await core.sync.runOnce();
      await new Promise((r) => setTimeout(r, 100));
    }
    sim.setMode('normal');
    expect(core.dtes.get(id).status).toBe('REJECTED');
    await expect(core.printer.printReceipt(id, ACTOR)).rejects.toMatchObject({ code: 'DTE_REJECTED' });
    expect(core.printer.pending().some((p) => p.dteId === id)).toBe(false);
    expect(printer.receipts()).toHaveLength(0);
  });
});

describe('the drawer without a sale', () => {
  it('"Abrir gaveta" sends the pulse alone, is audited with the person, and the close lists it', async () => {
    expect(await core.printer.openDrawer('user:cajero')).toEqual({ opened: true });
    await expect.poll(() => parseEscpos(printer.bytes()).flatMap((r) => r.pulses).length, { timeout: 5000 }).toBe(1);
    const parsed = parseEscpos(printer.bytes());
    expect(parsed.flatMap((r) => r.lines).filter((l) => l.text.trim())).toEqual([]);
    // Audited with the person, as every drawer opening is.
    const db = new BetterSqlite3(join(dir.dir, 'sello.db'), { readonly: true });
    try {
      // A sale's pulse is audited too, naming its document (docs/decisions/0073-money-follows-the-person.md).
      expect(db.prepare("SELECT actor FROM audit_log WHERE action = 'drawer.open' AND subject IS NULL").all()).toEqual([
        { actor: 'user:cajero' },
      ]);
    } finally {
      db.close();
    }
    const close = core.closes.make({ scope: 'station' }, ADMIN_ACTOR);
    expect(close.summary.drawerKicks?.some((k) => k.by === 'user:cajero')).toBe(true);
    // On the close's paper too, with the person.
    const paper = pdfText(await core.closes.letterPdf(close.id, ADMIN_ACTOR));
    expect(paper).toContain('APERTURAS DE GAVETA');
    expect(paper).toMatch(/\d{2}:\d{2}:\d{2} sin venta/);
    expect(paper).toContain('Cajera Demo');
    // A sale's opening is the sale's, not "sin venta".
    const id = await approved(cashSale(newId()));
    await core.printer.printReceipt(id, ACTOR);
    const again = core.closes.make({ scope: 'station' }, ADMIN_ACTOR);
    expect(again.summary.drawerKicks?.filter((k) => k.by === ACTOR)).toEqual([]);
  });
});

describe('the device path', () => {
  // Printing to a real character device, and a path stored by an older version: test/integration/printer-confirms.test.ts.
  it('is a printer’s device, never a plain file: refused by name when saved, and nothing is created', () => {
    const devDir = join(dir.dir, 'dev');
    mkdirSync(devDir, { recursive: true });
    const path = join(devDir, 'lp0');
    const before = core.printing.get();
    expect(() => useEscpos({ connection: { kind: 'device', path } })).toThrow(
      expect.objectContaining({
        code: 'VALIDATION_FAILED',
        errors: [expect.objectContaining({ path: 'escpos.connection.path' })],
      }) as Error,
    );
    expect(existsSync(path)).toBe(false);
    expect(core.printing.get()).toEqual(before);
  });
});

describe('over HTTP', () => {
  it('prints for a person, names a bad field, and keeps the settings as they were', async () => {
    const admin = await sessionHeaders(app, 'admin');
    const id = await approved(cardSale(newId()));
    const res = await app.inject({ method: 'POST', url: `/dte/${id}/print`, headers: admin });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ printed: true });
    await printer.waitForReceipts(1, 5000);

    const before = core.printing.get();
    const bad = await app.inject({
      method: 'PUT',
      url: '/settings/printing',
      headers: admin,
      payload: { ...before, escpos: { ...before.escpos, connection: { kind: 'network', host: 'http://x', port: 70000 } } },
    });
    expect(bad.statusCode).toBe(422);
    expect(
      bad
        .json<{ errors: { path: string }[] }>()
        .errors.map((e) => e.path)
        .sort(),
    ).toEqual(['escpos.connection.host', 'escpos.connection.port']);
    const missing = await app.inject({ method: 'PUT', url: '/settings/printing', headers: admin, payload: { ...before, escpos: null } });
    expect(missing.statusCode).toBe(422);
    expect(missing.json<{ errors: { path: string }[] }>().errors.map((e) => e.path)).toEqual(['escpos']);
    expect(core.printing.get()).toEqual(before);

    const status = await app.inject({ method: 'GET', url: '/printer/status', headers: admin });
    expect(status.json()).toMatchObject({ state: 'ready', pending: 0 });
    // Not for an API key: a POS prints its own paper.
    const pos = await app.inject({ method: 'POST', url: `/dte/${id}/print`, headers: { 'x-api-key': 'sello-demo-api-key' } });
    expect(pos.statusCode).toBe(403);
    // The PDF receipt's station says where its receipt is.
    core.printing.set({ ...before, receiptOutput: 'pdf' }, ACTOR);
    const pdfOnly = await app.inject({ method: 'POST', url: `/dte/${id}/print`, headers: admin });
    expect(pdfOnly.statusCode).toBe(409);
    expect(pdfOnly.json()).toMatchObject({ code: 'PRINTER_NOT_CONFIGURED' });
  });
});
