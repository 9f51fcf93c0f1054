import type { Migration } from './types';

/**
 * Outbox rows learn what they wait for: an NC or ND goes to MH only after the document it adjusts is sealed
 * (docs/mh.md, Transmission).
 */
export const m002OutboxDependencies: Migration = {
  version: 2,
  name: 'outbox-dependencies',
  up(db) {
    db.exec(`
      ALTER TABLE outbox ADD COLUMN depends_on TEXT;
      CREATE INDEX outbox_document ON outbox (document_id);
    `);
  },
};
