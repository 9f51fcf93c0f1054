// A catalog of 50,000 products (issue 35, goal 4): the quick sale's lookups (a scanned barcode, a typed code, a
// few letters) through the core, each beside the bare SQL of the same lookup on the same index and the same
// store; and the import of 50,000 rows, preview and apply, beside a bare insert of the same rows.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import BetterSqlite3 from 'better-sqlite3';
import { EXACT_LOOKUP_SQL, PRODUCT_WITH_BARCODES } from '../main/core/catalog/products-repo';
import { createCore } from '../main/core/create-core';

export interface CatalogFigures {
  readonly products: number;
  /** p99 in ms of each lookup through the core, and of its bare SQL. */
  readonly lookups: readonly { readonly label: string; readonly runs: number; readonly p99: number; readonly floorP99: number }[];
  readonly previewMs: number;
  readonly applyMs: number;
  /** The same rows inserted by two prepared statements in one transaction. */
  readonly bareInsertMs: number;
}

const WORDS = ['leche', 'café', 'arroz', 'frijol', 'azúcar', 'aceite', 'jabón', 'pan', 'queso', 'crema', 'harina', 'sal'];
const SIZES = ['250 g', '500 g', '1 lb', '1 kg', '1 litro', '2 litros', 'bolsa', 'caja', 'lata', 'paquete'];

/** A valid EAN-13 with the country prefix 741: twelve digits and their check digit. */
function ean13(n: number): string {
  const body = `741${String(n).padStart(9, '0')}`;
  const sum = [...body].reduce((s, d, i) => s + Number(d) * (i % 2 === 0 ? 1 : 3), 0);
  return `${body}${(10 - (sum % 10)) % 10}`;
}

const description = (i: number) =>
  `${WORDS[i % WORDS.length]} ${WORDS[(i * 7) % WORDS.length]} marca ${i % 997} ${SIZES[i % SIZES.length]}`;
const price = (i: number) => `${1 + (i % 40)}.${String(i % 100).padStart(2, '0')}`;

function csvOf(count: number): string {
  const lines = ['codigo,codigo_barras,descripcion,unidad,tipo_item,tipo_venta,precio_con_iva,precio_sin_iva,activo'];
  for (let i = 1; i <= count; i++)
    lines.push(`P${String(i).padStart(6, '0')},${ean13(i)},${description(i)},59,BIENES,GRAVADA,${price(i)},,sí`);
  return `${lines.join('\n')}\n`;
}

const p99 = (ms: number[]) => [...ms].sort((a, b) => a - b)[Math.min(ms.length - 1, Math.floor(0.99 * ms.length))]!;

/** `runs` of each exact lookup (sub-millisecond: many, for a steady p99); a tenth as many of each search by words. */
export async function catalogBench(count = 50_000, runs = 3000): Promise<CatalogFigures> {
  const dir = mkdtempSync(join(tmpdir(), 'sello-bench-catalog-'));
  const core = createCore({ dataDir: dir, sync: { manual: true } });
  try {
    const content = csvOf(count);
    let t = performance.now();
    const preview = await core.products.importFile({ format: 'csv', content }, 'bench');
    const previewMs = performance.now() - t;
    if (preview.summary.error > 0) throw new Error(`the bench's catalog has ${preview.summary.error} bad rows`);
    t = performance.now();
    await core.products.importFile({ format: 'csv', content, apply: true }, 'bench');
    const applyMs = performance.now() - t;

    // The floor's insert: the same rows into the same tables of a copy of the schema, no checks, no plan.
    const bareDir = mkdtempSync(join(tmpdir(), 'sello-bench-catalog-bare-'));
    const bareCore = createCore({ dataDir: bareDir, sync: { manual: true } });
    bareCore.close();
    const bare = new BetterSqlite3(join(bareDir, 'sello.db'));
    bare.pragma('journal_mode = WAL');
    bare.pragma('synchronous = FULL');
    const insP = bare.prepare(
      `INSERT INTO products (id, code, code_key, description, search_fold, unit_measure, item_type, sale_type, shelf_price, net_price, active, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, '59', 'BIENES', 'GRAVADA', ?, ?, 1, '2026-11-27T00:00:00-06:00', '2026-11-27T00:00:00-06:00')`,
    );
    const insB = bare.prepare('INSERT INTO product_barcodes (barcode, product_id, position) VALUES (?, ?, 0)');
    t = performance.now();
    bare.transaction(() => {
      for (let i = 1; i <= count; i++) {
        const id = `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`;
        const code = `P${String(i).padStart(6, '0')}`;
        insP.run(id, code, code.toLowerCase(), description(i), `${code} ${description(i)}`.toLowerCase(), price(i), price(i));
        insB.run(ean13(i), id);
      }
    })();
    const bareInsertMs = performance.now() - t;
    bare.close();
    rmSync(bareDir, { recursive: true, force: true });

    // The lookups, on the catalog just imported: the core's (as the quick sale calls it) and the bare SQL's.
    const db = new BetterSqlite3(join(dir, 'sello.db'), { readonly: true });
    // The floor brings what the lookup must: the products found, each with its barcodes, by the same index.
    const byBarcode = db.prepare(EXACT_LOOKUP_SQL.barcode(true));
    const byCode = db.prepare(EXACT_LOOKUP_SQL.code(true));
    const byWords = db.prepare(
      `${PRODUCT_WITH_BARCODES} WHERE p.active = 1 AND (p.search_fold LIKE ? ESCAPE '\\' OR p.id IN (SELECT product_id FROM product_barcodes WHERE barcode = ?)) ORDER BY p.code_key LIMIT 9`,
    );
    const rnd = (() => {
      let s = 35;
      return () => (s = (s * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    })();
    const pick = () => 1 + Math.floor(rnd() * count);
    const lookups = [
      {
        label: 'barcode scanned',
        words: false,
        core: (i: number) => core.products.list({ barcode: ean13(i), active: true, limit: 2 }),
        floor: (i: number) => byBarcode.all(ean13(i), 1, 3),
      },
      {
        label: 'code typed',
        words: false,
        core: (i: number) => core.products.list({ code: `p${String(i).padStart(6, '0')}`, active: true, limit: 2 }),
        floor: (i: number) => byCode.all(`p${String(i).padStart(6, '0')}`, 1, 3),
      },
      {
        label: 'a few letters',
        words: true,
        core: (i: number) => core.products.list({ q: `marca ${i % 997}`, active: true, limit: 8 }),
        floor: (i: number) => byWords.all(`%marca ${i % 997}%`, `marca ${i % 997}`),
      },
      {
        label: 'letters matching nothing',
        words: true,
        core: (i: number) => core.products.list({ q: `zz${i}`, active: true, limit: 8 }),
        floor: (i: number) => byWords.all(`%zz${i}%`, `zz${i}`),
      },
    ].map((l) => {
      const a: number[] = [];
      const b: number[] = [];
      const n = l.words ? Math.ceil(runs / 10) : runs;
      for (let r = 0; r < n; r++) {
        const i = pick();
        // Alternated, so both meet the same cache.
        let s = performance.now();
        l.core(i);
        a.push(performance.now() - s);
        s = performance.now();
        l.floor(i);
        b.push(performance.now() - s);
      }
      return { label: l.label, runs: n, p99: p99(a), floorP99: p99(b) };
    });
    db.close();
    return { products: count, lookups, previewMs, applyMs, bareInsertMs };
  } finally {
    core.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

// `tsx bench/catalog.ts [count]`: this bench alone.
if (process.argv[1]?.endsWith('catalog.ts')) console.log(await catalogBench(Number(process.argv[2] ?? 50_000)));
