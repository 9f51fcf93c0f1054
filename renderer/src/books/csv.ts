// A table as a CSV file for Excel: comma-separated, CRLF, UTF-8 with a BOM (so Excel reads "Café" as written),
// amounts as plain decimals (22.60) that any spreadsheet sums.
import { saveBlob } from './files';

export type CsvCell = string | number;

const NUMBER = /^-?\d+(\.\d+)?$/;

/** One cell: quoted when it must be; text that a spreadsheet would run as a formula is kept as text. */
function cell(value: CsvCell): string {
  let text = String(value);
  if (!NUMBER.test(text) && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export const csvText = (header: readonly string[], rows: readonly (readonly CsvCell[])[]): string =>
  `\uFEFF${[header, ...rows].map((r) => `${r.map(cell).join(',')}\r\n`).join('')}`;

export function saveCsv(fileName: string, header: readonly string[], rows: readonly (readonly CsvCell[])[]): void {
  saveBlob(fileName, new Blob([csvText(header, rows)], { type: 'text/csv;charset=utf-8' }));
}
