import { sql } from 'kysely';
import type { HubMigration } from './types';

/**
 * The hub believes a record only once it verified it (verify-record.ts, decision 0063): when it did, and the day a
 * return's signed invalidation took it out. A document's invalidated_on is the hub's own from now on, written from
 * a verified invalidation: the dates stations sent before are cleared, and the stored records are checked again at
 * the hub's next start (station-records.ts `reverify`), which writes back what verifies.
 */
export const m007VerifiedRecords: HubMigration = {
  version: 7,
  name: 'verified records',
  async up(trx) {
    const statements = [
      `ALTER TABLE station_records ADD COLUMN verified_at timestamptz`,
      `ALTER TABLE station_records ADD COLUMN invalidated_on date`,
      `CREATE INDEX station_records_unverified ON station_records (kind) WHERE verified_at IS NULL`,
      `UPDATE documents SET invalidated_on = NULL WHERE invalidated_on IS NOT NULL`,
    ];
    for (const s of statements) await sql.raw(s).execute(trx);
  },
};
