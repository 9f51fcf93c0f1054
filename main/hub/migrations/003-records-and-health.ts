import { sql } from 'kysely';
import type { HubMigration } from './types';

/**
 * What a station sends beside its documents: who issued each and when MH accepted its invalidation (the books
 * need both), its other records (contingency events, invalidations, returns, deliveries, day closes) and its
 * latest report (the branches' health). A station's records are keyed by its own id: no token reaches another's.
 */
export const m003RecordsAndHealth: HubMigration = {
  version: 3,
  name: 'records and health',
  async up(trx) {
    const statements = [
      `ALTER TABLE documents ADD COLUMN issued_by text`,
      `ALTER TABLE documents ADD COLUMN issued_by_name text`,
      // fecAnula of the invalidation MH accepted: the books count the document out in that month.
      `ALTER TABLE documents ADD COLUMN invalidated_on date`,
      // A station's lookup of the notes against a document (related.ts): each NC and ND's documentoRelacionado.
      `CREATE INDEX documents_related ON documents USING gin ((mh_json -> 'documentoRelacionado') jsonb_path_ops)
        WHERE kind IN ('NC', 'ND')`,
      `CREATE INDEX documents_invalidated_on ON documents (invalidated_on) WHERE invalidated_on IS NOT NULL`,
      `CREATE TABLE station_records (
        station_id text NOT NULL REFERENCES stations (id),
        kind text NOT NULL CHECK (kind IN ('contingency_event', 'invalidation', 'return', 'delivery', 'day_close')),
        id text NOT NULL,
        updated_at timestamptz NOT NULL,
        received_at timestamptz NOT NULL,
        body jsonb NOT NULL,
        PRIMARY KEY (station_id, kind, id)
      )`,
      `CREATE INDEX station_records_by_kind ON station_records (kind, updated_at DESC)`,
      `CREATE TABLE station_heartbeats (
        station_id text PRIMARY KEY REFERENCES stations (id),
        reported_at text NOT NULL,
        received_at timestamptz NOT NULL,
        body jsonb NOT NULL,
        -- The highest audit chain head seen, and when a report came with a lower or different one (a restored
        -- backup, a rewritten log): kept until an ADMIN looks, never overwritten by the next report.
        audit_seq bigint,
        audit_hash text,
        audit_rewound_at timestamptz
      )`,
    ];
    for (const s of statements) await sql.raw(s).execute(trx);
  },
};
