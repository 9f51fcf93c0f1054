// The accountant's November (issue 16), from a month the product made (test/support/book-month.ts): every
// annex byte for byte against files checked by hand against MH's manual (docs/mh.md), the same rows re-derived from
// the signed MH documents alone (test/support/annex-oracle.ts), MH's checks, and both IVA books.
// UPDATE_GOLDEN=1 rewrites the golden files; a rewrite must be read again, column by column, before it is kept.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANNEXES, type BookFile } from '../../shared/books';
import { parseAnnexText } from '../../main/core/books/annex-check';
import { oracleAnnexes } from '../support/annex-oracle';
import { bookMonth, type BookMonth } from '../support/book-month';
import { pdfInfo, pdfText } from '../support/pdf';

const GOLDEN = join(__dirname, '..', 'fixtures', 'golden', 'books');
const UPDATE = process.env.UPDATE_GOLDEN === '1';
const MONTH = '2026-11';

let month: BookMonth;
beforeAll(async () => {
  month = await bookMonth();
}, 120_000);
afterAll(() => month.close());

const bytes = (f: BookFile) => Buffer.from(f.base64, 'base64');
/** The file as checked by hand; written instead when UPDATE_GOLDEN=1. */
function golden(name: string, actual: Buffer): Buffer {
  const file = join(GOLDEN, name);
  if (UPDATE || !existsSync(file)) {
    if (!UPDATE) throw new Error(`no golden file ${name}: run with UPDATE_GOLDEN=1 and read it before keeping it`);
    mkdirSync(GOLDEN, { recursive: true });
    writeFileSync(file, actual);
  }
  return readFileSync(file);
}

describe('the F-07 annexes of a month', () => {
  it('each annex is, byte for byte, the file checked by hand (Windows-1252, `;`, CRLF, no header)', async () => {
    for (const annex of ANNEXES) {
      const f = await month.core.books.annexFile(annex, MONTH);
      expect(f.fileName.length).toBeLessThanOrEqual(25);
      expect(bytes(f).equals(golden(f.fileName, bytes(f))), f.fileName).toBe(true);
    }
  });

  it('the annexes equal an independent reading of the signed MH documents and events', async () => {
    const oracle = oracleAnnexes(month.dbFile, MONTH);
    for (const annex of ['1', '2', '5', '10', 'anulados'] as const) {
      const f = await month.core.books.annexFile(annex, MONTH);
      expect(parseAnnexText(new TextDecoder('windows-1252').decode(bytes(f))), annex).toEqual(oracle[annex]);
      expect(oracle[annex].length, `${annex} has rows to compare`).toBeGreaterThan(0);
    }
  });

  it('what the month holds: contingency documents by their issue day, rejections and invalidations out, October’s FC back', async () => {
    const text = async (a: (typeof ANNEXES)[number]) =>
      new TextDecoder('windows-1252').decode(bytes(await month.core.books.annexFile(a, MONTH)));
    const code = (name: string) => month.ids[name]!.replace(/-/g, '').toUpperCase();
    const a2 = await text('2');
    // fc3 and fc4 were issued on the 4th with MH down and sealed on the 5th: they are the 4th's row.
    expect(a2).toContain(`04/11/2026;4;01;N/A;N/A;N/A;N/A;${code('fc3')};${code('fc4')};`);
    for (const gone of ['fc5', 'fcRejected', 'fcDec']) expect(a2).not.toContain(code(gone));
    expect(a2).toMatch(new RegExp(`^20/10/2026;4;01;N/A;N/A;N/A;N/A;${code('fcOct')};${code('fcOct')};;-`, 'm'));
    expect(await text('1')).not.toContain(code('ccfOct'));
    const anulados = await text('anulados');
    expect(
      anulados
        .split('\r\n')
        .filter(Boolean)
        .map((l) => l.split(';')[9]),
    ).toEqual(['ccfOct', 'fcOct', 'fc5', 'fc7'].map((n) => month.ids[n]!.toUpperCase()));
  });

  it("passes MH's portal checks; the only warnings are the ones the month calls for", async () => {
    const m = await month.core.books.month(MONTH);
    const problems = m.annexes.flatMap((a) => a.problems.map((p) => ({ annex: a.annex, ...p })));
    expect(problems.filter((p) => p.severity === 'error')).toEqual([]);
    expect(problems.map((p) => [p.annex, p.field])).toEqual([
      ['1', 'VENTA A CUENTA DE TERCEROS'],
      ['1', 'VENTA A CUENTA DE TERCEROS'],
      ['anulados', 'NÚMERO DE RESOLUCIÓN'],
    ]);
    expect(problems.find((p) => p.annex === 'anulados')?.message).toContain('declaración modificatoria');
    const casilla = (annex: string, c: string) => m.annexes.find((a) => a.annex === annex)!.casillas.find((x) => x.casilla === c)!.amount;
    expect(casilla('1', '95')).toBe('82.90');
    expect(casilla('1', '97')).toBe('7.50');
    expect(casilla('10', '170')).toBe('6.51');
  });
});

describe('the IVA books of a month', () => {
  async function workbook(book: 'consumidores' | 'contribuyentes') {
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(bytes(await month.core.books.bookFile(book, MONTH, 'xlsx')) as unknown as ArrayBuffer);
    return wb.worksheets.map((ws) => ({
      name: ws.name,
      rows: ws
        .getSheetValues()
        .filter(Boolean)
        .map((r) => (Array.isArray(r) ? r.slice(1).map((v) => (v === undefined ? null : v)) : r)),
    }));
  }

  for (const book of ['consumidores', 'contribuyentes'] as const) {
    it(`${book}: the workbook's cells are the ones checked by hand`, async () => {
      const cells = Buffer.from(`${JSON.stringify(await workbook(book), null, 1)}\n`);
      expect(cells.toString()).toBe(golden(`libro-${book}-${MONTH}.json`, cells).toString());
    });

    it(`${book}: the PDF carries the company on every page and the same totals as the workbook`, async () => {
      const pdf = bytes(await month.core.books.bookFile(book, MONTH, 'pdf'));
      const pages = pdfText(pdf)
        .split('\f')
        .filter((p) => p.trim());
      expect(pages.length).toBe(pdfInfo(pdf).pages);
      for (const p of pages) expect(p).toMatch(/NIT[\s\S]*NRC[\s\S]*noviembre de 2026/);
    });
  }

  it("the books' totals agree with the annexes'", async () => {
    const m = await month.core.books.month(MONTH);
    const casilla = (annex: string, c: string) => m.annexes.find((a) => a.annex === annex)!.casillas.find((x) => x.casilla === c)!.amount;
    // Contributors' book: gravadas CCF + ND − NC = casilla 95 − casilla 97.
    expect(Number(m.ivaSummary.contributor.gravadas)).toBeCloseTo(Number(casilla('1', '95')) - Number(casilla('1', '97')), 2);
    expect(m.ivaSummary.contributor.debito).toBe((Number(casilla('1', '135')) - Number(casilla('1', '143'))).toFixed(2));
  });
});

it('renders the books as pages a person can look at (test-results/render/libro-*.png)', async () => {
  const { pdfPages } = await import('../support/pdf');
  const { statSync } = await import('node:fs');
  for (const book of ['consumidores', 'contribuyentes'] as const) {
    const pages = pdfPages(bytes(await month.core.books.bookFile(book, MONTH, 'pdf')), `libro-${book}`, 70, 2);
    expect(pages.length).toBeGreaterThan(0);
    for (const p of pages) expect(statSync(p).size).toBeGreaterThan(10_000);
  }
});
