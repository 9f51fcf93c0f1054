import type { Migration } from './types';

/**
 * How many times a document was sent to MH alone without a conclusive answer (issue 54: a query that keeps saying
 * "not found" after a "duplicate" made 67 sends in 90 s). The sync engine sends it again only while this is under
 * its cap (sync/send-cap.ts); past it, a supervisor decides. Rows from before count from zero.
 */
export const m035OutboxSends: Migration = {
  version: 35,
  name: 'outbox-sends',
  up(db) {
    db.exec(`ALTER TABLE outbox ADD COLUMN sends INTEGER NOT NULL DEFAULT 0 CHECK (sends >= 0);`);
  },
};
