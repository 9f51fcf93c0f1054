import type { Migration } from './types';

/**
 * Who issued each document: the actor (`user:ana`, `api-key:…`) and the name the receipt prints, as they were
 * at the time. Documents from before 011 have neither.
 */
export const m011IssuedBy: Migration = {
  version: 11,
  name: 'issued-by',
  up(db) {
    db.exec(`
      ALTER TABLE documents ADD COLUMN issued_by TEXT;
      ALTER TABLE documents ADD COLUMN issued_by_name TEXT;
    `);
  },
};
