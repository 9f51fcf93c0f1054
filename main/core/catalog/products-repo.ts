// The one owner of the `products` and `product_barcodes` tables (migration 012): a product by id, code or barcode,
// the searchable list with keyset pagination, the whole catalog for an export or an import, and every write.
// Nothing here validates: catalog/products.ts checks a product before it gets this far.
import { sql } from 'kysely';
import {
  PRODUCT_CODE_MAX,
  PRODUCT_ITEM_TYPES,
  SALE_TYPES,
  type Product,
  type ProductItemType,
  type ProductPage,
  type ProductQuery,
  type SaleType,
} from '../../../shared/catalog';
import { likePattern } from '../dte/documents-repo';
import { foldForSearch } from '../dte/search-fold';
import { badCursor, fromBase64Url, toBase64Url } from '../page-cursor';
import type { Store } from '../store/database';
import type { ProductsTable } from '../store/schema';

export interface ProductsRepo {
  readonly get: (id: string) => Product | null;
  /** The product with this code, in any case. */
  readonly byCode: (code: string) => Product | null;
  /** The product a barcode belongs to. */
  readonly byBarcode: (barcode: string) => Product | null;
  /** In code order; `q` matches words of the code or the description (no case, no accents) or a whole barcode. */
  readonly list: (query: ProductQuery) => ProductPage;
  /** Every product, in code order (exports, imports). */
  readonly all: () => Product[];
  /** How many active products use each of `units` (those a normative's CAT-014 lacks), by the unit index. */
  readonly activeWithUnits: (units: readonly string[]) => { unit: string; count: number }[];
  readonly insert: (p: Product) => void;
  /** Writes every field and the barcodes of an existing product. */
  readonly update: (p: Product) => void;
  /** Takes a product's barcodes off it (an import frees them first, so they can move between products). */
  readonly clearBarcodes: (id: string) => void;
}

/** The key codes are unique by: the code in lower case. */
export const codeKey = (code: string): string => code.trim().toLowerCase();

const toItemType = (v: string): ProductItemType => {
  const t = PRODUCT_ITEM_TYPES.find((x) => x === v);
  if (!t) throw new Error(`unknown item type in products: ${v}`);
  return t;
};
const toSaleType = (v: string): SaleType => {
  const t = SALE_TYPES.find((x) => x === v);
  if (!t) throw new Error(`unknown sale type in products: ${v}`);
  return t;
};

const toProduct = (r: ProductsTable, barcodes: readonly string[]): Product => ({
  id: r.id,
  code: r.code,
  barcodes: [...barcodes],
  description: r.description,
  unitMeasure: r.unit_measure,
  itemType: toItemType(r.item_type),
  saleType: toSaleType(r.sale_type),
  shelfPrice: r.shelf_price,
  netPrice: r.net_price,
  active: r.active === 1,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
});

const toRow = (p: Product): ProductsTable => ({
  id: p.id,
  code: p.code,
  code_key: codeKey(p.code),
  description: p.description,
  search_fold: foldForSearch(`${p.code} ${p.description}`),
  unit_measure: p.unitMeasure,
  item_type: p.itemType,
  sale_type: p.saleType,
  shelf_price: p.shelfPrice,
  net_price: p.netPrice,
  active: p.active ? 1 : 0,
  created_at: p.createdAt,
  updated_at: p.updatedAt,
});

const encodeCursor = (key: string) => toBase64Url(key);
/** The last code key of a page as this list encoded it; anything else is a 422 (see page-cursor.ts). */
function decodeCursor(s: string): string {
  const key = fromBase64Url(s);
  // A code's lower case may be longer than the code (İ becomes two code units): room for that.
  if (key === null || key.length === 0 || key.length > PRODUCT_CODE_MAX * 3 || key !== codeKey(key)) throw badCursor();
  return key;
}

/** Words a search is split in; more are ignored. */
const MAX_TERMS = 6;

/** The product's barcodes in their order, as a JSON array, beside its row. */
export const PRODUCT_WITH_BARCODES = `SELECT p.*, (SELECT json_group_array(barcode ORDER BY position) FROM product_barcodes b WHERE b.product_id = p.id) AS barcodes_json FROM products p`;

/**
 * The quick sale's lookups (a scanned barcode, a typed code, each alone, at a scanner's pace): one plain
 * statement, prepared once, that brings the product with its barcodes, so the lookup costs what its index costs
 * (issue 35, goal 4; bench/catalog.ts runs these very texts as its floor). Anything else is built by the builder.
 */
export const EXACT_LOOKUP_SQL = {
  barcode: (active: boolean) =>
    `${PRODUCT_WITH_BARCODES} WHERE p.id IN (SELECT product_id FROM product_barcodes WHERE barcode = ?)${active ? ' AND p.active = ?' : ''} ORDER BY p.code_key LIMIT ?`,
  code: (active: boolean) =>
    `${PRODUCT_WITH_BARCODES} WHERE p.code_key = ?${active ? ' AND p.active = ?' : ''} ORDER BY p.code_key LIMIT ?`,
} as const;

function exactLookup(query: ProductQuery, limit: number): { sql: string; params: unknown[] } | null {
  if (query.q !== undefined || query.cursor !== undefined || (query.barcode === undefined) === (query.code === undefined)) return null;
  const active = query.active !== undefined;
  const activeParam = active ? [query.active ? 1 : 0] : [];
  return query.barcode !== undefined
    ? { sql: EXACT_LOOKUP_SQL.barcode(active), params: [query.barcode.trim(), ...activeParam, limit + 1] }
    : { sql: EXACT_LOOKUP_SQL.code(active), params: [codeKey(query.code!), ...activeParam, limit + 1] };
}

export function productsRepo(store: Store): ProductsRepo {
  /** The barcodes of these products, each list in its order. */
  const barcodesOf = (ids: readonly string[]): Map<string, string[]> => {
    const out = new Map<string, string[]>();
    if (ids.length === 0) return out;
    const rows = store.all(
      store.q
        .selectFrom('product_barcodes')
        .select(['product_id', 'barcode'])
        .where(sql<boolean>`product_id IN (SELECT value FROM json_each(${JSON.stringify(ids)}))`)
        .orderBy('product_id')
        .orderBy('position'),
    );
    for (const r of rows) {
      const list = out.get(r.product_id) ?? [];
      list.push(r.barcode);
      out.set(r.product_id, list);
    }
    return out;
  };
  const hydrate = (rows: readonly ProductsTable[]): Product[] => {
    const codes = barcodesOf(rows.map((r) => r.id));
    return rows.map((r) => toProduct(r, codes.get(r.id) ?? []));
  };
  const one = (row: ProductsTable | undefined) => (row ? hydrate([row])[0]! : null);
  // Plain statements: an import writes 50,000 products in one transaction, and building each insert cost more than it.
  const writeBarcodes = (p: Product) => {
    const stmt = store.statement('INSERT INTO product_barcodes (barcode, product_id, position) VALUES (?, ?, ?)');
    p.barcodes.forEach((barcode, position) => stmt.run(barcode, p.id, position));
  };
  const clearBarcodes = (id: string) => void store.run(store.q.deleteFrom('product_barcodes').where('product_id', '=', id));

  return {
    get: (id) => one(store.one(store.q.selectFrom('products').selectAll().where('id', '=', id.toLowerCase()))),
    byCode: (code) => one(store.one(store.q.selectFrom('products').selectAll().where('code_key', '=', codeKey(code)))),
    byBarcode: (barcode) =>
      one(
        store.one(
          store.q
            .selectFrom('products')
            .selectAll()
            .where('id', '=', (eb) => eb.selectFrom('product_barcodes').select('product_id').where('barcode', '=', barcode.trim())),
        ),
      ),
    list(query) {
      const limit = query.limit ?? 50;
      const exact = exactLookup(query, limit);
      if (exact) {
        const rows = store.statement(exact.sql).all(...exact.params) as (ProductsTable & { barcodes_json: string })[];
        const page = rows.slice(0, limit);
        return {
          items: page.map((r) => toProduct(r, JSON.parse(r.barcodes_json) as string[])),
          nextCursor: rows.length > limit ? encodeCursor(page[page.length - 1]!.code_key) : null,
        };
      }
      let sel = store.q.selectFrom('products').selectAll();
      if (query.code) sel = sel.where('code_key', '=', codeKey(query.code));
      if (query.barcode) {
        const barcode = query.barcode.trim();
        sel = sel.where('id', 'in', (eb) => eb.selectFrom('product_barcodes').select('product_id').where('barcode', '=', barcode));
      }
      if (query.active !== undefined) sel = sel.where('active', '=', query.active ? 1 : 0);
      if (query.q) {
        const whole = query.q.trim();
        const terms = foldForSearch(whole).split(/\s+/).filter(Boolean).slice(0, MAX_TERMS);
        // Every word somewhere in the code or the description; or the text is one of the product's barcodes.
        const words = terms.map((t) => sql<boolean>`search_fold LIKE ${likePattern(t)} ESCAPE '\\'`);
        const byWords = words.length > 0 ? sql<boolean>`(${sql.join(words, sql` AND `)})` : sql<boolean>`0`;
        sel = sel.where(sql<boolean>`(${byWords} OR id IN (SELECT product_id FROM product_barcodes WHERE barcode = ${whole}))`);
      }
      if (query.cursor) sel = sel.where('code_key', '>', decodeCursor(query.cursor));
      const rows = store.all(sel.orderBy('code_key').limit(limit + 1));
      const page = rows.slice(0, limit);
      const last = rows.length > limit ? page[page.length - 1] : undefined;
      return { items: hydrate(page), nextCursor: last ? encodeCursor(last.code_key) : null };
    },
    activeWithUnits(units) {
      if (units.length === 0) return [];
      const rows = store.all(
        store.q
          .selectFrom('products')
          .select(['unit_measure', (eb) => eb.fn.countAll<number>().as('n')])
          .where('active', '=', 1)
          .where('unit_measure', 'in', [...units])
          .groupBy('unit_measure')
          .orderBy('unit_measure'),
      );
      return rows.map((r) => ({ unit: r.unit_measure, count: Number(r.n) }));
    },
    all() {
      const rows = store.all(store.q.selectFrom('products').selectAll().orderBy('code_key'));
      const codes = new Map<string, string[]>();
      for (const r of store.all(
        store.q.selectFrom('product_barcodes').select(['product_id', 'barcode']).orderBy('product_id').orderBy('position'),
      )) {
        const list = codes.get(r.product_id) ?? [];
        list.push(r.barcode);
        codes.set(r.product_id, list);
      }
      return rows.map((r) => toProduct(r, codes.get(r.id) ?? []));
    },
    insert(p) {
      const r = toRow(p);
      store
        .statement(
          `INSERT INTO products (id, code, code_key, description, search_fold, unit_measure, item_type, sale_type, shelf_price, net_price, active, created_at, updated_at)
           VALUES (@id, @code, @code_key, @description, @search_fold, @unit_measure, @item_type, @sale_type, @shelf_price, @net_price, @active, @created_at, @updated_at)`,
        )
        .run(r);
      writeBarcodes(p);
    },
    update(p) {
      const { id, created_at: _created, ...fields } = toRow(p);
      store.run(store.q.updateTable('products').set(fields).where('id', '=', id));
      clearBarcodes(id);
      writeBarcodes(p);
    },
    clearBarcodes,
  };
}
