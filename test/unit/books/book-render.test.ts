// The IVA book's two renderers (issue 16) read back: the PDF's pages as text with poppler (header on every
// page, sums carried forward at each break, the totals), the workbook with exceljs (sheets, numbers, text).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { amountText } from '../../../main/core/books/book-format';
import type { Book, BookColumn, BookRow } from '../../../main/core/books/book-model';
import { PassThrough, Writable } from 'node:stream';
import { writeBook } from '../../../main/core/books/book-file';
import { bookPdf, writeBookPdf } from '../../../main/core/books/book-pdf';
import { bookXlsx, sheetName, writeBookXlsx } from '../../../main/core/books/book-xlsx';
import { pdfInfo } from '../../support/pdf';

const ROWS = 120;
const MONEY = ['gravadas', 'iva', 'total'] as const;
type Money = (typeof MONEY)[number];

// Amounts kept in integer cents here, so the expected sums owe nothing to the code under test.
const cents = (i: number): Record<Money, number> => {
  const sign = i % 10 === 0 ? -1 : 1;
  const gravadas = sign * (((i * 7919 * 13) % 250_000) + 100);
  const iva = Math.round(gravadas * 0.13);
  return { gravadas, iva, total: gravadas + iva };
};
const asModel = (c: number) => `${c < 0 ? '-' : ''}${Math.floor(Math.abs(c) / 100)}.${String(Math.abs(c) % 100).padStart(2, '0')}`;
const asPaper = (c: number) =>
  `${c < 0 ? '-' : ''}${Math.floor(Math.abs(c) / 100).toLocaleString('en-US')}.${String(Math.abs(c) % 100).padStart(2, '0')}`;
const sumOf = (upTo: number): Record<Money, number> => {
  const s = { gravadas: 0, iva: 0, total: 0 };
  for (let i = 1; i <= upTo; i += 1) for (const k of MONEY) s[k] += cents(i)[k];
  return s;
};

const code = (i: number) => `${String(i).padStart(8, '0')}-0A1B-4C2D-8E3F-${String(i * 97).padStart(12, '0')}`;
const nrc = (i: number) => String(i * 37).padStart(6, '0');
const client = (i: number) =>
  i % 3 === 0
    ? `Comercial Hermanos Martínez y Asociados de Oriente, Sociedad Anónima de Capital Variable ${i}`
    : `Cliente ${i}, S.A. de C.V.`;

const columns: BookColumn[] = [
  { key: 'n', label: 'N°', kind: 'text', width: 3 },
  { key: 'fecha', label: 'Fecha de emisión', kind: 'text', width: 6 },
  { key: 'codigo', label: 'Código de generación', kind: 'text', width: 17 },
  { key: 'cliente', label: 'Nombre del cliente', kind: 'text', width: 20 },
  { key: 'nrc', label: 'NRC', kind: 'text', width: 6 },
  { key: 'gravadas', label: 'Ventas internas gravadas', kind: 'money', width: 9 },
  { key: 'iva', label: 'Débito fiscal', kind: 'money', width: 8 },
  { key: 'total', label: 'Total', kind: 'money', width: 9 },
];

const rows: BookRow[] = Array.from({ length: ROWS }, (_, k) => {
  const i = k + 1;
  const c = cents(i);
  return {
    cells: {
      n: String(i),
      fecha: `${String((i % 30) + 1).padStart(2, '0')}/11/2026`,
      codigo: code(i),
      cliente: client(i),
      nrc: nrc(i),
      gravadas: asModel(c.gravadas),
      iva: asModel(c.iva),
      total: asModel(c.total),
    },
    emphasis: i % 10 === 0,
  };
});
const totals = sumOf(ROWS);

const book: Book = {
  id: 'contribuyentes',
  header: {
    title: 'LIBRO DE VENTAS A CONTRIBUYENTES',
    month: '2026-11',
    monthName: 'noviembre de 2026',
    company: { name: 'Distribuidora El Ejemplo, S.A. de C.V.', nit: '06140101901013', nrc: '0012345', station: 'M001P001' },
    generatedAt: '2026-12-01T09:30:00-06:00',
  },
  tables: [
    {
      title: 'Ventas a contribuyentes: detalle por documento [CCF/NC]',
      columns,
      rows,
      totals: { gravadas: asModel(totals.gravadas), iva: asModel(totals.iva), total: asModel(totals.total) },
      empty: 'No hubo ventas a contribuyentes en el mes.',
    },
    { title: 'Documentos anulados', columns, rows: [], totals: {}, empty: 'No hubo documentos anulados en el mes.' },
  ],
  summaryTitle: 'Resumen del mes',
  summary: [
    { label: 'Ventas gravadas netas', amount: asModel(totals.gravadas) },
    { label: 'Débito fiscal del mes', amount: asModel(totals.iva), strong: true },
  ],
  signature: 'F. ______________________________  Contador\nF. ______________________________  Representante legal',
};

/** The pages as pdftotext lays them out: one table row to a line, the "Van" label beside its sums. */
const layoutPages = (pdf: Buffer): string[] =>
  execFileSync('pdftotext', ['-layout', '-enc', 'UTF-8', '-', '-'], { input: pdf, maxBuffer: 64 * 1024 * 1024 })
    .toString('utf8')
    .split('\f')
    .filter((p) => p.trim() !== '');

const amountsOn = (page: string, label: string): string[] | null => {
  const line = new RegExp(`^\\s*${label}\\s.*$`, 'm').exec(page)?.[0];
  return line ? (line.match(/-?[\d,]+\.\d\d/g) ?? []) : null;
};
const expected = (s: Record<Money, number>) => MONEY.map((k) => asPaper(s[k]));
const rowsOn = (page: string): number[] => [...page.matchAll(/^\s*(\d{1,3})\s+\d{2}\/11\/2026/gm)].map((m) => Number(m[1]));

describe('amounts on paper', () => {
  it('groups thousands, keeps two decimals and the sign, exactly', () => {
    expect(amountText('-1234.5')).toBe('-1,234.50');
    expect(amountText('1234567.891')).toBe('1,234,567.89');
    expect(amountText('0')).toBe('0.00');
    expect(amountText('-0.001')).toBe('0.00');
    expect(amountText('')).toBe('');
  });
});

describe('book PDF', async () => {
  const pdf = await bookPdf(book);
  const pages = layoutPages(pdf);

  it('is landscape letter, several pages, the same bytes each time', async () => {
    const info = pdfInfo(pdf);
    expect(info).toMatchObject({ width: 792, height: 612 });
    expect(info.pages).toBeGreaterThanOrEqual(3);
    expect(pages).toHaveLength(info.pages);
    expect((await bookPdf(book)).equals(pdf)).toBe(true);
  });

  it('ends every page with when it was made, as read in El Salvador, and "folio N de M", M the pages the book has', () => {
    const feet = pages.map((page) => /generado 01\/12\/2026 09:30:00 · folio (\d+) de (\d+)/.exec(page)?.slice(1).map(Number));
    expect(feet).toEqual(pages.map((_, i) => [i + 1, pages.length]));
  });

  it("stops drawing and fails with the output's error when the output breaks (a full disk), never hanging", async () => {
    let written = 0;
    const full = new Writable({
      write(chunk: Buffer, _enc, done) {
        written += chunk.length;
        done(written > 20_000 ? Object.assign(new Error('ENOSPC: no space left on device'), { code: 'ENOSPC' }) : null);
      },
    });
    await expect(writeBookPdf(book, full)).rejects.toThrow(/ENOSPC/);
    expect(written).toBeLessThan(pdf.length);
  });

  it('streams the same bytes to a writer as it draws its pages, page by page', async () => {
    const out = new PassThrough();
    const chunks: Buffer[] = [];
    out.on('data', (c: Buffer) => chunks.push(c));
    await writeBookPdf(book, out);
    expect(Buffer.concat(chunks).equals(pdf)).toBe(true);
    // pdfkit hands on each page when the next begins: many pieces, not one buffer at the end.
    expect(chunks.length).toBeGreaterThan(pages.length);
  });

  it('heads every page with the book, the taxpayer, the month and the folio', () => {
    pages.forEach((page, i) => {
      expect(page).toContain('LIBRO DE VENTAS A CONTRIBUYENTES');
      expect(page).toContain('Distribuidora El Ejemplo, S.A. de C.V.');
      expect(page).toContain('NIT: 06140101901013');
      expect(page).toContain('NRC: 0012345');
      expect(page).toContain('Punto de venta: M001P001');
      expect(page).toContain('Mes: noviembre de 2026');
      expect(page).toMatch(new RegExp(`Folio ${i + 1}\\b`));
      expect(page).toContain('Código de generación');
    });
  });

  it('prints every row once, in order, with its amounts', () => {
    const seen = pages.flatMap(rowsOn);
    expect(seen).toEqual(Array.from({ length: ROWS }, (_, k) => k + 1));
    const all = pages.join('\n');
    // A credit note of more than a thousand: the sign and the thousands separator together.
    const nc = rows.findIndex((r) => r.emphasis && /^-\d{4}/.test(r.cells['total'] ?? '')) + 1;
    expect(asPaper(cents(nc).total)).toMatch(/^-\d{1,3},\d{3}\.\d\d$/);
    expect(all).toContain(asPaper(cents(nc).total));
    expect(all.replace(/\s+/g, '')).toContain(code(7));
  });

  it('carries the running sums forward: "Van" at the foot of a page, "Vienen" atop the next', () => {
    const breaks = pages.map(rowsOn).filter((r) => r.length > 0);
    expect(breaks.length).toBeGreaterThanOrEqual(3);
    for (let p = 0; p < breaks.length - 1; p += 1) {
      const carried = expected(sumOf(Math.max(...(breaks[p] ?? []))));
      expect(amountsOn(pages[p] ?? '', 'Van')).toEqual(carried);
      expect(amountsOn(pages[p + 1] ?? '', 'Vienen')).toEqual(carried);
    }
    expect(amountsOn(pages[0] ?? '', 'Vienen')).toBeNull();
    expect(amountsOn(pages[breaks.length - 1] ?? '', 'Van')).toBeNull();
  });

  it('ends the table with its totals, then the empty table, the summary and the signature', () => {
    const last = pages.filter((p) => rowsOn(p).length > 0).pop() ?? '';
    expect(amountsOn(last, 'Totales')).toEqual(expected(totals));
    const end = pages.slice(-2).join('\n');
    expect(end).toContain('No hubo documentos anulados en el mes.');
    expect(amountsOn(end, 'Débito fiscal del mes')).toEqual([asPaper(totals.iva)]);
    expect(end).toContain('Representante legal');
  });
});

describe('book XLSX', async () => {
  const wb = new ExcelJS.Workbook();
  const content = await bookXlsx(book);
  await wb.xlsx.load(content.buffer.slice(content.byteOffset, content.byteOffset + content.byteLength) as ArrayBuffer);
  const text = (sheet: ExcelJS.Worksheet) => sheet.getColumn(1).values.filter((v): v is string => typeof v === 'string');

  it('has a sheet per table and a summary, with names Excel accepts', () => {
    expect(wb.worksheets.map((s) => s.name)).toEqual(['Ventas a contribuyentes detalle', 'Documentos anulados', 'Resumen']);
    expect(sheetName('Resumen', new Set(['resumen']))).toBe('Resumen (2)');
  });

  it('heads each sheet and freezes the column labels', () => {
    for (const sheet of wb.worksheets) {
      expect(text(sheet).slice(0, 6)).toEqual([
        'LIBRO DE VENTAS A CONTRIBUYENTES',
        'Distribuidora El Ejemplo, S.A. de C.V.',
        'NIT: 06140101901013',
        'NRC: 0012345',
        'Punto de venta: M001P001',
        'Mes: noviembre de 2026',
      ]);
    }
    const sheet = wb.worksheets[0] as ExcelJS.Worksheet;
    const labels = sheet.getColumn(1).values.indexOf('N°');
    expect(sheet.getRow(labels).values).toEqual([undefined, ...columns.map((c) => c.label)]);
    expect(sheet.getCell(labels, 6).font.bold).toBe(true);
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: labels });
    expect(sheet.getColumn(4).width).toBeGreaterThan(sheet.getColumn(1).width ?? 0);
  });

  it('writes amounts as numbers, codes as text, and the totals', () => {
    const sheet = wb.worksheets[0] as ExcelJS.Worksheet;
    const first = sheet.getColumn(1).values.indexOf('N°') + 1;
    for (const i of [1, 10, 77, ROWS]) {
      const row = sheet.getRow(first + i - 1);
      expect(row.getCell(1).value).toBe(String(i));
      expect(row.getCell(3).value).toBe(code(i));
      expect(row.getCell(5).value).toBe(nrc(i));
      expect(row.getCell(5).numFmt).toBe('@');
      MONEY.forEach((k, j) => expect(row.getCell(6 + j).value).toBe(cents(i)[k] / 100));
      expect(row.getCell(8).numFmt).toBe('#,##0.00');
    }
    expect(sheet.getCell(first + 9, 8).font.italic).toBe(true);
    const total = sheet.getRow(first + ROWS);
    expect(total.getCell(1).value).toBe('Totales');
    MONEY.forEach((k, j) => expect(total.getCell(6 + j).value).toBe(totals[k] / 100));
    expect(text(wb.worksheets[1] as ExcelJS.Worksheet)).toContain('No hubo documentos anulados en el mes.');
  });

  it('sums the month on "Resumen"', () => {
    const sheet = wb.getWorksheet('Resumen') as ExcelJS.Worksheet;
    const at = sheet.getColumn(1).values.indexOf('Débito fiscal del mes');
    expect(sheet.getCell(at, 2).value).toBe(totals.iva / 100);
    expect(sheet.getCell(at, 2).font.bold).toBe(true);
    expect(text(sheet)).toContain('F. ______________________________  Representante legal');
  });
  it("a file that cannot be written fails, never hangs, and leaves nothing under the book's name", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sello-xlsx-'));
    try {
      // The folder is gone before the first row: the writer learns it only from the stream's error.
      const gone = join(dir, 'gone', 'libro.xlsx');
      await expect(writeBook(book, 'xlsx', gone)).rejects.toThrow(/ENOENT/);
      await expect(writeBook(book, 'pdf', gone)).rejects.toThrow(/ENOENT/);
      await writeBook(book, 'xlsx', join(dir, 'libro.xlsx'));
      expect(readdirSync(dir).sort()).toEqual(['libro.xlsx']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('streams to a file with the same bytes, whenever it is made', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sello-xlsx-'));
    try {
      const path = join(dir, 'libro.xlsx');
      await new Promise((r) => setTimeout(r, 2100)); // past the ZIP's two-second clock: the stamp must do it
      await writeBookXlsx(book, path);
      expect(readFileSync(path).equals(content)).toBe(true);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
