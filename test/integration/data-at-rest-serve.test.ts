// Issue 32 item 7 on a real `sello serve`: a data folder left 0755 with 0644 files (and one owned by another user)
// is made 0700/0600 at start and the stranger's file reported; a backup taken over HTTP is 0600 in a 0700 folder.
import { chmodSync, chownSync, lstatSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { tempDir } from '../support/core';
import { exitOf, startServe } from '../support/serve-process';

const cleanups: (() => void)[] = [];
afterEach(() => {
  while (cleanups.length) cleanups.pop()!();
});

/** Every folder and file under dir (itself included) with its permission bits. */
function modes(dir: string): Map<string, number> {
  const out = new Map<string, number>();
  const visit = (p: string) => {
    const st = lstatSync(p);
    if (st.isSymbolicLink()) return;
    out.set(relative(dir, p) || '.', st.mode & 0o777);
    if (st.isDirectory()) for (const n of readdirSync(p)) visit(join(p, n));
  };
  visit(dir);
  return out;
}

function loosen(dir: string): void {
  for (const [p] of modes(dir)) {
    const full = join(dir, p);
    chmodSync(full, lstatSync(full).isDirectory() ? 0o755 : 0o644);
  }
}

describe('data at rest on a real sello serve', () => {
  it('a 0755 folder with 0644 files becomes 0700/0600 at start; backups are 0600 in a 0700 folder', async () => {
    const t = tempDir('sello-modes-');
    cleanups.push(t.cleanup);
    const data = join(t.dir, 'data');
    mkdirSync(data, { mode: 0o755 });
    chmodSync(data, 0o755);
    // A first run makes the database; then someone loosens everything, as an old version or a copy would.
    const first = await startServe(['--demo', '--port', '0', '--data-dir', data]);
    first.child.kill('SIGTERM');
    expect(await exitOf(first.child)).toBe(0);
    mkdirSync(join(data, 'backups'), { recursive: true });
    writeFileSync(join(data, 'backups', 'old-copy.db'), 'x');
    loosen(data);
    const loose = modes(data);
    expect([...loose.values()].filter((m) => m === 0o644).length).toBeGreaterThan(1);
    expect([...loose.keys()].some((p) => p.endsWith('sello.db'))).toBe(true);
    const root = process.getuid?.() === 0;
    if (root) {
      writeFileSync(join(data, 'stranger.txt'), 'y', { mode: 0o644 });
      chownSync(join(data, 'stranger.txt'), 1, 1);
    }

    const { child, url, output } = await startServe(['--demo', '--port', '0', '--data-dir', data], {});
    try {
      for (const [p, m] of modes(data)) {
        const isDir = lstatSync(join(data, p)).isDirectory();
        expect(m.toString(8), p).toBe((isDir ? 0o700 : 0o600).toString(8));
      }
      expect(output()).toMatch(/data folder was readable by other users: made private/);
      if (root) expect(output()).toMatch(/owned by another user[^\n]*stranger\.txt/);

      const login = await fetch(`${url}/session`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ login: 'admin', password: 'demo-admin' }),
      });
      expect(login.status).toBe(201);
      const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0]!;
      // The backups folder loosened again while running: the next copy fixes it.
      const backups = [...modes(data).keys()].filter((p) => p.endsWith('backups')).map((p) => join(data, p));
      expect(backups.length).toBeGreaterThan(0);
      for (const b of backups) chmodSync(b, 0o755);
      const res = await fetch(`${url}/backups`, { method: 'POST', headers: { cookie, 'X-API-Version': '1' } });
      expect(res.status, await res.clone().text()).toBe(201);
      const made = ((await res.json()) as { file: string }).file;
      expect((lstatSync(made).mode & 0o777).toString(8)).toBe('600');
      expect((lstatSync(join(made, '..')).mode & 0o777).toString(8)).toBe('700');
    } finally {
      child.kill('SIGTERM');
      await exitOf(child);
    }
  }, 90_000);
});
