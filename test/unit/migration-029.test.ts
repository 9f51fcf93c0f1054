import BetterSqlite3 from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { migrate } from '../../main/core/store/migrate';
import { MIGRATIONS } from '../../main/core/store/migrations';

describe('029 drawer openings', () => {
  const at = MIGRATIONS.findIndex((m) => m.name === 'drawer-openings');

  it('records a shift’s float for a person or the station, and never changes or removes it', () => {
    expect(at).toBeGreaterThan(0);
    const db = new BetterSqlite3(':memory:');
    migrate(db, MIGRATIONS.slice(0, at));
    expect(() => db.prepare('SELECT count(*) FROM drawer_openings').get()).toThrow(/no such table/);
    migrate(db, MIGRATIONS.slice(0, at + 1));
    const insert = db.prepare(
      `INSERT INTO drawer_openings (id, scope, amount, opened_at, opened_by, opened_by_name) VALUES (?, ?, '50.00', '2026-11-22T08:00:00-06:00', 'user:ana', 'Ana')`,
    );
    insert.run('o1', 'user:ana');
    insert.run('o2', 'station');
    expect(() => insert.run('o3', 'ana')).toThrow(/CHECK/);
    expect(() => db.prepare("UPDATE drawer_openings SET amount = '5.00' WHERE id = 'o1'").run()).toThrow(/append-only/);
    expect(() => db.prepare("DELETE FROM drawer_openings WHERE id = 'o1'").run()).toThrow(/append-only/);
    expect(db.prepare('SELECT id, amount FROM drawer_openings ORDER BY id').all()).toEqual([
      { id: 'o1', amount: '50.00' },
      { id: 'o2', amount: '50.00' },
    ]);
  });
});
