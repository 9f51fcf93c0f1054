// Copies of the station's database: online (SQLite's backup API, while the station keeps issuing), before every
// migration, on a schedule, and by `sello backup`; kept with rotation; brought back by `sello restore`.
//
// A copy is written as `NAME.partial`, checked (quick_check), flushed to disk, and only then renamed to its
// final name: a crash or a kill -9 half-way leaves a `.partial` that is never taken for a backup, and the
// copies made before stay whole.
import { closeSync, existsSync, fsyncSync, mkdirSync, openSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { basename, join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';

export const BACKUP_REASONS = ['scheduled', 'manual', 'migration', 'restore'] as const;
export type BackupReason = (typeof BACKUP_REASONS)[number];

export interface BackupInfo {
  readonly file: string;
  readonly reason: BackupReason;
  readonly bytes: number;
  /** From the file name: UTC, `YYYYMMDDTHHMMSSmmmZ`. */
  readonly stamp: string;
  /** The same instant as ISO 8601. */
  readonly takenAt: string;
}

const isoOf = (stamp: string) => stamp.replace(/^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})(\d{3})Z$/, '$1-$2-$3T$4:$5:$6.$7Z');

/** How many copies of each kind stay; older ones are deleted after a new one is whole. */
export const KEEP: Record<BackupReason, number> = { scheduled: 14, manual: 10, migration: 5, restore: 5 };

const NAME = /^sello-(\d{8}T\d{9}Z)-(scheduled|manual|migration|restore)(?:-v\d+)?\.db$/;

export const backupsDir = (dataDir: string): string => join(dataDir, 'backups');

const stampOf = (d: Date) => d.toISOString().replace(/[-:.]/g, '');

/** Flushes a file (or a folder's entries) to disk. */
export function fsyncPath(path: string): void {
  const fd = openSync(path, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/** The copies in a folder, newest first; `.partial` leftovers are not copies. */
export function listBackups(dir: string): BackupInfo[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .map((name) => ({ name, m: NAME.exec(name) }))
    .filter((x): x is { name: string; m: RegExpExecArray } => x.m !== null)
    .map(({ name, m }) => ({ file: join(dir, name), stamp: m[1]!, takenAt: isoOf(m[1]!), reason: m[2] as BackupReason, bytes: statSync(join(dir, name)).size }))
    .sort((a, b) => (a.stamp < b.stamp ? 1 : a.stamp > b.stamp ? -1 : 0));
}

/** Whether a file is a whole SQLite database (it opens, and quick_check answers ok). */
export function checkDatabaseFile(file: string): { ok: true; version: number } | { ok: false; problem: string } {
  let db: BetterSqlite3.Database | null = null;
  try {
    db = new BetterSqlite3(file, { readonly: true, fileMustExist: true });
    const check = db.pragma('quick_check', { simple: true }) as string;
    if (check !== 'ok') return { ok: false, problem: check };
    return { ok: true, version: db.pragma('user_version', { simple: true }) as number };
  } catch (e) {
    return { ok: false, problem: e instanceof Error ? e.message : String(e) };
  } finally {
    db?.close();
  }
}

function finish(dir: string, partial: string, final: string, reason: BackupReason): BackupInfo {
  const check = checkDatabaseFile(partial);
  if (!check.ok) {
    rmSync(partial, { force: true });
    throw new Error(`la copia no quedó íntegra (${check.problem})`);
  }
  fsyncPath(partial);
  renameSync(partial, final);
  // The rename itself must reach the disk before the copy counts.
  fsyncPath(dir);
  rotate(dir, reason);
  const m = NAME.exec(basename(final));
  const stamp = m?.[1] ?? '';
  return { file: final, reason, bytes: statSync(final).size, stamp, takenAt: isoOf(stamp) };
}

function rotate(dir: string, reason: BackupReason): void {
  const same = listBackups(dir).filter((b) => b.reason === reason);
  for (const old of same.slice(KEEP[reason])) rmSync(old.file, { force: true });
}

/** Removes `.partial` files a crash left behind (never a finished copy). */
export function removePartials(dir: string): number {
  if (!existsSync(dir)) return 0;
  const partials = readdirSync(dir).filter((n) => n.endsWith('.partial'));
  for (const n of partials) rmSync(join(dir, n), { force: true });
  return partials.length;
}

const target = (dir: string, now: Date, reason: BackupReason, suffix = '') => {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const final = join(dir, `sello-${stampOf(now)}-${reason}${suffix}.db`);
  return { final, partial: `${final}.partial` };
};

/**
 * An online copy of an open database: SQLite's backup API in steps between event-loop turns, so issuing goes
 * on meanwhile. `onProgress` gets the fraction done.
 */
export async function backupOnline(db: BetterSqlite3.Database, dir: string, now: Date, reason: BackupReason, onProgress?: (done: number) => void): Promise<BackupInfo> {
  const { final, partial } = target(dir, now, reason);
  rmSync(partial, { force: true });
  try {
    await db.backup(partial, {
      progress: ({ totalPages, remainingPages }) => {
        onProgress?.(totalPages > 0 ? (totalPages - remainingPages) / totalPages : 0);
        return 200;
      },
    });
  } catch (e) {
    rmSync(partial, { force: true });
    throw e;
  }
  return finish(dir, partial, final, reason);
}

/** A synchronous copy (VACUUM INTO), for the moment before a migration, when nothing else runs yet. */
export function backupNow(db: BetterSqlite3.Database, dir: string, now: Date, reason: BackupReason, suffix = ''): BackupInfo {
  const { final, partial } = target(dir, now, reason, suffix);
  rmSync(partial, { force: true });
  db.prepare('VACUUM INTO ?').run(partial);
  return finish(dir, partial, final, reason);
}
