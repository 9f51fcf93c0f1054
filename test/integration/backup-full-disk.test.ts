// A backup on a full disk (main/core/store/backup-schedule.ts, backup.ts; decision 0026): it is refused as
// DISK_FULL, saying what to do, and the copy cut short does not keep holding the space it took. The disk is a
// small tmpfs filled for real.
import { randomBytes } from 'node:crypto';
import { readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CoreError } from '../../main/core/errors';
import { silentLogger } from '../../main/core/logger';
import { backupSchedule } from '../../main/core/store/backup-schedule';
import { statfsFree } from '../../main/core/store/disk-space';
import { fixedClock } from '../support/core';
import { mountTmpfs, type Tmpfs } from '../support/tmpfs';

let disk: Tmpfs;
beforeAll(() => {
  disk = mountTmpfs(24);
});
afterAll(() => disk?.unmount());

describe('a backup on a full disk', () => {
  it('is DISK_FULL, leaves no partial copy behind, and works once space is freed', async () => {
    const db = new BetterSqlite3(join(disk.dir, 'sello.db'));
    db.exec('CREATE TABLE t (x BLOB)');
    const insert = db.prepare('INSERT INTO t VALUES (?)');
    db.transaction(() => {
      for (let i = 0; i < 1000; i++) insert.run(randomBytes(4000));
    })();
    db.close();
    const backups = backupSchedule({ dataDir: disk.dir, clock: fixedClock(), logger: silentLogger, everyMs: 0, random: () => 0.5 });
    try {
      disk.fill(join(disk.dir, 'filler.bin'));
      const free = statfsFree(disk.dir);
      const failed = await backups.create('manual').then(
        () => null,
        (e: unknown) => e,
      );
      expect(failed).toBeInstanceOf(CoreError);
      expect(failed).toMatchObject({ code: 'DISK_FULL', detail: expect.stringMatching(/disco.*Libere espacio/) as string });
      expect(readdirSync(join(disk.dir, 'backups')).filter((f) => f.endsWith('.partial'))).toEqual([]);
      expect(statfsFree(disk.dir)).toBeGreaterThanOrEqual(free);
      rmSync(join(disk.dir, 'filler.bin'));
      const copy = await backups.create('manual');
      expect(copy.bytes).toBeGreaterThan(4_000_000);
    } finally {
      backups.close();
    }
  }, 60_000);
});
