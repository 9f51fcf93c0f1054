import type { Migration } from './types';

/**
 * Migration 023's index of the contingency documents, now by event and status: the questions the sync engine asks
 * of an event are about its documents MH has not settled (contingency.ts closeFinished and the cese's plan,
 * dte/documents-repo.ts unsentOfEvent, countOfEvent with `unsettled`). By event alone, each read every document of
 * the event to look at its status: closing the finished events took 8 to 15 ms of the request thread after every
 * lote of a 5,000-document backlog, ten times a drain. Counting an event's documents still reads the index alone.
 */
export const m034ContingencyStatusIndex: Migration = {
  version: 34,
  name: 'contingency-status-index',
  up(db) {
    db.exec(`
      DROP INDEX documents_contingency;
      CREATE INDEX documents_contingency ON documents (contingency_id, status, created_at) WHERE contingency_id IS NOT NULL;
    `);
  },
};
