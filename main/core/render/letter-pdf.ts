// MH's "representación gráfica" on letter paper: every element MH requires, several pages when the items
// do not fit (repeated table header, page numbers).
import PDFDocument from 'pdfkit';
import { defaultFont, registerFonts } from './fonts';
import type { Printable, Table } from './model';
import { drawQr } from './qr';

const MARGIN = 36;
const INK = '#1d2330';
const MUTED = '#5b6472';
const LINE = '#c9ced8';

type Doc = PDFKit.PDFDocument;

function collect(doc: Doc): Promise<Buffer> {
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  return new Promise((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
}

export function newDocument(size: [number, number] | 'LETTER', p: Printable, margin = MARGIN): Doc {
  const doc = new PDFDocument({
    size,
    margin,
    bufferPages: true,
    font: defaultFont(),
    info: { Title: `${p.title} ${p.numeroControl}`, Author: 'Sello', Subject: p.codigoGeneracion, Creator: 'Sello' },
  });
  registerFonts(doc);
  return doc;
}

/** Label/value pairs in a block of the given width; returns the y after it. */
function pairs(doc: Doc, title: string, lines: readonly (readonly [string, string])[], x: number, y: number, width: number): number {
  doc.font('bold').fontSize(9).fillColor(INK).text(title.toUpperCase(), x, y, { width });
  let cy = doc.y + 2;
  for (const [k, v] of lines) {
    doc.font('bold').fontSize(8).fillColor(MUTED).text(`${k}: `, x, cy, { width, continued: true });
    doc.font('regular').fillColor(INK).text(v);
    cy = doc.y + 1;
  }
  return cy;
}

function tableHeader(doc: Doc, t: Table, x: number, y: number, widths: number[]): number {
  doc
    .rect(
      x,
      y,
      widths.reduce((a, b) => a + b, 0),
      16,
    )
    .fill('#e8ecf3');
  let cx = x;
  t.columns.forEach((c, i) => {
    doc
      .font('bold')
      .fontSize(7.5)
      .fillColor(INK)
      .text(c.label, cx + 3, y + 4, { width: (widths[i] ?? 0) - 6, align: c.align, lineBreak: false });
    cx += widths[i] ?? 0;
  });
  return y + 16;
}

export async function letterPdf(p: Printable): Promise<Buffer> {
  const doc = newDocument('LETTER', p);
  const done = collect(doc);
  const width = doc.page.width - MARGIN * 2;
  const bottom = doc.page.height - MARGIN - 24;

  // Header: title, identity, QR.
  doc.font('bold').fontSize(8).fillColor(MUTED).text('DOCUMENTO TRIBUTARIO ELECTRÓNICO', MARGIN, MARGIN);
  doc
    .font('bold')
    .fontSize(15)
    .fillColor(INK)
    .text(p.title, MARGIN, doc.y + 2, { width: width - 120 });
  let y = doc.y + 6;
  for (const [k, v] of p.identity) {
    doc
      .font('bold')
      .fontSize(8)
      .fillColor(MUTED)
      .text(`${k}: `, MARGIN, y, { width: width - 120, continued: true });
    doc
      .font(k.startsWith('Código') || k.startsWith('Número') || k.startsWith('Sello') ? 'mono' : 'regular')
      .fillColor(INK)
      .text(v);
    y = doc.y + 1;
  }
  if (p.qrUrl) {
    drawQr(doc, p.qrUrl, MARGIN + width - 110, MARGIN, 110);
    doc
      .font('regular')
      .fontSize(6)
      .fillColor(MUTED)
      .text('Consulte este documento en admin.factura.gob.sv', MARGIN + width - 120, MARGIN + 112, { width: 120, align: 'center' });
  } else {
    doc
      .font('regular')
      .fontSize(7)
      .fillColor(MUTED)
      .text(p.noQrNotice ?? '', MARGIN + width - 120, MARGIN + 20, { width: 120, align: 'center' });
  }
  y = Math.max(y, MARGIN + 128) + 6;

  // A band across the page in white on `fill`: what the document is not (a demo's, an invalidated one).
  const band = (text: string, fill: string, size: number, height: number) => {
    doc.rect(MARGIN, y, width, height).fill(fill);
    doc
      .font('bold')
      .fontSize(size)
      .fillColor('#ffffff')
      .text(text, MARGIN, y + (height - size) / 2 + 0.5, { width, align: 'center' });
    y += height + 6;
  };
  if (p.demo) band('DEMOSTRACIÓN: DOCUMENTO SIN VALIDEZ FISCAL', '#8a4b00', 9, 16);
  if (p.testEnvironment) band('AMBIENTE DE PRUEBAS DE MH: DOCUMENTO DE PRUEBA SIN VALIDEZ FISCAL', '#8a4b00', 9, 16);
  if (p.voided) band('ANULADO: DOCUMENTO INVALIDADO ANTE MH, SIN VALIDEZ', '#b00020', 13, 22);
  if (p.unsealedNotice) {
    doc.font('bold').fontSize(9);
    const h = doc.heightOfString(p.unsealedNotice, { width: width - 12 }) + 10;
    doc.rect(MARGIN, y, width, h).lineWidth(1.5).stroke('#b00020');
    doc.fillColor('#b00020').text(p.unsealedNotice, MARGIN + 6, y + 5, { width: width - 12, align: 'center' });
    y += h + 6;
  }

  // Issuer and receiver, side by side.
  const half = (width - 12) / 2;
  const left = pairs(doc, p.issuer.title, p.issuer.lines, MARGIN, y, half);
  const right = p.receiver ? pairs(doc, p.receiver.title, p.receiver.lines, MARGIN + half + 12, y, half) : y;
  y = Math.max(left, right) + 8;

  // Items: header repeated on every page.
  const totalWeight = p.items.columns.reduce((a, c) => a + c.width, 0);
  const widths = p.items.columns.map((c) => (c.width / totalWeight) * width);
  y = tableHeader(doc, p.items, MARGIN, y, widths);
  doc.font('regular').fontSize(7.5).fillColor(INK);
  for (const row of p.items.rows) {
    const h = Math.max(...row.map((cell, i) => doc.heightOfString(cell, { width: (widths[i] ?? 0) - 6 }))) + 4;
    if (y + h > bottom) {
      doc.addPage();
      y = tableHeader(doc, p.items, MARGIN, MARGIN, widths);
      doc.font('regular').fontSize(7.5).fillColor(INK);
    }
    let cx = MARGIN;
    row.forEach((cell, i) => {
      doc.text(cell, cx + 3, y + 2, { width: (widths[i] ?? 0) - 6, align: p.items.columns[i]?.align ?? 'left' });
      cx += widths[i] ?? 0;
    });
    y += h;
    doc
      .moveTo(MARGIN, y)
      .lineTo(MARGIN + width, y)
      .lineWidth(0.3)
      .stroke(LINE);
  }

  // Totals, the amount in words, then the other sections.
  const needed = 16 * (p.totals.length + 3);
  if (y + needed > bottom) {
    doc.addPage();
    y = MARGIN;
  }
  y += 8;
  const labelW = 200;
  const valueW = 110;
  const tx = MARGIN + width - labelW - valueW;
  for (const [k, v] of p.totals) {
    doc.font('regular').fontSize(8).fillColor(MUTED).text(k, tx, y, { width: labelW, align: 'right' });
    doc.fillColor(INK).text(v, tx + labelW, y, { width: valueW, align: 'right' });
    y += 12;
  }
  doc
    .font('bold')
    .fontSize(10)
    .fillColor(INK)
    .text(p.totalToPay[0], tx, y + 2, { width: labelW, align: 'right' });
  doc.text(p.totalToPay[1], tx + labelW, y + 2, { width: valueW, align: 'right' });
  y += 18;
  doc.font('regular').fontSize(8).fillColor(INK).text(`Son: ${p.words}`, MARGIN, y, { width });
  y = doc.y + 8;
  if (p.payments.length) {
    if (y + 14 + p.payments.length * 11 > bottom) {
      doc.addPage();
      y = MARGIN;
    }
    y = pairs(doc, 'Pago', p.payments, MARGIN, y, width) + 6;
  }
  for (const s of p.sections) {
    const h = 14 + s.lines.length * 11;
    if (y + h > bottom) {
      doc.addPage();
      y = MARGIN;
    }
    y = pairs(doc, s.title, s.lines, MARGIN, y, width) + 6;
  }

  // Page numbers and identifiers on every page.
  const range = doc.bufferedPageRange();
  for (let i = 0; i < range.count; i++) {
    doc.switchToPage(range.start + i);
    doc
      .font('regular')
      .fontSize(7)
      .fillColor(MUTED)
      .text(`${p.numeroControl} · ${p.codigoGeneracion} · Página ${i + 1} de ${range.count}`, MARGIN, doc.page.height - MARGIN - 10, {
        width,
        align: 'center',
        lineBreak: false,
      });
  }
  doc.end();
  return done;
}

export { collect };
