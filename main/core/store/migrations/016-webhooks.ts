import type { Migration } from './types';

/**
 * Webhooks for the POS (main/core/webhooks/, docs/decisions/0011-webhooks.md): the endpoints an administrator
 * registered (their secrets sealed, never plain), one delivery per event and endpoint (queued from
 * `document_events` after a cursor of their own, in the transaction that advances it), and that cursor.
 */
export const m016Webhooks: Migration = {
  version: 16,
  name: 'webhooks',
  up(db) {
    db.exec(`
      CREATE TABLE webhook_endpoints (
        id TEXT PRIMARY KEY,
        url TEXT NOT NULL,
        events TEXT NOT NULL,
        secret_sealed TEXT NOT NULL,
        source TEXT NOT NULL CHECK (source IN ('app', 'file')),
        active INTEGER NOT NULL CHECK (active IN (0, 1)),
        disabled_reason TEXT,
        disabled_at TEXT,
        from_seq INTEGER NOT NULL,
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL
      ) STRICT;
      CREATE UNIQUE INDEX webhook_endpoints_file_url ON webhook_endpoints (url) WHERE source = 'file';
      CREATE TABLE webhook_deliveries (
        id TEXT PRIMARY KEY,
        endpoint_id TEXT NOT NULL REFERENCES webhook_endpoints (id) ON DELETE CASCADE,
        event_seq INTEGER NOT NULL REFERENCES document_events (seq),
        document_id TEXT NOT NULL,
        event TEXT NOT NULL,
        occurred_at TEXT NOT NULL,
        body TEXT NOT NULL,
        status TEXT NOT NULL CHECK (status IN ('PENDING', 'DELIVERED', 'FAILED')),
        attempts INTEGER NOT NULL DEFAULT 0,
        next_attempt_at INTEGER NOT NULL,
        lease_until INTEGER,
        give_up_at INTEGER NOT NULL,
        last_attempt_at TEXT,
        last_status INTEGER,
        last_error TEXT,
        delivered_at TEXT,
        created_at TEXT NOT NULL,
        UNIQUE (endpoint_id, event_seq)
      ) STRICT;
      CREATE INDEX webhook_deliveries_due ON webhook_deliveries (status, next_attempt_at);
      CREATE INDEX webhook_deliveries_chain ON webhook_deliveries (endpoint_id, document_id, event_seq);
      CREATE TABLE webhook_cursor (
        id INTEGER PRIMARY KEY CHECK (id = 1),
        seq INTEGER NOT NULL
      ) STRICT;
      INSERT INTO webhook_cursor (id, seq) VALUES (1, (SELECT COALESCE(MAX(seq), 0) FROM document_events));
    `);
  },
};
