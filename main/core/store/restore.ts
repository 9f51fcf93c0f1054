// `sello restore`: puts a copy back as the station's database. Only with Sello closed (the data-dir lock), only
// a whole copy of a station (quick_check, a station in it, not from a newer Sello), and the database it
// replaces is kept first, so a restore can itself be undone.
import { chmodSync, closeSync, copyFileSync, existsSync, mkdirSync, openSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { backupNow, backupsDir, checkDatabaseFile, fsyncPath } from './backup';
import { lockDataDir } from './data-dir-lock';
import { FILE_MODE } from './data-dir-mode';
import { markRestored } from './restored-copy';
import { MIGRATIONS } from './migrations';
import { UNCONFIRM_SQL, unconfirmedValue } from '../dte/numbering-state';
import { isoLocal } from '../clock';

export class RestoreError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RestoreError';
  }
}

export interface Restored {
  readonly from: string;
  readonly documents: number;
  /** Where the replaced database was kept (null when there was none). */
  readonly previous: string | null;
}

function countDocuments(file: string): { documents: number; station: boolean } {
  const db = new BetterSqlite3(file, { readonly: true, fileMustExist: true });
  try {
    const station = db.prepare("SELECT 1 FROM settings WHERE key = 'station'").get() !== undefined;
    const documents = (db.prepare('SELECT count(*) AS n FROM documents').get() as { n: number }).n;
    return { documents, station };
  } finally {
    db.close();
  }
}

/**
 * A copy may be older than the last document MH holds: its numbering waits for the hub or an ADMIN before the
 * first document (docs/decisions/0029-numbering-never-collides-silently.md). Written into the copy before it
 * takes the database's place, with plain SQL: the copy may be of an older schema (settings is in every one).
 */
function unconfirmNumbering(file: string, now: Date): void {
  const db = new BetterSqlite3(file);
  try {
    const row = db.prepare("SELECT value FROM settings WHERE key = 'numbering'").get() as { value: string } | undefined;
    db.prepare(UNCONFIRM_SQL).run(unconfirmedValue(row?.value ?? null, 'restore', isoLocal(now)));
  } finally {
    db.close();
  }
}

/** What the caller does around the swap: name the copy's chain before it (audit-restore.ts), and a test's pause after it. */
export interface RestoreSteps {
  /** With the copy whole beside the database, just before it takes its place. */
  readonly beforeSwap?: (incoming: string) => void;
  /** Right after the copy took the database's place, before anything else is written. */
  readonly afterSwap?: () => void;
}

/** The copy being put in place, and SQLite's journal of it: a restore cut short leaves them (removed at the next start). */
export function removeRestoreLeftovers(dataDir: string): void {
  for (const f of ['sello.db.restoring', 'sello.db.restoring-journal']) rmSync(join(dataDir, f), { force: true });
}

export function restoreDatabase(dataDir: string, from: string, now: Date, steps: RestoreSteps = {}): Restored {
  if (!existsSync(from)) throw new RestoreError(`No existe el archivo ${from}.`);
  const check = checkDatabaseFile(from);
  if (!check.ok) throw new RestoreError(`${from} no es una copia íntegra de Sello: ${check.problem}.`);
  if (check.version > MIGRATIONS.length)
    throw new RestoreError(
      `${from} es de una versión más nueva de Sello (esquema ${check.version}); actualice Sello antes de restaurarla.`,
    );
  let content: { documents: number; station: boolean };
  try {
    content = countDocuments(from);
  } catch {
    throw new RestoreError(`${from} no es una base de datos de Sello.`);
  }
  if (!content.station) throw new RestoreError(`${from} no tiene una estación configurada: no es una copia de Sello.`);

  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const unlock = lockDataDir(dataDir);
  try {
    const db = join(dataDir, 'sello.db');
    let previous: string | null = null;
    if (existsSync(db)) {
      try {
        const current = new BetterSqlite3(db);
        try {
          previous = backupNow(current, backupsDir(dataDir), now, 'restore').file;
        } finally {
          current.close();
        }
      } catch {
        // A damaged database cannot be copied by SQLite: keep its files as they are.
        const dir = join(backupsDir(dataDir), `damaged-${now.toISOString().replace(/[-:.]/g, '')}`);
        mkdirSync(dir, { recursive: true, mode: 0o700 });
        for (const f of ['sello.db', 'sello.db-wal', 'sello.db-shm'])
          if (existsSync(join(dataDir, f))) copyFileSync(join(dataDir, f), join(dir, f));
        previous = dir;
      }
    }
    const incoming = `${db}.restoring`;
    removeRestoreLeftovers(dataDir);
    // Private from its first byte: a copy of every document and password hash (issue 54).
    closeSync(openSync(incoming, 'wx', FILE_MODE));
    copyFileSync(from, incoming);
    if (process.platform !== 'win32') chmodSync(incoming, FILE_MODE);
    unconfirmNumbering(incoming, now);
    markRestored(incoming, now);
    fsyncPath(incoming);
    rmSync(`${incoming}-journal`, { force: true });
    steps.beforeSwap?.(incoming);
    for (const f of ['sello.db-wal', 'sello.db-shm']) rmSync(join(dataDir, f), { force: true });
    renameSync(incoming, db);
    fsyncPath(dataDir);
    steps.afterSwap?.();
    return { from, documents: content.documents, previous };
  } finally {
    unlock();
  }
}
