// The day's close on letter paper, in the style of the document's letter PDF (letter-pdf.ts): a header block,
// sections of label and amount, more pages when it does not fit, page numbers.
import { closeSheet, type ClosePaper } from './close-paper';
import { closeDocument } from './close-receipt';
import { collect } from './letter-pdf';
import { footOfEveryPage } from './page-footers';

const MARGIN = 36;
const INK = '#1d2330';
const MUTED = '#5b6472';
const LINE = '#c9ced8';

export async function closeLetterPdf(p: ClosePaper): Promise<Buffer> {
  const s = closeSheet(p);
  const doc = closeDocument('LETTER', p, MARGIN);
  const done = collect(doc);
  const width = doc.page.width - MARGIN * 2;
  const bottom = doc.page.height - MARGIN - 24;
  let y = MARGIN;
  const room = (h: number) => {
    if (y + h <= bottom) return;
    doc.addPage();
    y = MARGIN;
  };

  doc.font('bold').fontSize(8).fillColor(MUTED).text(s.company.slice(1).join(' · '), MARGIN, y, { width });
  y = doc.y + 2;
  doc
    .font('bold')
    .fontSize(16)
    .fillColor(INK)
    .text(s.company[0] ?? '', MARGIN, y, { width });
  y = doc.y + 4;
  doc.font('bold').fontSize(13).fillColor(INK).text(s.title, MARGIN, y, { width });
  y = doc.y + 2;
  if (s.demo) {
    doc.font('bold').fontSize(9).fillColor('#b42318').text('DEMOSTRACIÓN · SIN VALIDEZ FISCAL', MARGIN, y, { width });
    y = doc.y + 2;
  }
  for (const [k, v] of s.header) {
    doc.font('bold').fontSize(9).fillColor(MUTED).text(`${k}: `, MARGIN, y, { width, continued: true });
    doc.font('regular').fillColor(INK).text(v);
    y = doc.y + 1;
  }
  for (const section of s.sections) {
    room(40);
    y += 8;
    doc.rect(MARGIN, y, width, 16).fill('#e8ecf3');
    doc
      .font('bold')
      .fontSize(9)
      .fillColor(INK)
      .text(section.title.toUpperCase(), MARGIN + 4, y + 4, { width: width - 8 });
    y += 20;
    for (const [k, v] of section.lines) {
      room(14);
      doc
        .font('regular')
        .fontSize(9)
        .fillColor(INK)
        .text(k, MARGIN + 4, y, { width: width * 0.55 });
      const h = doc.y;
      doc.text(v, MARGIN + width * 0.55, y, { width: width * 0.45 - 4, align: 'right' });
      y = Math.max(h, doc.y) + 2;
      doc
        .moveTo(MARGIN, y - 1)
        .lineTo(MARGIN + width, y - 1)
        .lineWidth(0.3)
        .stroke(LINE);
    }
  }
  room(40);
  y += 10;
  for (const [k, v] of s.footer) {
    doc.font('bold').fontSize(8).fillColor(MUTED).text(`${k}: `, MARGIN, y, { width, continued: true });
    doc.font('mono').fillColor(INK).text(v);
    y = doc.y + 1;
  }

  footOfEveryPage(doc, (i, n) => `Corte de caja ${p.close.id} · página ${i} de ${n}`, {
    margin: MARGIN,
    color: MUTED,
    size: 7.5,
    lift: 10,
  });
  doc.end();
  return done;
}
