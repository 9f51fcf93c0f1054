import BetterSqlite3 from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { migrate } from '../../main/core/store/migrate';
import { MIGRATIONS } from '../../main/core/store/migrations';

describe('038 cash movements', () => {
  const at = MIGRATIONS.findIndex((m) => m.name === 'cash-movements');

  it('takes a withdrawal with no receiver and a handover with one, between people, and changes neither', () => {
    expect(at).toBeGreaterThan(0);
    expect(MIGRATIONS[at]!.version).toBe(at + 1);
    const db = new BetterSqlite3(':memory:');
    migrate(db, MIGRATIONS.slice(0, at + 1));
    const insert = db.prepare(
      'INSERT INTO cash_movements (id, kind, from_scope, to_scope, amount, reason, at, by, by_name) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
    );
    insert.run('m1', 'withdrawal', 'user:ana', null, '20.00', 'Caja fuerte', 't', 'user:sup', null);
    insert.run('m2', 'handover', 'user:ana', 'user:luis', '5.00', 'Cambio', 't', 'user:sup', null);
    expect(() => insert.run('m3', 'withdrawal', 'user:ana', 'user:luis', '1.00', 'x', 't', 'user:sup', null)).toThrow(/CHECK/);
    expect(() => insert.run('m4', 'handover', 'user:ana', null, '1.00', 'x', 't', 'user:sup', null)).toThrow(/CHECK/);
    expect(() => insert.run('m5', 'withdrawal', 'station', null, '1.00', 'x', 't', 'user:sup', null)).toThrow(/CHECK/);
    expect(() => insert.run('m6', 'loan', 'user:ana', null, '1.00', 'x', 't', 'user:sup', null)).toThrow(/CHECK/);
    expect(() => db.prepare("UPDATE cash_movements SET amount = '1.00'").run()).toThrow(/append-only/);
    expect(() => db.prepare('DELETE FROM cash_movements').run()).toThrow(/append-only/);
  });
});
