// An IVA book on landscape letter paper (Reglamento CT arts. 82-85): every page headed with the book, the
// taxpayer and the month and numbered as a folio; the tables as paged grids; the month's summary; the signature.
import { dirname, join } from 'node:path';
import PDFDocument from 'pdfkit';
import { esDateTime } from '../../../shared/es-sv';
import { FONT_FILES, registerFonts } from '../render/fonts';
import type { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { collect } from '../render/letter-pdf';
import { amountText, generatedDate } from './book-format';
import type { Book } from './book-model';
import { INK, MUTED, drawTable, type Paper } from './book-pdf-table';
import { lateCount, type LateCount } from './folio-count';

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
    // Each page goes out when the next begins: the book is never held whole (decision 0044).
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

const FOOT_SIZE = 7;

/**
 * pdfkit keeps the shaped layout of every word it has drawn for the life of the document: about 30 KB a line of
 * the contributors' book, whose numbers, codes and seals are all different words (the heap held 225 MB after
 * 6,000 lines). Without the cache a line takes four times as long to shape. Kept for sixteen pages, it still
 * serves the repeated words (the labels, "CCF", "0.00") at the same speed, and the heap stays near 65 MB
 * (decision 0044).
 */
const LAYOUT_PAGES = 16;

function forgetLayouts(doc: Doc): void {
  const fonts = (doc as unknown as { _fontFamilies: Record<string, { layoutCache?: object }> })._fontFamilies;
  for (const font of Object.values(fonts)) if (font.layoutCache) font.layoutCache = Object.create(null) as object;
}

/**
 * The pages of one book: each begins with the header the Reglamento asks for, numbered as folios, and ends with
 * "folio N de M" at its foot, M painted once the last page is known (folio-count.ts).
 */
class BookPaper implements Paper {
  readonly x = MARGIN;
  readonly width: number;
  readonly bottom: number;
  top = MARGIN;
  private folio = 0;
  private readonly count: LateCount;

  constructor(
    readonly doc: Doc,
    private readonly book: Book,
  ) {
    this.width = PAGE_W - MARGIN * 2;
    this.bottom = PAGE_H - MARGIN - FOOTER;
    this.count = lateCount(doc, 'regular', FOOT_SIZE, MUTED);
  }

  newPage(): number {
    // An output that failed (a full disk, a client gone) stops the drawing within a page.
    if ((this.doc as unknown as Readable).destroyed) throw new Error('the book PDF output closed before the book was drawn');
    if (this.folio > 0) this.foot();
    if (this.folio % LAYOUT_PAGES === 0) forgetLayouts(this.doc);
    this.doc.addPage();
    this.folio += 1;
    this.top = this.header();
    return this.top;
  }

  /** The last page's foot, and the count every foot shows. */
  finish(): void {
    this.foot();
    this.count.fill(this.folio);
  }

  /** When the book was made and "folio N de", then the count. */
  private foot(): void {
    const { doc } = this;
    const h = this.book.header;
    // As a person in El Salvador reads it (dd/mm/aaaa hh:mm:ss); the file's metadata keeps the instant.
    const text = `${h.title} · ${h.monthName} · generado ${esDateTime(h.generatedAt)} · folio ${this.folio} de `;
    const y = PAGE_H - MARGIN - 8;
    doc.font('regular').fontSize(FOOT_SIZE).fillColor(MUTED).text(text, MARGIN, y, { lineBreak: false });
    this.count.place(MARGIN + doc.widthOfString(text), y);
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

/** Draws the book into `doc`, page after page, and ends it. */
async function draw(doc: Doc, book: Book): Promise<void> {
  const paper = new BookPaper(doc, book);
  let y = paper.newPage();
  for (const table of book.tables) y = (await drawTable(paper, table, y)) + GAP;
  y = summary(paper, book, y);
  if (book.signature.trim()) signature(paper, book.signature, y);
  paper.finish();
  doc.end();
}

/** The book's PDF written to `out` as its pages are drawn (a file, or an answer). */
export async function writeBookPdf(book: Book, out: Writable): Promise<void> {
  const doc = bookDocument(book);
  // A book that fails half drawn ends the stream with its error, never as a short file that looks whole.
  const drawn = draw(doc, book).catch((e: unknown) => {
    doc.destroy(e instanceof Error ? e : new Error(String(e)));
    throw e;
  });
  // Both settle before this does (the output closed, the drawing stopped); the output's own failure comes first.
  const [piped, done] = await Promise.allSettled([pipeline(doc, out), drawn]);
  if (piped.status === 'rejected') throw piped.reason;
  if (done.status === 'rejected') throw done.reason;
}

/** The book's PDF in memory: for a small book, or a caller that needs the bytes. */
export async function bookPdf(book: Book): Promise<Buffer> {
  const doc = bookDocument(book);
  const done = collect(doc);
  await draw(doc, book);
  return done;
}
