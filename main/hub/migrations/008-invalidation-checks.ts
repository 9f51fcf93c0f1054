import { sql } from 'kysely';
import type { HubMigration } from './types';

/**
 * What MH shows of a document a station invalidated (seal-checks.ts, decision 0064): null until the hub asks MH
 * after it holds the verified invalidation, 'shown' when MH holds it invalidated, 'not_shown' when MH still shows
 * it standing (asked again later; the books count it as standing meanwhile).
 */
export const m008InvalidationChecks: HubMigration = {
  version: 8,
  name: 'invalidation checks',
  async up(trx) {
    const statements = [
      `ALTER TABLE hub_seal_checks ADD COLUMN invalidation text CHECK (invalidation IN ('shown', 'not_shown'))`,
      // The checker finds those due again; the health page and the books' warnings list them.
      `CREATE INDEX hub_seal_checks_not_shown ON hub_seal_checks (next_check_at) WHERE invalidation = 'not_shown'`,
    ];
    for (const s of statements) await sql.raw(s).execute(trx);
  },
};
