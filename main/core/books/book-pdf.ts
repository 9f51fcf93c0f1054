// An IVA book on landscape letter paper (Reglamento CT arts. 82-85): every page headed with the book, the
// taxpayer and the month and numbered as a folio; the tables as paged grids; the month's summary; the signature.
import { dirname, join } from 'node:path';
import PDFDocument from 'pdfkit';
import { FONT_FILES, registerFonts } from '../render/fonts';
import { collect } from '../render/letter-pdf';
import { footOfEveryPage } from '../render/page-footers';
import { amountText, generatedDate } from './book-format';
import type { Book } from './book-model';
import { INK, MUTED, drawTable, type Paper } from './book-pdf-table';

type Doc = PDFKit.PDFDocument;

// Letter paper, landscape, in points.
const PAGE_W = 792;
const PAGE_H = 612;
const MARGIN = 28;
const FOOTER = 18;
const GAP = 14;
// The oblique face ships in the same package as the faces fonts.ts reads.
const OBLIQUE = join(dirname(FONT_FILES.regular), 'DejaVuSans-Oblique.ttf');

function bookDocument(book: Book): Doc {
  const h = book.header;
  const doc = new PDFDocument({
    size: 'LETTER',
    layout: 'landscape',
    // pdfkit's own margin stays below ours, so it never starts a page by itself: the paging is the book's.
    margin: 10,
    autoFirstPage: false,
    bufferPages: true,
    // A fixed date (and so a fixed file ID): the same book gives the same bytes.
    info: {
      Title: `${h.title} · ${h.monthName}`,
      Author: h.company.name,
      Subject: `${h.company.nit} ${h.month}`,
      Creator: 'Sello',
      Producer: 'Sello',
      CreationDate: generatedDate(h),
    },
  });
  registerFonts(doc, ['regular', 'bold']);
  doc.registerFont('italic', OBLIQUE);
  // Opened by its registered name first: had the document opened DejaVu by path (the `font` option), pdfkit would
  // find the same face on every doc.font('regular') and parse the file again each time, never caching the name.
  doc.font('regular');
  return doc;
}

/** The pages of one book: each begins with the header the Reglamento asks for, numbered as folios. */
class BookPaper implements Paper {
  readonly x = MARGIN;
  readonly width: number;
  readonly bottom: number;
  top = MARGIN;
  private folio = 0;

  constructor(
    readonly doc: Doc,
    private readonly book: Book,
  ) {
    this.width = PAGE_W - MARGIN * 2;
    this.bottom = PAGE_H - MARGIN - FOOTER;
  }

  newPage(): number {
    this.doc.addPage();
    this.folio += 1;
    this.top = this.header();
    return this.top;
  }

  private header(): number {
    const { doc, x, width } = this;
    const h = this.book.header;
    const c = h.company;
    const folioWidth = 80;
    doc
      .font('bold')
      .fontSize(10)
      .fillColor(INK)
      .text(`Folio ${this.folio}`, x + width - folioWidth, MARGIN, { width: folioWidth, align: 'right', lineBreak: false });
    doc
      .font('bold')
      .fontSize(12)
      .text(h.title, x, MARGIN, { width: width - folioWidth - 8 });
    doc
      .font('bold')
      .fontSize(9)
      .text(c.name, x, doc.y + 2, { width });
    const facts = [`NIT: ${c.nit}`, `NRC: ${c.nrc}`, ...(c.station ? [`Punto de venta: ${c.station}`] : []), `Mes: ${h.monthName}`];
    doc
      .font('regular')
      .fontSize(8)
      .text(facts.join('      '), x, doc.y + 1, { width });
    const y = doc.y + 4;
    doc
      .lineWidth(0.8)
      .strokeColor(INK)
      .moveTo(x, y)
      .lineTo(x + width, y)
      .stroke();
    return y + 8;
  }
}

function summary(p: BookPaper, book: Book, start: number): number {
  const { doc } = p;
  const lineH = doc.font('regular').fontSize(9).currentLineHeight(true) + 3;
  const width = Math.min(p.width, 460);
  let y = start;
  if (y + lineH * (2 + Math.min(book.summary.length, 4)) > p.bottom) y = p.newPage();
  doc.font('bold').fontSize(10).fillColor(INK).text(book.summaryTitle, p.x, y, { width: p.width });
  y = doc.y + 4;
  for (const line of book.summary) {
    if (y + lineH > p.bottom) y = p.newPage();
    const face = line.strong ? 'bold' : 'regular';
    doc
      .font(face)
      .fontSize(9)
      .fillColor(INK)
      .text(line.label, p.x, y, { width: width * 0.7 - 6 });
    const below = doc.y;
    doc.font(face).text(amountText(line.amount), p.x + width * 0.7, y, { width: width * 0.3, align: 'right', lineBreak: false });
    y = Math.max(below, y + lineH - 3) + 3;
    doc
      .lineWidth(0.3)
      .strokeColor('#c9ced8')
      .moveTo(p.x, y - 1.5)
      .lineTo(p.x + width, y - 1.5)
      .stroke();
  }
  return y;
}

function signature(p: BookPaper, text: string, start: number): void {
  const { doc } = p;
  const height = doc.font('regular').fontSize(9).heightOfString(text, { width: p.width });
  let y = start + 36;
  if (y + height > p.bottom) y = p.newPage() + 36;
  doc.fillColor(INK).text(text, p.x, y, { width: p.width });
}

/** Folio N de M and when the book was made, at the foot of each page once the count is known. */
function footers(doc: Doc, book: Book): void {
  const h = book.header;
  footOfEveryPage(doc, (i, n) => `${h.title} · ${h.monthName} · generado ${h.generatedAt} · folio ${i} de ${n}`, {
    margin: MARGIN,
    color: MUTED,
    size: 7,
    lift: 8,
  });
}

export async function bookPdf(book: Book): Promise<Buffer> {
  const doc = bookDocument(book);
  const done = collect(doc);
  const paper = new BookPaper(doc, book);
  let y = paper.newPage();
  for (const table of book.tables) y = (await drawTable(paper, table, y)) + GAP;
  y = summary(paper, book, y);
  if (book.signature.trim()) signature(paper, book.signature, y);
  footers(doc, book);
  doc.end();
  return done;
}
