import type { Migration } from './types';

/**
 * The documents of a contingency event by their event: the sync engine reads them for every lote and every count
 * (dte/documents-repo.ts unsentOfEvent, countOfEvent, unsettledOfEvents), and without an index each read scanned the
 * whole table. Partial: only contingency documents (a few in a thousand) are in it.
 */
export const m023ContingencyIndex: Migration = {
  version: 23,
  name: 'contingency-index',
  up(db) {
    db.exec(`CREATE INDEX documents_contingency ON documents (contingency_id, created_at) WHERE contingency_id IS NOT NULL;`);
  },
};
