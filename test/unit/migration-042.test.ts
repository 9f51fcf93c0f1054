import BetterSqlite3 from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { migrate } from '../../main/core/store/migrate';
import { MIGRATIONS } from '../../main/core/store/migrations';

describe('042 products by unit', () => {
  const at = MIGRATIONS.findIndex((m) => m.name === 'products-by-unit');

  it('indexes active products by unit, keeps the catalog as it was, and the unit alert’s query uses the index', () => {
    expect(at).toBeGreaterThan(0);
    expect(MIGRATIONS[at]!.version).toBe(at + 1);
    const db = new BetterSqlite3(':memory:');
    migrate(db, MIGRATIONS.slice(0, at));
    const add = db.prepare(
      "INSERT INTO products (id, code, code_key, description, search_fold, unit_measure, item_type, sale_type, shelf_price, net_price, active, created_at, updated_at) VALUES (?, ?, ?, 'x', 'x', ?, 'BIENES', 'GRAVADA', '1.13', '1', ?, 't', 't')",
    );
    add.run('p1', 'A', 'a', 'MANZANA', 1);
    add.run('p2', 'B', 'b', 'UNIDAD', 1);
    add.run('p3', 'C', 'c', 'MANZANA', 0);
    const before = db.prepare('SELECT * FROM products ORDER BY id').all();
    migrate(db, MIGRATIONS.slice(0, at + 1));
    expect(db.prepare('SELECT * FROM products ORDER BY id').all()).toEqual(before);
    const query =
      "SELECT unit_measure, COUNT(*) AS n FROM products WHERE active = 1 AND unit_measure IN ('MANZANA', 'VARA') GROUP BY unit_measure";
    expect(db.prepare(query).all()).toEqual([{ unit_measure: 'MANZANA', n: 1 }]);
    const plan = (db.prepare(`EXPLAIN QUERY PLAN ${query}`).all() as { detail: string }[]).map((r) => r.detail).join(' ');
    expect(plan).toContain('products_active_unit');
  });
});
