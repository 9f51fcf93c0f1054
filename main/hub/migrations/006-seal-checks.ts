import { sql } from 'kysely';
import type { HubMigration } from './types';

/**
 * What MH said when the hub asked about an APPROVED document (seal-checks.ts, decision 0031). A table of its own,
 * not columns of documents: the ingest never touches it, and a document without a row is simply not asked yet.
 * `seal` is the seal the hub held when it asked: a station that later sends another one gets asked again.
 */
export const m006SealChecks: HubMigration = {
  version: 6,
  name: 'seal checks',
  async up(trx) {
    const statements = [
      `CREATE TABLE hub_seal_checks (
        id uuid NOT NULL,
        issue_date date NOT NULL,
        station_id text NOT NULL REFERENCES stations (id),
        state text NOT NULL CHECK (state IN ('confirmed', 'mh_unknown', 'seal_mismatch')),
        seal text,
        mh_seal text,
        detail text,
        checked_at timestamptz NOT NULL,
        next_check_at timestamptz,
        attempts integer NOT NULL CHECK (attempts > 0),
        PRIMARY KEY (id, issue_date)
      )`,
      // The health page lists the problems; the checker finds the unknown ones due again.
      `CREATE INDEX hub_seal_checks_problems ON hub_seal_checks (state, next_check_at) WHERE state <> 'confirmed'`,
    ];
    for (const s of statements) await sql.raw(s).execute(trx);
  },
};
