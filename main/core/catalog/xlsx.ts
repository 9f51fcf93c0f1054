// The catalog as an Excel workbook (exceljs 4.4.0): the first sheet, its first row the header. Loaded only when a
// workbook is read or written (catalog/products.ts imports this module on demand), so the app starts without it.
import ExcelJS from 'exceljs';
import { Dec } from '../../../shared/tax';

export class XlsxError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'XlsxError';
  }
}

/** What a workbook may unpack to: far above any shop's catalog, far below what would exhaust the station's memory. */
export const MAX_UNPACKED_BYTES = 64 * 1024 * 1024;

/**
 * The bytes a ZIP file says it unpacks to, from its central directory; null when it is no ZIP file. A workbook
 * claiming more than MAX_UNPACKED_BYTES (or ZIP64 sizes) is refused before it is inflated.
 */
export function zipUnpackedSize(buf: Buffer): number | null {
  const EOCD = 0x06054b50;
  const CENTRAL = 0x02014b50;
  let end = -1;
  for (let i = buf.length - 22; i >= Math.max(0, buf.length - 22 - 0xffff); i -= 1) {
    if (buf.readUInt32LE(i) === EOCD) {
      end = i;
      break;
    }
  }
  if (end < 0) return null;
  const entries = buf.readUInt16LE(end + 10);
  let at = buf.readUInt32LE(end + 16);
  let total = 0;
  for (let n = 0; n < entries; n += 1) {
    if (at + 46 > buf.length || buf.readUInt32LE(at) !== CENTRAL) return null;
    const size = buf.readUInt32LE(at + 24);
    if (size === 0xffffffff) return Number.POSITIVE_INFINITY;
    total += size;
    at += 46 + buf.readUInt16LE(at + 28) + buf.readUInt16LE(at + 30) + buf.readUInt16LE(at + 32);
  }
  return total;
}

/** A cell as text: numbers written out in full (no exponent), formulas as their result, rich text joined. */
export function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? new Dec(value).toFixed() : '';
  if (typeof value === 'boolean') return value ? 'sí' : 'no';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if ('richText' in value) return value.richText.map((r) => r.text).join('');
  if ('formula' in value || 'sharedFormula' in value) return cellText((value as { result?: ExcelJS.CellValue }).result ?? null);
  if ('hyperlink' in value) return cellText((value as { text?: ExcelJS.CellValue }).text ?? null);
  if ('error' in value) return String(value.error);
  return '';
}

export interface SheetRow {
  /** The row's number in the sheet. */
  readonly row: number;
  readonly cells: string[];
}

/** The first sheet's rows, as text; empty rows are left out. Throws XlsxError when it is no workbook. */
export async function readXlsx(content: Buffer): Promise<SheetRow[]> {
  const size = zipUnpackedSize(content);
  if (size === null) throw new XlsxError('El archivo no es un libro de Excel (.xlsx).');
  if (size > MAX_UNPACKED_BYTES) throw new XlsxError('El libro es demasiado grande: guarde solo la hoja de productos y vuelva a intentar.');
  const workbook = new ExcelJS.Workbook();
  try {
    // exceljs types its input as an ArrayBuffer (JSZip reads either).
    await workbook.xlsx.load(content.buffer.slice(content.byteOffset, content.byteOffset + content.byteLength) as ArrayBuffer);
  } catch {
    throw new XlsxError('El archivo no es un libro de Excel (.xlsx) o está dañado.');
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new XlsxError('El libro no tiene hojas.');
  const rows: SheetRow[] = [];
  sheet.eachRow((row, rowNumber) => {
    const cells: string[] = [];
    row.eachCell({ includeEmpty: true }, (cell, col) => {
      cells[col - 1] = cellText(cell.value);
    });
    rows.push({ row: rowNumber, cells: Array.from(cells, (c) => c ?? '') });
  });
  return rows;
}

export interface XlsxColumn {
  readonly header: string;
  readonly width: number;
  /** Text columns keep what is typed as it is (a barcode never becomes 7.50123E+12); numbers get a format. */
  readonly kind: 'text' | 'number';
  readonly format?: string;
}

/** A workbook of one sheet; number columns hold numbers when a double carries the value exactly, else text. */
export async function writeXlsx(
  sheetName: string,
  columns: readonly XlsxColumn[],
  rows: readonly (readonly string[])[],
  at: Date,
): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Sello';
  workbook.created = at;
  workbook.modified = at;
  const sheet = workbook.addWorksheet(sheetName, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = columns.map((c, i) => ({
    key: String(i),
    width: c.width,
    style: { numFmt: c.kind === 'text' ? '@' : (c.format ?? 'General') },
  }));
  const header = sheet.addRow(columns.map((c) => c.header));
  header.font = { bold: true };
  for (const r of rows) {
    sheet.addRow(
      r.map((v, i) => {
        if (columns[i]?.kind !== 'number' || v === '') return v;
        const n = Number(v);
        return Number.isFinite(n) && new Dec(n).equals(new Dec(v)) ? n : v;
      }),
    );
  }
  const out = await workbook.xlsx.writeBuffer();
  return Buffer.from(out);
}
