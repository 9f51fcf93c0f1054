import type { Migration } from './types';

/**
 * What the sync engine needs to never lose track of a document (docs/decisions/0001-sync-truth.md):
 * - `outbox.lote_id`: the lote a document travels in, written before the lote leaves, so a crash or a lost
 *   answer leaves it in doubt (to be asked about) instead of looking unsent;
 * - `contingency_events.attempts` and `next_attempt_at`: an event MH rejected is corrected and sent again on a
 *   backoff within MH's 24 hours;
 * - lotes gain the statuses `sending` (written before a lote leaves), `failed` (it never reached MH) and
 *   `lost` (it may have, with no code to ask with: its documents are asked about one by one); SQLite cannot
 *   change a CHECK, so the table is rebuilt with the same rows.
 */
export const m008SyncDoubt: Migration = {
  version: 8,
  name: 'sync-doubt',
  up(db) {
    db.exec(`
      CREATE TABLE lotes_008 (
        id TEXT PRIMARY KEY,
        contingency_id TEXT REFERENCES contingency_events (id),
        codigo_lote TEXT,
        status TEXT NOT NULL CHECK (status IN ('sending', 'submitted', 'done', 'failed', 'lost')),
        document_ids TEXT NOT NULL,
        mh_response TEXT,
        submitted_at TEXT NOT NULL,
        updated_at TEXT NOT NULL
      ) STRICT;
      INSERT INTO lotes_008 SELECT id, contingency_id, codigo_lote, status, document_ids, mh_response, submitted_at, updated_at FROM lotes;
      DROP TABLE lotes;
      ALTER TABLE lotes_008 RENAME TO lotes;
      ALTER TABLE outbox ADD COLUMN lote_id TEXT;
      ALTER TABLE contingency_events ADD COLUMN attempts INTEGER NOT NULL DEFAULT 0;
      ALTER TABLE contingency_events ADD COLUMN next_attempt_at TEXT;
      UPDATE outbox SET lote_id = (
        SELECT lotes.id FROM lotes, json_each(lotes.document_ids) AS j
        WHERE lotes.status = 'submitted' AND j.value = outbox.document_id
      ) WHERE topic = 'dte' AND state = 'sending';
      CREATE INDEX outbox_lote ON outbox (lote_id) WHERE lote_id IS NOT NULL;
    `);
  },
};
