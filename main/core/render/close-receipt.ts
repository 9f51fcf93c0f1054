// The day's close on the receipt printer (58 or 80 mm), in the counter receipt's style (receipt.ts): drawn once
// to measure and once at its exact length.
import PDFDocument from 'pdfkit';
import { esDateTime } from '../../../shared/es-sv';
import { closeSheet, type ClosePaper, type CloseSheet } from './close-paper';
import { defaultFont, registerFonts } from './fonts';
import { collect } from './letter-pdf';
import { dashedRule, type ReceiptWidth } from './receipt';

const MM = 72 / 25.4;
const MARGIN = 6;

type Doc = PDFKit.PDFDocument;

/** A PDF with the paper's fonts, titled after the close. */
export function closeDocument(size: [number, number] | 'LETTER', p: ClosePaper, margin: number): Doc {
  const doc = new PDFDocument({
    size,
    margin,
    bufferPages: true,
    font: defaultFont(),
    // The title a PDF viewer shows: the local date and time, never the ISO instant.
    info: { Title: `Corte de caja ${esDateTime(p.close.closedAt)}`, Author: 'Sello', Subject: p.close.id, Creator: 'Sello' },
  });
  registerFonts(doc);
  return doc;
}

function draw(doc: Doc, s: CloseSheet, width: number): number {
  const w = width - MARGIN * 2;
  const small = width < 200 ? 6.5 : 7.5;
  let y = MARGIN;
  const line = (text: string, f: 'regular' | 'bold' | 'mono' = 'regular', size = small, align: 'left' | 'center' | 'right' = 'left') => {
    doc.font(f).fontSize(size).fillColor('#000000').text(text, MARGIN, y, { width: w, align });
    y = doc.y + 1;
  };
  const pair = (k: string, v: string, f: 'regular' | 'bold' = 'regular') => {
    doc
      .font(f)
      .fontSize(small)
      .text(k, MARGIN, y, { width: w * 0.55 });
    const h = doc.y;
    doc.text(v, MARGIN + w * 0.55, y, { width: w * 0.45, align: 'right' });
    y = Math.max(h, doc.y) + 1;
  };
  const rule = () => {
    y = dashedRule(doc, MARGIN, y, w);
  };
  s.company.forEach((c, i) => line(c, i === 0 ? 'bold' : 'regular', i === 0 ? small + 1.5 : small, 'center'));
  rule();
  line(s.title, 'bold', small + 2, 'center');
  if (s.demo) line('DEMOSTRACIÓN · SIN VALIDEZ FISCAL', 'bold', small, 'center');
  for (const [k, v] of s.header) line(`${k}: ${v}`);
  for (const section of s.sections) {
    rule();
    line(section.title.toUpperCase(), 'bold');
    for (const [k, v] of section.lines) {
      // What does not fit its column (a control number, a difference) takes lines of its own.
      doc.font('regular').fontSize(small);
      if (doc.widthOfString(k) > w * 0.55 || doc.widthOfString(v) > w * 0.45) {
        line(k);
        line(v, 'regular', small, 'right');
      } else pair(k, v);
    }
  }
  rule();
  for (const [k, v] of s.footer) {
    line(`${k}:`, 'bold', small - 0.5);
    line(v, 'mono', small - 1);
  }
  return y + MARGIN;
}

export async function closeReceiptPdf(p: ClosePaper, widthMm: ReceiptWidth): Promise<Buffer> {
  const width = widthMm * MM;
  const sheet = closeSheet(p);
  // The measuring pass is never ended (see receipt.ts).
  const height = Math.ceil(draw(closeDocument([width, 14_400], p, MARGIN), sheet, width));
  const doc = closeDocument([width, height], p, MARGIN);
  const done = collect(doc);
  draw(doc, sheet, width);
  doc.end();
  return done;
}
