// WAL checkpoints on their own thread (main/core/store/checkpointer.ts): the pages reach the database file
// without the writer checkpointing, the WAL stays bounded under a writer that never pauses, close leaves no WAL,
// and a process killed for real in the middle of it all reopens whole with every acknowledged row.
import { spawn } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { BACKSTOP_PAGES, startCheckpointer } from '../../main/core/store/checkpointer';
import { openStore, type Store } from '../../main/core/store/database';
import { tempDir } from '../support/core';
import { ROOT, exitOf } from '../support/serve-process';

const cleanups: (() => unknown)[] = [];
afterEach(() => {
  for (const f of cleanups.splice(0).reverse()) f();
});

const PAGE = 4096;

function open(withThread: boolean): { store: Store; file: string; errors: string[] } {
  const t = tempDir('sello-ckpt-');
  const file = join(t.dir, 'sello.db');
  const errors: string[] = [];
  const store = openStore(file, withThread ? { checkpoints: { onError: (m) => errors.push(m) } } : {});
  store.sqlite.exec('CREATE TABLE IF NOT EXISTS filler (n INTEGER PRIMARY KEY, data BLOB NOT NULL)');
  // Closing twice is harmless: the thread stops once, and a closed connection stays closed.
  cleanups.push(t.cleanup, () => store.close());
  return { store, file, errors };
}

const fill = (store: Store, from: number, count: number, bytes: number) => {
  const insert = store.sqlite.prepare('INSERT INTO filler (n, data) VALUES (?, randomblob(?))');
  for (let i = from; i < from + count; i++) store.tx(() => insert.run(i, bytes));
};

const until = async (ok: () => boolean, ms: number) => {
  const end = Date.now() + ms;
  while (!ok() && Date.now() < end) await new Promise((r) => setTimeout(r, 20));
  return ok();
};

describe('WAL checkpoints on their own thread', () => {
  it('copies committed pages into the database file while the writer only commits', async () => {
    const s = open(true);
    const before = statSync(s.file).size;
    // About 500 pages: under SQLite's default threshold, so the writer's connection never checkpoints them.
    fill(s.store, 0, 120, 3 * PAGE);
    expect(await until(() => statSync(s.file).size > before + 250 * PAGE, 5_000)).toBe(true);
    expect(s.errors).toEqual([]);
  });

  it('without the thread the same pages stay in the WAL (what the first test measures)', async () => {
    const s = open(false);
    const before = statSync(s.file).size;
    fill(s.store, 0, 120, 3 * PAGE);
    await new Promise((r) => setTimeout(r, 300));
    expect(statSync(s.file).size).toBe(before);
  });

  it('keeps copying while a writer commits steadily, not once a second', async () => {
    const s = open(true);
    // About 9,000 pages over a second or more, with the short pauses a POS's requests leave between them.
    let size = statSync(s.file).size;
    let growths = 0;
    const started = performance.now();
    for (let batch = 0; batch < 150; batch++) {
      fill(s.store, batch * 20, 20, 3 * PAGE);
      await new Promise((r) => setTimeout(r, 5));
      const now = statSync(s.file).size;
      if (now > size) growths += 1;
      size = now;
    }
    const seconds = (performance.now() - started) / 1000;
    // Only a checkpoint grows the file: a thread that slept a second after each pass grows it about once a second.
    expect(growths / seconds, `${growths} growths in ${seconds.toFixed(1)} s`).toBeGreaterThan(5);
    expect(s.errors).toEqual([]);
  });

  it('a thread that cannot open the file says so, and closing does not wait for it', async () => {
    const errors: string[] = [];
    const t = tempDir('sello-ckpt-missing-');
    cleanups.push(t.cleanup);
    const c = startCheckpointer(join(t.dir, 'no-such.db'), { onError: (m) => errors.push(m) });
    expect(c).not.toBeNull();
    expect(await until(() => errors.length > 0, 5_000)).toBe(true);
    const started = performance.now();
    c?.stop();
    expect(performance.now() - started).toBeLessThan(1_000);
  });

  it('keeps the WAL bounded by the backstop under a writer that never yields', () => {
    const s = open(true);
    // About 16,000 pages committed without one await: four times the backstop.
    fill(s.store, 0, 4_000, 3 * PAGE);
    const walPages = statSync(`${s.file}-wal`).size / PAGE;
    expect(walPages).toBeLessThan(BACKSTOP_PAGES * 1.5);
    const rows = s.store.sqlite.prepare('SELECT count(*) AS n FROM filler').get() as { n: number };
    expect(rows.n).toBe(4_000);
    expect(s.errors).toEqual([]);
  });

  it('stops at once when closed, and the last connection leaves no WAL behind', () => {
    const s = open(true);
    fill(s.store, 0, 50, 3 * PAGE);
    const started = performance.now();
    s.store.close();
    expect(performance.now() - started).toBeLessThan(2_000);
    expect(existsSync(`${s.file}-wal`)).toBe(false);
    const db = new BetterSqlite3(s.file, { readonly: true });
    expect(db.pragma('quick_check', { simple: true })).toBe('ok');
    expect((db.prepare('SELECT count(*) AS n FROM filler').get() as { n: number }).n).toBe(50);
    db.close();
  });

  it('a process killed for real while writing and checkpointing reopens whole, with every acknowledged row', async () => {
    const t = tempDir('sello-ckpt-kill-');
    cleanups.push(t.cleanup);
    const file = join(t.dir, 'sello.db');
    const script = `
      const { openStore } = await import(${JSON.stringify(join(ROOT, 'main', 'core', 'store', 'database.ts'))});
      const store = openStore(${JSON.stringify(file)}, { checkpoints: { onError: (m) => console.error(m) } });
      store.sqlite.exec('CREATE TABLE IF NOT EXISTS filler (n INTEGER PRIMARY KEY, data BLOB NOT NULL)');
      const insert = store.sqlite.prepare('INSERT INTO filler (n, data) VALUES (?, randomblob(?))');
      for (let i = 0; ; i++) {
        store.tx(() => insert.run(i, 3 * 4096));
        // Acknowledged: committed (fsynced) before it is said.
        if (i % 25 === 0) process.stdout.write(i + '\\n');
      }`;
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let acknowledged = -1;
    let err = '';
    child.stdout.on('data', (c: Buffer) => {
      const lines = c.toString().trim().split('\n');
      acknowledged = Math.max(acknowledged, Number(lines.at(-1)));
    });
    child.stderr.on('data', (c: Buffer) => (err += c.toString()));
    // Long enough for several checkpoints and a backstop: thousands of commits.
    expect(await until(() => acknowledged >= 6_000, 60_000), err).toBe(true);
    child.kill('SIGKILL');
    await exitOf(child);

    const store = openStore(file);
    try {
      expect(store.sqlite.pragma('quick_check', { simple: true })).toBe('ok');
      const { n } = store.sqlite.prepare('SELECT count(*) AS n FROM filler').get() as { n: number };
      expect(n).toBeGreaterThan(acknowledged);
      const { top } = store.sqlite.prepare('SELECT max(n) AS top FROM filler').get() as { top: number };
      expect(top).toBe(n - 1);
    } finally {
      store.close();
    }
  }, 90_000);
});
