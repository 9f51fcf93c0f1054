// Copies of the station's database: online (SQLite's backup API, while the station keeps issuing), before every
// migration, on a schedule, and by `sello backup`; kept with rotation; brought back by `sello restore`.
//
// A copy is written as `NAME.partial`, checked (quick_check), flushed to disk, and only then renamed to its
// final name: a crash or a kill -9 half-way leaves a `.partial` that is never taken for a backup, and the
// copies made before stay whole.
import { chmodSync, closeSync, existsSync, fsyncSync, mkdirSync, openSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { basename, join } from 'node:path';
import { Worker } from 'node:worker_threads';
import BetterSqlite3 from 'better-sqlite3';
import { DIR_MODE, FILE_MODE } from './data-dir-mode';
import { errorCode } from './start-failure';
import { flushWhileWritten } from './steady-flush';

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
    .map(({ name, m }) => ({
      file: join(dir, name),
      stamp: m[1]!,
      takenAt: isoOf(m[1]!),
      reason: m[2] as BackupReason,
      bytes: statSync(join(dir, name)).size,
    }))
    .sort((a, b) => (a.stamp < b.stamp ? 1 : a.stamp > b.stamp ? -1 : 0));
}

/**
 * Whether a file is a whole SQLite database (it opens, and quick_check answers ok); `code` is the error's when the
 * check could not run (a full disk, no permission: start-failure.ts tells those from damage).
 */
export function checkDatabaseFile(file: string): { ok: true; version: number } | { ok: false; problem: string; code?: string | undefined } {
  let db: BetterSqlite3.Database | null = null;
  try {
    db = new BetterSqlite3(file, { readonly: true, fileMustExist: true });
    const check = db.pragma('quick_check', { simple: true }) as string;
    if (check !== 'ok') return { ok: false, problem: check };
    return { ok: true, version: db.pragma('user_version', { simple: true }) as number };
  } catch (e) {
    return { ok: false, problem: e instanceof Error ? e.message : String(e), code: errorCode(e) ?? undefined };
  } finally {
    db?.close();
  }
}

type Check = ReturnType<typeof checkDatabaseFile>;

// ESM under tsx, CommonJS in the Electron bundle: resolve the package either way.
const resolver: NodeJS.Require = typeof require === 'function' ? require : createRequire(import.meta.url);

// The whole copy happens in a worker thread, on a connection of its own: VACUUM INTO reads one snapshot (WAL
// lets the station keep writing meanwhile, and nothing restarts the copy), writes it, and the copy is checked
// there too. SQLite's backup API on the station's own connection would run on the event loop and end in a
// synchronous flush of the whole file (bench: stalls of 100+ ms at a few hundred MB).
const WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.module);
const opts = (extra) => Object.assign(extra, workerData.nativeBinding ? { nativeBinding: workerData.nativeBinding } : {});
let result;
let db = null;
try {
  if (workerData.source) {
    db = new Database(workerData.source, opts({ readonly: true, fileMustExist: true }));
    db.prepare('VACUUM INTO ?').run(workerData.target);
    db.close();
    db = null;
    // The station's mark of its open file (file-identity.ts) is not the copy's: laid back, it must read as another file.
    db = new Database(workerData.target, opts({ fileMustExist: true }));
    db.pragma('application_id = 0');
    db.close();
    db = null;
  }
  db = new Database(workerData.target, opts({ readonly: true, fileMustExist: true }));
  const check = db.pragma('quick_check', { simple: true });
  result = check === 'ok' ? { ok: true, version: db.pragma('user_version', { simple: true }) } : { ok: false, problem: String(check) };
} catch (e) {
  result = { ok: false, problem: String((e && e.message) || e), failed: true, code: e && typeof e.code === 'string' ? e.code : undefined };
} finally {
  if (db) db.close();
}
parentPort.postMessage(result);
`;

/** `code`: SQLite's or the file system's, so a full disk is told apart (out-of-space.ts). */
type WorkerResult = Check & { failed?: boolean; code?: string };

/** Runs the copy (when `source` is given) and the check of `target` in a worker; null when no worker starts. */
function inWorker(
  source: string | null,
  target: string,
  nativeBinding: string | undefined,
  onTick?: () => void,
): Promise<WorkerResult | null> {
  return new Promise((resolve) => {
    let worker: Worker;
    try {
      worker = new Worker(WORKER, {
        eval: true,
        workerData: { source, target, nativeBinding, module: resolver.resolve('better-sqlite3') },
      });
    } catch {
      resolve(null);
      return;
    }
    const tick = onTick ? setInterval(onTick, 250) : null;
    const done = (r: WorkerResult | null) => {
      if (tick) clearInterval(tick);
      resolve(r);
    };
    worker.once('message', (r: WorkerResult) => done(r));
    worker.once('error', () => done(null));
  });
}

/** checkDatabaseFile in a worker thread (checking gigabytes takes seconds); here when no worker starts. */
export async function checkDatabaseFileInWorker(file: string, nativeBinding?: string): Promise<Check> {
  return (await inWorker(null, file, nativeBinding)) ?? checkDatabaseFile(file);
}

function finish(dir: string, partial: string, final: string, reason: BackupReason, check: Check): BackupInfo {
  if (!check.ok) {
    dropPartial(partial);
    throw new Error(`la copia no quedó íntegra (${check.problem})`);
  }
  fsyncPath(partial);
  return named(dir, partial, final, reason);
}

function named(dir: string, partial: string, final: string, reason: BackupReason): BackupInfo {
  // A copy of every document and password hash: private whatever the umask (decision 0035).
  chmodSync(partial, FILE_MODE);
  renameSync(partial, final);
  // The rename itself must reach the disk before the copy counts.
  fsyncPath(dir);
  // SQLite's journal of the copy being written, when one was left (issue 54: they piled up).
  rmSync(`${partial}-journal`, { force: true });
  rotate(dir, reason);
  const m = NAME.exec(basename(final));
  const stamp = m?.[1] ?? '';
  return { file: final, reason, bytes: statSync(final).size, stamp, takenAt: isoOf(stamp) };
}

function rotate(dir: string, reason: BackupReason): void {
  const same = listBackups(dir).filter((b) => b.reason === reason);
  for (const old of same.slice(KEEP[reason])) rmSync(old.file, { force: true });
}

/** A copy being written and its SQLite journal, removed together. */
export function dropPartial(partial: string): void {
  rmSync(partial, { force: true });
  rmSync(`${partial}-journal`, { force: true });
}

/** Removes `.partial` files (and their `-journal`) a crash left behind (never a finished copy). */
export function removePartials(dir: string): number {
  if (!existsSync(dir)) return 0;
  const partials = readdirSync(dir).filter((n) => n.endsWith('.partial') || n.endsWith('.partial-journal'));
  for (const n of partials) rmSync(join(dir, n), { force: true });
  return partials.length;
}

const target = (dir: string, now: Date, reason: BackupReason, suffix = '') => {
  mkdirSync(dir, { recursive: true, mode: DIR_MODE });
  // mkdir's mode does not change a folder that already exists.
  if (process.platform !== 'win32') chmodSync(dir, DIR_MODE);
  const final = join(dir, `sello-${stampOf(now)}-${reason}${suffix}.db`);
  return { final, partial: `${final}.partial` };
};

/** An empty `.partial` made private before SQLite writes a page into it (VACUUM INTO takes an empty file, and keeps its mode). */
export function privatePartial(partial: string): void {
  dropPartial(partial);
  closeSync(openSync(partial, 'wx', FILE_MODE));
  if (process.platform !== 'win32') chmodSync(partial, FILE_MODE);
}

/**
 * An online copy of a station's database file while the station keeps working: copied and checked in a
 * worker thread, flushed with the event loop free, then renamed. `onProgress` gets the fraction written
 * (estimated from the copy's size against the source's).
 */
export async function backupOnline(
  source: string,
  dir: string,
  now: Date,
  reason: BackupReason,
  onProgress?: (done: number) => void,
  nativeBinding?: string,
): Promise<BackupInfo> {
  const { final, partial } = target(dir, now, reason);
  privatePartial(partial);
  const total = Math.max(1, statSync(source).size);
  const progress = () => {
    try {
      onProgress?.(Math.min(0.99, statSync(partial).size / total));
    } catch {
      onProgress?.(0);
    }
  };
  try {
    return await copyInto(source, partial, final, dir, reason, nativeBinding, onProgress, progress);
  } catch (e) {
    // A copy cut short (a full disk above all) must not keep holding the space it took.
    dropPartial(partial);
    throw e;
  }
}

async function copyInto(
  source: string,
  partial: string,
  final: string,
  dir: string,
  reason: BackupReason,
  nativeBinding: string | undefined,
  onProgress: ((done: number) => void) | undefined,
  progress: () => void,
): Promise<BackupInfo> {
  const flushing = flushWhileWritten(partial);
  let r: WorkerResult | Check | null;
  try {
    r = await inWorker(source, partial, nativeBinding, onProgress ? progress : undefined);
  } finally {
    await flushing.stop();
  }
  if (r === null) {
    // No worker here: the same copy on this thread (correct, only not as smooth).
    const db = new BetterSqlite3(source, { readonly: true, fileMustExist: true, ...(nativeBinding ? { nativeBinding } : {}) });
    try {
      db.prepare('VACUUM INTO ?').run(partial);
    } finally {
      db.close();
    }
    clearMark(partial, nativeBinding);
    r = checkDatabaseFile(partial);
  }
  if (!r.ok) {
    dropPartial(partial);
    const code = (r as WorkerResult).code;
    throw Object.assign(new Error(`la copia no quedó íntegra (${r.problem})`), code ? { code } : {});
  }
  // Flushing gigabytes takes a while: on libuv's pool, not the event loop.
  const fh = await open(partial, 'r');
  try {
    await fh.sync();
  } finally {
    await fh.close();
  }
  onProgress?.(1);
  return named(dir, partial, final, reason);
}

/** The station's mark of its open file (file-identity.ts) cleared in a copy: laid back over it, it reads as another file. */
function clearMark(file: string, nativeBinding?: string): void {
  const db = new BetterSqlite3(file, { fileMustExist: true, ...(nativeBinding ? { nativeBinding } : {}) });
  try {
    db.pragma('application_id = 0');
  } finally {
    db.close();
  }
}

/** A synchronous copy (VACUUM INTO), for the moment before a migration, when nothing else runs yet. */
export function backupNow(
  db: BetterSqlite3.Database,
  dir: string,
  now: Date,
  reason: BackupReason,
  suffix = '',
  nativeBinding?: string,
): BackupInfo {
  const { final, partial } = target(dir, now, reason, suffix);
  privatePartial(partial);
  try {
    db.prepare('VACUUM INTO ?').run(partial);
    clearMark(partial, nativeBinding);
  } catch (e) {
    dropPartial(partial);
    throw e;
  }
  return finish(dir, partial, final, reason, checkDatabaseFile(partial));
}
