// The checkpoint thread on a full disk (main/core/store/checkpointer.ts, decision 0026): a pass that cannot
// grow the database file is told once, retried after a growing wait rather than every 25 ms, and the thread
// goes on, checkpointing again once there is room. The disk is a small tmpfs filled for real.
import { randomBytes } from 'node:crypto';
import { rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCheckpointer } from '../../main/core/store/checkpointer';
import { mountTmpfs, type Tmpfs } from '../support/tmpfs';

let disk: Tmpfs;
beforeAll(() => {
  disk = mountTmpfs(24);
});
afterAll(() => disk?.unmount());

describe('the checkpoint thread on a full disk', () => {
  it('backs off while the file cannot grow, and checkpoints again once space is freed', async () => {
    const file = join(disk.dir, 'store.db');
    const db = new BetterSqlite3(file);
    db.pragma('journal_mode = WAL');
    // Only the thread checkpoints: the pages stay in the WAL until it copies them.
    db.pragma('wal_autocheckpoint = 0');
    db.exec('CREATE TABLE t (x BLOB)');
    const insert = db.prepare('INSERT INTO t VALUES (?)');
    db.transaction(() => {
      for (let i = 0; i < 1500; i++) insert.run(randomBytes(4000));
    })();
    const sizeBefore = statSync(file).size;
    const filler = join(disk.dir, 'filler.bin');
    disk.fill(filler);

    const errors: string[] = [];
    const trouble: string[] = [];
    const thread = startCheckpointer(file, {
      intervalMs: 25,
      idleMs: 100,
      onError: (m) => errors.push(m),
      onTrouble: (m) => trouble.push(m),
    });
    expect(thread).not.toBeNull();
    try {
      await new Promise((r) => setTimeout(r, 3_000));
      // Told once; every 25 ms for 3 s would be over a hundred.
      expect(trouble).toEqual([expect.stringMatching(/^checkpoint failed; tried again with backoff: /) as string]);
      expect(errors).toEqual([]);
      rmSync(filler);
      await expect.poll(() => trouble.at(-1), { timeout: 15_000 }).toBe('checkpoint works again');
      expect(errors).toEqual([]);
      expect(statSync(file).size).toBeGreaterThan(sizeBefore + 4_000_000);
    } finally {
      thread!.stop();
      db.close();
    }
  }, 30_000);
});
