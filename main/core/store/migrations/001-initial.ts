import type { Migration } from './types';

/** The first schema: documents, the outbox, control-number sequences, API keys, settings, the audit log. */
export const m001Initial: Migration = {
  version: 1,
  name: 'initial',
  up(db) {
    db.exec(`
      CREATE TABLE documents (
        id TEXT PRIMARY KEY,
        kind TEXT NOT NULL,
        environment TEXT NOT NULL CHECK (environment IN ('TEST', 'LIVE')),
        version INTEGER NOT NULL,
        status TEXT NOT NULL CHECK (status IN ('CREATED', 'PROCESSING', 'APPROVED', 'REJECTED', 'INVALIDATED')),
        control_number TEXT NOT NULL UNIQUE,
        company_id TEXT NOT NULL,
        branch_code TEXT NOT NULL,
        pos_number INTEGER NOT NULL,
        generated_at TEXT NOT NULL,
        issue_date TEXT NOT NULL,
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL,
        request_json TEXT NOT NULL,
        request_hash TEXT NOT NULL,
        recipient_name TEXT,
        total TEXT,
        mh_json TEXT,
        jws TEXT,
        mh_response TEXT,
        seal TEXT
      ) STRICT;
      CREATE INDEX documents_created ON documents (created_at DESC, id DESC);
      CREATE INDEX documents_kind_status ON documents (kind, status, created_at DESC);
      CREATE INDEX documents_issue_date ON documents (issue_date);

      CREATE TABLE outbox (
        id INTEGER PRIMARY KEY,
        document_id TEXT NOT NULL REFERENCES documents (id),
        topic TEXT NOT NULL,
        state TEXT NOT NULL CHECK (state IN ('pending', 'sending', 'unknown', 'done', 'failed')),
        attempts INTEGER NOT NULL DEFAULT 0,
        next_attempt_at TEXT NOT NULL,
        lease_until TEXT,
        last_error TEXT,
        created_at TEXT NOT NULL
      ) STRICT;
      CREATE INDEX outbox_due ON outbox (state, next_attempt_at);

      CREATE TABLE control_sequences (
        year INTEGER NOT NULL,
        kind TEXT NOT NULL,
        branch_code TEXT NOT NULL,
        pos_number INTEGER NOT NULL,
        last_value INTEGER NOT NULL CHECK (last_value > 0),
        PRIMARY KEY (year, kind, branch_code, pos_number)
      ) STRICT, WITHOUT ROWID;

      CREATE TABLE api_keys (
        id TEXT PRIMARY KEY,
        name TEXT NOT NULL,
        key_hash TEXT NOT NULL UNIQUE,
        hint TEXT NOT NULL,
        created_at TEXT NOT NULL,
        revoked_at TEXT
      ) STRICT;

      CREATE TABLE settings (
        key TEXT PRIMARY KEY,
        value TEXT NOT NULL
      ) STRICT;

      CREATE TABLE audit_log (
        seq INTEGER PRIMARY KEY AUTOINCREMENT,
        at TEXT NOT NULL,
        actor TEXT NOT NULL,
        action TEXT NOT NULL,
        subject TEXT,
        detail TEXT
      ) STRICT;
      -- Append-only: the log of what the station did is never rewritten.
      CREATE TRIGGER audit_log_no_update BEFORE UPDATE ON audit_log BEGIN SELECT RAISE(ABORT, 'audit_log is append-only'); END;
      CREATE TRIGGER audit_log_no_delete BEFORE DELETE ON audit_log BEGIN SELECT RAISE(ABORT, 'audit_log is append-only'); END;
    `);
  },
};
