// The product catalog's pieces (issue 14): the CSV reader and writer (RFC 4180 and what spreadsheets really save),
// the rules of a product and its two prices, the cells of an imported file, the workbook guard, and the catalog
// over the desktop window's IPC.
import { describe, expect, it } from 'vitest';
import { coreApi } from '../../main/core/api-adapter';
import { CsvError, csvField, parseCsv, undefused, writeCsv } from '../../main/core/catalog/csv';
import { MAX_UNPACKED_BYTES, zipUnpackedSize } from '../../main/core/catalog/xlsx';
import { silentLogger } from '../../main/core/logger';
import { handleIpc } from '../../main/electron/ipc';
import type { SelloApi } from '../../shared/api';
import {
  activeFromCell,
  columnName,
  derivePrices,
  itemTypeFromCell,
  priceFromCell,
  pricesAgree,
  productInput,
  saleTypeFromCell,
  unitFromCell,
} from '../../shared/catalog';
import { validate } from '../../shared/contract/validate';
import { computeSale } from '../../shared/tax/sale';
import { testCore } from '../support/core';

describe('CSV', () => {
  it('reads quoted fields with separators, doubled quotes and line breaks, and every kind of line end', () => {
    expect(parseCsv('a,b,c\r\n"1,5","dice ""sí""","dos\r\nlíneas"\r\n').records).toEqual([
      ['a', 'b', 'c'],
      ['1,5', 'dice "sí"', 'dos\r\nlíneas'],
    ]);
    expect(parseCsv('a,b\n1,2\r3,4').records).toEqual([
      ['a', 'b'],
      ['1', '2'],
      ['3', '4'],
    ]);
    expect(parseCsv('a,,c\n,\n').records).toEqual([
      ['a', '', 'c'],
      ['', ''],
    ]);
    expect(parseCsv('"",x\n').records).toEqual([['', 'x']]);
    // A stray quote inside a field, or text after a closing quote, is kept as spreadsheets keep it.
    expect(parseCsv('5" pulgadas,"ab"c\n').records).toEqual([['5" pulgadas', 'abc']]);
    expect(parseCsv('').records).toEqual([]);
  });

  it('takes the byte order mark off, finds `;` or tab as the separator, and honours Excel’s sep= line', () => {
    expect(parseCsv('\uFEFFcódigo;precio\nA;1,25\n')).toEqual({
      separator: ';',
      records: [
        ['código', 'precio'],
        ['A', '1,25'],
      ],
    });
    expect(parseCsv('a\tb\n1\t2\n').separator).toBe('\t');
    expect(parseCsv('"a;b",c\n').separator).toBe(',');
    expect(parseCsv('sep=;\r\na,b;c\r\n')).toEqual({ separator: ';', records: [['a,b', 'c']] });
  });

  it('says where a quote was left open', () => {
    expect(() => parseCsv('a,b\n1,"2\n3,4\n')).toThrow(CsvError);
    expect(() => parseCsv('a,b\n1,"2\n3,4\n')).toThrow('desde la fila 2');
  });

  it('writes what it reads: quotes where needed, formulas defused, a BOM and CRLF', () => {
    const rows = [
      ['codigo', 'descripcion'],
      ['=SUM(A1)', 'Dice "hola", y\nsigue'],
      ['-5', '@arroba; +más'],
      ['simple', ''],
    ];
    const text = writeCsv(rows);
    expect(text.startsWith('\uFEFFcodigo,descripcion\r\n')).toBe(true);
    expect(text.endsWith('\r\n')).toBe(true);
    expect(csvField('=SUM(A1)')).toBe("'=SUM(A1)");
    expect(csvField('a,b')).toBe('"a,b"');
    expect(parseCsv(text).records.map((r) => r.map(undefused))).toEqual(rows);
    expect(undefused("'hola")).toBe("'hola");
  });
});

describe('a product', () => {
  const base = { code: 'A-1', description: 'Algo' };
  const parsed = (extra: Record<string, unknown>) => validate(productInput, { ...base, ...extra });

  it('GRAVADA: the net price from the shelf price lands on the shelf price on the FC, and the other way round', () => {
    for (const shelf of ['0.01', '0.25', '1.00', '4.99', '8.50', '19.99', '1234.56']) {
      const p = derivePrices('GRAVADA', { shelfPrice: shelf });
      const sale = computeSale('FC', { items: [{ quantity: 7, unitPrice: Number(p.netPrice), saleType: 'GRAVADA' }] });
      expect(sale.totals.totalPagar.toFixed(2), shelf).toBe((Number(shelf) * 7).toFixed(2));
      expect(pricesAgree('GRAVADA', shelf, p.netPrice), shelf).toBe(true);
    }
    expect(derivePrices('GRAVADA', { netPrice: '1.23456789' })).toEqual({ shelfPrice: '1.39506172', netPrice: '1.23456789' });
    expect(derivePrices('GRAVADA', { shelfPrice: '0.00000001' })).toEqual({ shelfPrice: '0.00000001', netPrice: '0.00000001' });
    expect(derivePrices('EXENTA', { netPrice: '2.50' })).toEqual({ shelfPrice: '2.50', netPrice: '2.50' });
    expect(pricesAgree('NO_SUJETA', '2.50', '2.5')).toBe(true);
    expect(pricesAgree('GRAVADA', '1.13', '1.01')).toBe(false);
  });

  it('takes numbers and decimal strings, keeps cents, and says what is wrong with a price', () => {
    expect(parsed({ shelfPrice: 1.5 })).toMatchObject({ ok: true, value: { shelfPrice: '1.50', unitMeasure: 'UNIDAD', barcodes: [] } });
    expect(parsed({ shelfPrice: ' 2 ' })).toMatchObject({ ok: true, value: { shelfPrice: '2.00', netPrice: '1.7699115' } });
    expect(parsed({ shelfPrice: null, netPrice: 1e-7 })).toMatchObject({
      ok: true,
      value: { netPrice: '0.0000001', shelfPrice: '0.00000011' },
    });
    const errors = (shelfPrice: unknown) => {
      const r = parsed({ shelfPrice });
      return r.ok ? [] : r.errors.map((e) => `${e.path} ${e.code}`);
    };
    expect(errors(0)).toEqual(['shelfPrice NOT_POSITIVE']);
    expect(errors('-3')).toEqual(['shelfPrice NOT_POSITIVE']);
    expect(errors(1.123456789)).toEqual(['shelfPrice TOO_MANY_DECIMALS']);
    expect(errors('1.123456789')).toEqual(['shelfPrice TOO_MANY_DECIMALS']);
    expect(errors('1e3')).toEqual(['shelfPrice INVALID_FORMAT']);
    expect(errors(true)).toEqual(['shelfPrice INVALID_TYPE']);
    expect(errors(100_000_000_000)).toEqual(['shelfPrice TOO_LARGE']);
    expect(errors(Number.NaN)).toEqual(['shelfPrice INVALID_TYPE']);
  });

  it('refuses OTROS, units outside CAT-014, control characters in the code and barcodes that are not letters and digits', () => {
    const r = validate(productInput, {
      code: 'A\t1',
      description: 'Algo',
      itemType: 'OTROS',
      unitMeasure: 'CAJITA',
      barcodes: ['ABC-1', ''],
      shelfPrice: 1,
    });
    expect(r.ok ? [] : r.errors.map((e) => `${e.path} ${e.code}`)).toEqual([
      'code INVALID_FORMAT',
      'barcodes.0 INVALID_FORMAT',
      'barcodes.1 INVALID_FORMAT',
      'unitMeasure UNKNOWN_CODE',
      'itemType INVALID_ENUM',
    ]);
  });
});

describe('cells of an imported file', () => {
  it('reads prices as spreadsheets write them', () => {
    expect(['1.25', '$1.25', '1,25', ' 1 234,50 ', '1,234.50', '1.234,50', '1,234,567', '12'].map(priceFromCell)).toEqual([
      '1.25',
      '1.25',
      '1.25',
      '1234.50',
      '1234.50',
      '1234.50',
      '1234567',
      '12',
    ]);
  });

  it('reads units, item and sale types, and sí/no as people write them', () => {
    expect(['UNIDAD', 'unidad', '59', 'Metro cuadrado', 'METRO_CUADRADO', 'cajita'].map(unitFromCell)).toEqual([
      'UNIDAD',
      'UNIDAD',
      'UNIDAD',
      'METRO_CUADRADO',
      'METRO_CUADRADO',
      null,
    ]);
    expect(['bienes', 'Servicio', '3', 'Bienes y servicios', 'OTROS', '4'].map(itemTypeFromCell)).toEqual([
      'BIENES',
      'SERVICIOS',
      'BIENES_Y_SERVICIOS',
      'BIENES_Y_SERVICIOS',
      null,
      null,
    ]);
    expect(['Gravada', 'exento', 'no sujeta', 'NO-SUJETA', 'libre'].map(saleTypeFromCell)).toEqual([
      'GRAVADA',
      'EXENTA',
      'NO_SUJETA',
      'NO_SUJETA',
      null,
    ]);
    expect(['sí', 'SI', 'x', '1', 'No', 'falso', 'quizá'].map(activeFromCell)).toEqual([true, true, true, true, false, false, null]);
    expect(['Código', ' Precio con IVA ', 'código-barras'].map(columnName)).toEqual(['codigo', 'precio_con_iva', 'codigo_barras']);
  });
});

describe('a workbook', () => {
  /** A ZIP with one stored entry whose central directory claims `size` bytes. */
  const zip = (size: number) => {
    const name = Buffer.from('a.xml');
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    const end = Buffer.alloc(22);
    end.writeUInt32LE(0x06054b50, 0);
    end.writeUInt16LE(1, 8);
    end.writeUInt16LE(1, 10);
    end.writeUInt32LE(46 + name.length, 12);
    end.writeUInt32LE(0, 16);
    return Buffer.concat([central, name, end]);
  };

  it('says what a ZIP unpacks to before anything is inflated; anything else is no workbook', () => {
    expect(zipUnpackedSize(zip(1000))).toBe(1000);
    expect(zipUnpackedSize(zip(MAX_UNPACKED_BYTES + 1))).toBeGreaterThan(MAX_UNPACKED_BYTES);
    expect(zipUnpackedSize(zip(0xffffffff))).toBe(Number.POSITIVE_INFINITY);
    expect(zipUnpackedSize(Buffer.from('no es un zip'))).toBeNull();
  });
});

describe('the catalog over IPC', () => {
  it('the desktop window reads and changes it with its session’s role', async () => {
    const core = testCore();
    try {
      const api = coreApi(core, silentLogger) as SelloApi;
      const ipc = handleIpc(api, () => true);
      const send = (method: string, ...args: unknown[]) => ipc({ senderFrame: { url: 'app://sello/' } }, { method, args });
      expect(await api.login('cajero', '123456')).toMatchObject({ ok: true });
      expect(await send('createProduct', { code: 'A', description: 'A', shelfPrice: 1 })).toMatchObject({
        ok: false,
        error: { code: 'FORBIDDEN' },
      });
      await api.logout();
      await api.login('supervisor', 'demo-super');
      expect(await send('createProduct', { code: 'A', description: 'Azúcar', shelfPrice: 1 })).toMatchObject({
        ok: true,
        value: { code: 'A', netPrice: '0.88495575' },
      });
      expect(await send('listProducts', { q: 'AZUCAR', active: true, limit: 5 })).toMatchObject({
        ok: true,
        value: { items: [{ code: 'A' }] },
      });
      expect(await send('listProducts', { limit: 0 })).toMatchObject({ ok: false, error: { code: 'VALIDATION_FAILED' } });
      expect(await send('exportProducts', 'csv')).toMatchObject({
        ok: true,
        value: { format: 'csv', fileName: expect.stringMatching(/\.csv$/) as string },
      });
      expect(await send('exportProducts', 'pdf')).toMatchObject({ ok: false, error: { code: 'VALIDATION_FAILED' } });
    } finally {
      core.cleanup();
    }
  });
});
