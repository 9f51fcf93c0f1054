import type { Migration } from './types';

/**
 * The receipt printer's memory (main/core/printer/print-jobs-repo.ts, docs/decisions/0041-escpos-receipts.md):
 * `print_jobs` keeps every receipt the station tried to print on ESC/POS until it printed or a supervisor dropped
 * it, so a receipt that could not print is never lost; `drawer_kicks` records each time the drawer was opened, by
 * a cash sale (`dte_id`, at most once per document) or by "Abrir gaveta" (no document), append-only, for the close.
 * Times are El Salvador time.
 */
export const m030PrintJobs: Migration = {
  version: 30,
  name: 'print-jobs',
  up(db) {
    db.exec(`
      CREATE TABLE print_jobs (
        id TEXT PRIMARY KEY,
        dte_id TEXT NOT NULL,
        state TEXT NOT NULL CHECK (state IN ('pending', 'printed', 'discarded')),
        created_at TEXT NOT NULL,
        created_by TEXT NOT NULL,
        attempts INTEGER NOT NULL DEFAULT 0,
        last_error TEXT,
        updated_at TEXT NOT NULL
      ) STRICT;
      CREATE INDEX print_jobs_pending ON print_jobs (state, created_at);
      CREATE TABLE drawer_kicks (
        id TEXT PRIMARY KEY,
        at TEXT NOT NULL,
        by TEXT NOT NULL,
        by_name TEXT,
        dte_id TEXT
      ) STRICT;
      CREATE UNIQUE INDEX drawer_kicks_once_per_sale ON drawer_kicks (dte_id) WHERE dte_id IS NOT NULL;
      CREATE INDEX drawer_kicks_by_time ON drawer_kicks (at);
      CREATE TRIGGER drawer_kicks_no_update BEFORE UPDATE ON drawer_kicks BEGIN SELECT RAISE(ABORT, 'drawer_kicks is append-only'); END;
      CREATE TRIGGER drawer_kicks_no_delete BEFORE DELETE ON drawer_kicks BEGIN SELECT RAISE(ABORT, 'drawer_kicks is append-only'); END;
    `);
  },
};
