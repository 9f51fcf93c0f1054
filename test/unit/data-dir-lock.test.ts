import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DataDirLockedError, OS_IDENTITY, lockDataDir, ownerRuns, readOwner, type Identity } from '../../main/core/store/data-dir-lock';
import { currentBoot, processStart, sameBoot, statStartTime } from '../../main/core/store/process-identity';
import { tempDir } from '../support/core';
import { anyNumber } from '../support/match';

const cleanups: (() => unknown)[] = [];
afterEach(() => {
  for (const f of cleanups.splice(0).reverse()) f();
});

const dir = () => {
  const t = tempDir();
  cleanups.push(t.cleanup);
  return t.dir;
};

/** A live process that is not Sello, killed after the test. */
function unrelated(): ChildProcess & { pid: number } {
  const child = spawn('sleep', ['60'], { stdio: 'ignore' });
  cleanups.push(() => child.kill('SIGKILL'));
  if (child.pid === undefined) throw new Error('sleep did not start');
  return child as ChildProcess & { pid: number };
}

const lockOf = (d: string) => join(d, 'sello.lock');

describe('data directory lock', () => {
  it('one holder at a time; released on close', () => {
    const d = dir();
    const release = lockDataDir(d);
    expect(() => lockDataDir(d)).toThrow(DataDirLockedError);
    release();
    expect(existsSync(lockOf(d))).toBe(false);
    lockDataDir(d)();
  });

  it('the lock names its owner: pid, boot and start time', () => {
    const d = dir();
    const release = lockDataDir(d);
    const owner = readOwner(readFileSync(lockOf(d), 'utf8'));
    expect(owner).toEqual({ pid: process.pid, boot: currentBoot(), start: processStart(process.pid) });
    // On Linux both are the kernel's own: the boot id and a start time in clock ticks.
    expect(owner?.boot).toEqual({ id: readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim() });
    expect(owner?.start).toMatch(/^\d+$/);
    release();
  });

  it('a lock left by a dead process is taken over', () => {
    const d = dir();
    const dead = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
    writeFileSync(lockOf(d), dead.stdout);
    const release = lockDataDir(d);
    expect(readOwner(readFileSync(lockOf(d), 'utf8'))?.pid).toBe(process.pid);
    release();
  });

  it("refuses a directory held by a live process (an earlier Sello's bare pid)", () => {
    const d = dir();
    writeFileSync(lockOf(d), String(process.ppid));
    // A live pid whose command line could be Sello's (docs/decisions/0069-restores-and-replaced-files.md).
    expect(() => lockDataDir(d, { ...OS_IDENTITY, command: () => 'node main/cli/main.ts serve' })).toThrow(/Otra instancia/);
    expect(readFileSync(lockOf(d), 'utf8')).toBe(String(process.ppid));
  });

  it('refuses a live owner whose start time and boot match', () => {
    const d = dir();
    const other = unrelated();
    const owner = { pid: other.pid, boot: currentBoot(), start: processStart(other.pid) };
    expect(owner.start).not.toBeNull();
    writeFileSync(lockOf(d), JSON.stringify(owner));
    expect(() => lockDataDir(d)).toThrow(new DataDirLockedError(other.pid).message);
    expect(readOwner(readFileSync(lockOf(d), 'utf8'))).toEqual(owner);
  });

  it('takes over a lock whose pid now belongs to another process (another start time)', () => {
    const d = dir();
    const other = unrelated();
    const start = processStart(other.pid)!;
    writeFileSync(lockOf(d), JSON.stringify({ pid: other.pid, boot: currentBoot(), start: String(Number(start) - 1) }));
    const release = lockDataDir(d);
    expect(readOwner(readFileSync(lockOf(d), 'utf8'))).toMatchObject({ pid: process.pid });
    expect(other.exitCode).toBeNull(); // never signalled
    release();
  });

  it('takes over a lock written in an earlier boot, whoever has the pid now', () => {
    const d = dir();
    const other = unrelated();
    writeFileSync(
      lockOf(d),
      JSON.stringify({ pid: other.pid, boot: { id: '00000000-0000-4000-8000-000000000000' }, start: processStart(other.pid) }),
    );
    lockDataDir(d)();
  });

  it("takes over a lock naming this process's pid from an earlier process (a bare pid, or another start)", () => {
    const d = dir();
    writeFileSync(lockOf(d), String(process.pid));
    lockDataDir(d)();
    writeFileSync(lockOf(d), JSON.stringify({ pid: process.pid, boot: currentBoot(), start: '1' }));
    lockDataDir(d)();
  });

  it('a lock file that says nothing usable is taken over', () => {
    const d = dir();
    for (const text of ['', 'garbage', '{"pid":-4}', '{"pid":"12"}']) {
      writeFileSync(lockOf(d), text);
      lockDataDir(d)();
    }
  });

  it('without start times (Windows): a reused pid is told apart across a reboot, by the boot moment', () => {
    const d = dir();
    const other = unrelated();
    let bootAt = 1_790_000_000_000;
    const windows: Identity = { alive: OS_IDENTITY.alive, boot: () => ({ at: bootAt }), start: () => null };
    writeFileSync(lockOf(d), JSON.stringify({ pid: other.pid, boot: { at: bootAt - 30_000 } }));
    expect(() => lockDataDir(d, windows)).toThrow(DataDirLockedError);
    bootAt += 10 * 60_000; // rebooted since
    lockDataDir(d, windows)();
  });
});

describe('process identity', () => {
  it("reads field 22 of /proc/PID/stat after the command's name, whatever the name holds", () => {
    const rest = Array.from({ length: 50 }, (_, i) => String(i + 3));
    expect(statStartTime(`123 (sello) S ${rest.slice(1).join(' ')}`)).toBe('22');
    expect(statStartTime(`123 (a) (b c) S ${rest.slice(1).join(' ')}`)).toBe('22');
    expect(statStartTime('123 (cut')).toBeNull();
    expect(statStartTime('123 (x) S 1 2')).toBeNull();
    expect(processStart(process.pid)).toBe(statStartTime(readFileSync('/proc/self/stat', 'utf8')));
  });

  it('boots: ids compare exactly, moments within two minutes, one of each says nothing', () => {
    expect(sameBoot({ id: 'a' }, { id: 'a' })).toBe(true);
    expect(sameBoot({ id: 'a' }, { id: 'b' })).toBe(false);
    expect(sameBoot({ at: 0 }, { at: 119_000 })).toBe(true);
    expect(sameBoot({ at: 0 }, { at: 121_000 })).toBe(false);
    expect(sameBoot({ id: 'a' }, { at: 0 })).toBe(true);
    expect(currentBoot('win32', () => 5_000_000)).toEqual({ at: anyNumber() });
  });

  it('an owner runs only while its pid answers with the start time it wrote', () => {
    const id: Identity = { alive: (pid) => pid === 7, boot: () => ({ id: 'b' }), start: (pid) => (pid === 7 ? '100' : null) };
    expect(ownerRuns({ pid: 7, boot: { id: 'b' }, start: '100' }, id, 1)).toBe(true);
    expect(ownerRuns({ pid: 7, boot: { id: 'b' }, start: '99' }, id, 1)).toBe(false);
    expect(ownerRuns({ pid: 7, boot: { id: 'a' }, start: '100' }, id, 1)).toBe(false);
    expect(ownerRuns({ pid: 8, boot: { id: 'b' }, start: '100' }, id, 1)).toBe(false);
    expect(ownerRuns({ pid: 7 }, id, 1)).toBe(true);
  });
});
