import type { Migration } from './types';

/**
 * E-mail deliveries (main/core/delivery/deliveries-repo.ts): one row per document and message, queued from the
 * document_events feed in the same transaction that moves `delivery_cursor` past the event, so a crash never
 * loses or doubles one (`event_seq` is unique besides). A resend has no event. `message_id` is fixed when the
 * row is made: a repeat after a crash carries the same one. The cursor starts after the feed's history: an
 * upgraded station does not mail its past documents.
 */
export const m015Deliveries: Migration = {
  version: 15,
  name: 'deliveries',
  up(db) {
    db.exec(`
      CREATE TABLE deliveries (
        id TEXT PRIMARY KEY,
        document_id TEXT NOT NULL REFERENCES documents (id),
        message TEXT NOT NULL CHECK (message IN ('document', 'invalidation')),
        event_seq INTEGER UNIQUE REFERENCES document_events (seq),
        requested_by TEXT,
        email TEXT NOT NULL,
        message_id TEXT NOT NULL UNIQUE,
        state TEXT NOT NULL CHECK (state IN ('pending', 'sending', 'sent', 'failed')),
        attempts INTEGER NOT NULL DEFAULT 0,
        next_attempt_at TEXT NOT NULL,
        last_error TEXT,
        smtp_response TEXT,
        created_at TEXT NOT NULL,
        sent_at TEXT,
        failed_at TEXT
      ) STRICT;
      CREATE INDEX deliveries_by_document ON deliveries (document_id, created_at);
      CREATE INDEX deliveries_due ON deliveries (state, next_attempt_at);
      CREATE TABLE delivery_cursor (id INTEGER PRIMARY KEY CHECK (id = 1), seq INTEGER NOT NULL) STRICT;
      INSERT INTO delivery_cursor (id, seq) SELECT 1, COALESCE(MAX(seq), 0) FROM document_events;
    `);
  },
};
