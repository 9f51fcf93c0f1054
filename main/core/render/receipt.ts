// The counter receipt: a narrow PDF for 58 or 80 mm thermal printers, with the same fiscal identifiers and
// the QR, on a page cut to its exact length, so the printer feeds no blank paper.
import type { Printable } from './model';
import { collect, newDocument } from './letter-pdf';
import { drawQr } from './qr';
import { receiptBlocks, type BlockSize, type ReceiptBlock } from './receipt-blocks';

export const RECEIPT_WIDTHS = [58, 80] as const;

/** The receipts' dashed separator across `w` at `y`; returns where the next line starts. */
export function dashedRule(doc: PDFKit.PDFDocument, x: number, y: number, w: number): number {
  doc
    .moveTo(x, y + 2)
    .lineTo(x + w, y + 2)
    .lineWidth(0.5)
    .dash(2, { space: 2 })
    .stroke('#000000')
    .undash();
  return y + 5;
}
export type ReceiptWidth = (typeof RECEIPT_WIDTHS)[number];

const MM = 72 / 25.4;
const MARGIN = 6;

type Doc = PDFKit.PDFDocument;

function draw(doc: Doc, blocks: readonly ReceiptBlock[], width: number): number {
  const w = width - MARGIN * 2;
  const base = width < 200 ? 6.5 : 7.5;
  const points: Record<BlockSize, number> = { small: base - 0.5, normal: base, large: base + 1.5, huge: base + 8 };
  let y = MARGIN;
  for (const b of blocks) {
    switch (b.t) {
      case 'text':
        doc
          .font(b.mono ? 'mono' : b.bold ? 'bold' : 'regular')
          .fontSize(points[b.size])
          .fillColor('#000000')
          .text(b.text, MARGIN, y, { width: w, align: b.align });
        y = doc.y + 1;
        break;
      case 'pair': {
        // The amount's column: wider for the large total, as the eye looks for it.
        const split = b.size === 'large' ? 0.55 : 0.62;
        doc
          .font(b.bold ? 'bold' : 'regular')
          .fontSize(points[b.size])
          .fillColor('#000000')
          .text(b.left, MARGIN, y, { width: w * split });
        const h = doc.y;
        doc.text(b.right, MARGIN + w * split, y, { width: w * (1 - split), align: 'right' });
        y = Math.max(h, doc.y) + 1;
        break;
      }
      case 'rule':
        y = dashedRule(doc, MARGIN, y, w);
        break;
      case 'qr': {
        const size = Math.min(w, 130);
        drawQr(doc, b.data, MARGIN + (w - size) / 2, y, size);
        y += size + 2;
        break;
      }
      case 'logo': {
        // A PNG's size is in its header (IHDR): width at byte 16, height at 20. Half a point per pixel: a 203 dpi
        // printer's dots, near enough.
        const [pw, ph] = [b.png.readUInt32BE(16), b.png.readUInt32BE(20)];
        const lw = Math.min(w, pw * 0.5);
        const lh = (ph / pw) * lw;
        doc.image(b.png, MARGIN + (w - lw) / 2, y, { width: lw });
        y += lh + 3;
        break;
      }
      default: {
        const never: never = b;
        return never;
      }
    }
  }
  return y + MARGIN;
}

/** The tallest receipt drawn (200 inches): far beyond 2,000 lines at 58 mm. */
const ROLL = 14_400;

export async function receiptPdf(p: Printable, widthMm: ReceiptWidth, logo: Buffer | null = null): Promise<Buffer> {
  const width = widthMm * MM;
  // Drawn once on a roll taller than any receipt, then the page is cut to what was drawn: its MediaBox keeps the
  // top `height` points (PDF's origin is the bottom), so the printer feeds no blank paper and nothing is laid out
  // twice.
  const doc = newDocument([width, ROLL], p, MARGIN);
  const done = collect(doc);
  const height = Math.ceil(draw(doc, receiptBlocks(p, logo), width));
  (doc.page.dictionary as unknown as { data: { MediaBox: number[] } }).data.MediaBox = [0, ROLL - height, width, ROLL];
  doc.end();
  return done;
}
