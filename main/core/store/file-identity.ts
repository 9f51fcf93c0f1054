// Which file the station's connection has open (docs/decisions/0069-restores-told-from-tampering.md).
//
// A copy laid over a running station's `sello.db` (`cp`, a file manager, a sync tool) keeps the inode, so SQLite
// goes on writing pages into it and answers 201 for sales that the copy then loses. At open a random
// `application_id` is written into the file header (bytes 68-71) and checkpointed there, with the path's device and
// inode; before each write both are read again. `cp` over the file brings another header; a rename over it another
// inode. Sello's own copies have their id cleared (backup.ts), so a copy of this very run laid back is told apart too.
import { closeSync, openSync, readSync, statSync } from 'node:fs';
import { randomInt } from 'node:crypto';
import type BetterSqlite3 from 'better-sqlite3';

/** Where the header keeps the application id (SQLite's file format, "The Database Header"). */
export const APPLICATION_ID_OFFSET = 68;

export interface FileIdentity {
  /** The id this open wrote, and the one the file showed before (kept until a checkpoint puts ours there). */
  readonly ids: readonly [number, number];
  readonly dev: number;
  readonly ino: number;
  /** Null while the path is still the file this connection opened; otherwise what changed, for the log. */
  changed(): string | null;
  close(): void;
}

/** The 4-byte application id at the header, as SQLite's signed `PRAGMA application_id` reads it. */
export function headerId(fd: number): number | null {
  const b = Buffer.alloc(4);
  return readSync(fd, b, 0, 4, APPLICATION_ID_OFFSET) === 4 ? b.readInt32BE(0) : null;
}

/**
 * Marks the file this connection has open. `id` is random (not the station's injected randomness: only its
 * difference from any other open's matters, never its value).
 */
export function markFile(sqlite: BetterSqlite3.Database, file: string, id: number = randomInt(1, 0x7fffffff)): FileIdentity {
  sqlite.pragma(`application_id = ${id}`);
  try {
    // Into the file itself: until then the header there is the previous one's.
    sqlite.pragma('wal_checkpoint(TRUNCATE)');
  } catch {
    // A reader of another process (`sello books`) may hold the WAL; the next checkpoint brings it.
  }
  const fd = openSync(file, 'r');
  const { dev, ino } = statSync(file);
  const before = headerId(fd) ?? id;
  let accepted: [number, number] = [id, before];
  let closed = false;
  return {
    get ids() {
      return accepted;
    },
    dev,
    ino,
    changed() {
      let now: { dev: number; ino: number };
      try {
        now = statSync(file);
      } catch {
        return `${file} ya no existe`;
      }
      if (now.dev !== dev || now.ino !== ino) return `${file} es otro archivo (inodo ${ino} → ${now.ino})`;
      const seen = headerId(fd);
      if (seen === id) {
        if (accepted[1] !== id) accepted = [id, id];
        return null;
      }
      if (seen !== null && seen === accepted[1]) return null;
      return `la cabecera de ${file} cambió (application_id ${id} → ${seen ?? 'ilegible'})`;
    },
    close() {
      if (closed) return;
      closed = true;
      closeSync(fd);
    },
  };
}
