import { sql } from 'kysely';
import type { HubMigration } from './types';

/**
 * Stations, their tokens and every document they replicate. `documents` is partitioned by month of issue date
 * (docs/decisions/0016-head-office-hub.md): the screens and the books read one month or a few, and a month's
 * partition is created on demand by the ingest (documents-repo.ts). The primary key must hold the partition key,
 * so it is (id, issue_date); that one id never belongs to two stations is the ingest's check.
 */
export const m001Initial: HubMigration = {
  version: 1,
  name: 'initial',
  async up(trx) {
    const statements = [
      `CREATE TABLE stations (
        id text PRIMARY KEY CHECK (id ~ '^[A-Za-z0-9._-]{1,64}$'),
        company_id text NOT NULL,
        branch_code text NOT NULL,
        pos_number text NOT NULL,
        name text NOT NULL,
        created_at timestamptz NOT NULL,
        last_contact_at timestamptz,
        UNIQUE (company_id, branch_code, pos_number)
      )`,
      `CREATE TABLE station_tokens (
        id uuid PRIMARY KEY,
        station_id text NOT NULL REFERENCES stations (id),
        token_hash text NOT NULL UNIQUE CHECK (token_hash ~ '^[0-9a-f]{64}$'),
        created_at timestamptz NOT NULL,
        revoked_at timestamptz
      )`,
      `CREATE INDEX station_tokens_by_station ON station_tokens (station_id)`,
      `CREATE TABLE documents (
        station_id text NOT NULL REFERENCES stations (id),
        id uuid NOT NULL,
        kind text NOT NULL,
        version integer NOT NULL,
        status text NOT NULL,
        control_number text NOT NULL,
        issue_date date NOT NULL,
        total numeric(14, 2) NOT NULL,
        recipient_name text,
        mh_json jsonb NOT NULL,
        jws text NOT NULL,
        seal text,
        sealed_at timestamptz,
        updated_at timestamptz NOT NULL,
        PRIMARY KEY (id, issue_date)
      ) PARTITION BY RANGE (issue_date)`,
      // Declared on the parent, so every month's partition gets them when it is created.
      `CREATE INDEX documents_by_station ON documents (station_id, issue_date DESC)`,
      `CREATE INDEX documents_by_status ON documents (status)`,
    ];
    for (const s of statements) await sql.raw(s).execute(trx);
  },
};
