// One Sello per data directory: two processes numbering and sending from the same store would break MH's
// rules. Node holds no portable OS file lock, so the lock file names its owner: the pid, the boot it runs in and
// the process's start time (process-identity.ts). A lock whose process is gone (a crash, a kill -9), or whose pid
// now belongs to another process (ids are reused, after a reboot above all), is taken over.
import { closeSync, linkSync, openSync, readFileSync, renameSync, unlinkSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { currentBoot, looksLikeSello, processCommand, processStart, sameBoot, type Boot } from './process-identity';

export class DataDirLockedError extends Error {
  constructor(readonly pid: number) {
    super(`Otra instancia de Sello (proceso ${pid}) ya usa este directorio de datos. Ciérrela antes de abrir esta.`);
    this.name = 'DataDirLockedError';
  }
}

/** What the lock file says about its owner; `boot` and `start` are absent in a lock from an earlier Sello (a bare pid). */
export interface LockOwner {
  readonly pid: number;
  readonly boot?: Boot | undefined;
  readonly start?: string | undefined;
}

/** How a lock's owner is told apart from a process that merely got its pid; tests replace the OS's answers. */
export interface Identity {
  readonly alive: (pid: number) => boolean;
  readonly boot: () => Boot | null;
  readonly start: (pid: number) => string | null;
  /** The process's command line (null: the OS does not say); absent, a bare pid that answers is taken for Sello. */
  readonly command?: (pid: number) => string | null;
}

const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
};

export const OS_IDENTITY: Identity = { alive, boot: currentBoot, start: processStart, command: processCommand };

/** The lock file's text: JSON, or a bare pid left by an earlier Sello; null when it says nothing usable. */
export function readOwner(text: string): LockOwner | null {
  const trimmed = text.trim();
  if (/^\d{1,10}$/.test(trimmed)) return { pid: Number(trimmed) };
  try {
    const v = JSON.parse(trimmed) as { pid?: unknown; boot?: unknown; start?: unknown };
    if (typeof v.pid !== 'number' || !Number.isInteger(v.pid) || v.pid <= 0) return null;
    const boot =
      typeof v.boot === 'object' && v.boot !== null && 'id' in v.boot && typeof v.boot.id === 'string'
        ? { id: v.boot.id }
        : typeof v.boot === 'object' && v.boot !== null && 'at' in v.boot && typeof v.boot.at === 'number'
          ? { at: v.boot.at }
          : undefined;
    return { pid: v.pid, boot, start: typeof v.start === 'string' ? v.start : undefined };
  } catch {
    return null;
  }
}

/**
 * Whether `owner` still runs. A pid that answers is the owner only while nothing says otherwise: the boot it was
 * written in has ended, or the process with that pid started at another time. A bare pid from an earlier Sello
 * that answers is taken for its owner only while its command line could be Sello's (issue 54: a reused pid of
 * another program blocked the start), and never when it is this very process.
 */
export function ownerRuns(owner: LockOwner, id: Identity, self = process.pid): boolean {
  const now = id.boot();
  if (owner.boot && now && !sameBoot(owner.boot, now)) return false;
  if (owner.pid === self) {
    // A bare pid was never written by this process: an earlier one had its pid. Else the same start is this
    // very process locking twice; where the OS gives no start time, the same boot is taken for it.
    if (owner.boot === undefined) return false;
    const start = id.start(self);
    return owner.start === undefined || start === null ? true : owner.start === start;
  }
  if (!id.alive(owner.pid)) return false;
  if (owner.boot === undefined && owner.start === undefined) {
    const command = id.command?.(owner.pid) ?? null;
    return command === null || looksLikeSello(command);
  }
  if (owner.start === undefined) return true;
  const start = id.start(owner.pid);
  return start === null || start === owner.start;
}

/** Takes the lock; returns its release. Throws DataDirLockedError while another live process holds it. */
export function lockDataDir(dataDir: string, id: Identity = OS_IDENTITY): () => void {
  const file = join(dataDir, 'sello.lock');
  const boot = id.boot();
  const me: LockOwner = { pid: process.pid, boot: boot ?? undefined, start: id.start(process.pid) ?? undefined };
  const text = JSON.stringify(me);
  for (let attempt = 0; attempt < 3; attempt++) {
    let fd: number;
    try {
      fd = openSync(file, 'wx', 0o600);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      const seen = readOr(file);
      if (seen === null) continue; // released meanwhile
      const owner = readOwner(seen);
      if (owner && ownerRuns(owner, id)) throw new DataDirLockedError(owner.pid);
      takeOver(file, seen);
      continue;
    }
    try {
      writeSync(fd, text);
    } catch (e) {
      // A full disk fails the write: leave no empty lock behind.
      closeSync(fd);
      unlinkSync(file);
      throw e;
    }
    closeSync(fd);
    return () => {
      try {
        if (readFileSync(file, 'utf8') === text) unlinkSync(file);
      } catch {
        // Already gone.
      }
    };
  }
  throw new Error(`no se pudo tomar ${file}`);
}

const readOr = (file: string): string | null => {
  try {
    return readFileSync(file, 'utf8');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw e;
  }
};

/**
 * Removes a stale lock, unless another starting process took it over first: the file is moved aside (one mover
 * wins) and put back if what was moved is not the stale lock that was read.
 */
function takeOver(file: string, stale: string): void {
  const aside = `${file}.${process.pid}.stale`;
  try {
    renameSync(file, aside);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw e;
  }
  if (readFileSync(aside, 'utf8') === stale) {
    unlinkSync(aside);
    return;
  }
  // Another process's fresh lock: back where it was, unless a lock stands there again (never overwritten).
  try {
    linkSync(aside, file);
  } catch {
    // The loop reads whichever lock stands there now.
  }
  unlinkSync(aside);
}
