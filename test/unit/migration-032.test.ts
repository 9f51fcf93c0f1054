import BetterSqlite3 from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { migrate } from '../../main/core/store/migrate';
import { MIGRATIONS } from '../../main/core/store/migrations';

describe('032 return invalidations', () => {
  const at = MIGRATIONS.findIndex((m) => m.name === 'return-invalidations');

  it('keeps at most one live invalidation per ER, of a known ER, with MH statuses and CAT-024 types only', () => {
    expect(at).toBeGreaterThan(0);
    const db = new BetterSqlite3(':memory:');
    db.pragma('foreign_keys = ON');
    migrate(db, MIGRATIONS.slice(0, at));
    expect(() => db.prepare('SELECT count(*) FROM return_invalidations').get()).toThrow(/no such table/);
    migrate(db, MIGRATIONS.slice(0, at + 1));
    db.prepare(
      `INSERT INTO returns (id, kind, environment, company_id, version, status, reason, total, mh_json, jws, generated_at, created_at, updated_at)
       VALUES ('er', 'FC', 'TEST', 'c', 1, 'APPROVED', 'Devolución', '1.00', '{}', 'x', 't', 't', 't')`,
    ).run();
    const insert = db.prepare(
      `INSERT INTO return_invalidations (id, return_id, status, type, reason, mh_json, jws, generated_at, created_at, updated_at)
       VALUES (?, ?, ?, ?, NULL, '{}', 'x', 't', ?, 't')`,
    );
    insert.run('i1', 'er', 'REJECTED', 2, '1');
    insert.run('i2', 'er', 'PENDING', 2, '2');
    expect(() => insert.run('i3', 'er', 'APPROVED', 2, '3')).toThrow(/UNIQUE/);
    expect(() => insert.run('i4', 'er', 'IN_DOUBT', 2, '4')).toThrow(/CHECK/);
    expect(() => insert.run('i5', 'er', 'REJECTED', 4, '5')).toThrow(/CHECK/);
    expect(() => insert.run('i6', 'nowhere', 'REJECTED', 2, '6')).toThrow(/FOREIGN KEY/);
    db.prepare("UPDATE return_invalidations SET status = 'REJECTED' WHERE id = 'i2'").run();
    insert.run('i7', 'er', 'APPROVED', 1, '7');
    expect(db.prepare("SELECT id FROM return_invalidations WHERE status IN ('PENDING', 'APPROVED')").all()).toEqual([{ id: 'i7' }]);
  });
});
