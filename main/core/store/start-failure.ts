// What a failed open of the station's database means. Only SQLite's own verdicts (quick_check, SQLITE_CORRUPT,
// SQLITE_NOTADB) say the file is damaged and a copy must be restored; a disk that is full, read-only, refuses
// permission or fails a read or write leaves the file as it was, and the start says that and what to do instead.
import { accessSync, constants, statfsSync } from 'node:fs';
import { dirname } from 'node:path';

/** Why the disk, not the file, stopped the open. */
export type DiskProblem = 'full' | 'permission' | 'readonly' | 'io';

/** Below this much free space an I/O error is taken for a full disk (SQLite needs 32 KiB for its -shm alone). */
export const FULL_BELOW_BYTES = 4 * 1024 * 1024;

/** The station's database could not be opened for a reason of the disk: the file itself is not called damaged. */
export class StoreUnavailableError extends Error {
  constructor(
    readonly file: string,
    readonly kind: DiskProblem,
    readonly problem: string,
  ) {
    super(unavailableMessage(dirname(file), kind, problem));
    this.name = 'StoreUnavailableError';
  }
}

function unavailableMessage(dir: string, kind: DiskProblem, problem: string): string {
  const kept = 'Los documentos guardados no se han tocado.';
  switch (kind) {
    case 'full':
      return (
        `El disco de la carpeta de datos de Sello (${dir}) está lleno: no queda espacio para abrir la base de datos (${problem}). ${kept} ` +
        `Libere espacio en ese disco (borre o mueva a otro disco archivos que no necesite, como copias antiguas de ${dir}/backups) y vuelva a abrir Sello.`
      );
    case 'permission':
      return (
        `Sello no tiene permiso para abrir o crear archivos en su carpeta de datos (${dir}): ${problem}. ${kept} ` +
        'Revise que la carpeta y sus archivos pertenezcan al usuario que ejecuta Sello y admitan escritura, y vuelva a abrir Sello.'
      );
    case 'readonly':
      return (
        `Sello no puede escribir en su carpeta de datos (${dir}): el disco está montado en solo lectura o el archivo no admite escritura (${problem}). ${kept} ` +
        'Monte el disco con escritura o corrija los permisos del archivo, y vuelva a abrir Sello.'
      );
    case 'io':
      return (
        `El disco de la carpeta de datos de Sello (${dir}) dio un error de lectura o escritura (${problem}); eso no significa que la base de datos esté dañada. ${kept} ` +
        'Revise el disco (conexión, espacio libre, estado) y vuelva a abrir Sello; si el error se repite, copie la carpeta de datos a otro disco.'
      );
    default: {
      const never: never = kind;
      return never;
    }
  }
}

/** An error's code: Node's (ENOSPC…) or SQLite's extended one (SQLITE_IOERR_SHMSIZE…). */
export const errorCode = (e: unknown): string | null => {
  const code = typeof e === 'object' && e !== null && 'code' in e ? e.code : null;
  return typeof code === 'string' ? code : null;
};

/** Whether SQLite itself said the file is not a whole database. */
export const isCorruption = (code: string | null): boolean =>
  code !== null && (code === 'SQLITE_NOTADB' || code === 'SQLITE_CORRUPT' || code.startsWith('SQLITE_CORRUPT_'));

/** What the disk holding a folder says when SQLite's code alone does not tell (tests answer for it). */
export interface DiskProbe {
  /** Free bytes for this process; null when the OS does not say. */
  readonly free: (dir: string) => number | null;
  /** Why the folder cannot be written (EROFS, EACCES…), or null when it can. */
  readonly unwritable: (dir: string) => string | null;
}

export const OS_DISK: DiskProbe = {
  free(dir) {
    try {
      const s = statfsSync(dir);
      return Number(s.bavail) * Number(s.bsize);
    } catch {
      return null;
    }
  },
  unwritable(dir) {
    try {
      accessSync(dir, constants.W_OK);
      return null;
    } catch (e) {
      return errorCode(e);
    }
  },
};

const sqlite = (code: string, base: string) => code === base || code.startsWith(`${base}_`);

/**
 * The disk's part in an error at start, or null when the error is not about the disk (corruption included). A
 * generic I/O error or a file that cannot be opened on a disk with almost no room left is a full disk: SQLite
 * reports a -shm it cannot grow as SQLITE_IOERR_SHMSIZE, not as SQLITE_FULL.
 */
export function diskProblem(code: string | null, dir: string, disk: DiskProbe = OS_DISK): DiskProblem | null {
  if (code === null || isCorruption(code)) return null;
  if (code === 'ENOSPC' || code === 'EDQUOT' || code === 'SQLITE_FULL') return 'full';
  if (code === 'EROFS' || sqlite(code, 'SQLITE_READONLY')) return 'readonly';
  if (code === 'EACCES' || code === 'EPERM' || code === 'SQLITE_PERM' || code === 'SQLITE_AUTH') return 'permission';
  const cantOpen = sqlite(code, 'SQLITE_CANTOPEN');
  if (!cantOpen && code !== 'EIO' && !sqlite(code, 'SQLITE_IOERR')) return null;
  // SQLite's code does not say why: the disk does.
  const left = disk.free(dir);
  if (left !== null && left < FULL_BELOW_BYTES) return 'full';
  const refused = disk.unwritable(dir);
  if (refused === 'EROFS') return 'readonly';
  if (refused !== null) return 'permission';
  return cantOpen ? 'permission' : 'io';
}

/** An error at start as the person should read it: the disk's problem named, anything else as it came. */
export function asDiskError(e: unknown, file: string, disk: DiskProbe = OS_DISK): unknown {
  if (e instanceof StoreUnavailableError) return e;
  const kind = diskProblem(errorCode(e), dirname(file), disk);
  return kind ? new StoreUnavailableError(file, kind, e instanceof Error ? e.message : String(e)) : e;
}
