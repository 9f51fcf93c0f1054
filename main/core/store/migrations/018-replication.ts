import type { Migration } from './types';

/**
 * The replication queue (main/core/replication/, issue 18): one row per document whose latest state the head
 * office hub has not acknowledged yet, written in the same transaction as the change. A new change of a waiting
 * document moves it to the end (a higher seq); the replicator sends the current snapshot and deletes the row only
 * if its seq is still the one it sent. The documents already stored are queued now, in the order they were made,
 * so a hub configured later receives the station's whole history.
 */
export const m018Replication: Migration = {
  version: 18,
  name: 'replication',
  up(db) {
    db.exec(`
      CREATE TABLE replication_queue (
        document_id TEXT PRIMARY KEY REFERENCES documents (id),
        seq INTEGER NOT NULL CHECK (seq >= 1),
        reason TEXT NOT NULL,
        queued_at TEXT NOT NULL
      ) STRICT;
      CREATE UNIQUE INDEX replication_queue_order ON replication_queue (seq);
      INSERT INTO replication_queue (document_id, seq, reason, queued_at)
        SELECT id, ROW_NUMBER() OVER (ORDER BY created_at, rowid), 'existing', updated_at FROM documents;
    `);
  },
};
