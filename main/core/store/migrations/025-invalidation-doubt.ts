import type { Migration } from './types';

/**
 * An invalidation may be IN_DOUBT: a send got no conclusive answer (MH may hold it) and MH refused the resend in
 * words that do not judge the event, so only a person checking MH's public lookup can settle it
 * (docs/decisions/0024-event-answer-lost.md). The stored statuses are a CHECK, so the table is rebuilt: the live
 * index now counts an event in doubt (no second one while it may hold), and the replication triggers (019) come
 * back. `leaving_at` is written before each send and cleared by its answer: found set, the send before was cut
 * short (a crash). `doubt_at` is the first send that may have reached MH. `settled_by` is who settled a doubt.
 */
export const m025InvalidationDoubt: Migration = {
  version: 25,
  name: 'invalidation-doubt',
  up(db) {
    db.exec(`
      CREATE TABLE invalidations_25 (
        id TEXT PRIMARY KEY,
        dte_id TEXT NOT NULL REFERENCES documents (id),
        kind TEXT NOT NULL,
        environment TEXT NOT NULL,
        company_id TEXT NOT NULL,
        version INTEGER NOT NULL,
        status TEXT NOT NULL CHECK (status IN ('PENDING', 'APPROVED', 'REJECTED', 'IN_DOUBT')),
        replacement_id TEXT,
        mh_json TEXT NOT NULL,
        jws TEXT NOT NULL,
        mh_response TEXT,
        generated_at TEXT NOT NULL,
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL,
        leaving_at TEXT,
        doubt_at TEXT,
        settled_by TEXT
      ) STRICT;
      INSERT INTO invalidations_25 (id, dte_id, kind, environment, company_id, version, status, replacement_id, mh_json, jws,
          mh_response, generated_at, created_at, updated_at)
        SELECT id, dte_id, kind, environment, company_id, version, status, replacement_id, mh_json, jws,
          mh_response, generated_at, created_at, updated_at
        FROM invalidations;
      DROP TABLE invalidations;
      ALTER TABLE invalidations_25 RENAME TO invalidations;
      CREATE UNIQUE INDEX invalidations_live ON invalidations (dte_id) WHERE status IN ('PENDING', 'APPROVED', 'IN_DOUBT');
      -- The sync status lists the ones in doubt on every read: never a scan.
      CREATE INDEX invalidations_in_doubt ON invalidations (created_at) WHERE status = 'IN_DOUBT';
    `);
    // The replication triggers went with the old table (migration 019 made them): the same ones again.
    const enqueue = `INSERT OR REPLACE INTO replication_queue (entity, ref, seq, reason, queued_at)
      VALUES ('invalidation', NEW.id, (SELECT COALESCE(MAX(seq), 0) + 1 FROM replication_queue), 'changed', NEW.updated_at);`;
    db.exec(`
      CREATE TRIGGER replicate_invalidations_insert AFTER INSERT ON invalidations BEGIN ${enqueue} END;
      CREATE TRIGGER replicate_invalidations_update AFTER UPDATE ON invalidations BEGIN ${enqueue} END;
    `);
  },
};
