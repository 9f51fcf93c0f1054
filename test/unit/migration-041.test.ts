import BetterSqlite3 from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { migrate } from '../../main/core/store/migrate';
import { MIGRATIONS } from '../../main/core/store/migrations';

describe('041 homologation operaciones', () => {
  const at = MIGRATIONS.findIndex((m) => m.name === 'homologation-operaciones');

  it("takes EOE steps ('operaciones') and keeps the steps a run already had, as they were", () => {
    expect(at).toBeGreaterThan(0);
    expect(MIGRATIONS[at]!.version).toBe(at + 1);
    const db = new BetterSqlite3(':memory:');
    db.pragma('foreign_keys = ON');
    migrate(db, MIGRATIONS.slice(0, at));
    db.prepare(
      "INSERT INTO homologation_runs (id, normative, kinds, seed, pace_ms, status, started_by, started_at) VALUES ('r1', '2026', '[\"FC\"]', 7, 1000, 'running', 'user:admin', 's')",
    ).run();
    const step = db.prepare(
      'INSERT INTO homologation_steps (run_id, seq, step, kind, ref, request, done, error, record_id, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
    );
    step.run('r1', 1, 'document', 'FC', 'd1', '{"body":{}}', 1, null, null, 't1');
    step.run('r1', 2, 'retorno', 'FC', 'd1', '{}', 0, 'refused', 'x', 't2');
    // Before: the CHECK refuses the EOE's step.
    expect(() => step.run('r1', 3, 'operaciones', null, 'FS-1', '{}', 0, null, null, 't3')).toThrow(/CHECK/);
    const before = db.prepare('SELECT * FROM homologation_steps ORDER BY seq').all();

    migrate(db, MIGRATIONS.slice(0, at + 1));
    expect(db.prepare('SELECT * FROM homologation_steps ORDER BY seq').all()).toEqual(before);
    step.run('r1', 3, 'operaciones', null, 'FS-1', '{}', 0, null, null, 't3');
    expect(() => step.run('r1', 4, 'gestion', null, 'x', '{}', 0, null, null, 't4')).toThrow(/CHECK/);
    expect(() => step.run('r1', 3, 'document', 'FC', 'd2', '{}', 1, null, null, 't5')).toThrow(/UNIQUE|PRIMARY/);
    expect(() => step.run('nobody', 1, 'document', 'FC', 'd2', '{}', 1, null, null, 't5')).toThrow(/FOREIGN KEY/);
    expect(db.prepare("SELECT name FROM sqlite_master WHERE type = 'index' AND name = 'homologation_steps_ref'").get()).toEqual({
      name: 'homologation_steps_ref',
    });
  });
});
