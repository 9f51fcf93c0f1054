// A small tmpfs for a station's data folder, to fill up for real (tests run as root). A mount that fails throws:
// the test that needed it fails, it is never skipped.
import { execFileSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, rmSync, rmdirSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface Tmpfs {
  readonly dir: string;
  /** Writes `file` until the file system refuses (ENOSPC), down to its last 4 KiB; returns the bytes written. */
  fill(file: string): number;
  unmount(): void;
}

export function mountTmpfs(sizeMb: number): Tmpfs {
  const dir = mkdtempSync(join(tmpdir(), 'sello-tmpfs-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${sizeMb}M`, 'tmpfs', dir], { stdio: 'pipe' });
  } catch (e) {
    rmdirSync(dir);
    throw new Error(`could not mount a ${sizeMb} MB tmpfs at ${dir} (the test needs root): ${String(e)}`, { cause: e });
  }
  return {
    dir,
    fill(file) {
      const fd = openSync(file, 'w');
      let written = 0;
      try {
        for (let chunk = 1024 * 1024; chunk >= 4096;) {
          try {
            written += writeSync(fd, Buffer.alloc(chunk, 0x5a));
          } catch (e) {
            if ((e as { code?: string }).code !== 'ENOSPC') throw e;
            chunk /= 2;
          }
        }
      } finally {
        closeSync(fd);
      }
      return written;
    },
    unmount() {
      execFileSync('umount', ['-l', dir], { stdio: 'pipe' });
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
