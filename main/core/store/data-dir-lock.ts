// One Sello per data directory: two processes numbering and sending from the same store would break MH's
// rules. The lock file holds the owner's pid; a lock left by a dead process (a crash, a kill -9) is taken over.
import { closeSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import { join } from 'node:path';

export class DataDirLockedError extends Error {
  constructor(readonly pid: number) {
    super(`Otra instancia de Sello (proceso ${pid}) ya usa este directorio de datos. Ciérrela antes de abrir esta.`);
    this.name = 'DataDirLockedError';
  }
}

const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/** Takes the lock; returns its release. Throws DataDirLockedError while another live process holds it. */
export function lockDataDir(dataDir: string): () => void {
  const file = join(dataDir, 'sello.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, 'wx', 0o600);
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => {
        try {
          if (readFileSync(file, 'utf8') === String(process.pid)) unlinkSync(file);
        } catch {
          // Already gone.
        }
      };
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      const pid = Number(readFileSync(file, 'utf8'));
      if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && alive(pid)) throw new DataDirLockedError(pid);
      if (pid === process.pid) throw new DataDirLockedError(pid);
      unlinkSync(file); // left by a dead process
    }
  }
  throw new Error(`no se pudo tomar ${file}`);
}
