import type { Migration } from './types';

/**
 * Prices sold below the shelf with a supervisor's approval (main/core/overrides/overrides-repo.ts): one row per
 * line, with both prices, the product, the document, who asked and who approved. Never changed afterwards, so
 * the close and the audit read what happened at the counter. Times are El Salvador time.
 */
export const m036PriceOverrides: Migration = {
  version: 36,
  name: 'price-overrides',
  up(db) {
    db.exec(`
      CREATE TABLE price_overrides (
        id TEXT PRIMARY KEY,
        document_id TEXT NOT NULL REFERENCES documents (id),
        kind TEXT NOT NULL,
        control_number TEXT NOT NULL,
        line INTEGER NOT NULL CHECK (line >= 0),
        product_id TEXT NOT NULL,
        product_code TEXT NOT NULL,
        description TEXT NOT NULL,
        quantity TEXT NOT NULL,
        shelf_price TEXT NOT NULL,
        price TEXT NOT NULL,
        asked_by TEXT NOT NULL,
        asked_by_name TEXT,
        approved_by TEXT NOT NULL CHECK (approved_by LIKE 'user:%'),
        approved_by_name TEXT,
        approved_at TEXT NOT NULL,
        created_at TEXT NOT NULL,
        UNIQUE (document_id, line)
      ) STRICT;
      CREATE INDEX price_overrides_by_time ON price_overrides (created_at);
      CREATE INDEX price_overrides_by_asker ON price_overrides (asked_by, created_at);
      CREATE TRIGGER price_overrides_no_update BEFORE UPDATE ON price_overrides BEGIN SELECT RAISE(ABORT, 'price_overrides is append-only'); END;
      CREATE TRIGGER price_overrides_no_delete BEFORE DELETE ON price_overrides BEGIN SELECT RAISE(ABORT, 'price_overrides is append-only'); END;
    `);
  },
};
