// An IVA book as an Excel workbook (exceljs) for the accountant: a sheet per table, with the book's header, the
// column labels frozen above the rows, amounts as numbers and codes as text; then a "Resumen" sheet.
import { createWriteStream } from 'node:fs';
import { PassThrough, type Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import ExcelJS from 'exceljs';
import { generatedDate } from './book-format';
import { stampZipEntries, stampZipFile } from './zip-times';
import { turn } from '../turn';
import type { Book, BookColumn, BookHeader, BookTable } from './book-model';

const MONEY = '#,##0.00';
const COUNT = '#,##0';
const TEXT = '@';
const HEAD_FILL: ExcelJS.Fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFE8ECF3' } };
/** Excel's character widths: the table's proportions spread over about a landscape page's worth. */
const SHEET_CHARS = 180;
const ROWS_PER_TURN = 100;

/** A name Excel accepts: none of []:*?/\, no edge apostrophes, at most 31 characters, unique in the book. */
export function sheetName(title: string, taken: Set<string>): string {
  const base = (
    title
      .replace(/[[\]:*?/\\]/g, ' ')
      .replace(/\s+/g, ' ')
      .trim()
      .replace(/^'+|'+$/g, '') || 'Hoja'
  )
    .slice(0, 31)
    .trim();
  let name = base;
  for (let n = 2; taken.has(name.toLowerCase()); n += 1) name = `${base.slice(0, 31 - ` (${n})`.length).trim()} (${n})`;
  taken.add(name.toLowerCase());
  return name;
}

/** The lines of the header every sheet repeats. */
function headerLines(h: BookHeader, subtitle: string): string[] {
  return [
    h.title,
    h.company.name,
    `NIT: ${h.company.nit}`,
    `NRC: ${h.company.nrc}`,
    ...(h.company.station ? [`Punto de venta: ${h.company.station}`] : []),
    `Mes: ${h.monthName}`,
    subtitle,
  ];
}

/** Writes the header's rows; returns the next free row (a blank one between). */
function header(sheet: ExcelJS.Worksheet, lines: readonly string[]): number {
  lines.forEach((text, i) => {
    const row = sheet.getRow(i + 1);
    const cell = row.getCell(1);
    cell.value = text;
    if (i === 0 || i === 1 || i === lines.length - 1) cell.font = { bold: true, size: i === 0 ? 13 : 11 };
    row.commit();
  });
  return lines.length + 2;
}

function cellValue(c: BookColumn, raw: string | undefined): ExcelJS.CellValue {
  const v = (raw ?? '').trim();
  // An empty text is a blank cell: the streaming writer keeps no empty strings.
  if (c.kind === 'text') return raw ? raw : null;
  return v === '' ? null : Number(v);
}

const formatOf = (c: BookColumn): string => (c.kind === 'money' ? MONEY : c.kind === 'int' ? COUNT : TEXT);

/** One table's sheet, its rows written and let go in order (the writer streams them into the file). */
async function tableSheet(
  wb: ExcelJS.stream.xlsx.WorkbookWriter,
  name: string,
  book: Book,
  table: BookTable,
  alive: () => void,
): Promise<void> {
  const lines = headerLines(book.header, table.title);
  const labels = lines.length + 2;
  // The labels stay in sight while the rows scroll.
  const sheet = wb.addWorksheet(name, { views: [{ state: 'frozen', ySplit: labels, xSplit: 0 }] });
  const total = table.columns.reduce((a, c) => a + Math.max(c.width, 0), 0) || 1;
  table.columns.forEach((c, i) => {
    sheet.getColumn(i + 1).width = Math.min(60, Math.max(6, Math.round((Math.max(c.width, 0) / total) * SHEET_CHARS)));
  });
  header(sheet, lines);
  const head = sheet.getRow(labels);
  table.columns.forEach((c, i) => {
    const cell = head.getCell(i + 1);
    cell.value = c.label;
    cell.font = { bold: true };
    cell.fill = HEAD_FILL;
    cell.alignment = { wrapText: true, vertical: 'top', horizontal: c.kind === 'text' ? 'left' : 'right' };
  });
  head.commit();
  if (table.rows.length === 0) {
    const cell = sheet.getRow(labels + 1).getCell(1);
    cell.value = table.empty;
    cell.font = { italic: true };
    sheet.getRow(labels + 1).commit();
    sheet.commit();
    return;
  }
  for (const [r, row] of table.rows.entries()) {
    const line = sheet.getRow(labels + 1 + r);
    table.columns.forEach((c, i) => {
      const cell = line.getCell(i + 1);
      cell.value = cellValue(c, row.cells[c.key]);
      cell.numFmt = formatOf(c);
      if (row.emphasis) cell.font = { italic: true };
    });
    line.commit();
    // A turn of the event loop every so many rows: a big book never holds the station's server.
    if ((r + 1) % ROWS_PER_TURN === 0) {
      await turn();
      alive();
    }
  }
  // The given totals as plain numbers, so the sheet and the paper agree to the cent whatever Excel recalculates.
  const foot = sheet.getRow(labels + 1 + table.rows.length);
  table.columns.forEach((c, i) => {
    const cell = foot.getCell(i + 1);
    // The label goes in the first column whatever it holds (a correlative number's column too).
    if (i === 0 && c.kind !== 'money') cell.value = 'Totales';
    else if (c.kind !== 'text' && table.totals[c.key] !== undefined) {
      cell.value = cellValue(c, table.totals[c.key]);
      cell.numFmt = formatOf(c);
    }
    cell.font = { bold: true };
    cell.border = { top: { style: 'thin' } };
  });
  foot.commit();
  sheet.commit();
}

function summarySheet(wb: ExcelJS.stream.xlsx.WorkbookWriter, name: string, book: Book): void {
  const sheet = wb.addWorksheet(name);
  sheet.getColumn(1).width = 60;
  sheet.getColumn(2).width = 18;
  let at = header(sheet, headerLines(book.header, book.summaryTitle));
  for (const line of book.summary) {
    const row = sheet.getRow(at);
    row.getCell(1).value = line.label;
    const amount = row.getCell(2);
    amount.value = line.amount.trim() === '' ? null : Number(line.amount);
    amount.numFmt = MONEY;
    if (line.strong) row.font = { bold: true };
    row.commit();
    at += 1;
  }
  at += 2;
  for (const text of book.signature.split('\n')) {
    const row = sheet.getRow(at);
    row.getCell(1).value = text;
    row.commit();
    at += 1;
  }
  sheet.commit();
}

/**
 * The book's workbook streamed to `out` sheet by sheet, row by row (decision 0044). Its entries' times are not
 * yet the book's: the caller stamps them (zip-times.ts), in the bytes or in the file.
 */
async function writeWorkbook(book: Book, out: Writable): Promise<Date> {
  const created = generatedDate(book.header);
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  wb.creator = 'Sello';
  wb.created = created;
  wb.modified = created;
  // exceljs types the writer's properties short of the workbook's.
  (wb as unknown as { title: string }).title = `${book.header.title} · ${book.header.monthName}`;
  // The output is watched from the first row: the writer itself hears of a failed write only once it commits, and
  // would wait for the end of a stream that already broke.
  let failed: Error | null = null;
  const closed = finished(out);
  closed.catch((e: unknown) => {
    failed ??= e instanceof Error ? e : new Error('the workbook output failed');
  });
  const alive = () => {
    if (failed !== null) throw failed;
  };
  try {
    const taken = new Set<string>(['resumen']);
    for (const table of book.tables) await tableSheet(wb, sheetName(table.sheet ?? table.title, taken), book, table, alive);
    summarySheet(wb, 'Resumen', book);
    alive();
    await Promise.race([wb.commit(), closed]);
    await closed;
  } catch (e) {
    out.destroy();
    throw e;
  }
  return created;
}

/** The book's workbook as a file at `path`, never whole in memory; the same book gives the same bytes. */
export async function writeBookXlsx(book: Book, path: string): Promise<void> {
  const created = await writeWorkbook(book, createWriteStream(path));
  await stampZipFile(path, created);
}

/** The book's workbook in memory: for a small book, or a caller that needs the bytes. */
export async function bookXlsx(book: Book): Promise<Buffer> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (c: Buffer) => chunks.push(c));
  const created = await writeWorkbook(book, out);
  // The same book gives the same bytes, whenever it is made (the station's and the hub's copy alike).
  return stampZipEntries(Buffer.concat(chunks), created);
}
