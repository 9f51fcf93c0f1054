import BetterSqlite3 from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { migrate } from '../../main/core/store/migrate';
import { MIGRATIONS } from '../../main/core/store/migrations';

describe('031 returns in contingency', () => {
  const at = MIGRATIONS.findIndex((m) => m.name === 'contingency-returns');

  it('gives every ER a contingency event, null for those made before, and refuses an event that does not exist', () => {
    expect(at).toBeGreaterThan(0);
    const db = new BetterSqlite3(':memory:');
    db.pragma('foreign_keys = ON');
    migrate(db, MIGRATIONS.slice(0, at));
    const insert = (id: string, extra = '') =>
      db
        .prepare(
          `INSERT INTO returns (id, kind, environment, company_id, version, status, reason, total, mh_json, jws, generated_at, created_at, updated_at${extra ? ', contingency_id' : ''})
           VALUES (?, 'FC', 'TEST', 'c', 1, 'PENDING', 'Devolución', '1.00', '{}', 'x', 't', 't', 't'${extra ? ', ?' : ''})`,
        )
        .run(...(extra ? [id, extra] : [id]));
    insert('before');
    migrate(db, MIGRATIONS.slice(0, at + 1));
    expect(db.prepare("SELECT contingency_id FROM returns WHERE id = 'before'").get()).toEqual({ contingency_id: null });
    db.prepare(
      `INSERT INTO contingency_events (id, type, reason, started_at, status, attempts, created_at, updated_at) VALUES ('ev', 1, NULL, 't', 'open', 0, 't', 't')`,
    ).run();
    insert('during', 'ev');
    expect(db.prepare("SELECT id FROM returns WHERE contingency_id = 'ev'").all()).toEqual([{ id: 'during' }]);
    expect(() => insert('nowhere', 'no-such-event')).toThrow(/FOREIGN KEY/);
  });
});
