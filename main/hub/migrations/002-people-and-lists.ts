import { sql } from 'kysely';
import type { HubMigration } from './types';

/**
 * The hub's people and their sessions (both in PostgreSQL: any hub process serves any request), and the indexes
 * behind GET /hub/v1/documents (documents-list.ts says which query uses which). Indexes declared on the
 * partitioned parent reach every month's partition, those already there and those the ingest creates later.
 */
export const m002PeopleAndLists: HubMigration = {
  version: 2,
  name: 'people and lists',
  async up(trx) {
    const statements = [
      `CREATE TABLE hub_people (
        login text PRIMARY KEY CHECK (login ~ '^[a-z0-9._-]{2,32}$'),
        name text NOT NULL,
        role text NOT NULL CHECK (role IN ('ADMIN', 'ACCOUNTANT', 'AUDITOR')),
        password_hash text NOT NULL,
        active boolean NOT NULL DEFAULT true,
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL
      )`,
      // Only the SHA-256 of a session's token is kept, as for station tokens: a copy of the table opens nothing.
      `CREATE TABLE hub_sessions (
        token_hash text PRIMARY KEY CHECK (token_hash ~ '^[0-9a-f]{64}$'),
        login text NOT NULL REFERENCES hub_people (login),
        opened_at timestamptz NOT NULL,
        seen_at timestamptz NOT NULL,
        ended_at timestamptz
      )`,
      `CREATE INDEX hub_sessions_by_login ON hub_sessions (login) WHERE ended_at IS NULL`,
      // The list's order (newest issue date first, then id) and its keyset cursor: the unfiltered first page
      // and a deep page are one index range each (per partition, merged in order).
      `CREATE INDEX documents_newest ON documents (issue_date DESC, id DESC)`,
      // One station's documents (a branch or a point of sale is its stations), in the list's order.
      `DROP INDEX documents_by_station`,
      `CREATE INDEX documents_by_station ON documents (station_id, issue_date DESC, id DESC)`,
      `DROP INDEX documents_by_status`,
      `CREATE INDEX documents_by_status ON documents (status, issue_date DESC, id DESC)`,
      `CREATE INDEX documents_by_kind ON documents (kind, issue_date DESC, id DESC)`,
      // Text search: a fragment of the recipient's name or of the control number, with trigrams (pg_trgm is a
      // trusted extension since PostgreSQL 13: the database's owner may create it).
      `CREATE EXTENSION IF NOT EXISTS pg_trgm`,
      `CREATE INDEX documents_recipient_trgm ON documents USING gin (recipient_name gin_trgm_ops)`,
      `CREATE INDEX documents_control_trgm ON documents USING gin (control_number gin_trgm_ops)`,
    ];
    for (const s of statements) await sql.raw(s).execute(trx);
  },
};
