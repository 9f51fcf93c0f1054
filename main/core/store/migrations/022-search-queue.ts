import type { Migration } from './types';

/**
 * The trigram index (007) leaves the create transaction: filling it was a fifth of a create's time (bench/run.ts).
 * A new document is queued in `search_pending` by trigger, in the transaction that stores it, and the search
 * indexer (dte/search-indexer.ts) moves the queue into the index right after, in batches; a crash leaves the queue
 * for the next start. Searches read the queue too (documents-repo.ts listDocuments), so none ever misses a document.
 */
export const m022SearchQueue: Migration = {
  version: 22,
  name: 'search-queue',
  up(db) {
    db.exec(`
      CREATE TABLE search_pending (doc_id TEXT NOT NULL);
      DROP TRIGGER documents_search_insert;
      CREATE TRIGGER documents_search_pending AFTER INSERT ON documents BEGIN
        INSERT INTO search_pending (doc_id) VALUES (new.id);
      END;
    `);
  },
};
