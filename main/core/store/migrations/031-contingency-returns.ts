import type { Migration } from './types';

/**
 * Eventos de Retorno made in contingency (docs/decisions/0050-evento-de-retorno-complete.md): `contingency_id`
 * names the contingency event that lists the ER, as `documents.contingency_id` does for a document. An ER with one
 * waits for that event's seal before it goes to MH; null for an ER made with MH in reach.
 */
export const m031ContingencyReturns: Migration = {
  version: 31,
  name: 'contingency-returns',
  up(db) {
    db.exec(`
      ALTER TABLE returns ADD COLUMN contingency_id TEXT REFERENCES contingency_events (id);
      CREATE INDEX returns_contingency ON returns (contingency_id) WHERE contingency_id IS NOT NULL;
    `);
  },
};
