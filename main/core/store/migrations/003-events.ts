import type { Migration } from './types';

/**
 * Invalidation events, contingency events and the lotes that carry contingency documents; documents learn
 * when MH sealed them (invalidation windows count from the seal) and which contingency they belong to.
 */
export const m003Events: Migration = {
  version: 3,
  name: 'events',
  up(db) {
    db.exec(`
      ALTER TABLE documents ADD COLUMN sealed_at TEXT;
      ALTER TABLE documents ADD COLUMN contingency_id TEXT;

      CREATE TABLE invalidations (
        id TEXT PRIMARY KEY,
        dte_id TEXT NOT NULL REFERENCES documents (id),
        kind TEXT NOT NULL,
        environment TEXT NOT NULL,
        company_id TEXT NOT NULL,
        version INTEGER NOT NULL,
        status TEXT NOT NULL CHECK (status IN ('PENDING', 'APPROVED', 'REJECTED')),
        replacement_id TEXT,
        mh_json TEXT NOT NULL,
        jws TEXT NOT NULL,
        mh_response TEXT,
        generated_at TEXT NOT NULL,
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL
      ) STRICT;
      -- One live invalidation per document; a rejected one may be corrected and sent again.
      CREATE UNIQUE INDEX invalidations_live ON invalidations (dte_id) WHERE status IN ('PENDING', 'APPROVED');

      CREATE TABLE contingency_events (
        id TEXT PRIMARY KEY,
        type INTEGER NOT NULL CHECK (type BETWEEN 1 AND 5),
        reason TEXT,
        started_at TEXT NOT NULL,
        ended_at TEXT,
        status TEXT NOT NULL CHECK (status IN ('open', 'ended', 'sealed', 'rejected', 'done')),
        mh_json TEXT,
        jws TEXT,
        seal TEXT,
        mh_response TEXT,
        sealed_at TEXT,
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL
      ) STRICT;
      -- At most one contingency open at a time.
      CREATE UNIQUE INDEX contingency_open ON contingency_events (status) WHERE status = 'open';

      CREATE TABLE lotes (
        id TEXT PRIMARY KEY,
        contingency_id TEXT REFERENCES contingency_events (id),
        codigo_lote TEXT,
        status TEXT NOT NULL CHECK (status IN ('submitted', 'done')),
        document_ids TEXT NOT NULL,
        mh_response TEXT,
        submitted_at TEXT NOT NULL,
        updated_at TEXT NOT NULL
      ) STRICT;
    `);
  },
};
