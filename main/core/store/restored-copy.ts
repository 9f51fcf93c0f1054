// A restored copy does not know what MH received after it was taken (docs/decisions/0069-restores-and-replaced-
// files.md): `sello restore` marks it, and its first start puts every document it still has to send in doubt, so
// the sync engine asks MH (consultadte) before sending any of them again, as it does for rows in state 'unknown'.
import BetterSqlite3 from 'better-sqlite3';
import { isoLocal } from '../clock';
import type { Store } from './database';

export const RESTORED_KEY = 'restore.doubt';

/** Written into the copy before it takes the database's place, with plain SQL: settings is in every schema. */
export function markRestored(file: string, now: Date): void {
  const db = new BetterSqlite3(file);
  try {
    db.prepare('INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value').run(
      RESTORED_KEY,
      JSON.stringify({ since: isoLocal(now) }),
    );
  } finally {
    db.close();
  }
}

/**
 * At the start after a restore: the copy's unsealed documents waiting to go (or caught mid-send) become 'unknown',
 * asked about before any send; the mark is removed in the same transaction. The number of rows put in doubt.
 */
export function doubtAfterRestore(store: Store): number {
  const mark = store.sqlite.prepare('SELECT value FROM settings WHERE key = ?').get(RESTORED_KEY) as { value: string } | undefined;
  if (!mark) return 0;
  return store.tx(() => {
    const changed = store.sqlite
      .prepare(
        `UPDATE outbox SET state = 'unknown', lease_until = NULL, lote_id = NULL
          WHERE topic = 'dte' AND state IN ('pending', 'sending')`,
      )
      .run().changes;
    store.sqlite.prepare('DELETE FROM settings WHERE key = ?').run(RESTORED_KEY);
    return Number(changed);
  });
}
