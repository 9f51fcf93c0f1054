import { sql } from 'kysely';
import type { HubMigration } from './types';

/**
 * What the hub checks a document against (docs/decisions/0030-hub-trust-model.md): the company as set at the hub
 * (its NIT, NRC and name), the company's public signing keys, renewed ones included, and each token's points of
 * sale. Existing tokens are bound to their station's registered point and to the points of the documents they
 * already wrote, never left unbound. Documents stored before this version have no verified_at: nothing checked
 * them, and the cross-branch credit limit does not count them. A refusal is kept per station for the health page.
 */
export const m005Verify: HubMigration = {
  version: 5,
  name: 'verify',
  async up(trx) {
    const statements = [
      `CREATE TABLE hub_company (
        id boolean PRIMARY KEY DEFAULT true CHECK (id),
        nit text NOT NULL CHECK (nit ~ '^[0-9]{9,14}$'),
        nrc text NOT NULL CHECK (nrc ~ '^[0-9]{1,8}$'),
        name text NOT NULL CHECK (length(name) BETWEEN 1 AND 250),
        updated_at timestamptz NOT NULL,
        updated_by text NOT NULL
      )`,
      `CREATE TABLE hub_certificates (
        fingerprint text PRIMARY KEY CHECK (fingerprint ~ '^[0-9a-f]{64}$'),
        public_key text NOT NULL,
        added_at timestamptz NOT NULL,
        added_by text NOT NULL
      )`,
      `ALTER TABLE station_tokens ADD COLUMN points text[]`,
      `UPDATE station_tokens t SET points = ARRAY(
        SELECT p FROM (
          SELECT s.branch_code || s.pos_number AS p FROM stations s WHERE s.id = t.station_id
          UNION SELECT DISTINCT substr(d.control_number, 8, 8) FROM documents d WHERE d.station_id = t.station_id
        ) AS bound WHERE p ~ '^[A-Z0-9]{4}P[0-9]{3}$' ORDER BY p
      )`,
      `ALTER TABLE station_tokens ALTER COLUMN points SET NOT NULL`,
      `ALTER TABLE documents ADD COLUMN verified_at timestamptz`,
      `CREATE TABLE document_refusals (
        station_id text NOT NULL REFERENCES stations (id),
        document_id uuid NOT NULL,
        control_number text NOT NULL,
        reason text NOT NULL,
        detail text NOT NULL,
        refused_at timestamptz NOT NULL,
        PRIMARY KEY (station_id, document_id)
      )`,
    ];
    for (const s of statements) await sql.raw(s).execute(trx);
  },
};
