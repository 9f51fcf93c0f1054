import type { Migration } from './types';

/**
 * What happened to documents, in order (main/core/dte/document-events.ts): written in the same transaction as
 * the change itself (issued, status moved, invalidation refused), so a crash can never lose one; the e-mail and
 * webhook deliveries read it after `seq` with cursors of their own. Append-only.
 */
export const m014DocumentEvents: Migration = {
  version: 14,
  name: 'document-events',
  up(db) {
    db.exec(`
      CREATE TABLE document_events (
        seq INTEGER PRIMARY KEY AUTOINCREMENT,
        document_id TEXT NOT NULL REFERENCES documents (id),
        event TEXT NOT NULL CHECK (event IN ('dte.created', 'dte.approved', 'dte.rejected', 'dte.invalidated', 'invalidation.rejected')),
        at TEXT NOT NULL
      ) STRICT;
      CREATE INDEX document_events_by_document ON document_events (document_id, seq);
      CREATE TRIGGER document_events_no_update BEFORE UPDATE ON document_events BEGIN SELECT RAISE(ABORT, 'document_events is append-only'); END;
      CREATE TRIGGER document_events_no_delete BEFORE DELETE ON document_events BEGIN SELECT RAISE(ABORT, 'document_events is append-only'); END;
    `);
  },
};
