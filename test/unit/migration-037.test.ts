import BetterSqlite3 from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { migrate } from '../../main/core/store/migrate';
import { MIGRATIONS } from '../../main/core/store/migrations';

describe('037 refunds and floats', () => {
  const at = MIGRATIONS.findIndex((m) => m.name === 'refunds-and-floats');

  it('keeps the older drawer kicks, records refunds and float corrections once, and changes neither', () => {
    expect(at).toBeGreaterThan(0);
    expect(MIGRATIONS[at]!.version).toBe(at + 1);
    const db = new BetterSqlite3(':memory:');
    db.pragma('foreign_keys = ON');
    migrate(db, MIGRATIONS.slice(0, at));
    db.prepare("INSERT INTO drawer_kicks (id, at, by, by_name, dte_id) VALUES ('k1', 't', 'user:ana', 'Ana', 'd1')").run();
    db.prepare(
      "INSERT INTO drawer_openings (id, scope, amount, opened_at, opened_by, opened_by_name) VALUES ('o1', 'user:ana', '500.00', 't', 'user:ana', 'Ana')",
    ).run();
    migrate(db, MIGRATIONS.slice(0, at + 1));
    expect(db.prepare("SELECT dte_id, cause, ref_id FROM drawer_kicks WHERE id = 'k1'").get()).toEqual({
      dte_id: 'd1',
      cause: null,
      ref_id: null,
    });
    const kick = db.prepare('INSERT INTO drawer_kicks (id, at, by, by_name, dte_id, cause, ref_id) VALUES (?, ?, ?, ?, ?, ?, ?)');
    kick.run('k2', 't', 'user:sup', null, null, 'refund', 'er1');
    expect(() => kick.run('k3', 't', 'user:sup', null, null, 'magic', null)).toThrow(/CHECK/);

    const refund = db.prepare(
      'INSERT INTO refunds (id, kind, ref_id, method, amount, drawer, paid_by, paid_by_name, at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
    );
    refund.run('r1', 'NC', 'nc1', 'account', '8.48', 'station', 'user:sup', 'Sup', 't');
    expect(() => refund.run('r2', 'NC', 'nc1', 'cash', '8.48', 'station', 'user:sup', 'Sup', 't')).toThrow(/UNIQUE/);
    expect(() => refund.run('r3', 'ND', 'nd1', 'cash', '1.00', 'station', 'user:sup', null, 't')).toThrow(/CHECK/);
    expect(() => refund.run('r4', 'ER', 'er1', 'bitcoin', '1.00', 'station', 'user:sup', null, 't')).toThrow(/CHECK/);
    expect(() => db.prepare("UPDATE refunds SET method = 'cash' WHERE id = 'r1'").run()).toThrow(/append-only/);
    expect(() => db.prepare("DELETE FROM refunds WHERE id = 'r1'").run()).toThrow(/append-only/);

    const fix = db.prepare(
      'INSERT INTO drawer_float_corrections (id, opening_id, amount, reason, corrected_at, corrected_by, corrected_by_name) VALUES (?, ?, ?, ?, ?, ?, ?)',
    );
    fix.run('c1', 'o1', '50.00', 'Tecleó 500 por 50', 't', 'user:sup', 'Sup');
    expect(() => fix.run('c2', 'o1', '50.00', '   ', 't', 'user:sup', 'Sup')).toThrow(/CHECK/);
    expect(() => fix.run('c3', 'nowhere', '50.00', 'Sin fondo', 't', 'user:sup', 'Sup')).toThrow(/FOREIGN KEY/);
    expect(() => db.prepare("UPDATE drawer_float_corrections SET amount = '5.00'").run()).toThrow(/append-only/);
    expect(db.prepare("SELECT amount FROM drawer_openings WHERE id = 'o1'").get()).toEqual({ amount: '500.00' });
  });
});
