// `sello serve` after a crash whose lock names a pid that now belongs to another process (ids are reused, above
// all after a reboot): the station starts. A lock whose owner still runs keeps a second station out.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { readOwner } from '../../main/core/store/data-dir-lock';
import { currentBoot, processStart } from '../../main/core/store/process-identity';
import { DEMO_KEY, tempDir } from '../support/core';
import { stringMatching } from '../support/match';
import { ROOT, exitOf, startServe } from '../support/serve-process';

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const f of cleanups.splice(0).reverse()) await f();
});

/** A live process that is not Sello. */
function unrelated(): number {
  const child = spawn('sleep', ['60'], { stdio: 'ignore' });
  cleanups.push(() => child.kill('SIGKILL'));
  if (child.pid === undefined) throw new Error('sleep did not start');
  return child.pid;
}

/** The demo's folder under a fresh data folder, with `lock` written as its sello.lock. */
function folderLockedBy(lock: string): { dataDir: string; lockFile: string } {
  const t = tempDir('sello-lock-');
  cleanups.push(t.cleanup);
  mkdirSync(join(t.dir, 'demo'), { recursive: true });
  const lockFile = join(t.dir, 'demo', 'sello.lock');
  writeFileSync(lockFile, lock);
  return { dataDir: t.dir, lockFile };
}

/** `sello serve` to its end: exit code and everything it printed. */
function serveToExit(args: string[]): Promise<{ code: number | null; out: string }> {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'main', 'cli', 'main.ts'), 'serve', ...args], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  cleanups.push(() => child.kill('SIGKILL'));
  let out = '';
  child.stdout?.on('data', (c: Buffer) => (out += c.toString()));
  child.stderr?.on('data', (c: Buffer) => (out += c.toString()));
  return exitOf(child).then((code) => ({ code, out }));
}

describe('the data folder lock at start, on a real sello serve', () => {
  it('a lock naming a live unrelated process (another start time) is taken over: the station starts and serves', async () => {
    const { dataDir, lockFile } = folderLockedBy('');
    // A station killed for real leaves its lock behind.
    const crashed = await startServe(['--demo', '--data-dir', dataDir, '--port', '0']);
    crashed.child.kill('SIGKILL');
    await exitOf(crashed.child);
    const left = readOwner(readFileSync(lockFile, 'utf8'));
    expect(left).toEqual({ pid: crashed.child.pid, boot: currentBoot(), start: stringMatching(/^\d+$/) });
    // Its pid now belongs to another process (as after a reboot): the lock as it was, but naming that process.
    const pid = unrelated();
    expect(processStart(pid)).not.toBe(left?.start);
    writeFileSync(lockFile, JSON.stringify({ ...left, pid }));
    const s = await startServe(['--demo', '--data-dir', dataDir, '--port', '0']);
    cleanups.push(async () => {
      s.child.kill('SIGTERM');
      await exitOf(s.child);
    });
    const owner = readOwner(readFileSync(lockFile, 'utf8'));
    expect(owner).toEqual({ pid: s.child.pid, boot: currentBoot(), start: processStart(s.child.pid!) });
    const health = await fetch(`${s.url}/health`, { headers: { 'X-API-Key': DEMO_KEY } });
    expect(health.status).toBe(200);
    // The unrelated process was left alone.
    expect(() => process.kill(pid, 0)).not.toThrow();
  });

  it('a lock from an earlier boot is taken over, though its pid answers now', async () => {
    const pid = unrelated();
    const { dataDir } = folderLockedBy(
      JSON.stringify({ pid, boot: { id: 'f0000000-0000-4000-8000-000000000000' }, start: processStart(pid) }),
    );
    const s = await startServe(['--demo', '--data-dir', dataDir, '--port', '0']);
    s.child.kill('SIGTERM');
    expect(await exitOf(s.child)).toBe(0);
  });

  it('a lock whose owner still runs (same pid, boot and start) refuses the second station, saying who holds it', async () => {
    const pid = unrelated();
    const lock = JSON.stringify({ pid, boot: currentBoot(), start: processStart(pid) });
    const { dataDir, lockFile } = folderLockedBy(lock);
    const r = await serveToExit(['--demo', '--data-dir', dataDir, '--port', '0']);
    expect(r.code).toBe(1);
    expect(r.out).toContain(`Otra instancia de Sello (proceso ${pid}) ya usa este directorio de datos`);
    expect(r.out).not.toContain('listening on');
    expect(readFileSync(lockFile, 'utf8')).toBe(lock);
  });
});
