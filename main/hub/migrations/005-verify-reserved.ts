import type { HubMigration } from './types';

/**
 * Version 5 belongs to the hub's checks at ingest (issue 32, decision 0030), built on another branch; this
 * branch needs the number taken so that 006 follows it. It changes nothing: the merge replaces this file with
 * that migration.
 */
export const m005VerifyReserved: HubMigration = {
  version: 5,
  name: 'reserved: verify at ingest',
  async up() {
    // Nothing: see above.
  },
};
