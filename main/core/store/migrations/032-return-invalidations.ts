import type { Migration } from './types';

/**
 * Invalidating an Evento de Retorno (main/core/dte/retorno/invalidate-return.ts, docs/decisions/0050-evento-de-retorno-complete.md):
 * one row per invalidation event asked for an ER (PENDING until MH answers), at most one live (PENDING or APPROVED)
 * per ER. An ER with an APPROVED row gives nothing back any more and no longer blocks its documents' invalidation.
 */
export const m032ReturnInvalidations: Migration = {
  version: 32,
  name: 'return-invalidations',
  up(db) {
    db.exec(`
      CREATE TABLE return_invalidations (
        id TEXT PRIMARY KEY,
        return_id TEXT NOT NULL REFERENCES returns (id),
        status TEXT NOT NULL CHECK (status IN ('PENDING', 'APPROVED', 'REJECTED')),
        type INTEGER NOT NULL CHECK (type BETWEEN 1 AND 3),
        reason TEXT,
        mh_json TEXT NOT NULL,
        jws TEXT NOT NULL,
        mh_response TEXT,
        generated_at TEXT NOT NULL,
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL
      ) STRICT;
      CREATE UNIQUE INDEX return_invalidations_live ON return_invalidations (return_id) WHERE status IN ('PENDING', 'APPROVED');
      CREATE INDEX return_invalidations_pending ON return_invalidations (status, created_at);
    `);
  },
};
