import { spawnSync } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DataDirLockedError, lockDataDir } from '../../main/core/store/data-dir-lock';
import { tempDir } from '../support/core';

describe('data directory lock', () => {
  it('one holder at a time; released on close', () => {
    const t = tempDir();
    const release = lockDataDir(t.dir);
    expect(() => lockDataDir(t.dir)).toThrow(DataDirLockedError);
    release();
    expect(existsSync(join(t.dir, 'sello.lock'))).toBe(false);
    lockDataDir(t.dir)();
    t.cleanup();
  });

  it('a lock left by a dead process is taken over', () => {
    const t = tempDir();
    const dead = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
    writeFileSync(join(t.dir, 'sello.lock'), dead.stdout);
    const release = lockDataDir(t.dir);
    release();
    t.cleanup();
  });

  it('refuses a directory held by a live process', () => {
    const t = tempDir();
    writeFileSync(join(t.dir, 'sello.lock'), String(process.ppid));
    expect(() => lockDataDir(t.dir)).toThrow(/Otra instancia/);
    t.cleanup();
  });
});
