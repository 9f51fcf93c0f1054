// The product catalog (issue 14): products added and edited one by one, searched, and imported or exported as
// CSV or XLSX with a preview that says what each row does and what is wrong with it. Every change is an audit
// entry naming who made it. The choices are in docs/decisions/0007-product-catalog.md.
import {
  COLUMN_FIELDS,
  CSV_COLUMNS,
  MAX_IMPORT_ROWS,
  MEDIA_TYPES,
  activeFromCell,
  columnName,
  itemTypeFromCell,
  priceFromCell,
  productImportInput,
  productInput,
  productListQuery,
  productRow,
  saleTypeFromCell,
  unitFromCell,
  CATALOG_FORMATS,
  type CatalogFormat,
  type CsvColumn,
  type Product,
  type ProductData,
  type ProductExport,
  type ProductImportResult,
  type ProductImportRow,
  type ProductInput,
  type ProductPage,
} from '../../../shared/catalog';
import type { FieldError } from '../../../shared/contract';
import { validate } from '../../../shared/contract/validate';
import { audit } from '../audit';
import { isoLocal, localDateTime, type Clock } from '../clock';
import { CoreError, validationFailed } from '../errors';
import type { Store } from '../store/database';
import { CsvError, parseCsv, undefused, writeCsv } from './csv';
import { codeKey, productsRepo } from './products-repo';

export interface ProductCatalog {
  /** GET /products: the query as sent (checked here). */
  readonly list: (query: unknown) => ProductPage;
  readonly get: (id: string) => Product;
  readonly create: (input: unknown, actor: string) => Product;
  /** A whole product in place of the one stored; `active` left out keeps what it was. */
  readonly update: (id: string, input: unknown, actor: string) => Product;
  /** What each row of a file does; with `apply`, the rows without errors are saved in one transaction. */
  readonly importFile: (input: unknown, actor: string) => Promise<ProductImportResult>;
  readonly exportFile: (format: unknown) => Promise<ProductExport>;
  /** Sample products into an empty catalog (the demo's shop), in one transaction; how many went in (0 when not empty). */
  readonly loadSamples: (samples: readonly ProductData[], actor: string) => number;
}

export interface CatalogDeps {
  readonly store: Store;
  readonly clock: Clock;
  readonly newId: () => string;
}

const FIELD_COLUMNS = Object.fromEntries(Object.entries(COLUMN_FIELDS).map(([col, field]) => [field, col])) as Record<
  keyof ProductData,
  CsvColumn
>;

const dataOf = (p: ProductData): ProductData => ({
  code: p.code,
  barcodes: [...p.barcodes],
  description: p.description,
  unitMeasure: p.unitMeasure,
  itemType: p.itemType,
  saleType: p.saleType,
  shelfPrice: p.shelfPrice,
  netPrice: p.netPrice,
  active: p.active,
});

const FIELDS = Object.keys(FIELD_COLUMNS) as (keyof ProductData)[];
const same = (a: ProductData[keyof ProductData], b: ProductData[keyof ProductData]) =>
  Array.isArray(a) && Array.isArray(b) ? a.length === b.length && a.every((x, i) => x === b[i]) : a === b;
/** The fields that differ between two versions of a product. */
const changedFields = (before: ProductData, after: ProductData) => FIELDS.filter((f) => !same(before[f], after[f]));

const notFound = (id: string) => new CoreError('NOT_FOUND', `No existe un producto con id ${id.slice(0, 64)}.`);
const invalid = (errors: readonly FieldError[]) => validationFailed(errors, 'Los datos del producto no son válidos.');
const fileError = (message: string, code: FieldError['code'] = 'INVALID_FORMAT') =>
  validationFailed([{ path: 'content', code, message }], 'El archivo no se puede importar.');

export function productCatalog({ store, clock, newId }: CatalogDeps): ProductCatalog {
  const repo = productsRepo(store);
  const now = () => isoLocal(clock.now());

  /** A code or barcode another product already has: 422 naming the field. */
  const conflicts = (data: Pick<ProductData, 'code' | 'barcodes'>, self: string | null): FieldError[] => {
    const errors: FieldError[] = [];
    const owner = repo.byCode(data.code);
    if (owner && owner.id !== self)
      errors.push({
        path: 'code',
        code: 'DUPLICATE',
        message: `Ya hay un producto con el código ${owner.code} (${owner.description.slice(0, 60)}).`,
      });
    data.barcodes.forEach((b, i) => {
      const other = repo.byBarcode(b);
      if (other && other.id !== self)
        errors.push({ path: `barcodes.${i}`, code: 'DUPLICATE', message: `El código de barras ${b} ya es del producto ${other.code}.` });
    });
    return errors;
  };

  const parse = (input: unknown): ProductInput => {
    const parsed = validate(productInput, input);
    if (!parsed.ok) throw invalid(parsed.errors);
    return parsed.value;
  };

  const get = (id: string): Product => {
    const p = repo.get(id);
    if (!p) throw notFound(id);
    return p;
  };

  return {
    list(query) {
      const parsed = validate(productListQuery, query ?? {});
      if (!parsed.ok) throw validationFailed(parsed.errors);
      return repo.list(parsed.value);
    },
    get,
    create(input, actor) {
      const data = parse(input);
      const at = now();
      return store.tx(() => {
        const errors = conflicts(data, null);
        if (errors.length) throw invalid(errors);
        const p: Product = { id: newId(), ...data, active: data.active ?? true, createdAt: at, updatedAt: at };
        repo.insert(p);
        audit(store, at, actor, 'catalog.product.created', p.id, dataOf(p));
        return p;
      });
    },
    update(id, input, actor) {
      get(id);
      const data = parse(input);
      const at = now();
      return store.tx(() => {
        const before = get(id);
        const errors = conflicts(data, before.id);
        if (errors.length) throw invalid(errors);
        const next: Product = { ...before, ...data, active: data.active ?? before.active };
        const changed = changedFields(before, next);
        // The same product sent again changes nothing: no write, no audit entry.
        if (changed.length === 0) return before;
        const saved = { ...next, updatedAt: at };
        repo.update(saved);
        audit(store, at, actor, 'catalog.product.updated', before.id, {
          code: saved.code,
          changes: Object.fromEntries(changed.map((f) => [f, { from: before[f], to: saved[f] }])),
        });
        return saved;
      });
    },
    async importFile(input, actor) {
      const parsed = validate(productImportInput, input);
      if (!parsed.ok) throw validationFailed(parsed.errors, 'La importación no es válida.');
      const { format, content, apply } = parsed.value;
      const table = await readTable(format, content);
      if (apply) {
        const at = now();
        return store.tx(() => {
          const plan = evaluate(table, repo.all());
          const done = applyPlan(plan, at, actor);
          audit(store, at, actor, 'catalog.products.imported', null, { format, ...done.summary });
          return done;
        });
      }
      const plan = evaluate(table, repo.all());
      return { applied: false, rows: plan.rows.map((r) => r.result), summary: summarize(plan.rows), ignoredColumns: table.ignored };
    },
    async exportFile(format) {
      const f = CATALOG_FORMATS.find((x) => x === format);
      if (!f) throw validationFailed([{ path: 'format', code: 'INVALID_ENUM', message: 'Valor no permitido. Valores: csv, xlsx.' }]);
      const products = repo.all();
      const rows = products.map((p) => {
        const r = productRow(p);
        return CSV_COLUMNS.map((c) => r[c]);
      });
      const at = clock.now();
      const fileName = `productos-${localDateTime(at).date}.${f}`;
      if (f === 'csv') return { format: f, fileName, mediaType: MEDIA_TYPES.csv, content: writeCsv([[...CSV_COLUMNS], ...rows]) };
      const { writeXlsx } = await import('./xlsx');
      const columns = CSV_COLUMNS.map((c) => ({
        header: c,
        width: c === 'descripcion' ? 50 : c.startsWith('precio') ? 16 : c === 'codigo_barras' ? 28 : 14,
        kind: c.startsWith('precio') ? ('number' as const) : ('text' as const),
        format: c === 'precio_con_iva' ? '0.00' : '0.00000000',
      }));
      const buf = await writeXlsx('Productos', columns, rows, at);
      return { format: f, fileName, mediaType: MEDIA_TYPES.xlsx, content: buf.toString('base64') };
    },
    loadSamples(samples, actor) {
      const at = now();
      return store.tx(() => {
        // A catalog someone has started is theirs: samples never mix into it, nor come back once loaded.
        if (repo.list({ limit: 1 }).items.length > 0) return 0;
        for (const data of samples) {
          const errors = conflicts(data, null);
          if (errors.length) throw invalid(errors);
          repo.insert({ id: newId(), ...dataOf(data), createdAt: at, updatedAt: at });
        }
        audit(store, at, actor, 'catalog.samples.loaded', null, { products: samples.length });
        return samples.length;
      });
    },
  };

  /** Saves the plan's rows without errors: barcodes of the products updated are freed first, so they can move. */
  function applyPlan(plan: Plan, at: string, actor: string): ProductImportResult {
    for (const r of plan.rows) if (r.result.action === 'update' && r.existing) repo.clearBarcodes(r.existing.id);
    const rows = plan.rows.map((r): ProductImportRow => {
      const { result } = r;
      if (result.action === 'create' && result.product) {
        const p: Product = { id: newId(), ...result.product, createdAt: at, updatedAt: at };
        repo.insert(p);
        audit(store, at, actor, 'catalog.product.created', p.id, { ...dataOf(p), imported: result.row });
        return { ...result, id: p.id };
      }
      if (result.action === 'update' && result.product && r.existing) {
        const before = r.existing;
        const saved: Product = { ...before, ...result.product, updatedAt: at };
        repo.update(saved);
        const changed = changedFields(before, saved);
        audit(store, at, actor, 'catalog.product.updated', before.id, {
          code: saved.code,
          imported: result.row,
          changes: Object.fromEntries(changed.map((f) => [f, { from: before[f], to: saved[f] }])),
        });
      }
      return result;
    });
    return { applied: true, rows, summary: summarize(plan.rows), ignoredColumns: plan.ignored };
  }
}

// ── Import ───────────────────────────────────────────────────────────────────────────────────────────────

interface Table {
  readonly columns: ReadonlyMap<CsvColumn, number>;
  readonly rows: readonly { readonly row: number; readonly cells: readonly string[] }[];
  readonly ignored: string[];
  /** CSV cells a spreadsheet would run as formulas were written with an apostrophe (csv.ts); it comes off. */
  readonly defused: boolean;
}

/** The file's header and data rows; a file that cannot be read, or lacks a column it needs, is a 422 on `content`. */
async function readTable(format: CatalogFormat, content: string): Promise<Table> {
  let rows: { row: number; cells: string[] }[];
  if (format === 'csv') {
    try {
      rows = parseCsv(content).records.map((cells, i) => ({ row: i + 1, cells }));
    } catch (e) {
      if (e instanceof CsvError) throw fileError(e.message);
      throw e;
    }
  } else {
    if (!/^[A-Za-z0-9+/\s]*={0,2}\s*$/.test(content)) throw fileError('Un archivo XLSX se envía en base64.');
    const { readXlsx, XlsxError } = await import('./xlsx');
    try {
      rows = await readXlsx(Buffer.from(content, 'base64'));
    } catch (e) {
      if (e instanceof XlsxError) throw fileError(e.message);
      throw e;
    }
  }
  rows = rows.filter((r) => r.cells.some((c) => c.trim() !== ''));
  const header = rows.shift();
  if (!header)
    throw fileError('El archivo está vacío: la primera fila nombra las columnas (codigo, descripcion, precio_con_iva…).', 'REQUIRED');
  const columns = new Map<CsvColumn, number>();
  const ignored: string[] = [];
  header.cells.forEach((cell, i) => {
    const name = columnName(cell);
    if (name === '') return;
    const column = CSV_COLUMNS.find((c) => c === name);
    if (!column) return void ignored.push(cell.trim());
    if (columns.has(column)) throw fileError(`La columna ${column} aparece dos veces en la primera fila.`, 'DUPLICATE');
    columns.set(column, i);
  });
  const missing: CsvColumn[] = (['codigo', 'descripcion'] as const).filter((c) => !columns.has(c));
  if (!columns.has('precio_con_iva') && !columns.has('precio_sin_iva')) missing.push('precio_con_iva');
  if (missing.length)
    throw fileError(
      `Falta la columna ${missing.join(', ')} en la primera fila. Las columnas son: ${CSV_COLUMNS.join(', ')} (precio_sin_iva puede ir en lugar de precio_con_iva).`,
      'REQUIRED',
    );
  if (rows.length > MAX_IMPORT_ROWS)
    throw fileError(`El archivo tiene ${rows.length} productos; se importan hasta ${MAX_IMPORT_ROWS} a la vez: divídalo.`, 'TOO_MANY');
  return { columns, rows, ignored, defused: format === 'csv' };
}

interface PlannedRow {
  result: ProductImportRow;
  /** The stored product the row updates. */
  readonly existing: Product | null;
  /** The row's data once valid; null while it has errors. */
  data: ProductData | null;
}
interface Plan {
  readonly rows: PlannedRow[];
  readonly ignored: string[];
}

const UNIT_HINT = 'por ejemplo UNIDAD, LIBRA, KILOGRAMO, LITRO o el código 59';

/** A row's cells as the product input they give, merged with the stored product it updates. */
function rowInput(
  table: Table,
  cells: readonly string[],
  existing: Product | null,
): { input: Record<string, unknown>; errors: FieldError[] } {
  const errors: FieldError[] = [];
  const cell = (c: CsvColumn): string => {
    const i = table.columns.get(c);
    if (i === undefined) return '';
    // A line break inside a cell is kept as one `\n`, however the file wrote it.
    const v = (cells[i] ?? '').replace(/\r\n?/g, '\n');
    return (table.defused ? undefused(v) : v).trim();
  };
  const given: Record<string, unknown> = { code: cell('codigo') };
  const barcodes = cell('codigo_barras');
  if (barcodes)
    given.barcodes = barcodes
      .split('|')
      .map((b) => b.trim())
      .filter(Boolean);
  const description = cell('descripcion');
  if (description) given.description = description;
  const unit = cell('unidad');
  if (unit) {
    const key = unitFromCell(unit);
    if (key) given.unitMeasure = key;
    else
      errors.push({
        path: 'unidad',
        code: 'UNKNOWN_CODE',
        message: `"${unit.slice(0, 40)}" no es una unidad del catálogo CAT-014 de MH: ${UNIT_HINT}.`,
      });
  }
  const itemType = cell('tipo_item');
  if (itemType) {
    const t = itemTypeFromCell(itemType);
    if (t) given.itemType = t;
    else
      errors.push({
        path: 'tipo_item',
        code: 'INVALID_ENUM',
        message: /^(otros|4)$/i.test(itemType)
          ? 'OTROS (tipo 4) es una línea de impuesto, no un producto: use BIENES, SERVICIOS o BIENES_Y_SERVICIOS.'
          : `"${itemType.slice(0, 40)}" no es un tipo de ítem: use BIENES, SERVICIOS o BIENES_Y_SERVICIOS.`,
      });
  }
  const saleType = cell('tipo_venta');
  if (saleType) {
    const t = saleTypeFromCell(saleType);
    if (t) given.saleType = t;
    else
      errors.push({
        path: 'tipo_venta',
        code: 'INVALID_ENUM',
        message: `"${saleType.slice(0, 40)}" no es un tipo de venta: use GRAVADA, EXENTA o NO_SUJETA.`,
      });
  }
  const shelf = cell('precio_con_iva');
  const net = cell('precio_sin_iva');
  if (shelf) given.shelfPrice = priceFromCell(shelf);
  if (net) given.netPrice = priceFromCell(net);
  const active = cell('activo');
  if (active) {
    const a = activeFromCell(active);
    if (a === null) errors.push({ path: 'activo', code: 'INVALID_FORMAT', message: `"${active.slice(0, 20)}" no es sí ni no.` });
    else given.active = a;
  }
  if (!existing) return { input: given, errors };
  // An empty cell, or a column the file does not have, leaves the stored value as it is.
  const saleTypeNow = (given.saleType as string | undefined) ?? existing.saleType;
  const prices =
    shelf || net
      ? {}
      : saleTypeNow === existing.saleType
        ? { shelfPrice: existing.shelfPrice, netPrice: existing.netPrice }
        : { shelfPrice: existing.shelfPrice };
  return {
    input: {
      barcodes: existing.barcodes,
      description: existing.description,
      unitMeasure: existing.unitMeasure,
      itemType: existing.itemType,
      saleType: existing.saleType,
      ...prices,
      ...given,
    },
    errors,
  };
}

/** A schema error's path as the file's column (barcodes.2 → codigo_barras). */
const columnOf = (path: string): string => FIELD_COLUMNS[path.split('.')[0] as keyof ProductData] ?? path;

/** What each row would do against the catalog as it is now. */
function evaluate(table: Table, catalog: readonly Product[]): Plan {
  const byKey = new Map(catalog.map((p) => [codeKey(p.code), p]));
  const rows: PlannedRow[] = table.rows.map(({ row, cells }) => {
    const codeCell = table.columns.has('codigo') ? (cells[table.columns.get('codigo')!] ?? '').trim() : '';
    const existing = codeCell ? (byKey.get(codeKey(table.defused ? undefused(codeCell) : codeCell)) ?? null) : null;
    const { input, errors } = rowInput(table, cells, existing);
    const parsed = validate(productInput, input);
    if (!parsed.ok) {
      for (const e of parsed.errors) {
        // A row's missing price is one message naming both columns it may come in.
        const path = columnOf(e.path);
        errors.push({
          ...e,
          path,
          message: e.code === 'REQUIRED' && path === 'precio_con_iva' ? 'Indique precio_con_iva o precio_sin_iva.' : e.message,
        });
      }
    }
    const code = typeof input.code === 'string' && input.code ? input.code : null;
    const data: ProductData | null =
      parsed.ok && errors.length === 0 ? { ...parsed.value, active: parsed.value.active ?? existing?.active ?? true } : null;
    return { existing, data, result: { row, code, action: 'error', errors } };
  });

  // The same code twice in the file: which row is meant is unclear, so neither is taken.
  const byCode = new Map<string, PlannedRow[]>();
  for (const r of rows) if (r.result.code) byCode.set(codeKey(r.result.code), [...(byCode.get(codeKey(r.result.code)) ?? []), r]);
  for (const group of byCode.values()) {
    if (group.length < 2) continue;
    const where = group.map((r) => r.result.row).join(', ');
    for (const r of group)
      flag(r, {
        path: 'codigo',
        code: 'DUPLICATE',
        message: `El código ${r.result.code ?? ''} está en las filas ${where}: deje una sola.`,
      });
  }

  // Barcodes: each may end with one product. Rows that fail leave their product's barcodes where they are,
  // which can take a barcode from another row: repeated until nothing changes.
  for (;;) {
    const valid = rows.filter((r) => r.data);
    const replaced = new Set(valid.flatMap((r) => (r.existing ? [r.existing.id] : [])));
    const held = new Map<string, Product>();
    for (const p of catalog) if (!replaced.has(p.id)) for (const b of p.barcodes) held.set(b, p);
    const claims = new Map<string, PlannedRow[]>();
    for (const r of valid) for (const b of r.data!.barcodes) claims.set(b, [...(claims.get(b) ?? []), r]);
    let more = false;
    for (const [b, claimants] of claims) {
      const holder = held.get(b);
      if (claimants.length > 1) {
        const where = claimants.map((r) => r.result.row).join(', ');
        for (const r of claimants)
          more =
            flag(r, { path: 'codigo_barras', code: 'DUPLICATE', message: `El código de barras ${b} está en las filas ${where}.` }) || more;
      } else if (holder) {
        more =
          flag(claimants[0]!, {
            path: 'codigo_barras',
            code: 'DUPLICATE',
            message: `El código de barras ${b} ya es del producto ${holder.code}.`,
          }) || more;
      }
    }
    if (!more) break;
  }

  for (const r of rows) {
    if (!r.data) continue;
    if (!r.existing) r.result = { ...r.result, action: 'create', product: r.data };
    else {
      const changed = changedFields(r.existing, r.data);
      r.result =
        changed.length === 0
          ? { ...r.result, action: 'unchanged', id: r.existing.id, product: r.data }
          : { ...r.result, action: 'update', id: r.existing.id, product: r.data, changed: changed.map((f) => FIELD_COLUMNS[f]) };
    }
  }
  return { rows, ignored: table.ignored };
}

/** Adds an error to a row; true when the row was valid until now. */
function flag(r: PlannedRow, error: FieldError): boolean {
  const wasValid = r.data !== null;
  r.data = null;
  r.result = { ...r.result, action: 'error', errors: [...r.result.errors, error] };
  return wasValid;
}

function summarize(rows: readonly PlannedRow[]): ProductImportResult['summary'] {
  const count = (a: ProductImportRow['action']) => rows.filter((r) => r.result.action === a).length;
  return { rows: rows.length, create: count('create'), update: count('update'), unchanged: count('unchanged'), error: count('error') };
}
