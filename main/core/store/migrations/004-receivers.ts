import type { Migration } from './types';

/**
 * The receivers' address book: the last recipient data used per identification, one book per recipient
 * shape (NC and ND share the CCF's taxpayers), filled from the documents already issued.
 */
export const m004Receivers: Migration = {
  version: 4,
  name: 'receivers',
  up(db) {
    db.exec(`
      CREATE TABLE receivers (
        book TEXT NOT NULL CHECK (book IN ('FC', 'CCF', 'CR', 'FSE', 'FEX')),
        key TEXT NOT NULL,
        name TEXT NOT NULL,
        document TEXT,
        recipient_json TEXT NOT NULL,
        last_used_at TEXT NOT NULL,
        uses INTEGER NOT NULL CHECK (uses > 0),
        PRIMARY KEY (book, key)
      ) STRICT, WITHOUT ROWID;
      CREATE INDEX receivers_recent ON receivers (book, last_used_at DESC);

      INSERT INTO receivers (book, key, name, document, recipient_json, last_used_at, uses)
      SELECT book, key, name, document, recipient_json, created_at, 1 FROM (
        SELECT CASE WHEN kind IN ('NC', 'ND') THEN 'CCF' ELSE kind END AS book,
               COALESCE(json_extract(request_json, '$.recipient.identificationDocument.number'),
                        lower(json_extract(request_json, '$.recipient.name'))) AS key,
               json_extract(request_json, '$.recipient.name') AS name,
               json_extract(request_json, '$.recipient.identificationDocument.number') AS document,
               json_extract(request_json, '$.recipient') AS recipient_json,
               created_at
        FROM documents
        WHERE json_extract(request_json, '$.recipient.name') IS NOT NULL
        ORDER BY created_at
      ) WHERE true
      ON CONFLICT (book, key) DO UPDATE SET
        name = excluded.name, document = excluded.document, recipient_json = excluded.recipient_json,
        last_used_at = excluded.last_used_at, uses = uses + 1;
    `);
  },
};
