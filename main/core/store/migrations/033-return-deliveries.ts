import type { Migration } from './types';

const enqueue = `INSERT OR REPLACE INTO replication_queue (entity, ref, seq, reason, queued_at)
     VALUES ('delivery', NEW.id, (SELECT COALESCE(MAX(seq), 0) + 1 FROM replication_queue), 'changed', NEW.created_at);`;

/**
 * An Evento de Retorno goes to the customer by e-mail like a document (docs/decisions/0050-evento-de-retorno-complete.md):
 * a delivery's `message` may be `return`, naming the ER in `return_id` (its `document_id` is the document it gives back
 * on, whose detail lists it). The message is a CHECK, so the table is rebuilt, rows as they were, and its indexes and
 * replication triggers (migration 019) come back.
 */
export const m033ReturnDeliveries: Migration = {
  version: 33,
  name: 'return-deliveries',
  up(db) {
    db.exec(`
      CREATE TABLE deliveries_33 (
        id TEXT PRIMARY KEY,
        document_id TEXT NOT NULL REFERENCES documents (id),
        message TEXT NOT NULL CHECK (message IN ('document', 'invalidation', 'return')),
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
        failed_at TEXT,
        return_id TEXT REFERENCES returns (id),
        CHECK ((message = 'return') = (return_id IS NOT NULL))
      ) STRICT;
      INSERT INTO deliveries_33 (id, document_id, message, event_seq, requested_by, email, message_id, state, attempts,
          next_attempt_at, last_error, smtp_response, created_at, sent_at, failed_at)
        SELECT id, document_id, message, event_seq, requested_by, email, message_id, state, attempts,
          next_attempt_at, last_error, smtp_response, created_at, sent_at, failed_at
        FROM deliveries ORDER BY rowid;
      DROP TABLE deliveries;
      ALTER TABLE deliveries_33 RENAME TO deliveries;
      CREATE INDEX deliveries_by_document ON deliveries (document_id, created_at);
      CREATE INDEX deliveries_due ON deliveries (state, next_attempt_at);
      CREATE TRIGGER replicate_deliveries_insert AFTER INSERT ON deliveries BEGIN ${enqueue} END;
      CREATE TRIGGER replicate_deliveries_update AFTER UPDATE ON deliveries BEGIN ${enqueue} END;
    `);
  },
};
