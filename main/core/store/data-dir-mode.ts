// The data folder holds every document, customer and password hash: only the user running Sello may read it.
// Fixed at every start whatever existed before (a folder made 0755 by hand, files 0644 from an old version):
// folders 0700, files 0600. Something owned by another user is reported, since that user can still change it.
import { chmodSync, lstatSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { Logger } from '../logger';

export interface DataDirModes {
  /** Paths (relative to the folder, '.' for itself) whose mode was changed. */
  readonly tightened: readonly string[];
  /** Paths owned by another user than the one running Sello. */
  readonly foreignOwned: readonly string[];
}

export const DIR_MODE = 0o700;
export const FILE_MODE = 0o600;

/** Folders 0700 and regular files 0600 under `dir`, itself included; symbolic links are left alone. */
export function tightenDataDir(dir: string): DataDirModes {
  const tightened: string[] = [];
  const foreignOwned: string[] = [];
  // Windows has no POSIX modes: its folder under the user's profile is private already.
  if (process.platform === 'win32') return { tightened, foreignOwned };
  const me = process.getuid?.();
  const visit = (path: string) => {
    let st;
    try {
      st = lstatSync(path);
    } catch {
      return; // Removed meanwhile (a rotated backup): nothing to protect.
    }
    if (st.isSymbolicLink()) return;
    const name = relative(dir, path) || '.';
    if (me !== undefined && st.uid !== me) foreignOwned.push(name);
    const want = st.isDirectory() ? DIR_MODE : st.isFile() ? FILE_MODE : null;
    if (want !== null && (st.mode & 0o777) !== want) {
      try {
        chmodSync(path, want);
        tightened.push(name);
      } catch {
        // Another user's file: reported as foreign-owned above, nothing more this process can do.
      }
    }
    if (st.isDirectory()) for (const n of readdirSync(path)) visit(join(path, n));
  };
  visit(dir);
  return { tightened, foreignOwned };
}

/** Every path under `dir` (itself included), named as tightenDataDir names them; symbolic links are not followed. */
export function pathsUnder(dir: string): ReadonlySet<string> {
  const found = new Set<string>();
  const visit = (path: string) => {
    const st = lstatSync(path, { throwIfNoEntry: false });
    if (!st) return;
    found.add(relative(dir, path) || '.');
    if (st.isDirectory() && !st.isSymbolicLink()) for (const n of readdirSync(path)) visit(join(path, n));
  };
  visit(dir);
  return found;
}

/** Only what existed before `existed` was taken counts as tightened: a file Sello itself just created is no news. */
export const onlyExisting = (m: DataDirModes, existed: ReadonlySet<string>): DataDirModes => ({
  tightened: m.tightened.filter((p) => existed.has(p)),
  foreignOwned: m.foreignOwned,
});

/** Says what was fixed, and what another user owns (they can still read or change it). */
export function reportDataDirModes(logger: Logger, m: DataDirModes): void {
  if (m.tightened.length > 0) logger.warn('data folder was readable by other users: made private', { paths: m.tightened });
  if (m.foreignOwned.length > 0)
    logger.warn('the data folder holds files owned by another user, who can still read or change them', { paths: m.foreignOwned });
}
