import type { Migration } from './types';

// Frozen with this migration on purpose: later changes to the search folding must not change what it did.
const fold = (s: unknown): string | null => (typeof s === 'string' ? s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase() : null);

/**
 * Search that ignores case and accents ("maria" finds "MARÍA"): SQLite's LIKE folds ASCII only, so documents
 * and address-book entries keep their recipient name folded beside it.
 */
export const m005SearchText: Migration = {
  version: 5,
  name: 'search-text',
  up(db) {
    db.function('sello_fold_005', { deterministic: true }, fold);
    db.exec(`
      ALTER TABLE documents ADD COLUMN recipient_fold TEXT;
      UPDATE documents SET recipient_fold = sello_fold_005(recipient_name) WHERE recipient_name IS NOT NULL;
      ALTER TABLE receivers ADD COLUMN name_fold TEXT NOT NULL DEFAULT '';
      UPDATE receivers SET name_fold = sello_fold_005(name);
    `);
  },
};
