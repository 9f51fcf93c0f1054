import type { Migration } from './types';

/** The records the hub receives beside documents, each with the column that says when it last changed. */
const RECORDS = [
  { table: 'contingency_events', entity: 'contingency_event', at: 'updated_at', updates: true },
  { table: 'invalidations', entity: 'invalidation', at: 'updated_at', updates: true },
  { table: 'returns', entity: 'return', at: 'updated_at', updates: true },
  { table: 'deliveries', entity: 'delivery', at: 'created_at', updates: true },
  // Append-only (migration 013): a close is never changed.
  { table: 'day_closes', entity: 'day_close', at: 'closed_at', updates: false },
] as const;

const enqueue = (entity: string, at: string) =>
  `INSERT OR REPLACE INTO replication_queue (entity, ref, seq, reason, queued_at)
     VALUES ('${entity}', NEW.id, (SELECT COALESCE(MAX(seq), 0) + 1 FROM replication_queue), 'changed', NEW.${at});`;

/**
 * The replication queue (018) holds every kind of record the head office hub receives, not only documents: one
 * row per (entity, ref). Documents are still queued by their create and status paths (replication/queue.ts);
 * the other records by triggers, so no path that writes them (the sync engine's contingency events, the
 * deliveries' attempts, the closes) can forget to, and the row is part of the writer's own transaction. What is
 * stored already is queued now, after the documents, so a hub configured later receives the whole history.
 * An entity the hub refuses for good is parked (`parked_at`) instead of blocking everything behind it; any later
 * change of it queues it again, unparked (INSERT OR REPLACE writes a fresh row).
 */
export const m019ReplicatedRecords: Migration = {
  version: 19,
  name: 'replicated records',
  up(db) {
    db.exec(`
      CREATE TABLE replication_queue_19 (
        entity TEXT NOT NULL CHECK (entity IN ('document', ${RECORDS.map((r) => `'${r.entity}'`).join(', ')})),
        ref TEXT NOT NULL,
        seq INTEGER NOT NULL CHECK (seq >= 1),
        reason TEXT NOT NULL,
        queued_at TEXT NOT NULL,
        -- Set when the hub refused this entity for good (a 4xx naming it): it waits aside, shown, until it changes.
        parked_at TEXT,
        parked_error TEXT,
        PRIMARY KEY (entity, ref)
      ) STRICT;
      INSERT INTO replication_queue_19 (entity, ref, seq, reason, queued_at)
        SELECT 'document', document_id, seq, reason, queued_at FROM replication_queue;
      DROP TABLE replication_queue;
      ALTER TABLE replication_queue_19 RENAME TO replication_queue;
      CREATE UNIQUE INDEX replication_queue_order ON replication_queue (seq);
      CREATE INDEX replication_queue_parked ON replication_queue (parked_at) WHERE parked_at IS NOT NULL;
    `);
    for (const r of RECORDS) {
      db.exec(`
        INSERT INTO replication_queue (entity, ref, seq, reason, queued_at)
          SELECT '${r.entity}', id, (SELECT COALESCE(MAX(seq), 0) FROM replication_queue) + ROW_NUMBER() OVER (ORDER BY ${r.at}, rowid),
            'existing', ${r.at}
          FROM ${r.table};
        CREATE TRIGGER replicate_${r.table}_insert AFTER INSERT ON ${r.table} BEGIN ${enqueue(r.entity, r.at)} END;
      `);
      if (r.updates) db.exec(`CREATE TRIGGER replicate_${r.table}_update AFTER UPDATE ON ${r.table} BEGIN ${enqueue(r.entity, r.at)} END;`);
    }
  },
};
