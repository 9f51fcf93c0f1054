import type { Migration } from './types';

/**
 * The receivers' address book takes the recipients of the kinds issue 57 adds (dte/receivers.ts `bookOf`: NR, CL,
 * DCL and CD each keep a book of their own). SQLite cannot widen a CHECK in place: the table is made again with
 * the same columns, its rows copied as they are (docs/decisions/0084-emitir-new-kinds.md).
 */
export const m040ReceiversNewKinds: Migration = {
  version: 40,
  name: 'receivers-new-kinds',
  up(db) {
    db.exec(`
      CREATE TABLE receivers_040 (
        book TEXT NOT NULL CHECK (book IN ('FC', 'CCF', 'CR', 'FSE', 'FEX', 'NR', 'CL', 'DCL', 'CD')),
        key TEXT NOT NULL,
        name TEXT NOT NULL,
        document TEXT,
        recipient_json TEXT NOT NULL,
        last_used_at TEXT NOT NULL,
        uses INTEGER NOT NULL CHECK (uses > 0),
        name_fold TEXT NOT NULL DEFAULT '',
        PRIMARY KEY (book, key)
      ) STRICT, WITHOUT ROWID;
      INSERT INTO receivers_040 (book, key, name, document, recipient_json, last_used_at, uses, name_fold)
        SELECT book, key, name, document, recipient_json, last_used_at, uses, name_fold FROM receivers;
      DROP TABLE receivers;
      ALTER TABLE receivers_040 RENAME TO receivers;
      CREATE INDEX receivers_recent ON receivers (book, last_used_at DESC);
    `);
  },
};
