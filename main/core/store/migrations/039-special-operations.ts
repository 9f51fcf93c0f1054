import type { Migration } from './types';

/**
 * MH's Evento de Operaciones Especiales (EOE, fe-eop-v1; main/core/dte/operaciones-especiales/,
 * docs/decisions/0083-evento-de-operaciones-especiales.md): one row per monthly event (PENDING until MH answers,
 * like an Evento de Retorno), and one per item it reports, naming the voucher or range, so a voucher is reported
 * once and an annulled one re-reported only against the sealed event that reported it as active.
 */
export const m039SpecialOperations: Migration = {
  version: 39,
  name: 'special-operations',
  up(db) {
    db.exec(`
      CREATE TABLE special_operations (
        id TEXT PRIMARY KEY,
        environment TEXT NOT NULL,
        company_id TEXT NOT NULL,
        period TEXT NOT NULL CHECK (period GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]'),
        mode TEXT NOT NULL CHECK (mode IN ('ranges', 'singles')),
        re_report INTEGER NOT NULL CHECK (re_report IN (0, 1)),
        status TEXT NOT NULL CHECK (status IN ('PENDING', 'APPROVED', 'REJECTED')),
        total TEXT NOT NULL,
        mh_json TEXT NOT NULL,
        jws TEXT NOT NULL,
        mh_response TEXT,
        -- The request as received (canonical JSON hashed), so the same id sent again is a replay, another body a conflict.
        request_hash TEXT,
        generated_at TEXT NOT NULL,
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL
      ) STRICT;
      CREATE INDEX special_operations_pending ON special_operations (status, created_at);
      CREATE INDEX special_operations_period ON special_operations (period, status);
      CREATE TABLE special_operation_items (
        event_id TEXT NOT NULL REFERENCES special_operations (id),
        item INTEGER NOT NULL CHECK (item BETWEEN 1 AND 500),
        doc_type TEXT NOT NULL CHECK (doc_type IN ('02', '97')),
        document TEXT,
        doc_from TEXT,
        doc_to TEXT,
        issued_on TEXT,
        ref_event TEXT,
        amount TEXT NOT NULL,
        CHECK ((document IS NULL) = (doc_from IS NOT NULL AND doc_to IS NOT NULL)),
        PRIMARY KEY (event_id, item)
      ) STRICT;
      CREATE INDEX special_operation_items_document ON special_operation_items (doc_type, document);
      CREATE INDEX special_operation_items_range ON special_operation_items (doc_type, doc_from, doc_to);
    `);
  },
};
