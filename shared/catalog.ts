// The product catalog (issue 14): what a product is, the rules its fields follow, and how its two prices relate.
// The same schemas check the HTTP body, the IPC call, each row of an imported file and (later) the catalog form,
// so a message names the field wherever it is typed. Prices are decimal strings: exact, never binary floats.
import { z } from 'zod';
import { BARCODE_MAX, PRODUCT_CODE_MAX, PRODUCT_DESCRIPTION_MAX } from './catalog-limits';
import { UNITS, UNIT_KEYS } from './catalogs';
import { SALE_TYPES } from './contract/common';
import { MH_MAX_AMOUNT, addRuleIssue, custom, decimalPlaces, text } from './contract/primitives';
import type { FieldError } from './contract/issues';
import { D, bilingual, catalogRoute, described } from './contract/descriptions';
import { Dec, netFromShelf, shelfFromNet } from './tax';

/** MH's tipoItem 1–3; OTROS (4) is a tax line of a document, never a product. */
export const PRODUCT_ITEM_TYPES = ['BIENES', 'SERVICIOS', 'BIENES_Y_SERVICIOS'] as const;
export type ProductItemType = (typeof PRODUCT_ITEM_TYPES)[number];
export { SALE_TYPES };
export type SaleType = (typeof SALE_TYPES)[number];

export { BARCODE_MAX, PRODUCT_CODE_MAX, PRODUCT_DESCRIPTION_MAX };
export const MAX_BARCODES = 20;
/** Rows one imported file may have: a supermarket's whole catalog (issue 35); a bigger one is split. */
export const MAX_IMPORT_ROWS = 50_000;
export const DEFAULT_UNIT = 'UNIDAD';

/** A product's data: what a form, an HTTP body or a row of a file gives (both prices once derived). */
export interface ProductData {
  readonly code: string;
  /** Barcodes (EAN, UPC, the shop's own), each unique across the catalog. */
  readonly barcodes: readonly string[];
  readonly description: string;
  /** The contract's unitMeasure key (CAT-014), e.g. UNIDAD, LIBRA. */
  readonly unitMeasure: string;
  readonly itemType: ProductItemType;
  readonly saleType: SaleType;
  /** What the consumer pays per unit, IVA included (a decimal string). */
  readonly shelfPrice: string;
  /** The contract's unitPrice: before IVA, up to 8 decimals (a decimal string). */
  readonly netPrice: string;
  readonly active: boolean;
}

export interface Product extends ProductData {
  readonly id: string;
  readonly createdAt: string;
  readonly updatedAt: string;
}

export interface ProductPage {
  readonly items: Product[];
  readonly nextCursor: string | null;
}

export interface ProductQuery {
  /** Words of the code or the description (any case, with or without accents), or a whole barcode. */
  readonly q?: string | undefined;
  /** A barcode, exactly. */
  readonly barcode?: string | undefined;
  /** A code, exactly but in any case. */
  readonly code?: string | undefined;
  readonly active?: boolean | undefined;
  readonly limit?: number | undefined;
  readonly cursor?: string | undefined;
}

export const CATALOG_FORMATS = ['csv', 'xlsx'] as const;
export type CatalogFormat = (typeof CATALOG_FORMATS)[number];

/** What one row of an imported file does (or would do, in a preview). */
export interface ProductImportRow {
  /** The row as a spreadsheet numbers it: the header is row 1. */
  readonly row: number;
  readonly code: string | null;
  readonly action: 'create' | 'update' | 'unchanged' | 'error';
  /** Each problem of the row, its `path` the file's column (codigo, precio_con_iva…). */
  readonly errors: readonly FieldError[];
  /** For an update: the columns that change. */
  readonly changed?: readonly string[];
  /** The product's id: an existing one, or the new one once applied. */
  readonly id?: string;
  /** The product as the row leaves it. */
  readonly product?: ProductData;
}

export interface ProductImportResult {
  /** Whether the rows without errors were saved (`apply: true`), or this is a preview. */
  readonly applied: boolean;
  readonly rows: readonly ProductImportRow[];
  readonly summary: {
    readonly rows: number;
    readonly create: number;
    readonly update: number;
    readonly unchanged: number;
    readonly error: number;
  };
  /** Columns of the file that are not the catalog's (left out). */
  readonly ignoredColumns: readonly string[];
}

/** The catalog as a file: CSV text, or an XLSX workbook in base64 (the same `content` an import takes). */
export interface ProductExport {
  readonly format: CatalogFormat;
  readonly fileName: string;
  readonly mediaType: string;
  readonly content: string;
}

export const MEDIA_TYPES: Readonly<Record<CatalogFormat, string>> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/** The file's columns, in order; `codigo_barras` holds several barcodes separated by `|`. */
export const CSV_COLUMNS = [
  'codigo',
  'codigo_barras',
  'descripcion',
  'unidad',
  'tipo_item',
  'tipo_venta',
  'precio_con_iva',
  'precio_sin_iva',
  'activo',
] as const;
export type CsvColumn = (typeof CSV_COLUMNS)[number];

/** The field of ProductData each column fills. */
export const COLUMN_FIELDS: Readonly<Record<CsvColumn, keyof ProductData>> = {
  codigo: 'code',
  codigo_barras: 'barcodes',
  descripcion: 'description',
  unidad: 'unitMeasure',
  tipo_item: 'itemType',
  tipo_venta: 'saleType',
  precio_con_iva: 'shelfPrice',
  precio_sin_iva: 'netPrice',
  activo: 'active',
};

// ── Money ────────────────────────────────────────────────────────────────────────────────────────────────

const PRICE_RE = /^\d{1,12}(\.\d+)?$/;

/** The stored form of an amount: cents always shown (1.50), more decimals only when there are (1.10619469). */
export const moneyText = (d: Dec): string => (d.decimalPlaces() <= 2 ? d.toFixed(2) : d.toFixed());

/**
 * A price as JSON gives it: a number (1.25) or a decimal string ("1.25"), above zero, at most 8 decimals (MH's
 * item precision), below MH's ceiling. Null when absent.
 */
const price = () =>
  z.unknown().transform((v, ctx): string | null => {
    if (v === undefined || v === null || v === '') return null;
    let s: string;
    if (typeof v === 'number') {
      if (!Number.isFinite(v)) {
        ctx.addIssue({ code: 'invalid_type', expected: 'number', input: v, message: 'Debe ser un número, por ejemplo 1.25.' });
        return z.NEVER;
      }
      if (decimalPlaces(v) > 8) {
        ctx.addIssue({ code: 'custom', message: 'Como máximo 8 decimales.', params: { code: 'TOO_MANY_DECIMALS' } });
        return z.NEVER;
      }
      s = new Dec(v).toFixed();
    } else if (typeof v === 'string') {
      s = v.trim();
    } else {
      ctx.addIssue({ code: 'invalid_type', expected: 'number', input: v, message: 'Debe ser un número, por ejemplo 1.25.' });
      return z.NEVER;
    }
    if (!PRICE_RE.test(s)) {
      if (/^-\d/.test(s)) ctx.addIssue({ code: 'too_small', origin: 'number', minimum: 0, inclusive: false, input: s, message: '' });
      else
        ctx.addIssue({
          code: 'custom',
          message: `"${s.slice(0, 30)}" no es un precio: escriba un número como 1.25.`,
          params: { code: 'INVALID_FORMAT' },
        });
      return z.NEVER;
    }
    const d = new Dec(s);
    if (d.decimalPlaces() > 8) {
      ctx.addIssue({ code: 'custom', message: 'Como máximo 8 decimales.', params: { code: 'TOO_MANY_DECIMALS' } });
      return z.NEVER;
    }
    if (!d.greaterThan(0)) {
      ctx.addIssue({ code: 'too_small', origin: 'number', minimum: 0, inclusive: false, input: s, message: '' });
      return z.NEVER;
    }
    if (!d.lessThan(MH_MAX_AMOUNT)) {
      ctx.addIssue({ code: 'too_big', origin: 'number', maximum: MH_MAX_AMOUNT, inclusive: false, input: s, message: '' });
      return z.NEVER;
    }
    return moneyText(d);
  });

/**
 * Both prices from the one given (docs/decisions/0007-product-catalog.md). GRAVADA: the net price is the 8-decimal
 * price whose FC price is the shelf price (shared/tax/shelf-price.ts), or the shelf price is the net one with IVA
 * at MH's 8 decimals. EXENTA and NO_SUJETA carry no IVA: both are the same. (The smallest price, 0.00000001, still
 * has a net price of 0.00000001: the net price is never zero.)
 */
export function derivePrices(
  saleType: SaleType,
  given: { readonly shelfPrice: string; readonly netPrice?: undefined } | { readonly shelfPrice?: undefined; readonly netPrice: string },
): { shelfPrice: string; netPrice: string } {
  if (given.shelfPrice !== undefined) {
    if (saleType !== 'GRAVADA') return { shelfPrice: given.shelfPrice, netPrice: given.shelfPrice };
    return { shelfPrice: given.shelfPrice, netPrice: moneyText(netFromShelf(given.shelfPrice)) };
  }
  if (saleType !== 'GRAVADA') return { shelfPrice: given.netPrice, netPrice: given.netPrice };
  return { shelfPrice: moneyText(shelfFromNet(given.netPrice)), netPrice: given.netPrice };
}

/** Whether two prices given together belong together (one is what the other derives). */
export function pricesAgree(saleType: SaleType, shelfPrice: string, netPrice: string): boolean {
  const shelf = new Dec(shelfPrice);
  const net = new Dec(netPrice);
  if (saleType !== 'GRAVADA') return shelf.equals(net);
  return netFromShelf(shelf).equals(net) || shelfFromNet(net).equals(shelf);
}

// ── Fields ───────────────────────────────────────────────────────────────────────────────────────────────

const CONTROL = /\p{Cc}/u;

/** A product code: MH's `codigo`, 1 to 25 characters, unique in any case. */
export const productCode = () =>
  text(PRODUCT_CODE_MAX).refine(
    (v) => !CONTROL.test(v),
    custom('INVALID_FORMAT', 'El código no puede llevar saltos de línea ni tabuladores.'),
  );

const BARCODE_RE = new RegExp(`^[0-9A-Za-z]{1,${BARCODE_MAX}}$`);
const SCIENTIFIC = /^\d+([.,]\d+)?E\+?\d+$/i;

/** A barcode: letters and digits, as the scanner reads it. */
export const barcode = () =>
  z
    .string()
    .trim()
    .superRefine((v, ctx) => {
      if (BARCODE_RE.test(v)) return;
      ctx.addIssue({
        code: 'custom',
        params: { code: 'INVALID_FORMAT' },
        message: SCIENTIFIC.test(v)
          ? `"${v}" es un número abreviado por la hoja de cálculo: dé formato de texto a la columna y escriba el código completo.`
          : v === ''
            ? 'No puede estar vacío.'
            : `Un código de barras tiene de 1 a ${BARCODE_MAX} letras o dígitos, sin espacios ni signos.`,
      });
    });

const UNIT_SET: ReadonlySet<string> = new Set(UNIT_KEYS);
export const productUnit = () =>
  z
    .string()
    .refine(
      (v) => UNIT_SET.has(v),
      custom('UNKNOWN_CODE', 'No es una unidad del catálogo CAT-014 de MH: por ejemplo UNIDAD, LIBRA, KILOGRAMO, LITRO o SERVICIO.'),
    );

const withDefault = <T extends z.ZodType>(schema: T, fallback: z.output<T>) => schema.nullish().transform((v) => v ?? fallback);

/**
 * A product as given: the code, its barcodes, a description, the unit (UNIDAD when absent), the item type (BIENES)
 * and the sale type (GRAVADA), and one of the two prices (or both, when they agree). `active` absent: a new
 * product is active, an edited one keeps what it was.
 */
export const productInput = z
  .strictObject({
    code: described(
      productCode(),
      bilingual(
        `Código del producto, único, hasta ${PRODUCT_CODE_MAX} caracteres.`,
        `The product's code, unique, up to ${PRODUCT_CODE_MAX} characters.`,
      ),
    ),
    barcodes: described(
      withDefault(z.array(barcode()).max(MAX_BARCODES), []),
      bilingual(
        `Códigos de barras, hasta ${MAX_BARCODES}, cada uno de 1 a ${BARCODE_MAX} letras o dígitos, sin repetir.`,
        `Barcodes, up to ${MAX_BARCODES}, each 1 to ${BARCODE_MAX} letters or digits, none repeated.`,
      ),
    ),
    description: described(
      text(PRODUCT_DESCRIPTION_MAX).refine(
        (v) => !/[^\P{Cc}\t\n\r]/u.test(v),
        custom('INVALID_FORMAT', 'La descripción tiene caracteres de control.'),
      ),
      bilingual(`Descripción, hasta ${PRODUCT_DESCRIPTION_MAX} caracteres.`, `Description, up to ${PRODUCT_DESCRIPTION_MAX} characters.`),
    ),
    unitMeasure: described(
      withDefault(productUnit(), DEFAULT_UNIT),
      bilingual(
        `MH CAT-014 unidad de medida por su nombre; por omisión UNIDAD; códigos en ${catalogRoute('unit-measure')}.`,
        `MH CAT-014 unit of measure by name; default UNIDAD; codes at ${catalogRoute('unit-measure')}.`,
      ),
    ),
    itemType: described(
      withDefault(z.enum(PRODUCT_ITEM_TYPES), 'BIENES'),
      bilingual('Tipo de ítem (MH CAT-011); por omisión BIENES.', 'Item type (MH CAT-011); default BIENES.'),
    ),
    saleType: described(
      withDefault(z.enum(SALE_TYPES), 'GRAVADA'),
      bilingual(
        'Tipo de venta: GRAVADA (por omisión, con IVA 13 %), EXENTA o NO_SUJETA.',
        'Sale type: GRAVADA (default, 13 % VAT), EXENTA (exempt) or NO_SUJETA (not subject).',
      ),
    ),
    shelfPrice: described(
      price().optional(),
      bilingual(
        'Precio de estante con IVA, número o texto decimal, hasta 8 decimales; este o netPrice.',
        'Shelf price with VAT, a number or decimal text, up to 8 decimals; this or netPrice.',
      ),
    ),
    netPrice: described(
      price().optional(),
      bilingual(
        'Precio sin IVA, número o texto decimal, hasta 8 decimales; si va con shelfPrice, deben corresponder.',
        'Price before VAT, a number or decimal text, up to 8 decimals; given with shelfPrice, they must agree.',
      ),
    ),
    active: described(
      z.boolean().nullish(),
      bilingual(
        'false lo retira de la venta; si falta, uno nuevo queda activo y uno editado no cambia.',
        'false withdraws it from sale; when absent, a new one is active and an edited one keeps its state.',
      ),
    ),
  })
  .superRefine((p, ctx) => {
    const seen = new Map<string, number>();
    p.barcodes.forEach((b, i) => {
      const first = seen.get(b);
      if (first !== undefined)
        addRuleIssue(ctx, ['barcodes', i], 'DUPLICATE', `El código de barras ${b} ya está en la posición ${first + 1}.`);
      else seen.set(b, i);
    });
    const shelf = p.shelfPrice ?? null;
    const net = p.netPrice ?? null;
    if (shelf === null && net === null) {
      addRuleIssue(ctx, ['shelfPrice'], 'REQUIRED', 'Indique el precio con IVA (shelfPrice) o el precio sin IVA (netPrice).');
    } else if (shelf !== null && net !== null) {
      if (!pricesAgree(p.saleType, shelf, net)) {
        const expected = derivePrices(p.saleType, { shelfPrice: shelf }).netPrice;
        addRuleIssue(
          ctx,
          ['netPrice'],
          'NOT_ALLOWED',
          `No corresponde al precio con IVA ${shelf} (sin IVA sería ${expected}): envíe solo uno de los dos precios.`,
        );
      }
    }
  })
  .transform((p) => {
    const shelf = p.shelfPrice ?? null;
    const net = p.netPrice ?? null;
    // Checked above: one price derives the other, or both were given and agree.
    const prices =
      shelf !== null && net !== null
        ? { shelfPrice: shelf, netPrice: net }
        : derivePrices(p.saleType, shelf !== null ? { shelfPrice: shelf } : { netPrice: net! });
    return {
      code: p.code,
      barcodes: p.barcodes,
      description: p.description,
      unitMeasure: p.unitMeasure,
      itemType: p.itemType,
      saleType: p.saleType,
      ...prices,
      active: p.active ?? undefined,
    };
  });
export type ProductInput = z.output<typeof productInput>;

/** GET /products's query, and the same call over IPC (query strings arrive as text). */
export const productListQuery = z.strictObject({
  q: described(
    z.string().trim().min(1).max(100).optional(),
    bilingual(
      'Texto a buscar en el código, los códigos de barras o la descripción.',
      'Text to search in the code, the barcodes or the description.',
    ),
  ),
  barcode: described(z.string().trim().min(1).max(BARCODE_MAX).optional(), bilingual('Un código de barras exacto.', 'An exact barcode.')),
  code: described(
    z.string().trim().min(1).max(PRODUCT_CODE_MAX).optional(),
    bilingual('Un código de producto exacto.', 'An exact product code.'),
  ),
  active: described(
    z
      .union([z.boolean(), z.enum(['true', 'false'])])
      .transform((v) => v === true || v === 'true')
      .optional(),
    bilingual('true: solo los activos; false: solo los retirados.', 'true: active ones only; false: withdrawn ones only.'),
  ),
  limit: described(
    z.coerce.number().int().min(1).max(200).optional(),
    bilingual('Cuántos productos, de 1 a 200.', 'How many products, 1 to 200.'),
  ),
  cursor: described(z.string().max(500).optional(), D.cursor),
});

/** POST /products/import: the file as CSV text or an XLSX workbook in base64; `apply` saves the rows without errors. */
export const productImportInput = z.strictObject({
  format: described(z.enum(CATALOG_FORMATS), bilingual('Formato del archivo: csv o xlsx.', "The file's format: csv or xlsx.")),
  content: described(
    z.string().min(1),
    bilingual('El archivo: texto CSV, o el libro XLSX en base64.', 'The file: CSV text, or the XLSX workbook in base64.'),
  ),
  apply: described(
    z.boolean().default(false),
    bilingual(
      'true guarda las filas sin errores; false (por omisión) solo muestra la vista previa.',
      'true saves the rows without errors; false (default) only previews.',
    ),
  ),
});

// ── Cells of an imported file ────────────────────────────────────────────────────────────────────────────

const fold = (s: string) =>
  s
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');

/** A header cell as a column name: "Código de barras" → codigo_de_barras; the catalog's own names as they are. */
export const columnName = (header: string): string => fold(header);

const UNIT_BY_NAME: ReadonlyMap<string, string> = new Map(
  UNITS.flatMap((u) => [
    [fold(u.key), u.key],
    [fold(u.name), u.key],
    [String(u.code), u.key],
  ]),
);

/** A unit as people write it: the key (UNIDAD), MH's code (59) or its name (unidad). */
export const unitFromCell = (cell: string): string | null => UNIT_BY_NAME.get(fold(cell)) ?? null;

const ITEM_TYPE_BY_NAME: ReadonlyMap<string, ProductItemType> = new Map([
  ['bienes', 'BIENES'],
  ['bien', 'BIENES'],
  ['1', 'BIENES'],
  ['servicios', 'SERVICIOS'],
  ['servicio', 'SERVICIOS'],
  ['2', 'SERVICIOS'],
  ['bienes_y_servicios', 'BIENES_Y_SERVICIOS'],
  ['3', 'BIENES_Y_SERVICIOS'],
]);
export const itemTypeFromCell = (cell: string): ProductItemType | null => ITEM_TYPE_BY_NAME.get(fold(cell)) ?? null;

const SALE_TYPE_BY_NAME: ReadonlyMap<string, SaleType> = new Map([
  ['gravada', 'GRAVADA'],
  ['gravado', 'GRAVADA'],
  ['exenta', 'EXENTA'],
  ['exento', 'EXENTA'],
  ['no_sujeta', 'NO_SUJETA'],
  ['no_sujeto', 'NO_SUJETA'],
]);
export const saleTypeFromCell = (cell: string): SaleType | null => SALE_TYPE_BY_NAME.get(fold(cell)) ?? null;

const YES = new Set(['si', 's', 'yes', 'y', 'true', 'verdadero', '1', 'x', 'activo']);
const NO = new Set(['no', 'n', 'false', 'falso', '0', 'inactivo']);
/** sí / no (and the usual spellings); null when it is neither. */
export function activeFromCell(cell: string): boolean | null {
  const v = fold(cell);
  if (YES.has(v)) return true;
  if (NO.has(v)) return false;
  return null;
}

/**
 * A price as a spreadsheet writes it: "1.25", "$1.25", "1,25" (a decimal comma), "1,234.50" or "1.234,50"
 * (thousands). The last of `.` and `,` is the decimal mark when both appear; a lone `,` is a decimal comma.
 */
export function priceFromCell(cell: string): string {
  let s = cell.replace(/[\s$\u00A0]/g, '');
  const dot = s.lastIndexOf('.');
  const comma = s.lastIndexOf(',');
  if (dot >= 0 && comma >= 0) {
    s = dot > comma ? s.replace(/,/g, '') : s.replace(/\./g, '').replace(',', '.');
  } else if (comma >= 0) {
    s = (s.match(/,/g) ?? []).length === 1 ? s.replace(',', '.') : s.replace(/,/g, '');
  }
  return s;
}

/** How a product is written in a file's row, column by column. */
export function productRow(p: ProductData): Record<CsvColumn, string> {
  return {
    codigo: p.code,
    codigo_barras: p.barcodes.join('|'),
    descripcion: p.description,
    unidad: p.unitMeasure,
    tipo_item: p.itemType,
    tipo_venta: p.saleType,
    precio_con_iva: p.shelfPrice,
    precio_sin_iva: p.netPrice,
    activo: p.active ? 'sí' : 'no',
  };
}
