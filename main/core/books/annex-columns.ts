// Each annex's columns as MH's annex manual fixes them (docs/mh.md, IVA books): order, name, maximum length and
// what a cell may hold. The builders write in this order and annex-check.ts checks a file against it.
import type { AnnexId } from '../../../shared/books';

export type CellRule =
  /** DD/MM/AAAA (the period rules are annex-check.ts's). */
  | { readonly kind: 'date' }
  /** Two decimals, at most 10 integer digits; negative only where the annex allows it. */
  | { readonly kind: 'amount' }
  /** One of these values. */
  | { readonly kind: 'code'; readonly values: readonly string[] }
  /** Matches the pattern (empty only when optional). */
  | { readonly kind: 'pattern'; readonly pattern: RegExp; readonly hint: string }
  /** Any text up to the column's length. */
  | { readonly kind: 'text' }
  /** Must be empty (a DTE leaves it blank). */
  | { readonly kind: 'blank' };

export interface AnnexColumn {
  readonly letter: string;
  readonly name: string;
  /** MH's maximum length; null for "sin límite". */
  readonly max: number | null;
  readonly required: boolean;
  readonly rule: CellRule;
}

export interface AnnexSpec {
  readonly annex: AnnexId;
  readonly title: string;
  /** The value of the last column (the annex number); null for the anulados annex, which has none. */
  readonly number: string | null;
  readonly columns: readonly AnnexColumn[];
}

const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const col = (i: number, name: string, max: number | null, required: boolean, rule: CellRule): AnnexColumn => ({
  letter: LETTERS[i]!,
  name,
  max,
  required,
  rule,
});
type Def = readonly [name: string, max: number | null, required: boolean, rule: CellRule];
const columns = (defs: readonly Def[]): AnnexColumn[] => defs.map((d, i) => col(i, ...d));

const DATE: CellRule = { kind: 'date' };
const AMOUNT: CellRule = { kind: 'amount' };
const TEXT: CellRule = { kind: 'text' };
const BLANK: CellRule = { kind: 'blank' };
const code = (...values: string[]): CellRule => ({ kind: 'code', values });
const pattern = (p: RegExp, hint: string): CellRule => ({ kind: 'pattern', pattern: p, hint });

/** DTE identifiers in the old columns (docs/mh.md, IVA books: DTE identifiers). */
const RESOLUTION = pattern(/^DTE\d{2}[A-Z0-9]{8}\d{15}$/, 'el número de control sin guiones (28 caracteres)');
const SERIES = pattern(/^[A-Z0-9]{40}$/, 'el sello de recepción de MH (40 caracteres)');
const DOC_NUMBER = pattern(/^[0-9A-F]{32}$/, 'el código de generación sin guiones (32 caracteres)');
const NIT_OR_NRC = pattern(/^(\d{14}|\d{1,8})$/, 'un NIT de 14 dígitos o un NRC, sin guiones');
const NIT = pattern(/^\d{14}$/, 'un NIT de 14 dígitos sin guiones');
const DUI = pattern(/^\d{9}$/, 'un DUI de 9 dígitos sin guiones');
/** Income tax (Renta) codes of sales, §7.1 and §7.2; 0 before January 2025. */
export const SALES_OPERATIONS = ['0', '1', '2', '3', '4', '12', '13'] as const;
export const SALES_INCOMES = ['0', '1', '2', '3', '4', '5', '6', '7', '8', '9', '10', '12', '13'] as const;
/** Purchases' classification (§7.3); 0 before February 2024, 8 and 9 special. */
const PURCHASE_OPERATIONS = ['0', '1', '2', '3', '4', '8', '9'];
const PURCHASE_CLASSES = ['0', '1', '2', '8', '9'];
const PURCHASE_SECTORS = ['0', '1', '2', '3', '4', '8', '9'];
const PURCHASE_COSTS = ['0', '1', '2', '3', '4', '5', '6', '7', '8', '9'];

export const ANNEX_SPECS: Readonly<Record<AnnexId, AnnexSpec>> = {
  '1': {
    annex: '1',
    title: 'Anexo 1: ventas a contribuyentes',
    number: '1',
    columns: columns([
      ['FECHA DE EMISIÓN DEL DOCUMENTO', 10, true, DATE],
      ['CLASE DE DOCUMENTO', 1, true, code('1', '2', '4')],
      ['TIPO DE DOCUMENTO', 2, true, code('03', '05', '06')],
      ['NÚMERO DE RESOLUCIÓN', 100, true, RESOLUTION],
      ['NÚMERO DE SERIE DE DOCUMENTO', 100, true, SERIES],
      ['NÚMERO DE DOCUMENTO', 100, true, DOC_NUMBER],
      ['NÚMERO DE CONTROL INTERNO', 100, false, BLANK],
      ['NIT O NRC DEL CLIENTE', 14, false, NIT_OR_NRC],
      ['NOMBRE, RAZÓN SOCIAL O DENOMINACIÓN', null, true, TEXT],
      ['VENTAS EXENTAS', 10, true, AMOUNT],
      ['VENTAS NO SUJETAS', 10, true, AMOUNT],
      ['VENTAS GRAVADAS LOCALES', 10, true, AMOUNT],
      ['DÉBITO FISCAL', 10, true, AMOUNT],
      ['VENTAS A CUENTA DE TERCEROS NO DOMICILIADOS', 10, true, AMOUNT],
      ['DÉBITO FISCAL POR VENTA A CUENTA DE TERCEROS', 10, true, AMOUNT],
      ['TOTAL VENTAS', 10, true, AMOUNT],
      ['DUI DEL CLIENTE', 9, false, DUI],
      ['TIPO DE OPERACIÓN (RENTA)', 2, true, code(...SALES_OPERATIONS)],
      ['TIPO DE INGRESO (RENTA)', 2, true, code(...SALES_INCOMES)],
      ['NÚMERO DE ANEXO', 1, true, code('1')],
    ]),
  },
  '2': {
    annex: '2',
    title: 'Anexo 2: ventas a consumidor final',
    number: '2',
    columns: columns([
      ['FECHA DE EMISIÓN', 10, true, DATE],
      ['CLASE DE DOCUMENTO', 1, true, code('1', '2', '4')],
      ['TIPO DE DOCUMENTO', 2, true, code('01', '02', '10', '11')],
      ['NÚMERO DE RESOLUCIÓN', 100, true, code('N/A')],
      ['SERIE DE DOCUMENTO', 100, true, code('N/A')],
      ['NÚMERO DE CONTROL INTERNO (DEL)', 100, true, code('N/A')],
      ['NÚMERO DE CONTROL INTERNO (AL)', 100, true, code('N/A')],
      ['NÚMERO DE DOCUMENTO (DEL)', 100, true, DOC_NUMBER],
      ['NÚMERO DE DOCUMENTO (AL)', 100, true, DOC_NUMBER],
      ['N° DE MÁQUINA REGISTRADORA', 14, false, BLANK],
      ['VENTAS EXENTAS', 10, true, AMOUNT],
      ['VENTAS INTERNAS EXENTAS NO SUJETAS A PROPORCIONALIDAD', 10, true, AMOUNT],
      ['VENTAS NO SUJETAS', 10, true, AMOUNT],
      ['VENTAS GRAVADAS LOCALES', 10, true, AMOUNT],
      ['EXPORTACIONES DENTRO DEL ÁREA CENTROAMERICANA', 10, true, AMOUNT],
      ['EXPORTACIONES FUERA DEL ÁREA CENTROAMERICANA', 10, true, AMOUNT],
      ['EXPORTACIONES DE SERVICIOS', 10, true, AMOUNT],
      ['VENTAS A ZONAS FRANCAS Y DPA (TASA CERO)', 10, true, AMOUNT],
      ['VENTAS A CUENTA DE TERCEROS NO DOMICILIADOS', 10, true, AMOUNT],
      ['TOTAL VENTAS', 10, true, AMOUNT],
      ['TIPO DE OPERACIÓN (RENTA)', 2, true, code(...SALES_OPERATIONS)],
      ['TIPO DE INGRESO (RENTA)', 2, true, code(...SALES_INCOMES)],
      ['NÚMERO DE ANEXO', 1, true, code('2')],
    ]),
  },
  '5': {
    annex: '5',
    title: 'Anexo 5: compras a sujetos excluidos',
    number: '5',
    columns: columns([
      ['TIPO DE DOCUMENTO', 1, true, code('1', '2', '3')],
      ['NÚMERO DE NIT, DUI, U OTRO DOCUMENTO', 14, true, pattern(/^[A-Z0-9]{1,14}$/, 'el número del documento sin guiones')],
      ['NOMBRE, RAZÓN SOCIAL O DENOMINACIÓN', null, true, TEXT],
      ['FECHA DE EMISIÓN DEL DOCUMENTO', 10, true, DATE],
      ['NÚMERO DE SERIE DEL DOCUMENTO', 100, true, SERIES],
      ['NÚMERO DE DOCUMENTO', 100, true, DOC_NUMBER],
      ['MONTO DE LA OPERACIÓN', 10, true, AMOUNT],
      ['MONTO DE LA RETENCIÓN IVA 13%', 10, true, AMOUNT],
      ['TIPO DE OPERACIÓN', 1, true, code(...PURCHASE_OPERATIONS)],
      ['CLASIFICACIÓN', 1, true, code(...PURCHASE_CLASSES)],
      ['SECTOR', 1, true, code(...PURCHASE_SECTORS)],
      ['TIPO DE COSTO / GASTO', 1, true, code(...PURCHASE_COSTS)],
      ['NÚMERO DE ANEXO', 1, true, code('5')],
    ]),
  },
  '9': {
    annex: '9',
    title: 'Anexo 9: percepción IVA 1 % efectuada por el declarante',
    number: '9',
    columns: columns([
      ['NIT SUJETO', 14, false, NIT],
      ['FECHA DE EMISIÓN DEL DOCUMENTO', 10, true, DATE],
      ['TIPO DE DOCUMENTO', 2, true, code('03', '05', '06')],
      ['NÚMERO DE RESOLUCIÓN', 100, true, RESOLUTION],
      ['SERIE DE DOCUMENTO', 100, true, SERIES],
      ['NÚMERO DE DOCUMENTO', 100, true, DOC_NUMBER],
      ['MONTO SUJETO', 10, true, AMOUNT],
      ['MONTO DE LA PERCEPCIÓN 1 % DE IVA', 10, true, AMOUNT],
      ['DUI SUJETO', 9, false, DUI],
      ['NÚMERO DE ANEXO', 1, true, code('9')],
    ]),
  },
  '10': {
    annex: '10',
    title: 'Anexo 10: retención IVA 1 % efectuada por el declarante',
    number: '10',
    columns: columns([
      ['NIT DEL SUJETO', 14, false, NIT],
      ['FECHA DE EMISIÓN', 10, true, DATE],
      ['TIPO DE DOCUMENTO', 2, true, code('05', '06', '07')],
      ['NÚMERO DE RESOLUCIÓN', 100, true, RESOLUTION],
      ['SERIE DE DOCUMENTO', 100, true, SERIES],
      ['NÚMERO DE DOCUMENTO', 100, true, DOC_NUMBER],
      ['MONTO SUJETO', 10, true, AMOUNT],
      ['MONTO DE LA RETENCIÓN 1 % DE IVA', 10, true, AMOUNT],
      ['DUI SUJETO', 9, false, DUI],
      ['NÚMERO DE ANEXO', 2, true, code('10')],
    ]),
  },
  '12': {
    annex: '12',
    title: 'Anexo 12: retención IVA 13 % efectuada por el declarante',
    number: '12',
    columns: columns([
      ['NIT SUJETO', 14, false, NIT],
      ['FECHA DE EMISIÓN', 10, true, DATE],
      ['TIPO DE DOCUMENTO', 2, true, code('05', '06', '07')],
      // Serie before resolución here, unlike annexes 9 and 10 (MH's template, sheet "12").
      ['SERIE DE DOCUMENTO', 100, true, SERIES],
      ['NÚMERO DE RESOLUCIÓN', 100, true, RESOLUTION],
      ['NÚMERO DE DOCUMENTO', 100, true, DOC_NUMBER],
      ['MONTO SUJETO', 10, true, AMOUNT],
      ['MONTO DE LA RETENCIÓN 13 % DE IVA', 10, true, AMOUNT],
      ['DUI SUJETO', 9, false, DUI],
      ['NÚMERO DE ANEXO', 2, true, code('12')],
    ]),
  },
  anulados: {
    annex: 'anulados',
    title: 'Documentos anulados y/o extraviados',
    number: null,
    columns: columns([
      ['NÚMERO DE RESOLUCIÓN', 100, true, pattern(/^DTE-\d{2}-[A-Z0-9]{8}-\d{15}$/, 'el número de control con guiones')],
      ['CLASE DE DOCUMENTO', 1, true, code('1', '2', '4')],
      ['DESDE (PREIMPRESO)', 100, true, code('0')],
      ['HASTA (PREIMPRESO)', 100, true, code('0')],
      ['TIPO DE DOCUMENTO', 2, true, code('01', '02', '03', '04', '05', '06', '07', '08', '09', '10', '11', '14')],
      ['TIPO DE DETALLE', 3, true, code('A', 'X', 'D')],
      ['SERIE', 100, true, SERIES],
      ['DESDE', 100, true, code('0')],
      ['HASTA', 100, true, code('0')],
      [
        'CÓDIGO DE GENERACIÓN',
        100,
        true,
        pattern(/^([0-9A-F]{8}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{12}|[0-9A-F]{32})$/, 'el código de generación en mayúsculas'),
      ],
    ]),
  },
};
