import type { Migration } from './types';

/**
 * The drawer's opening float, recorded when a shift starts (main/core/close/openings-repo.ts): who opened which
 * scope with how much, never changed afterwards, so the close cannot take a float typed to hide a shortage.
 * `scope` is 'station' or a person's actor id, as in day_closes; `opened_at` is El Salvador time.
 */
export const m029DrawerOpenings: Migration = {
  version: 29,
  name: 'drawer-openings',
  up(db) {
    db.exec(`
      CREATE TABLE drawer_openings (
        id TEXT PRIMARY KEY,
        scope TEXT NOT NULL CHECK (scope = 'station' OR scope LIKE 'user:%'),
        amount TEXT NOT NULL,
        opened_at TEXT NOT NULL,
        opened_by TEXT NOT NULL,
        opened_by_name TEXT
      ) STRICT;
      CREATE INDEX drawer_openings_by_scope ON drawer_openings (scope, opened_at);
      CREATE TRIGGER drawer_openings_no_update BEFORE UPDATE ON drawer_openings BEGIN SELECT RAISE(ABORT, 'drawer_openings is append-only'); END;
      CREATE TRIGGER drawer_openings_no_delete BEFORE DELETE ON drawer_openings BEGIN SELECT RAISE(ABORT, 'drawer_openings is append-only'); END;
    `);
  },
};
