// The product catalog over HTTP (issue 14, item 1): products added and edited by a supervisor, read by everyone
// (a POS key too), searched without accents, by code and by barcode; imported from CSV and XLSX with a preview
// that names each row's problems, and exported so that the file imports back unchanged.
import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import BetterSqlite3 from 'better-sqlite3';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildHttpServer } from '../../main/http/server';
import { silentLogger } from '../../main/core/logger';
import type { Product, ProductImportResult, ProductPage } from '../../shared/catalog';
import type { DteRecord } from '../../shared/records';
import { fcBody } from '../fixtures/bodies';
import { DEMO_KEY, fixedClock, testCore } from '../support/core';
import type { Problem } from '../support/http-station';
import { sessionHeaders } from '../support/session';

let core: ReturnType<typeof testCore>;
let app: FastifyInstance;
let supervisor: Record<string, string>;
let cashier: Record<string, string>;
const pos = { 'x-api-key': DEMO_KEY };

beforeEach(async () => {
  core = testCore(fixedClock());
  app = await buildHttpServer(core, { logger: silentLogger });
  supervisor = await sessionHeaders(app, 'supervisor');
  cashier = await sessionHeaders(app, 'cajero');
});
afterEach(async () => {
  await app.close();
  core.cleanup();
});

type Method = 'GET' | 'POST' | 'PUT';
const call = (method: Method, url: string, headers: Record<string, string>, payload?: unknown) =>
  app.inject({
    method,
    url,
    headers: { ...headers, 'x-api-version': '1' },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
const create = async (body: Record<string, unknown>) => {
  const res = await call('POST', '/products', supervisor, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Product>();
};
const list = async (query: string, headers = supervisor) => {
  const res = await call('GET', `/products${query}`, headers);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ProductPage>();
};
const importFile = async (format: 'csv' | 'xlsx', content: string, apply = false) => {
  const res = await call('POST', '/products/import', supervisor, { format, content, apply });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ProductImportResult>();
};
const auditActions = () =>
  (
    new BetterSqlite3(join(core.dataDir, 'sello.db'), { readonly: true })
      .prepare("SELECT action, actor, subject FROM audit_log WHERE action LIKE 'catalog.%' ORDER BY seq")
      .all() as { action: string; actor: string; subject: string | null }[]
  ).map((r) => ({ ...r }));

const COFFEE = {
  code: 'CAF-001',
  barcodes: ['7501234567890'],
  description: 'Café molido 1 lb',
  unitMeasure: 'LIBRA',
  itemType: 'BIENES',
  saleType: 'GRAVADA',
  shelfPrice: '4.99',
};

describe('a product', () => {
  it('by its shelf price: the net price is derived, and an FC at that net price totals the shelf price', async () => {
    const coffee = await create(COFFEE);
    expect(coffee).toMatchObject({ ...COFFEE, shelfPrice: '4.99', netPrice: '4.4159292', active: true });
    expect(coffee.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    const screw = await create({ code: 'TOR-14', description: 'Tornillo 1/4', shelfPrice: 0.25 });
    expect(screw).toMatchObject({
      unitMeasure: 'UNIDAD',
      itemType: 'BIENES',
      saleType: 'GRAVADA',
      shelfPrice: '0.25',
      netPrice: '0.22123894',
    });

    // The POS reads the catalog and sells 3 coffees and 7 screws: the customer pays 3 × 4.99 + 7 × 0.25 = 16.72.
    const found = await list(`?barcode=7501234567890`, pos);
    expect(found.items.map((p) => p.code)).toEqual(['CAF-001']);
    const line = (p: Product, quantity: number) => ({
      type: p.itemType,
      internalCode: p.code,
      description: p.description,
      quantity,
      unitMeasure: p.unitMeasure,
      unitPrice: Number(p.netPrice),
      saleType: p.saleType,
    });
    const id = '5a1e0000-0000-4000-8000-000000000001';
    const { itemsNoGrav: _n, attachments: _a, discountGrav: _d, ...body } = fcBody(id);
    const res = await call('POST', '/dte/fc', pos, { ...body, items: [line(found.items[0]!, 3), line(screw, 7)] });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<DteRecord>().total).toBe('16.72');
    const mh = core.dtes.mhDocument(id).document as { cuerpoDocumento: { precioUni: number }[]; resumen: { totalPagar: number } };
    expect(mh.cuerpoDocumento.map((l) => l.precioUni)).toEqual([4.99, 0.25]);
    expect(mh.resumen.totalPagar).toBe(16.72);
  });

  it('by its net price: the shelf price is derived with MH’s 8 decimals; exempt and non-subject prices are one price', async () => {
    expect(await create({ code: 'N-1', description: 'Neto', netPrice: 10 })).toMatchObject({ shelfPrice: '11.30', netPrice: '10.00' });
    expect(await create({ code: 'N-2', description: 'Neto fino', netPrice: '0.12345678' })).toMatchObject({
      shelfPrice: '0.13950616',
      netPrice: '0.12345678',
    });
    expect(await create({ code: 'E-1', description: 'Libro', saleType: 'EXENTA', shelfPrice: '12.5' })).toMatchObject({
      shelfPrice: '12.50',
      netPrice: '12.50',
    });
    expect(await create({ code: 'S-1', description: 'Servicio', itemType: 'SERVICIOS', saleType: 'NO_SUJETA', netPrice: 3 })).toMatchObject(
      {
        shelfPrice: '3.00',
        netPrice: '3.00',
      },
    );
    // Both prices, when they belong together, are taken as they are.
    expect(await create({ code: 'B-1', description: 'Ambos', shelfPrice: '1.13', netPrice: '1' })).toMatchObject({
      shelfPrice: '1.13',
      netPrice: '1.00',
    });
  });

  it('a wrong one is a 422 naming each field, in Spanish, and nothing is stored', async () => {
    const res = await call('POST', '/products', supervisor, {
      code: 'X'.repeat(26),
      barcodes: ['750 123', '7.50123E+12'],
      description: '',
      unitMeasure: 'CAJITA',
      itemType: 'OTROS',
      saleType: 'GRAVADA',
      shelfPrice: '1.123456789',
      color: 'rojo',
    });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.headers['content-type']).toContain('application/problem+json');
    const p = res.json<Problem>();
    expect(p.code).toBe('VALIDATION_FAILED');
    const byPath = Object.fromEntries(p.errors.map((e) => [e.path, e]));
    expect(Object.keys(byPath).sort()).toEqual([
      'barcodes.0',
      'barcodes.1',
      'code',
      'color',
      'description',
      'itemType',
      'shelfPrice',
      'unitMeasure',
    ]);
    expect(byPath.code).toMatchObject({ code: 'TOO_LONG', message: 'Como máximo 25 caracteres.' });
    expect(byPath['barcodes.1']!.message).toContain('dé formato de texto');
    expect(byPath.unitMeasure!.message).toContain('CAT-014');
    expect(byPath.itemType!.message).toContain('BIENES, SERVICIOS, BIENES_Y_SERVICIOS');
    expect(byPath.shelfPrice).toMatchObject({ code: 'TOO_MANY_DECIMALS' });

    const prices = await call('POST', '/products', supervisor, { code: 'A', description: 'Sin precio' });
    expect(prices.json<Problem>().errors).toEqual([
      { path: 'shelfPrice', code: 'REQUIRED', message: 'Indique el precio con IVA (shelfPrice) o el precio sin IVA (netPrice).' },
    ]);
    const apart = await call('POST', '/products', supervisor, { code: 'A', description: 'Dos precios', shelfPrice: 2, netPrice: 2 });
    expect(apart.json<Problem>().errors).toEqual([expect.objectContaining({ path: 'netPrice', code: 'NOT_ALLOWED' })]);
    for (const shelfPrice of [0, -1, '1,5', 'gratis', true, 1e12]) {
      const r = await call('POST', '/products', supervisor, { code: 'A', description: 'Precio', shelfPrice });
      expect(r.statusCode, String(shelfPrice)).toBe(422);
      expect(
        r.json<Problem>().errors.map((e) => e.path),
        String(shelfPrice),
      ).toEqual(['shelfPrice']);
    }
    expect((await list('')).items).toEqual([]);
    expect(auditActions()).toEqual([]);
  });

  it('codes are unique in any case, and a barcode belongs to one product', async () => {
    const coffee = await create(COFFEE);
    const again = await call('POST', '/products', supervisor, { ...COFFEE, code: 'caf-001', barcodes: [] });
    expect(again.statusCode).toBe(422);
    expect(again.json<Problem>().errors).toEqual([expect.objectContaining({ path: 'code', code: 'DUPLICATE' })]);
    const scanned = await call('POST', '/products', supervisor, { ...COFFEE, code: 'CAF-002', barcodes: ['111', '7501234567890'] });
    expect(scanned.json<Problem>().errors).toEqual([
      { path: 'barcodes.1', code: 'DUPLICATE', message: 'El código de barras 7501234567890 ya es del producto CAF-001.' },
    ]);
    const twice = await call('POST', '/products', supervisor, { ...COFFEE, code: 'CAF-002', barcodes: ['111', '111'] });
    expect(twice.json<Problem>().errors).toEqual([expect.objectContaining({ path: 'barcodes.1', code: 'DUPLICATE' })]);
    // A product keeps its own barcode when edited, and can give it away.
    const other = await create({ ...COFFEE, code: 'CAF-002', barcodes: ['222'] });
    expect((await call('PUT', `/products/${coffee.id}`, supervisor, { ...COFFEE, barcodes: ['7501234567890', '333'] })).statusCode).toBe(
      200,
    );
    expect((await call('PUT', `/products/${other.id}`, supervisor, { ...COFFEE, code: 'CAF-002', barcodes: ['333'] })).statusCode).toBe(
      422,
    );
    expect((await call('PUT', `/products/${coffee.id}`, supervisor, { ...COFFEE, barcodes: [] })).statusCode).toBe(200);
    expect((await call('PUT', `/products/${other.id}`, supervisor, { ...COFFEE, code: 'CAF-002', barcodes: ['333'] })).statusCode).toBe(
      200,
    );
    expect((await list('?barcode=333')).items.map((p) => p.code)).toEqual(['CAF-002']);
  });

  it('an edit replaces the product (active kept when left out); the same edit again writes nothing', async () => {
    const coffee = await create(COFFEE);
    const off = await call('PUT', `/products/${coffee.id}`, supervisor, { ...COFFEE, active: false });
    expect(off.json<Product>()).toMatchObject({ active: false });
    const priced = await call('PUT', `/products/${coffee.id.toUpperCase()}`, supervisor, { ...COFFEE, shelfPrice: undefined, netPrice: 5 });
    expect(priced.statusCode, priced.body).toBe(200);
    expect(priced.json<Product>()).toMatchObject({ shelfPrice: '5.65', netPrice: '5.00', active: false, createdAt: coffee.createdAt });
    const same = await call('PUT', `/products/${coffee.id}`, supervisor, { ...COFFEE, shelfPrice: '5.65' });
    expect(same.json<Product>()).toEqual(priced.json<Product>());
    expect(auditActions()).toEqual([
      { action: 'catalog.product.created', actor: 'user:supervisor', subject: coffee.id },
      { action: 'catalog.product.updated', actor: 'user:supervisor', subject: coffee.id },
      { action: 'catalog.product.updated', actor: 'user:supervisor', subject: coffee.id },
    ]);
    const missing = await call('PUT', '/products/5a1e0000-0000-4000-8000-00000000dead', supervisor, COFFEE);
    expect(missing.statusCode).toBe(404);
    expect(missing.json<Problem>()).toMatchObject({ code: 'NOT_FOUND' });
    expect((await call('GET', '/products/no-such-id', cashier)).statusCode).toBe(404);
  });
});

describe('who', () => {
  it('a cashier and a POS read the catalog and export it, but neither changes it (403)', async () => {
    const coffee = await create(COFFEE);
    for (const [who, headers] of [
      ['cashier', cashier],
      ['pos', pos],
    ] as const) {
      expect((await call('GET', '/products?q=cafe', headers)).json<ProductPage>().items, who).toHaveLength(1);
      expect((await call('GET', `/products/${coffee.id}`, headers)).json<Product>().code, who).toBe('CAF-001');
      expect((await call('GET', '/products/export?format=csv', headers)).statusCode, who).toBe(200);
      for (const [method, url, body] of [
        ['POST', '/products', { ...COFFEE, code: 'OTRO' }],
        ['PUT', `/products/${coffee.id}`, { ...COFFEE, shelfPrice: '0.01' }],
        ['POST', '/products/import', { format: 'csv', content: 'codigo,descripcion,precio_con_iva\nX,Y,1\n', apply: true }],
      ] as const) {
        const res = await call(method, url, headers, body);
        expect(res.statusCode, `${who} ${method} ${url}`).toBe(403);
        expect(res.json<Problem>().code).toBe('FORBIDDEN');
      }
    }
    expect((await call('GET', '/products', {})).statusCode).toBe(401);
    expect((await list('')).items.map((p) => [p.code, p.shelfPrice])).toEqual([['CAF-001', '4.99']]);
  });
});

describe('search', () => {
  it('by words without case or accents, by code in any case, by exact barcode, by active; a page at a time', async () => {
    await create(COFFEE);
    await create({ code: 'caf-010', description: 'Cafetera de aluminio', shelfPrice: '18.00', barcodes: ['ABC123'] });
    await create({ code: 'AZU-2', description: 'Azúcar morena 2 lb', shelfPrice: '2.10', active: false });
    await create({ code: 'PAN-1', description: 'Pan francés', shelfPrice: '0.10' });
    const codes = async (q: string) => (await list(q)).items.map((p) => p.code);
    expect(await codes('?q=CAFE')).toEqual(['CAF-001', 'caf-010']);
    expect(await codes('?q=café%20MOLIDO')).toEqual(['CAF-001']);
    expect(await codes('?q=azucar')).toEqual(['AZU-2']);
    expect(await codes('?q=FRANCES')).toEqual(['PAN-1']);
    expect(await codes('?q=50%25')).toEqual([]);
    expect(await codes('?q=7501234567890')).toEqual(['CAF-001']);
    expect(await codes('?code=CAF-010')).toEqual(['caf-010']);
    expect(await codes('?barcode=ABC123')).toEqual(['caf-010']);
    expect(await codes('?barcode=750123')).toEqual([]);
    expect(await codes('?active=false')).toEqual(['AZU-2']);
    expect(await codes('?active=true&q=a')).toEqual(['CAF-001', 'caf-010', 'PAN-1']);
    const first = await list('?limit=3');
    expect(first.items.map((p) => p.code)).toEqual(['AZU-2', 'CAF-001', 'caf-010']);
    const rest = await list(`?limit=3&cursor=${first.nextCursor!}`);
    expect(rest).toEqual({ items: [expect.objectContaining({ code: 'PAN-1' })], nextCursor: null });
    // A cursor the list did not hand out is a 422 naming it, not a page after whatever it decodes to.
    const b64 = (text: string) => Buffer.from(text, 'utf8').toString('base64url');
    for (const cursor of ['garbage!', `${first.nextCursor!}=`, b64('CAF-010'), b64(' caf-010'), b64('x'.repeat(80)), '%FF']) {
      const bad = await call('GET', `/products?limit=3&cursor=${encodeURIComponent(cursor)}`, supervisor);
      expect(bad.statusCode, cursor).toBe(422);
      expect(bad.json(), cursor).toMatchObject({ code: 'VALIDATION_FAILED', errors: [expect.objectContaining({ path: 'cursor' })] });
    }
    // The quick sale's exact lookups (one prepared statement, issue 35): the active filter and every barcode in order.
    await create({ code: 'LEC-3', description: 'Leche 3', shelfPrice: '1.00', barcodes: ['222', '111', '333'] });
    expect((await list('?barcode=333&active=true')).items.map((p) => [p.code, p.barcodes])).toEqual([['LEC-3', ['222', '111', '333']]]);
    expect(await codes('?barcode=ABC123&active=false')).toEqual([]);
    expect(await codes('?code=azu-2&active=true')).toEqual([]);
    expect(await codes('?code=azu-2&active=false')).toEqual(['AZU-2']);
    expect(await list('?code=pan-1&limit=1')).toEqual({
      items: [expect.objectContaining({ code: 'PAN-1', barcodes: [] })],
      nextCursor: null,
    });
    expect(await list('?barcode=111', pos)).toEqual(await list('?q=111'));
    const bad = await call('GET', '/products?limit=0&color=rojo', supervisor);
    expect(bad.statusCode).toBe(422);
    expect(
      bad
        .json<Problem>()
        .errors.map((e) => e.path)
        .sort(),
    ).toEqual(['color', 'limit']);
  });
});

const csv = (...lines: string[]) => `${lines.join('\r\n')}\r\n`;

describe('import', () => {
  it('a preview says what each row does and what is wrong with it, and stores nothing; apply saves the good rows', async () => {
    const coffee = await create(COFFEE);
    const file = csv(
      'codigo,codigo_barras,descripcion,unidad,tipo_item,tipo_venta,precio_con_iva,precio_sin_iva,activo,notas',
      'CAF-001,7501234567890,Café molido 1 lb,LIBRA,BIENES,GRAVADA,5.25,,sí,sube',
      'LEC-1,7400000000011|7400000000028,"Leche entera, 1 litro",litro,bienes,gravada,$1.15,,,',
      'TOR-1,,Tornillo,CAJITA,BIENES,GRAVADA,0.05,,,unidad mala',
      'DUP-1,,Primero,UNIDAD,,,1.00,,,',
      'dup-1,,Segundo,UNIDAD,,,2.00,,,',
      'PRE-1,,Precio malo,UNIDAD,,,uno,,,',
      'OTR-1,,Impuesto,UNIDAD,OTROS,,1,,,',
      '',
      'SRV-1,,"Instalación ""express""',
      'en dos líneas",59,2,exenta,,20,no,',
    );
    const preview = await importFile('csv', file);
    expect(preview.applied).toBe(false);
    expect(preview.ignoredColumns).toEqual(['notas']);
    expect(preview.summary).toEqual({ rows: 8, create: 2, update: 1, unchanged: 0, error: 5 });
    const rows = Object.fromEntries(preview.rows.map((r) => [r.row, r]));
    expect(rows[2]).toMatchObject({ code: 'CAF-001', action: 'update', id: coffee.id, changed: ['precio_con_iva', 'precio_sin_iva'] });
    expect(rows[2]!.product).toMatchObject({ shelfPrice: '5.25', netPrice: '4.6460177' });
    expect(rows[3]).toMatchObject({
      action: 'create',
      product: {
        code: 'LEC-1',
        barcodes: ['7400000000011', '7400000000028'],
        description: 'Leche entera, 1 litro',
        unitMeasure: 'LITRO',
        shelfPrice: '1.15',
      },
    });
    expect(rows[4]).toMatchObject({ action: 'error', errors: [expect.objectContaining({ path: 'unidad', code: 'UNKNOWN_CODE' })] });
    expect(rows[4]!.errors[0]!.message).toContain('"CAJITA" no es una unidad');
    for (const r of [5, 6]) {
      expect(rows[r]).toMatchObject({
        action: 'error',
        errors: [{ path: 'codigo', code: 'DUPLICATE', message: expect.stringContaining('filas 5, 6') as string }],
      });
    }
    expect(rows[7]).toMatchObject({
      action: 'error',
      errors: [expect.objectContaining({ path: 'precio_con_iva', code: 'INVALID_FORMAT' })],
    });
    expect(rows[8]!.errors).toEqual([
      expect.objectContaining({ path: 'tipo_item', message: expect.stringContaining('línea de impuesto') as string }),
    ]);
    // The blank line is skipped but counted, as a spreadsheet numbers its rows; a quoted line break is one row.
    expect(rows[10]).toMatchObject({
      action: 'create',
      product: {
        description: 'Instalación "express"\nen dos líneas',
        unitMeasure: 'UNIDAD',
        itemType: 'SERVICIOS',
        saleType: 'EXENTA',
        shelfPrice: '20.00',
        netPrice: '20.00',
        active: false,
      },
    });
    expect((await list('')).items.map((p) => p.shelfPrice)).toEqual(['4.99']);
    expect(auditActions().map((a) => a.action)).toEqual(['catalog.product.created']);

    const applied = await importFile('csv', file, true);
    expect(applied.applied).toBe(true);
    expect(applied.summary).toEqual(preview.summary);
    const created = applied.rows.filter((r) => r.action === 'create');
    expect(created.map((r) => r.id)).toEqual([expect.any(String), expect.any(String)]);
    expect((await list('')).items.map((p) => [p.code, p.shelfPrice, p.active])).toEqual([
      ['CAF-001', '5.25', true],
      ['LEC-1', '1.15', true],
      ['SRV-1', '20.00', false],
    ]);
    expect(auditActions()).toEqual([
      { action: 'catalog.product.created', actor: 'user:supervisor', subject: coffee.id },
      { action: 'catalog.product.updated', actor: 'user:supervisor', subject: coffee.id },
      { action: 'catalog.product.created', actor: 'user:supervisor', subject: created[0]!.id },
      { action: 'catalog.product.created', actor: 'user:supervisor', subject: created[1]!.id },
      { action: 'catalog.products.imported', actor: 'user:supervisor', subject: null },
    ]);
  });

  it('reads Excel’s Spanish CSV: a byte order mark, `;` between fields, decimal commas; empty cells keep what is stored', async () => {
    const coffee = await create(COFFEE);
    const file = `\uFEFF${csv('Código;Descripción;Precio con IVA;Unidad', 'CAF-001;;5,10;', 'NEW-1;"Harina; 1 kg";1.234,50;KILOGRAMO')}`;
    const r = await importFile('csv', file, true);
    expect(r.rows.map((x) => [x.action, x.errors])).toEqual([
      ['update', []],
      ['create', []],
    ]);
    expect(r.rows[0]!.changed).toEqual(['precio_con_iva', 'precio_sin_iva']);
    const saved = (await call('GET', `/products/${coffee.id}`, supervisor)).json<Product>();
    expect(saved).toMatchObject({ ...COFFEE, shelfPrice: '5.10', netPrice: '4.51327434' });
    expect(r.rows[1]!.product).toMatchObject({ description: 'Harina; 1 kg', shelfPrice: '1234.50', unitMeasure: 'KILOGRAMO' });
  });

  it('barcodes may move between products in one file; a barcode two rows claim, or kept by a row that fails, is an error', async () => {
    await create({ code: 'A', description: 'A', shelfPrice: 1, barcodes: ['111'] });
    await create({ code: 'B', description: 'B', shelfPrice: 1, barcodes: ['222'] });
    const moved = await importFile('csv', csv('codigo,codigo_barras,descripcion,precio_con_iva', 'A,222,A,1', 'B,111,B,1'), true);
    expect(moved.summary).toMatchObject({ update: 2, error: 0 });
    expect((await list('?barcode=111')).items.map((p) => p.code)).toEqual(['B']);
    // B's row fails, so B keeps 111, and A cannot take it.
    const kept = await importFile(
      'csv',
      csv('codigo,codigo_barras,descripcion,precio_con_iva', 'A,111,A,1', 'B,333,B,-1', 'C,444|444,C,1', 'D,555,D,1', 'E,555,E,1'),
    );
    expect(kept.rows.map((r) => [r.row, r.action, r.errors.map((e) => `${e.path} ${e.code}`)])).toEqual([
      [2, 'error', ['codigo_barras DUPLICATE']],
      [3, 'error', ['precio_con_iva NOT_POSITIVE']],
      [4, 'error', ['codigo_barras DUPLICATE']],
      [5, 'error', ['codigo_barras DUPLICATE']],
      [6, 'error', ['codigo_barras DUPLICATE']],
    ]);
    expect(kept.rows[0]!.errors[0]!.message).toBe('El código de barras 111 ya es del producto B.');
  });

  it('a supermarket’s whole catalog: 50,000 rows preview and import (a body over the 4 MB of other routes); one more is refused', async () => {
    const rows = (n: number) =>
      Array.from(
        { length: n },
        (_, i) =>
          `P${String(i + 1).padStart(6, '0')},741${String(i + 1).padStart(10, '0')},Producto número ${i + 1} de la góndola del minisúper,59,BIENES,GRAVADA,1.25,,sí`,
      );
    const whole = csv('codigo,codigo_barras,descripcion,unidad,tipo_item,tipo_venta,precio_con_iva,precio_sin_iva,activo', ...rows(50_000));
    expect(Buffer.byteLength(whole)).toBeGreaterThan(4 * 1024 * 1024);
    const preview = await importFile('csv', whole);
    expect(preview.summary).toMatchObject({ create: 50_000, error: 0 });
    expect((await list('?limit=1')).items).toEqual([]);
    const applied = await importFile('csv', whole, true);
    expect(applied.summary).toMatchObject({ create: 50_000, error: 0 });
    expect((await list('?barcode=7410000049999')).items.map((p) => p.code)).toEqual(['P049999']);
    expect((await list('?q=número%2050000')).items.map((p) => p.code)).toEqual(['P050000']);
    // One row more is the whole file refused, naming it, and nothing changes.
    const over = await call('POST', '/products/import', supervisor, {
      format: 'csv',
      content: csv('codigo,descripcion,precio_con_iva', ...Array.from({ length: 50_001 }, (_, i) => `X${i},Otro ${i},1.00`)),
      apply: true,
    });
    expect(over.statusCode).toBe(422);
    expect(over.json<Problem>().errors).toEqual([expect.objectContaining({ path: 'content', code: 'TOO_MANY' })]);
    expect((await list('?code=X1')).items).toEqual([]);
    // Any other route keeps its 4 MB limit, and says so.
    const big = await call('POST', '/products', supervisor, { ...COFFEE, description: 'x'.repeat(5 * 1024 * 1024) });
    expect(big.statusCode).toBe(413);
    expect(big.json<Problem>().detail).toContain(String(4 * 1024 * 1024));
    // The big body is read only for whoever may import: nobody's is refused before it is parsed, a cashier's too.
    const bigImport = { format: 'csv', content: 'x'.repeat(5 * 1024 * 1024) };
    const nobody = await call('POST', '/products/import', {}, bigImport);
    expect(nobody.statusCode).toBe(401);
    expect(nobody.json<Problem>().code).toBe('UNAUTHORIZED');
    const notAllowed = await call('POST', '/products/import', cashier, bigImport);
    expect(notAllowed.statusCode).toBe(403);
  }, 120_000);

  it('a file it cannot read, or without the columns it needs, is a 422 on `content` and changes nothing', async () => {
    const cases: [string, string, string][] = [
      ['csv', 'descripcion,precio_con_iva\nX,1\n', 'Falta la columna codigo'],
      ['csv', 'codigo,descripcion\nX,Y\n', 'Falta la columna precio_con_iva'],
      ['csv', 'codigo,descripcion,precio_con_iva\n"X,Y,1\n', 'comillas sin cerrar desde la fila 2'],
      ['csv', '\n\n', 'El archivo está vacío'],
      ['xlsx', 'codigo,descripcion', 'base64'],
      ['xlsx', Buffer.from('no es un libro').toString('base64'), 'no es un libro de Excel'],
    ];
    for (const [format, content, says] of cases) {
      const res = await call('POST', '/products/import', supervisor, { format, content, apply: true });
      expect(res.statusCode, says).toBe(422);
      const p = res.json<Problem>();
      expect(p.errors?.[0]?.path, says).toBe('content');
      expect(p.errors?.[0]?.message, says).toContain(says);
    }
    const body = await call('POST', '/products/import', supervisor, { format: 'pdf', content: '' });
    expect(
      body
        .json<Problem>()
        .errors.map((e) => e.path)
        .sort(),
    ).toEqual(['content', 'format']);
    expect((await list('')).items).toEqual([]);
  });
});

describe('export', () => {
  const seed = async () => {
    await create(COFFEE);
    await create({ code: '=1+1', barcodes: ['1', '2'], description: 'Dice "hola", y sigue\nen otra línea', shelfPrice: '0.01' });
    await create({ code: 'E-1', description: '-50% libro', saleType: 'EXENTA', netPrice: '12345.12345678', active: false });
    await create({ code: 'N-1', description: 'Neto', itemType: 'BIENES_Y_SERVICIOS', netPrice: '0.00000009', unitMeasure: 'OTRA' });
  };

  it('CSV: every product with its columns in Spanish, an attachment that imports back with every row unchanged', async () => {
    await seed();
    const res = await call('GET', '/products/export?format=csv', cashier);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="productos-2026-11-22.csv"');
    const text = res.body;
    expect(
      text.startsWith('\uFEFFcodigo,codigo_barras,descripcion,unidad,tipo_item,tipo_venta,precio_con_iva,precio_sin_iva,activo\r\n'),
    ).toBe(true);
    expect(text).toContain('CAF-001,7501234567890,Café molido 1 lb,LIBRA,BIENES,GRAVADA,4.99,4.4159292,sí\r\n');
    // A cell a spreadsheet would run as a formula is written with an apostrophe; the import takes it off.
    expect(text).toContain(`'=1+1,1|2,"Dice ""hola"", y sigue\nen otra línea",UNIDAD,BIENES,GRAVADA,0.01,0.00884956,sí`);
    expect(text).toContain("E-1,,'-50% libro,UNIDAD,BIENES,EXENTA,12345.12345678,12345.12345678,no");
    const back = await importFile('csv', text);
    expect(back.rows.map((r) => [r.code, r.action])).toEqual([
      ['=1+1', 'unchanged'],
      ['CAF-001', 'unchanged'],
      ['E-1', 'unchanged'],
      ['N-1', 'unchanged'],
    ]);
    const noKey = await call('GET', '/products/export?format=pdf', supervisor);
    expect(noKey.statusCode).toBe(422);
  });

  it('XLSX: a workbook Excel opens (barcodes as text, prices as numbers) that imports back unchanged, and edited, updates', async () => {
    await seed();
    const res = await call('GET', '/products/export?format=xlsx', supervisor);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(res.headers['content-disposition']).toBe('attachment; filename="productos-2026-11-22.xlsx"');
    const bytes = res.rawPayload;
    expect(bytes.subarray(0, 2).toString()).toBe('PK');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.name).toBe('Productos');
    expect(sheet.getRow(1).values).toEqual([
      undefined,
      'codigo',
      'codigo_barras',
      'descripcion',
      'unidad',
      'tipo_item',
      'tipo_venta',
      'precio_con_iva',
      'precio_sin_iva',
      'activo',
    ]);
    const coffee = sheet.getRow(3);
    expect([coffee.getCell(1).value, coffee.getCell(2).value, coffee.getCell(7).value, coffee.getCell(8).value]).toEqual([
      'CAF-001',
      '7501234567890',
      4.99,
      4.4159292,
    ]);
    expect(sheet.getRow(2).getCell(1).value).toBe('=1+1');

    const back = await importFile('xlsx', bytes.toString('base64'));
    expect(back.rows.map((r) => [r.row, r.code, r.action])).toEqual([
      [2, '=1+1', 'unchanged'],
      [3, 'CAF-001', 'unchanged'],
      [4, 'E-1', 'unchanged'],
      [5, 'N-1', 'unchanged'],
    ]);

    // Someone edits it in Excel: a new price typed as a number, a barcode typed as a number, a formula.
    coffee.getCell(7).value = 5.5;
    coffee.getCell(8).value = null;
    coffee.getCell(2).value = 7501234567891;
    sheet.addRow([
      'NEW-1',
      null,
      { richText: [{ text: 'Jabón ' }, { text: 'de baño', font: { bold: true } }] },
      'unidad',
      'BIENES',
      'GRAVADA',
      { formula: '1+0.5', result: 1.5 },
      null,
      'sí',
    ]);
    const edited = Buffer.from(await workbook.xlsx.writeBuffer()).toString('base64');
    const applied = await importFile('xlsx', edited, true);
    expect(applied.rows.filter((r) => r.action !== 'unchanged').map((r) => [r.row, r.action, r.errors])).toEqual([
      [3, 'update', []],
      [6, 'create', []],
    ]);
    expect((await list('?code=CAF-001')).items[0]).toMatchObject({
      barcodes: ['7501234567891'],
      shelfPrice: '5.50',
      netPrice: '4.86725664',
    });
    expect((await list('?code=NEW-1')).items[0]).toMatchObject({ description: 'Jabón de baño', shelfPrice: '1.50' });
  });
});
