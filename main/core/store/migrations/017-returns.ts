import type { Migration } from './types';

/**
 * MH's Evento de Retorno (main/core/dte/retorno/, docs/decisions/0015-evento-de-retorno.md): one row per event
 * (PENDING until MH answers, like an invalidation), and one per line it gives back, naming its document and
 * line, so the quantities still returnable are a sum over rows that count (not REJECTED).
 */
export const m017Returns: Migration = {
  version: 17,
  name: 'returns',
  up(db) {
    db.exec(`
      CREATE TABLE returns (
        id TEXT PRIMARY KEY,
        kind TEXT NOT NULL CHECK (kind IN ('FC', 'FEX', 'FSE')),
        environment TEXT NOT NULL,
        company_id TEXT NOT NULL,
        version INTEGER NOT NULL,
        status TEXT NOT NULL CHECK (status IN ('PENDING', 'APPROVED', 'REJECTED')),
        reason TEXT NOT NULL,
        total TEXT NOT NULL,
        mh_json TEXT NOT NULL,
        jws TEXT NOT NULL,
        mh_response TEXT,
        generated_at TEXT NOT NULL,
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL
      ) STRICT;
      CREATE INDEX returns_pending ON returns (status, created_at);
      CREATE TABLE return_lines (
        return_id TEXT NOT NULL REFERENCES returns (id),
        dte_id TEXT NOT NULL REFERENCES documents (id),
        item INTEGER NOT NULL CHECK (item >= 1),
        description TEXT NOT NULL,
        quantity TEXT NOT NULL,
        amount TEXT NOT NULL,
        PRIMARY KEY (return_id, dte_id, item)
      ) STRICT;
      CREATE INDEX return_lines_document ON return_lines (dte_id, item);
    `);
  },
};
