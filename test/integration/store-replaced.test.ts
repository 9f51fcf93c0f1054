// A database file laid over a running station (issue 54, decision 0069): detected at the next write, refused and
// said once; the checkpoint thread stops, so the copy laid over is left as it was copied.
import { copyFileSync, existsSync, readdirSync, readFileSync, renameSync } from 'node:fs';
import BetterSqlite3 from 'better-sqlite3';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { systemClock } from '../../main/core/clock';
import { backupOnline, backupsDir } from '../../main/core/store/backup';
import { StoreReplacedError } from '../../main/core/store/database';
import { openStationStore } from '../../main/core/store/open-station-store';
import { tempDir } from '../support/core';

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

function station() {
  const t = tempDir();
  cleanups.push(t.cleanup);
  const told: string[] = [];
  const s = openStationStore({ dataDir: t.dir, clock: systemClock, onReplaced: (why) => told.push(why) });
  cleanups.push(() => {
    s.store.close();
    s.unlock();
  });
  const write = (v: string) =>
    s.store.tx(() => s.store.statement("INSERT OR REPLACE INTO settings (key, value) VALUES ('marker', ?)").run(v));
  return { ...s, dir: t.dir, file: join(t.dir, 'sello.db'), told, write };
}

describe('a database file replaced under the running station', () => {
  it('a copy of this very run laid over with cp: the next write is refused, said once, and nothing is copied into it', async () => {
    const s = station();
    s.write('before the copy');
    const copy = await backupOnline(s.file, backupsDir(s.dir), new Date(), 'manual');
    // Writes after the copy keep the thread busy with WAL pages it would otherwise fold into the file.
    for (let i = 0; i < 50; i++) s.write(`after ${i}`);
    expect(s.store.replaced()).toBeNull();

    copyFileSync(copy.file, s.file);
    const laid = readFileSync(s.file);
    expect(() => s.write('lost')).toThrow(StoreReplacedError);
    expect(() => s.write('lost again')).toThrow(StoreReplacedError);
    expect(s.told).toHaveLength(1);
    expect(s.told[0]).toMatch(/cabecera/);
    expect(s.store.replaced()).toBe(s.told[0]);
    // The refusal is the contract's 503, with what to do.
    const refusal = (() => {
      try {
        s.write('x');
        return null;
      } catch (e) {
        return (e as StoreReplacedError).toApiError();
      }
    })();
    expect(refusal?.code).toBe('SERVICE_UNAVAILABLE');
    expect(refusal?.detail).toMatch(/sello restore/);
    // The checkpoint thread, which looked every 25 ms, has not written this run's pages into the copy.
    await new Promise((r) => setTimeout(r, 300));
    expect(readFileSync(s.file).equals(laid)).toBe(true);
    // A write of its own (an audit line, outside any transaction) is refused as well.
    expect(() => s.store.statement("INSERT OR REPLACE INTO settings (key, value) VALUES ('plain', 'x')").run()).toThrow(StoreReplacedError);
    // Closing, as the alert asks, folds nothing into the copy either: it opens whole, with the copy's own rows.
    s.store.close();
    expect(readFileSync(s.file).equals(laid)).toBe(true);
    expect(existsSync(`${s.file}-wal`)).toBe(false);
    expect(readdirSync(s.dir).some((f) => f.startsWith('sello.db-wal.replaced-'))).toBe(true);
    const reopened = new BetterSqlite3(s.file, { readonly: true });
    expect(reopened.pragma('quick_check', { simple: true })).toBe('ok');
    expect(reopened.prepare("SELECT value FROM settings WHERE key = 'marker'").pluck().get()).toBe('before the copy');
    reopened.close();
  });

  it('a plain write outside a transaction is looked at too', () => {
    const s = station();
    const other = station();
    other.store.close();
    copyFileSync(other.file, s.file);
    expect(() => s.store.statement("INSERT OR REPLACE INTO settings (key, value) VALUES ('plain', 'x')").run()).toThrow(StoreReplacedError);
    expect(s.told).toHaveLength(1);
  });

  it('another file renamed over the path: refused at the next write', () => {
    const s = station();
    s.write('one');
    const other = station();
    other.write('other station');
    other.store.close();
    renameSync(other.file, s.file);
    expect(() => s.write('two')).toThrow(StoreReplacedError);
    expect(s.told[0]).toMatch(/otro archivo|cabecera/);
  });

  it('a station left alone writes on: thousands of writes, no false alarm', () => {
    const s = station();
    for (let i = 0; i < 2000; i++) s.write(String(i));
    expect(s.told).toEqual([]);
    expect(s.store.replaced()).toBeNull();
  });
});
