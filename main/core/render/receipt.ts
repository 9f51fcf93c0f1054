// The counter receipt: a narrow PDF for 58 or 80 mm thermal printers, with the same fiscal identifiers and
// the QR, on a page cut to its exact length, so the printer feeds no blank paper.
import type { Printable } from './model';
import { collect, newDocument } from './letter-pdf';
import { drawQr } from './qr';

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

function draw(doc: Doc, p: Printable, width: number): number {
  const w = width - MARGIN * 2;
  const small = width < 200 ? 6.5 : 7.5;
  let y = MARGIN;
  const line = (text: string, font: 'regular' | 'bold' | 'mono' = 'regular', size = small, align: 'left' | 'center' | 'right' = 'left') => {
    doc.font(font).fontSize(size).fillColor('#000000').text(text, MARGIN, y, { width: w, align });
    y = doc.y + 1;
  };
  const rule = () => {
    y = dashedRule(doc, MARGIN, y, w);
  };
  const e = Object.fromEntries(p.issuer.lines);
  line(e.Nombre ?? '', 'bold', small + 1.5, 'center');
  if (e['Nombre comercial']) line(e['Nombre comercial'], 'regular', small, 'center');
  line(`NIT ${e.NIT ?? ''} · NRC ${e.NRC ?? ''}`, 'regular', small, 'center');
  if (e.Dirección) line(e.Dirección, 'regular', small - 0.5, 'center');
  rule();
  line(p.title, 'bold', small + 1, 'center');
  if (p.demo) line('DEMOSTRACIÓN · SIN VALIDEZ FISCAL', 'bold', small, 'center');
  if (p.testEnvironment) line('AMBIENTE DE PRUEBAS DE MH · SIN VALIDEZ FISCAL', 'bold', small, 'center');
  if (p.voided) {
    rule();
    line('ANULADO', 'bold', small + 8, 'center');
    line('Documento invalidado ante MH: no tiene validez.', 'bold', small, 'center');
    rule();
  }
  for (const [k, v] of p.identity) {
    line(`${k}:`, 'bold');
    line(v, k.startsWith('Código') || k.startsWith('Número') || k.startsWith('Sello') ? 'mono' : 'regular', small - 0.5);
  }
  if (p.unsealedNotice) {
    rule();
    line(p.unsealedNotice, 'bold', small, 'center');
  }
  if (p.receiver) {
    rule();
    for (const [k, v] of p.receiver.lines.filter(([k]) => !['Dirección', 'Actividad', 'Correo', 'Teléfono'].includes(k)))
      line(`${k}: ${v}`);
  }
  rule();
  const desc = p.items.columns.findIndex((c) => c.label === 'Descripción');
  p.items.rows.forEach((row, i) => {
    line(row[desc] ?? '');
    doc.font('regular').fontSize(small);
    const detail = p.kind === 'CR' ? `${row[0] ?? ''} ${row[1] ?? ''}` : `${row[0] ?? ''} × ${row[3] ?? ''}`;
    doc.text(detail, MARGIN, y, { width: w * 0.6 });
    const left = doc.y;
    doc.text(p.items.lineTotals[i] ?? '', MARGIN + w * 0.6, y, { width: w * 0.4, align: 'right' });
    y = Math.max(left, doc.y) + 1;
  });
  rule();
  for (const [k, v] of p.totals) {
    doc
      .font('regular')
      .fontSize(small)
      .text(k, MARGIN, y, { width: w * 0.62 });
    const h = doc.y;
    doc.text(v, MARGIN + w * 0.62, y, { width: w * 0.38, align: 'right' });
    y = Math.max(h, doc.y) + 1;
  }
  doc
    .font('bold')
    .fontSize(small + 1.5)
    .text(p.totalToPay[0], MARGIN, y, { width: w * 0.55 });
  doc.text(p.totalToPay[1], MARGIN + w * 0.55, y, { width: w * 0.45, align: 'right' });
  y = doc.y + 2;
  line(p.words, 'regular', small - 0.5);
  if (p.payments.length) {
    rule();
    line('Pago', 'bold');
    for (const [k, v] of p.payments) {
      doc
        .font(k === 'Cambio' ? 'bold' : 'regular')
        .fontSize(small)
        .text(k, MARGIN, y, { width: w * 0.62 });
      const h = doc.y;
      doc.text(v, MARGIN + w * 0.62, y, { width: w * 0.38, align: 'right' });
      y = Math.max(h, doc.y) + 1;
    }
  }
  rule();
  const size = Math.min(w, 130);
  drawQr(doc, p.qrUrl, MARGIN + (w - size) / 2, y, size);
  y += size + 2;
  line('Consulte en admin.factura.gob.sv', 'regular', small - 0.5, 'center');
  return y + MARGIN;
}

/** The tallest receipt drawn (200 inches): far beyond 2,000 lines at 58 mm. */
const ROLL = 14_400;

export async function receiptPdf(p: Printable, widthMm: ReceiptWidth): Promise<Buffer> {
  const width = widthMm * MM;
  // Drawn once on a roll taller than any receipt, then the page is cut to what was drawn: its MediaBox keeps the
  // top `height` points (PDF's origin is the bottom), so the printer feeds no blank paper and nothing is laid out
  // twice.
  const doc = newDocument([width, ROLL], p, MARGIN);
  const done = collect(doc);
  const height = Math.ceil(draw(doc, p, width));
  (doc.page.dictionary as unknown as { data: { MediaBox: number[] } }).data.MediaBox = [0, ROLL - height, width, ROLL];
  doc.end();
  return done;
}
