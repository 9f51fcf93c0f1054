import BetterSqlite3 from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { migrate } from '../../main/core/store/migrate';
import { MIGRATIONS } from '../../main/core/store/migrations';

describe('036 price overrides', () => {
  const at = MIGRATIONS.findIndex((m) => m.name === 'price-overrides');

  it('keeps each override of a stored document, once per line, approved by a person, never changed', () => {
    expect(at).toBeGreaterThan(0);
    expect(MIGRATIONS[at]!.version).toBe(at + 1);
    const db = new BetterSqlite3(':memory:');
    db.pragma('foreign_keys = ON');
    migrate(db, MIGRATIONS.slice(0, at + 1));
    const required = (
      db.prepare('PRAGMA table_info(documents)').all() as { name: string; type: string; notnull: number; dflt_value: unknown }[]
    ).filter((c) => c.notnull && c.dflt_value === null);
    const value = (c: { name: string; type: string }) =>
      (({ id: 'd1', kind: 'FC', status: 'APPROVED', version: 1, environment: 'TEST' }) as Record<string, unknown>)[c.name] ??
      (c.type === 'INTEGER' ? 1 : c.type === 'BLOB' ? Buffer.from('x') : 't');
    db.prepare(`INSERT INTO documents (${required.map((c) => c.name).join(', ')}) VALUES (${required.map(() => '?').join(', ')})`).run(
      ...required.map(value),
    );
    const insert = db.prepare(
      `INSERT INTO price_overrides (id, document_id, kind, control_number, line, product_id, product_code, description, quantity,
        shelf_price, price, asked_by, asked_by_name, approved_by, approved_by_name, approved_at, created_at)
       VALUES (?, ?, 'FC', 'DTE-01', ?, 'p', 'ACE', 'Aceite', '1', '2.50', '1.99', 'user:cajero', NULL, ?, NULL, 't', 't')`,
    );
    insert.run('o1', 'd1', 0, 'user:supervisor');
    expect(() => insert.run('o2', 'd1', 0, 'user:supervisor')).toThrow(/UNIQUE/);
    expect(() => insert.run('o3', 'nowhere', 1, 'user:supervisor')).toThrow(/FOREIGN KEY/);
    expect(() => insert.run('o4', 'd1', 1, 'api-key:k')).toThrow(/CHECK/);
    expect(() => db.prepare("UPDATE price_overrides SET price = '0.01'").run()).toThrow(/append-only/);
    expect(() => db.prepare('DELETE FROM price_overrides').run()).toThrow(/append-only/);
  });
});
