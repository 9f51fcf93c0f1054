// Milliseconds per letter PDF (1, 100 and 2,000 items) and per 80 mm receipt, PDF and ESC/POS, through the core.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import BetterSqlite3 from 'better-sqlite3';
import PDFDocument from 'pdfkit';
import { createCore } from '../main/core/create-core';
import { font } from '../main/core/render/fonts';
import { fcBody } from '../test/fixtures/bodies';
import { escposReceipt } from '../main/core/printer/escpos-receipt';
import { blockWords, receiptBlocks } from '../main/core/render/receipt-blocks';
import ReceiptPrinterEncoder from '@point-of-sale/receipt-printer-encoder';

export interface RenderFigure {
  label: string;
  runs: number;
  meanMs: number;
  p50Ms: number;
}

export async function renderBench(): Promise<RenderFigure[]> {
  const dir = mkdtempSync(join(tmpdir(), 'sello-render-'));
  const core = createCore({ dataDir: dir, sync: { manual: true } });
  let serial = 0;
  const issue = (items: number) => {
    const body = fcBody(`0e4d0000-0000-4000-8000-${String(++serial).padStart(12, '0')}`);
    const lines = Array.from({ length: items }, (_, i) => ({
      type: 'BIENES',
      description: `Artículo número ${i + 1}`,
      quantity: 1 + (i % 3),
      unitPrice: 1.25,
      saleType: 'GRAVADA',
    }));
    return core.dtes.create('FC', { ...body, generatedAt: undefined, items: lines, itemsNoGrav: undefined }, 'bench').record.id;
  };
  const ids = {
    1: issue(1),
    100: issue(100),
    2000: issue(2000),
    3: core.dtes.create('FC', { ...fcBody('0e4d0000-0000-4000-8000-0000000000f3'), generatedAt: undefined }, 'bench').record.id,
  };
  // Approved as MH would seal them (the renderers only need the document and the seal).
  const db = new BetterSqlite3(join(dir, 'sello.db'));
  db.prepare(
    "UPDATE documents SET status = 'APPROVED', seal = 'BENCH000000000000000000000000000000000000', mh_response = '{\"selloRecibido\":\"BENCH000000000000000000000000000000000000\"}'",
  ).run();
  db.close();

  const measure = async (label: string, runs: number, fn: () => Promise<unknown>): Promise<RenderFigure> => {
    await fn();
    const ms: number[] = [];
    for (let i = 0; i < runs; i++) {
      const t = performance.now();
      await fn();
      ms.push(performance.now() - t);
    }
    ms.sort((a, b) => a - b);
    return { label, runs, meanMs: ms.reduce((a, b) => a + b, 0) / runs, p50Ms: ms[Math.floor(runs / 2)]! };
  };
  // The floor of any PDF here: pdfkit with the same three embedded fonts and one line of text.
  const bare = () =>
    new Promise<Buffer>((resolve) => {
      const doc = new PDFDocument({ size: 'LETTER' });
      const chunks: Buffer[] = [];
      doc.on('data', (c: Buffer) => chunks.push(c));
      doc.on('end', () => resolve(Buffer.concat(chunks)));
      doc.registerFont('regular', font('regular'));
      doc.registerFont('bold', font('bold'));
      doc.registerFont('mono', font('mono'));
      doc.font('regular').text('Factura').font('bold').text('Total').font('mono').text('DTE-01-M001P001-000000000000001');
      doc.end();
    });
  const figures = [
    await measure('floor: bare PDF, 3 fonts, 1 line', 30, bare),
    await measure('letter PDF, 1 item', 30, () => core.dtes.letterPdf(ids[1])),
    await measure('letter PDF, 100 items', 15, () => core.dtes.letterPdf(ids[100])),
    await measure('letter PDF, 2,000 items', 5, () => core.dtes.letterPdf(ids[2000])),
    await measure('receipt 80 mm, 1 item', 30, () => core.dtes.receipt(ids[1], 80, 'bench')),
    // What a cashier waits for: the FC issued (3 lines, as fixtures/bodies.ts) and its receipt drawn.
    await measure('issue to receipt: create + 80 mm receipt, 3-line FC', 30, () =>
      core.dtes.receipt(
        core.dtes.create(
          'FC',
          { ...fcBody(`0e4d0000-0000-4000-8000-${String(++serial).padStart(12, '0')}`), generatedAt: undefined },
          'bench',
        ).record.id,
        80,
        'bench',
      ),
    ),
    await measure('receipt 58 mm, 100 items', 15, () => core.dtes.receipt(ids[100], 58, 'bench')),
    // The same 3-line FC on both papers (docs/decisions/0041-escpos-receipts.md): the PDF, and the ESC/POS bytes
    // from the same blocks, each through the core from the stored document.
    await measure('receipt PDF 80 mm, 3-line FC', 30, () => core.dtes.receipt(ids[3], 80, 'bench')),
    await measure('receipt ESC/POS bytes 80 mm, 3-line FC', 30, () =>
      Promise.resolve().then(() =>
        escposReceipt(receiptBlocks(core.dtes.receiptSource(ids[3], 'bench').printable), {
          width: 80,
          codepage: 'cp858',
          qr: 'native',
          pulse: true,
        }),
      ),
    ),
    // Its floor: the same words through the same encoder, a plain line each, then the QR and the cut: the work
    // the figure must do, without the layout (sizes, alignment, amounts against the right edge).
    await measure('floor: ESC/POS encoder, same words as plain lines + QR', 30, () =>
      Promise.resolve().then(() => {
        const p = core.dtes.receiptSource(ids[3], 'bench').printable;
        const e = new ReceiptPrinterEncoder({ language: 'esc-pos', columns: 48, codepageMapping: 'epson' }).initialize().codepage('cp858');
        for (const w of blockWords(receiptBlocks(p))) e.line(w);
        return e
          .qrcode(p.qrUrl ?? '')
          .cut()
          .encode();
      }),
    ),
  ];
  core.close();
  rmSync(dir, { recursive: true, force: true });
  return figures;
}
