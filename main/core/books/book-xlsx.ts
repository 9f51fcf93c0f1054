// An IVA book as an Excel workbook (exceljs) for the accountant: a sheet per table, with the book's header, the
// column labels frozen above the rows, amounts as numbers and codes as text; then a "Resumen" sheet.
import ExcelJS from 'exceljs';
import { generatedDate } from './book-format';
import { stampZipEntries } from './zip-times';
import { turn } from './turn';
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

/** The header every sheet repeats; returns the next free row. */
function header(sheet: ExcelJS.Worksheet, h: BookHeader, subtitle: string): number {
  const lines = [
    h.title,
    h.company.name,
    `NIT: ${h.company.nit}`,
    `NRC: ${h.company.nrc}`,
    ...(h.company.station ? [`Punto de venta: ${h.company.station}`] : []),
    `Mes: ${h.monthName}`,
    subtitle,
  ];
  lines.forEach((text, i) => {
    const cell = sheet.getCell(i + 1, 1);
    cell.value = text;
    if (i === 0 || i === 1 || i === lines.length - 1) cell.font = { bold: true, size: i === 0 ? 13 : 11 };
  });
  return lines.length + 2;
}

function cellValue(c: BookColumn, raw: string | undefined): ExcelJS.CellValue {
  const v = (raw ?? '').trim();
  if (c.kind === 'text') return raw ?? '';
  return v === '' ? null : Number(v);
}

const formatOf = (c: BookColumn): string => (c.kind === 'money' ? MONEY : c.kind === 'int' ? COUNT : TEXT);

async function tableSheet(wb: ExcelJS.Workbook, name: string, book: Book, table: BookTable): Promise<void> {
  const sheet = wb.addWorksheet(name);
  const labels = header(sheet, book.header, table.title);
  const total = table.columns.reduce((a, c) => a + Math.max(c.width, 0), 0) || 1;
  table.columns.forEach((c, i) => {
    const column = sheet.getColumn(i + 1);
    column.width = Math.min(60, Math.max(6, Math.round((Math.max(c.width, 0) / total) * SHEET_CHARS)));
    const cell = sheet.getCell(labels, i + 1);
    cell.value = c.label;
    cell.font = { bold: true };
    cell.fill = HEAD_FILL;
    cell.alignment = { wrapText: true, vertical: 'top', horizontal: c.kind === 'text' ? 'left' : 'right' };
  });
  // The labels stay in sight while the rows scroll.
  sheet.views = [{ state: 'frozen', ySplit: labels, xSplit: 0 }];
  if (table.rows.length === 0) {
    sheet.getCell(labels + 1, 1).value = table.empty;
    sheet.getCell(labels + 1, 1).font = { italic: true };
    return;
  }
  for (const [r, row] of table.rows.entries()) {
    table.columns.forEach((c, i) => {
      const cell = sheet.getCell(labels + 1 + r, i + 1);
      cell.value = cellValue(c, row.cells[c.key]);
      cell.numFmt = formatOf(c);
      if (row.emphasis) cell.font = { italic: true };
    });
    // A turn of the event loop every so many rows: a big book never holds the station's server.
    if ((r + 1) % ROWS_PER_TURN === 0) await turn();
  }
  // The given totals as plain numbers, so the sheet and the paper agree to the cent whatever Excel recalculates.
  const at = labels + 1 + table.rows.length;
  table.columns.forEach((c, i) => {
    const cell = sheet.getCell(at, i + 1);
    // The label goes in the first column whatever it holds (a correlative number's column too).
    if (i === 0 && c.kind !== 'money') cell.value = 'Totales';
    else if (c.kind !== 'text' && table.totals[c.key] !== undefined) {
      cell.value = cellValue(c, table.totals[c.key]);
      cell.numFmt = formatOf(c);
    }
    cell.font = { bold: true };
    cell.border = { top: { style: 'thin' } };
  });
}

function summarySheet(wb: ExcelJS.Workbook, name: string, book: Book): void {
  const sheet = wb.addWorksheet(name);
  sheet.getColumn(1).width = 60;
  sheet.getColumn(2).width = 18;
  let at = header(sheet, book.header, book.summaryTitle);
  for (const line of book.summary) {
    sheet.getCell(at, 1).value = line.label;
    const amount = sheet.getCell(at, 2);
    amount.value = line.amount.trim() === '' ? null : Number(line.amount);
    amount.numFmt = MONEY;
    if (line.strong) sheet.getRow(at).font = { bold: true };
    at += 1;
  }
  at += 2;
  for (const text of book.signature.split('\n')) {
    sheet.getCell(at, 1).value = text;
    at += 1;
  }
}

export async function bookXlsx(book: Book): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  wb.creator = 'Sello';
  wb.created = generatedDate(book.header);
  wb.modified = wb.created;
  wb.title = `${book.header.title} · ${book.header.monthName}`;
  const taken = new Set<string>(['resumen']);
  for (const table of book.tables) await tableSheet(wb, sheetName(table.sheet ?? table.title, taken), book, table);
  summarySheet(wb, 'Resumen', book);
  // The same book gives the same bytes, whenever it is made (the station's and the hub's copy alike).
  return stampZipEntries(Buffer.from(await wb.xlsx.writeBuffer()), wb.created);
}
