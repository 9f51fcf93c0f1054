// Which file the station's connection has open (docs/decisions/0069-restores-and-replaced-files.md).
//
// A copy laid over a running station's `sello.db` (`cp`, a file manager, a sync tool) keeps the inode, so SQLite
// goes on writing pages into it and answers 201 for sales that the copy then loses. At open a random
// `application_id` is written into the file header (bytes 68-71) and checkpointed there, with the path's device and
// inode; before each write both are read again. `cp` over the file brings another header; a rename over it another
// inode. Sello's own copies have their id cleared (backup.ts), so one of them laid back is told apart too.
import { closeSync, existsSync, openSync, readSync, renameSync, rmSync, statSync } from 'node:fs';
import { randomInt } from 'node:crypto';
import BetterSqlite3 from 'better-sqlite3';

/** Where the header keeps the application id (SQLite's file format, "The Database Header"). */
export const APPLICATION_ID_OFFSET = 68;

export interface FileIdentity {
  /** The id this open wrote, and the one the file showed before (accepted until a checkpoint puts ours there). */
  readonly ids: readonly [number, number];
  /**
   * Null while the path is still the file this connection opened (or cannot be looked at just now: a passing
   * error is not a verdict); otherwise what changed, for the log.
   */
  changed(): string | null;
  close(): void;
}

/** The 4-byte application id at the header, as SQLite's signed `PRAGMA application_id` reads it; null if unread. */
export function headerId(fd: number): number | null {
  const b = Buffer.alloc(4);
  return readSync(fd, b, 0, 4, APPLICATION_ID_OFFSET) === 4 ? b.readInt32BE(0) : null;
}

const codeOf = (e: unknown): string | undefined => (e as { code?: unknown } | null)?.code as string | undefined;

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
  let dev: bigint;
  let ino: bigint;
  let before: number;
  try {
    // bigint: Windows' file ids do not fit a double.
    ({ dev, ino } = statSync(file, { bigint: true }));
    before = headerId(fd) ?? id;
  } catch (e) {
    closeSync(fd);
    throw e;
  }
  let accepted: [number, number] = [id, before];
  let closed = false;
  return {
    get ids() {
      return accepted;
    },
    changed() {
      if (closed) return null;
      let now: { dev: bigint; ino: bigint };
      try {
        now = statSync(file, { bigint: true });
      } catch (e) {
        return codeOf(e) === 'ENOENT' ? `${file} ya no existe` : null;
      }
      if (now.dev !== dev || now.ino !== ino) return `${file} es otro archivo (inodo ${ino} → ${now.ino})`;
      let seen: number | null;
      try {
        seen = headerId(fd);
      } catch {
        return null;
      }
      if (seen === null) return null;
      if (seen === id) {
        if (accepted[1] !== id) accepted = [id, id];
        return null;
      }
      if (seen === accepted[1]) return null;
      return `la cabecera de ${file} cambió (application_id ${id} → ${seen})`;
    },
    close() {
      if (closed) return;
      closed = true;
      closeSync(fd);
    },
  };
}

/**
 * Closes a connection whose file was replaced without folding its WAL into the copy laid over it: SQLite's last
 * connection to close checkpoints, and those pages are this run's, not the copy's. A read-only connection stays open
 * while the station's closes (so that one is not the last), the WAL is set aside beside the file (this run's last
 * writes, for whoever investigates), and the read-only one, which cannot checkpoint, closes last.
 */
export function closeReplaced(sqlite: BetterSqlite3.Database, file: string, stamp: string, nativeBinding?: string): void {
  const holder = ((): BetterSqlite3.Database | null => {
    try {
      const h = new BetterSqlite3(file, { readonly: true, fileMustExist: true, ...(nativeBinding ? { nativeBinding } : {}) });
      h.pragma('user_version');
      return h;
    } catch {
      return null;
    }
  })();
  sqlite.close();
  try {
    if (existsSync(`${file}-wal`)) renameSync(`${file}-wal`, `${file}-wal.replaced-${stamp}`);
    rmSync(`${file}-shm`, { force: true });
  } catch {
    // Windows keeps an open file in place: the next start then meets the WAL, and its check says what to restore.
  }
  holder?.close();
}
