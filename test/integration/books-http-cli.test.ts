// The accountant's month over HTTP and from the command line (issue 16 item 5): files with their names, who may
// ask, bad input answered with the field named and nothing changed, and `sello books` as a real process reading
// the database while the station that wrote it is still open.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildHttpServer } from '../../main/http/server';
import { silentLogger } from '../../main/core/logger';
import type { BooksSettings, MonthBooks, SalesReport } from '../../shared/books';
import { bookMonth, type BookMonth } from '../support/book-month';
import { DEMO_KEY, tempDir } from '../support/core';
import { stringContaining } from '../support/match';
import { ROOT } from '../support/serve-process';
import { sessionHeaders } from '../support/session';

let month: BookMonth;
let app: FastifyInstance;
const who: Record<'admin' | 'supervisor' | 'cajero', Record<string, string>> = { admin: {}, supervisor: {}, cajero: {} };

// This file's own temporary folder (os.tmpdir() reads TMPDIR), to see a book's temporary file go once it is sent.
const scratch = mkdtempSync(join(tmpdir(), 'books-http-'));
const tmpBefore = process.env['TMPDIR'];

beforeAll(async () => {
  month = await bookMonth();
  app = await buildHttpServer(month.core, { logger: silentLogger });
  for (const login of ['admin', 'supervisor', 'cajero'] as const) who[login] = await sessionHeaders(app, login);
  process.env['TMPDIR'] = scratch;
}, 120_000);
afterAll(async () => {
  await app.close();
  await month.close();
  if (tmpBefore === undefined) delete process.env['TMPDIR'];
  else process.env['TMPDIR'] = tmpBefore;
  rmSync(scratch, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = who.supervisor) => app.inject({ method: 'GET', url, headers });

describe('over HTTP', () => {
  it('GET /annexes/:annex answers the file MH takes, named within 25 characters, and the same bytes as the core', async () => {
    const res = await get('/annexes/1?month=2026-11');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="A1_202611_M001P001.CSV"');
    expect(res.headers['content-type']).toBe('text/csv; charset=windows-1252');
    const core = await month.core.books.annexFile('1', '2026-11');
    expect(res.rawPayload.equals(Buffer.from(core.base64, 'base64'))).toBe(true);
    expect(res.rawPayload.toString('latin1').split('\r\n')[0]!.split(';')).toHaveLength(20);
  });

  it('GET /books/:book gives the PDF and the workbook; GET /books the month with its casillas and problems', async () => {
    const pdf = await get('/books/consumidores?month=2026-11');
    expect(pdf.headers['content-disposition']).toBe('attachment; filename="libro-consumidores-2026-11.pdf"');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const xlsx = await get('/books/contribuyentes?month=2026-11&format=xlsx');
    expect(xlsx.headers['content-type']).toContain('spreadsheetml');
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');
    // Written to a temporary file as it is drawn, sent from it with its length, then removed (decision 0044).
    for (const res of [pdf, xlsx]) expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
    const core = await month.core.books.bookFile('contribuyentes', '2026-11', 'xlsx');
    expect(xlsx.rawPayload.equals(Buffer.from(core.base64, 'base64'))).toBe(true);
    await new Promise((r) => setTimeout(r, 50));
    expect(readdirSync(scratch)).toEqual([]);
    const m = (await get('/books?month=2026-11')).json<MonthBooks>();
    expect(m.annexes.map((a) => [a.annex, a.rows])).toEqual([
      ['1', 4],
      ['2', 7],
      ['5', 1],
      ['9', 0],
      ['10', 1],
      ['12', 0],
      ['anulados', 4],
    ]);
  });

  it('GET /reports/sales: every day of the range, the filters, and the documents that need someone', async () => {
    const r = (await get('/reports/sales?from=2026-11-01&to=2026-11-30')).json<SalesReport>();
    expect(r.byDay).toHaveLength(30);
    expect(r.byDay.find((d) => d.date === '2026-11-04')).toMatchObject({ documents: 3 });
    expect(r.attention).toMatchObject({ pending: 0, rejected: 1 });
    expect(r.attention.documents.map((d) => d.id)).toEqual([month.ids.fcRejected]);
    expect(r.options.points).toEqual(['M001P001']);
    const nobody = (await get('/reports/sales?from=2026-11-01&to=2026-11-30&cashier=user:nadie')).json<SalesReport>();
    expect(nobody.totals).toMatchObject({ sales: '0.00', documents: 0 });
    // Top products: the five standing FC sold 2 lb of coffee each; an NC's own line is not a product, nor is $0.
    expect(r.topProducts.find((p) => p.code === 'CAF-001')).toMatchObject({ quantity: '10' });
    expect(r.topProducts.every((p) => Number(p.total) > 0)).toBe(true);
    expect(r.topProducts.map((p) => p.description)).not.toContain('Devolución resma papel');
    // An NC subtracts from the day's sales: the 3rd had an NC and an ND for the same amount.
    expect(r.byDay.find((d) => d.date === '2026-11-03')).toMatchObject({ sales: '0.00', documents: 2 });
  });

  it('bad input is a 422 naming the field, an unknown annex or book a 404, never a 5xx', async () => {
    for (const [url, field] of [
      ['/annexes/1?month=2026-13', 'month'],
      ['/annexes/1', 'month'],
      ['/books/consumidores?month=2026-11&format=doc', 'format'],
      ['/reports/sales?from=2026-11-30&to=2026-11-01', 'from'],
      ['/reports/sales?from=2026-11-01&to=2026-11-30&pos=caja1', 'pos'],
      ['/annexes/2?month=2021-01', 'month'],
    ] as const) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(422);
      expect(
        res.json<{ errors: { path: string }[] }>().errors.map((e) => e.path),
        url,
      ).toContain(field);
    }
    expect((await get('/annexes/7?month=2026-11')).statusCode).toBe(404);
    expect((await get('/books/compras?month=2026-11')).json()).toMatchObject({
      status: 404,
      detail: stringContaining('consumidores'),
    });
  });

  it('a supervisor reads, an administrator decides the settings; a cashier and a POS key get 403', async () => {
    expect((await get('/books?month=2026-11', who.cajero)).statusCode).toBe(403);
    expect((await get('/annexes/1?month=2026-11', { 'x-api-key': DEMO_KEY })).statusCode).toBe(403);
    const put = (headers: Record<string, string>, payload: object) =>
      app.inject({ method: 'PUT', url: '/settings/books', headers, payload });
    expect((await put(who.supervisor, { encoding: 'utf-8' })).statusCode).toBe(403);
    const bad = await put(who.admin, { encoding: 'latin-9', annex1Total: 'con-iva' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json<{ errors: { path: string }[] }>().errors.map((e) => e.path)).toEqual(['encoding']);
    // A cost of type "gastos de venta" is not a combination MH takes (docs/mh.md, IVA books): refused, naming the field.
    const matrix = await put(who.admin, { purchaseClass: '1', purchaseCost: '1' });
    expect(matrix.json<{ errors: { path: string }[] }>().errors.map((e) => e.path)).toEqual(['purchaseCost']);
    // Nothing changed: not even the valid half of the refused request.
    expect((await get('/settings/books')).json<BooksSettings>()).toMatchObject({
      encoding: 'windows-1252',
      annex1Total: 'sin-iva',
      purchaseClass: '2',
    });
    const saved = await put(who.admin, { encoding: 'utf-8', annex1Total: 'con-iva' });
    expect(saved.json<BooksSettings>()).toMatchObject({ encoding: 'utf-8', annex1Total: 'con-iva', annulledCode: '36' });
    try {
      const a5 = await get('/annexes/5?month=2026-11');
      expect(a5.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(a5.rawPayload.toString('utf8')).toContain('Juan Antonio Martínez');
      // Anexo 1's P column now adds the débito fiscal: 37.70 + 4.90.
      expect((await get('/annexes/1?month=2026-11')).rawPayload.toString('utf8').split('\r\n')[0]!.split(';')[15]).toBe('42.60');
    } finally {
      await put(who.admin, { encoding: 'windows-1252', annex1Total: 'sin-iva' });
    }
  });
});

describe('sello books', () => {
  const run = (args: string[]) =>
    new Promise<{ code: number | null; out: string; err: string }>((resolve) => {
      const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'main', 'cli', 'main.ts'), 'books', ...args], {
        cwd: ROOT,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let out = '';
      let err = '';
      child.stdout.on('data', (c: Buffer) => (out += c.toString()));
      child.stderr.on('data', (c: Buffer) => (err += c.toString()));
      child.on('exit', (code) => resolve({ code, out, err }));
    });

  it('writes every annex with rows and both books, while the station is open, with progress and the checks', async () => {
    const out = tempDir('sello-books-out-');
    try {
      const r = await run(['--data-dir', join(month.dbFile, '..'), '--month', '2026-11', '--out', out.dir]);
      expect(r.code, r.err).toBe(0);
      expect(readdirSync(out.dir).sort()).toEqual([
        'A10_202611_M001P001.CSV',
        'A1_202611_M001P001.CSV',
        'A2_202611_M001P001.CSV',
        'A5_202611_M001P001.CSV',
        'ANUL_202611_M001P001.CSV',
        'libro-consumidores-2026-11.pdf',
        'libro-consumidores-2026-11.xlsx',
        'libro-contribuyentes-2026-11.pdf',
        'libro-contribuyentes-2026-11.xlsx',
      ]);
      for (const annex of ['1', '2', '5', '10', 'anulados'] as const) {
        const f = await month.core.books.annexFile(annex, '2026-11');
        expect(readFileSync(join(out.dir, f.fileName)).equals(Buffer.from(f.base64, 'base64')), annex).toBe(true);
      }
      expect(r.err).toMatch(/^0 % · Leyendo los documentos del mes$/m);
      expect(r.err).toMatch(/^100 % · Escrito libro-contribuyentes-2026-11\.xlsx$/m);
      expect(r.out).toContain('Anexo 1: ventas a contribuyentes: 4 filas · casilla 85 0.00');
      expect(r.out).toContain('aviso (fila 1, columna A): DTE-03-M001P001-000000000000001 se declaró en octubre de 2026');
    } finally {
      out.cleanup();
    }
  }, 60_000);

  it('a bad month or no station: a clear message and a non-zero exit', async () => {
    const bad = await run(['--data-dir', join(month.dbFile, '..'), '--month', '2026-13', '--out', '/tmp/x']);
    expect(bad.code).toBe(2);
    expect(bad.err).toContain('--month 2026-13: Use el mes como AAAA-MM');
    const empty = tempDir();
    try {
      const none = await run(['--data-dir', empty.dir, '--month', '2026-11', '--out', '/tmp/x']);
      expect(none.code).toBe(1);
      expect(none.err).toContain('sello:');
    } finally {
      empty.cleanup();
    }
  }, 60_000);
});
