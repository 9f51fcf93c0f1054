// One book table as a paged grid (Reglamento CT art. 85): the column labels at the top of every page, and the
// money columns' sums carried forward, "Van" at the foot of a page that continues and "Vienen" atop the next.
import type { BookColumn, BookRow, BookTable } from './book-model';
import { turn } from '../turn';
import { RunningSums, amountText, countText } from './book-format';

type Doc = PDFKit.PDFDocument;
export type FontName = 'regular' | 'bold' | 'italic';

export const INK = '#1d2330';
export const MUTED = '#5b6472';
const LINE = '#aab2c0';
const HEAD_FILL = '#e8ecf3';
const CARRY_FILL = '#f3f5f9';

const BODY = 7;
const HEAD = 6.5;
const PAD_X = 3;
const PAD_Y = 2.5;

/** The page the table is drawn on: its frame, and how to begin the next one with the book's header. */
export interface Paper {
  readonly doc: Doc;
  readonly x: number;
  readonly width: number;
  /** Where the page's content must end. */
  readonly bottom: number;
  /** The y just below the current page's header: a table starting there gains nothing from a new page. */
  readonly top: number;
  /** Adds a page with the book's header; returns the y below it. */
  newPage(): number;
}

interface Layout {
  readonly columns: readonly BookColumn[];
  readonly widths: readonly number[];
  /** Left edge of each column, and the table's right edge last. */
  readonly xs: readonly number[];
  /** How many leading columns (up to the first money one) the "Van"/"Vienen"/"Totales" label spans (at least the first column). */
  readonly labelSpan: number;
}

function layout(columns: readonly BookColumn[], x: number, width: number): Layout {
  const total = columns.reduce((a, c) => a + Math.max(c.width, 0), 0) || 1;
  const widths = columns.map((c) => (Math.max(c.width, 0) / total) * width);
  const xs = widths.reduce<number[]>((acc, w) => [...acc, (acc[acc.length - 1] ?? x) + w], [x]);
  // A correlative number's column is part of the label's span: only money is summed.
  const leading = columns.findIndex((c) => c.kind === 'money');
  return { columns, widths, xs, labelSpan: Math.max(1, leading < 0 ? columns.length : leading) };
}

const shown = (c: BookColumn, value: string | undefined): string => {
  const v = value ?? '';
  return c.kind === 'money' ? amountText(v) : c.kind === 'int' ? countText(v) : v;
};

const w = (lay: Layout, i: number): number => lay.widths[i] ?? 0;
const left = (lay: Layout, i: number): number => lay.xs[i] ?? 0;

/** Vertical rules at the column edges from `from` on (and the table's left edge), and the rule below the row. */
function rules(doc: Doc, lay: Layout, y: number, h: number, from: number): void {
  doc.lineWidth(0.4).strokeColor(LINE);
  for (const i of [0, ...lay.xs.map((_, i) => i).filter((i) => i >= from)]) {
    doc
      .moveTo(left(lay, i), y)
      .lineTo(left(lay, i), y + h)
      .stroke();
  }
  doc
    .moveTo(left(lay, 0), y + h)
    .lineTo(left(lay, lay.columns.length), y + h)
    .stroke();
}

/** A number right-aligned in its cell, shrunk rather than spilling into the next column. */
function figure(doc: Doc, text: string, x: number, y: number, width: number, size: number): void {
  doc.fontSize(size);
  const natural = doc.widthOfString(text);
  if (natural > width) doc.fontSize((size * width) / natural);
  doc.text(text, x, y, { width, align: 'right', lineBreak: false });
}

function rowHeight(doc: Doc, lay: Layout, texts: readonly string[], font: FontName): number {
  doc.font(font).fontSize(BODY);
  let h = doc.currentLineHeight(true);
  lay.columns.forEach((c, i) => {
    const text = texts[i] ?? '';
    if (c.kind === 'text' && text) h = Math.max(h, doc.heightOfString(text, { width: w(lay, i) - 2 * PAD_X }));
  });
  return h + 2 * PAD_Y;
}

function drawRow(doc: Doc, lay: Layout, row: BookRow, y: number, h: number): void {
  // DejaVu Sans Oblique (in the same package as the other faces) sets NC and annulments apart.
  const font: FontName = row.emphasis ? 'italic' : 'regular';
  lay.columns.forEach((c, i) => {
    const text = shown(c, row.cells[c.key]);
    if (!text) return;
    doc.font(font).fontSize(BODY).fillColor(INK);
    const x = left(lay, i) + PAD_X;
    const width = w(lay, i) - 2 * PAD_X;
    if (c.kind === 'text') doc.text(text, x, y + PAD_Y, { width, height: h });
    else figure(doc, text, x, y + PAD_Y, width, BODY);
  });
  rules(doc, lay, y, h, 1);
}

// A header wraps at spaces only: its lines are laid out here, word by word, and a column too narrow for its
// longest word gets a smaller type, never a word broken in two ("Exportacio/nes").
const HEAD_MIN = 4.5;
interface HeadLines {
  readonly size: number;
  readonly lines: readonly string[];
  readonly lineHeight: number;
}

function headLines(doc: Doc, label: string, width: number): HeadLines {
  doc.font('bold').fontSize(HEAD);
  const words = label.split(/\s+/u).filter(Boolean);
  const longest = Math.max(0, ...words.map((word) => doc.widthOfString(word)));
  const size = longest <= width ? HEAD : Math.max(HEAD_MIN, Math.floor(((HEAD * width) / longest) * 10) / 10);
  doc.fontSize(size);
  const lines: string[] = [];
  for (const word of words) {
    const last = lines[lines.length - 1];
    if (last !== undefined && doc.widthOfString(`${last} ${word}`) <= width) lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  return { size, lines, lineHeight: doc.currentLineHeight(true) };
}

function headerHeight(doc: Doc, lay: Layout): number {
  const heights = lay.columns.map((c, i) => {
    const h = headLines(doc, c.label, w(lay, i) - 2 * PAD_X);
    return h.lines.length * h.lineHeight;
  });
  return Math.max(...heights) + 2 * PAD_Y;
}

function drawHeader(doc: Doc, lay: Layout, y: number): number {
  const h = headerHeight(doc, lay);
  doc.rect(left(lay, 0), y, left(lay, lay.columns.length) - left(lay, 0), h).fill(HEAD_FILL);
  lay.columns.forEach((c, i) => {
    const width = w(lay, i) - 2 * PAD_X;
    const head = headLines(doc, c.label, width);
    head.lines.forEach((line, k) => {
      doc
        .font('bold')
        .fontSize(head.size)
        .fillColor(INK)
        .text(line, left(lay, i) + PAD_X, y + PAD_Y + k * head.lineHeight, {
          width,
          align: c.kind === 'text' ? 'left' : 'right',
          lineBreak: false,
        });
    });
  });
  doc.lineWidth(0.4).strokeColor(LINE).moveTo(left(lay, 0), y).lineTo(left(lay, lay.columns.length), y).stroke();
  rules(doc, lay, y, h, 1);
  return y + h;
}

function sumHeight(doc: Doc): number {
  return doc.font('bold').fontSize(BODY).currentLineHeight(true) + 2 * PAD_Y;
}

/** "Van", "Vienen" or "Totales": the label across the leading text columns, the sums under their columns. */
function drawSums(doc: Doc, lay: Layout, label: string, sums: Readonly<Record<string, string>>, y: number, fill: string): number {
  const h = sumHeight(doc);
  doc.rect(left(lay, 0), y, left(lay, lay.columns.length) - left(lay, 0), h).fill(fill);
  doc
    .font('bold')
    .fontSize(BODY)
    .fillColor(INK)
    .text(label, left(lay, 0) + PAD_X, y + PAD_Y, { width: left(lay, lay.labelSpan) - left(lay, 0) - 2 * PAD_X, lineBreak: false });
  lay.columns.forEach((c, i) => {
    const text = c.kind === 'text' ? '' : shown(c, sums[c.key]);
    if (text && i >= lay.labelSpan)
      figure(doc.font('bold').fillColor(INK), text, left(lay, i) + PAD_X, y + PAD_Y, w(lay, i) - 2 * PAD_X, BODY);
  });
  rules(doc, lay, y, h, lay.labelSpan);
  return y + h;
}

function drawTitle(doc: Doc, p: Paper, text: string, y: number, muted: boolean): number {
  doc
    .font('bold')
    .fontSize(9)
    .fillColor(muted ? MUTED : INK)
    .text(text, p.x, y, { width: p.width });
  return doc.y + 3;
}

/** Rows drawn between two turns of the event loop: a book of thousands of rows never holds the station's server. */
const ROWS_PER_TURN = 25;

/** Draws the table from `y`, adding pages as it needs; returns the y below its "Totales" row. */
export async function drawTable(p: Paper, table: BookTable, start: number): Promise<number> {
  const doc = p.doc;
  const lay = layout(table.columns, p.x, p.width);
  const titleH = doc.font('bold').fontSize(9).heightOfString(table.title, { width: p.width }) + 3;
  let y = start;
  if (table.rows.length === 0) {
    if (y + titleH + 20 > p.bottom && y > p.top) y = p.newPage();
    y = drawTitle(doc, p, table.title, y, false);
    doc.font('italic').fontSize(8).fillColor(MUTED).text(table.empty, p.x, y, { width: p.width });
    return doc.y;
  }
  const cells = (row: BookRow) => lay.columns.map((c) => shown(c, row.cells[c.key]));
  const sumH = sumHeight(doc);
  const firstH = rowHeight(doc, lay, cells(table.rows[0] as BookRow), 'regular');
  if (y + titleH + headerHeight(doc, lay) + firstH + sumH > p.bottom && y > p.top) y = p.newPage();
  y = drawHeader(doc, lay, drawTitle(doc, p, table.title, y, false));

  const sums = new RunningSums(table.columns);
  let onPage = 0;
  let drawn = 0;
  for (const row of table.rows) {
    const h = rowHeight(doc, lay, cells(row), row.emphasis ? 'italic' : 'regular');
    // Always room for one more row of sums: "Van" here, or "Totales" after the last row.
    if (onPage > 0 && y + h + sumH > p.bottom) {
      drawSums(doc, lay, 'Van', sums.values(), y, CARRY_FILL);
      y = drawHeader(doc, lay, drawTitle(doc, p, `${table.title} (continuación)`, p.newPage(), true));
      y = drawSums(doc, lay, 'Vienen', sums.values(), y, CARRY_FILL);
      onPage = 0;
    }
    drawRow(doc, lay, row, y, h);
    sums.add(row);
    y += h;
    onPage += 1;
    if (++drawn % ROWS_PER_TURN === 0) await turn();
  }
  return drawSums(doc, lay, 'Totales', table.totals, y, HEAD_FILL);
}
