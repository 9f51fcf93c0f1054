import type { Migration } from './types';

/**
 * What the paper of a document needs and the signed document does not hold (dte/paper-repo.ts): whether it was
 * issued during a contingency (a later re-signing into one must not change its paper), and the cash handed over
 * and the change, which are not MH's business (docs/decisions/0037-final-paper.md).
 */
export const m028SalePaper: Migration = {
  version: 28,
  name: 'sale-paper',
  up(db) {
    db.exec(`CREATE TABLE sale_paper (
      document_id TEXT PRIMARY KEY REFERENCES documents (id),
      issued_in_contingency INTEGER NOT NULL CHECK (issued_in_contingency IN (0, 1)),
      cash_received TEXT,
      change_given TEXT,
      CHECK ((cash_received IS NULL) = (change_given IS NULL))
    ) WITHOUT ROWID`);
  },
};
