import type { Migration } from './types';

/**
 * The day's closes (main/core/close/closes-repo.ts): each a record that is never changed, like the audit log.
 * `scope` is 'station' or a person's actor id; the period and `closed_at` are El Salvador time; `summary` and
 * `difference` are JSON, `hash` their SHA-256. A later close of an overlapping period names the one it compares
 * against in `previous_id`.
 */
export const m013DayCloses: Migration = {
  version: 13,
  name: 'day-closes',
  up(db) {
    db.exec(`
      CREATE TABLE day_closes (
        id TEXT PRIMARY KEY,
        seq INTEGER NOT NULL UNIQUE,
        scope TEXT NOT NULL CHECK (scope = 'station' OR scope LIKE 'user:%'),
        scope_name TEXT NOT NULL,
        period_from TEXT NOT NULL,
        period_to TEXT NOT NULL CHECK (period_to >= period_from),
        closed_at TEXT NOT NULL,
        closed_by TEXT NOT NULL,
        closed_by_name TEXT,
        summary TEXT NOT NULL,
        previous_id TEXT REFERENCES day_closes (id),
        difference TEXT,
        hash TEXT NOT NULL
      ) STRICT;
      CREATE INDEX day_closes_by_scope ON day_closes (scope, seq);
      -- A close is a record: never changed, never removed.
      CREATE TRIGGER day_closes_no_update BEFORE UPDATE ON day_closes BEGIN SELECT RAISE(ABORT, 'day_closes is append-only'); END;
      CREATE TRIGGER day_closes_no_delete BEFORE DELETE ON day_closes BEGIN SELECT RAISE(ABORT, 'day_closes is append-only'); END;
    `);
  },
};
