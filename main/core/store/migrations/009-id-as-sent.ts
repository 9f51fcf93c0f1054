import type { Migration } from './types';

/**
 * The record shows a document's id as its client sent it (docs/decisions/0002-contract-gaps.md); the primary key
 * stays lower case, so a GET or a replay in either case finds it. Older documents show their key.
 */
export const m009IdAsSent: Migration = {
  version: 9,
  name: 'id-as-sent',
  up(db) {
    db.exec(`ALTER TABLE documents ADD COLUMN id_as_sent TEXT CHECK (id_as_sent IS NULL OR lower(id_as_sent) = id);`);
  },
};
