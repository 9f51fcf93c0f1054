import BetterSqlite3 from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { migrate } from '../../main/core/store/migrate';
import { MIGRATIONS } from '../../main/core/store/migrations';

describe('030 print jobs and drawer kicks', () => {
  const at = MIGRATIONS.findIndex((m) => m.name === 'print-jobs');

  it('keeps receipts to reprint, and every drawer opening once per sale, never changed', () => {
    expect(at).toBeGreaterThan(0);
    const db = new BetterSqlite3(':memory:');
    migrate(db, MIGRATIONS.slice(0, at));
    expect(() => db.prepare('SELECT count(*) FROM print_jobs').get()).toThrow(/no such table/);
    migrate(db, MIGRATIONS.slice(0, at + 1));
    const job = db.prepare(
      `INSERT INTO print_jobs (id, dte_id, state, created_at, created_by, updated_at) VALUES (?, 'd1', ?, '2026-11-27T08:00:00-06:00', 'user:ana', '2026-11-27T08:00:00-06:00')`,
    );
    job.run('j1', 'pending');
    expect(() => job.run('j2', 'lost')).toThrow(/CHECK/);
    db.prepare("UPDATE print_jobs SET state = 'printed', attempts = attempts + 1 WHERE id = 'j1'").run();
    expect(db.prepare('SELECT state, attempts FROM print_jobs').get()).toEqual({ state: 'printed', attempts: 1 });

    const kick = db.prepare(
      `INSERT INTO drawer_kicks (id, at, by, by_name, dte_id) VALUES (?, '2026-11-27T08:01:00-06:00', 'user:ana', 'Ana', ?)`,
    );
    kick.run('k1', 'd1');
    expect(() => kick.run('k2', 'd1')).toThrow(/UNIQUE/);
    kick.run('k3', null);
    kick.run('k4', null);
    expect(() => db.prepare("UPDATE drawer_kicks SET by = 'user:beto' WHERE id = 'k3'").run()).toThrow(/append-only/);
    expect(() => db.prepare("DELETE FROM drawer_kicks WHERE id = 'k3'").run()).toThrow(/append-only/);
    expect((db.prepare('SELECT count(*) AS n FROM drawer_kicks').get() as { n: number }).n).toBe(3);
  });
});
