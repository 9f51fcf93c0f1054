// Fifteen years of records: copies (online, scheduled rotation, before a migration), the integrity check at
// start, restore, a kill -9 in the middle of a copy, and the tamper-evident audit chain.
import { spawn } from 'node:child_process';
import { closeSync, existsSync, openSync, readdirSync, statSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { createCore, type Core } from '../../main/core/create-core';
import { CoreError } from '../../main/core/errors';
import { KEEP, backupsDir, checkDatabaseFile, listBackups } from '../../main/core/store/backup';
import { StoreDamagedError, openStore } from '../../main/core/store/database';
import { migrate } from '../../main/core/store/migrate';
import { MIGRATIONS } from '../../main/core/store/migrations';
import { RestoreError, restoreDatabase } from '../../main/core/store/restore';
import type { BackupsStatus } from '../../shared/records';
import { fcBody } from '../fixtures/bodies';
import { fixedClock, tempDir } from '../support/core';
import { anyNumber, stringContaining, stringMatching } from '../support/match';
import { ROOT, exitOf } from '../support/serve-process';
import { sessionHeaders } from '../support/session';
import { demoSimulator } from '../../main/mh-sim/demo';

const cleanups: (() => unknown)[] = [];
afterEach(() => {
  for (const f of cleanups.splice(0).reverse()) f();
});

const id = (n: number) => `d0000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

function station(clock = fixedClock()): { core: Core; dir: string; reopen(): Core } {
  const t = tempDir();
  let core = createCore({ dataDir: t.dir, clock, backups: { everyMs: 0 }, sync: { manual: true } });
  cleanups.push(t.cleanup, () => core.close());
  return {
    get core() {
      return core;
    },
    dir: t.dir,
    reopen() {
      core.close();
      core = createCore({ dataDir: t.dir, clock, backups: { everyMs: 0 }, sync: { manual: true } });
      return core;
    },
  };
}

const issue = (core: Core, from: number, n: number) => {
  for (let i = from; i < from + n; i += 1) core.dtes.create('FC', fcBody(id(i)), 'test');
};

const ids = (file: string): string[] => {
  const db = new BetterSqlite3(file, { readonly: true });
  try {
    return (db.prepare('SELECT id FROM documents ORDER BY id').all() as { id: string }[]).map((r) => r.id);
  } finally {
    db.close();
  }
};

function sello(args: string[]): Promise<{ code: number | null; out: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'main', 'cli', 'main.ts'), ...args], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (c: Buffer) => (out += c.toString()));
  child.stderr.on('data', (c: Buffer) => (out += c.toString()));
  return exitOf(child).then((code) => ({ code, out }));
}

describe('backups', () => {
  it('an online copy is a whole database with every document, taken while the station keeps issuing', async () => {
    const s = station();
    issue(s.core, 0, 50);
    const copying = s.core.backups.create('manual');
    issue(s.core, 50, 5);
    const b = await copying;
    expect(checkDatabaseFile(b.file)).toEqual({ ok: true, version: MIGRATIONS.length });
    expect(ids(b.file).length).toBeGreaterThanOrEqual(50);
    expect(s.core.backups.list().map((x) => x.file)).toEqual([b.file]);
    expect(readdirSync(backupsDir(s.dir)).filter((n) => n.endsWith('.partial'))).toEqual([]);
  });

  it('runs on its schedule while the station works', async () => {
    const t = tempDir();
    const core = createCore({ dataDir: t.dir, backups: { everyMs: 300 }, sync: { manual: true } });
    cleanups.push(t.cleanup, () => core.close());
    issue(core, 0, 5);
    await expect
      .poll(() => core.backups.list().filter((b) => b.reason === 'scheduled').length, { timeout: 10_000 })
      .toBeGreaterThanOrEqual(2);
    const newest = core.backups.list()[0]!;
    expect(ids(newest.file)).toHaveLength(5);
  });

  it('a scheduled copy waits for a quiet moment: not while documents are being issued', async () => {
    const t = tempDir();
    // The first copy is due after 1.2 s, and needs 300 ms without an issue.
    const core = createCore({ dataDir: t.dir, backups: { everyMs: 1200 }, sync: { manual: true } });
    cleanups.push(t.cleanup, () => core.close());
    // Busy for over 2 s: a document every 20 ms.
    for (let i = 0; i < 100; i += 1) {
      core.dtes.create('FC', fcBody(id(1000 + i)), 'test');
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(core.backups.list()).toEqual([]);
    await expect.poll(() => core.backups.list().length, { timeout: 5000 }).toBeGreaterThanOrEqual(1);
  });

  it('rotation keeps the newest copies of each kind', async () => {
    const clock = fixedClock();
    const s = station(clock);
    for (let i = 0; i < KEEP.manual + 3; i += 1) {
      clock.advance(60_000);
      await s.core.backups.create('manual');
    }
    const kept = s.core.backups.list();
    expect(kept).toHaveLength(KEEP.manual);
    expect(kept[0]!.takenAt).toBe(clock.now().toISOString());
  });

  it('a database about to be migrated is copied first, at its old version', () => {
    const t = tempDir();
    cleanups.push(t.cleanup);
    const file = join(t.dir, 'sello.db');
    const old = new BetterSqlite3(file);
    migrate(old, MIGRATIONS.slice(0, 5));
    old.prepare("INSERT INTO settings (key, value) VALUES ('marker', 'before')").run();
    old.close();
    const store = openStore(file, { backupDir: backupsDir(t.dir), now: () => new Date('2026-11-22T15:30:00Z') });
    store.close();
    const [copy] = listBackups(backupsDir(t.dir));
    expect(copy).toMatchObject({ reason: 'migration' });
    expect(copy!.file).toMatch(/-migration-v5\.db$/);
    expect(checkDatabaseFile(copy!.file)).toEqual({ ok: true, version: 5 });
    // Opening an up-to-date database copies nothing.
    openStore(file, { backupDir: backupsDir(t.dir) }).close();
    expect(listBackups(backupsDir(t.dir))).toHaveLength(1);
  });

  it('sello backup makes a copy from the command line while nothing else runs', async () => {
    const s = station();
    issue(s.core, 0, 3);
    s.core.close();
    const r = await sello(['backup', '--data-dir', s.dir]);
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/copia lista: .*sello-\d{8}T\d{9}Z-manual\.db/);
    expect(ids(listBackups(backupsDir(s.dir))[0]!.file)).toHaveLength(3);
    s.reopen();
  });
});

describe('integrity at start', () => {
  it('a damaged database stops the start with what to do: the newest copy to restore', async () => {
    const s = station();
    issue(s.core, 0, 200);
    const b = await s.core.backups.create('manual');
    s.core.close();
    const file = join(s.dir, 'sello.db');
    // Scribble over pages in the middle of the file, as a failing disk would.
    const fd = openSync(file, 'r+');
    const size = statSync(file).size;
    for (let at = 8192; at < size - 4096; at += 8192) writeSync(fd, Buffer.alloc(512, 0xa5), 0, 512, at);
    closeSync(fd);
    let error: unknown;
    try {
      createCore({ dataDir: s.dir, backups: { everyMs: 0 } });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(StoreDamagedError);
    expect((error as Error).message).toContain('está dañada');
    expect((error as Error).message).toContain(`sello restore --from "${b.file}"`);
    // The data folder is not left locked by the failed start.
    expect(existsSync(join(s.dir, 'sello.lock'))).toBe(false);

    restoreDatabase(s.dir, b.file, new Date());
    const back = s.reopen();
    expect(back.dtes.list({ limit: 200 }).items).toHaveLength(200);
  });
});

describe('restore', () => {
  it('brings back every document; the replaced database is kept', async () => {
    const s = station();
    issue(s.core, 0, 120);
    const b = await s.core.backups.create('manual');
    const before = ids(b.file);
    issue(s.core, 120, 10);
    s.core.close();
    const r = restoreDatabase(s.dir, b.file, new Date('2026-11-22T16:00:00Z'));
    expect(r.documents).toBe(120);
    expect(r.previous).toMatch(/-restore\.db$/);
    expect(ids(r.previous!)).toHaveLength(130);
    const core = s.reopen();
    expect(ids(join(s.dir, 'sello.db'))).toEqual(before);
    expect(core.dtes.get(id(0)).id).toBe(id(0));
    expect(() => core.dtes.get(id(125))).toThrow(CoreError);
    // The search index came back with the copy and still points at the right documents.
    expect(core.dtes.list({ q: core.dtes.get(id(7)).controlNumber }).items.map((d) => d.id)).toEqual([id(7)]);
  });

  it('refuses while Sello runs, and refuses a file that is not a whole copy of a station', async () => {
    const s = station();
    issue(s.core, 0, 2);
    const b = await s.core.backups.create('manual');
    expect(() => restoreDatabase(s.dir, b.file, new Date())).toThrow(/Otra instancia de Sello/);
    s.core.close();
    const t = tempDir();
    cleanups.push(t.cleanup);
    const notSello = join(t.dir, 'otra.db');
    new BetterSqlite3(notSello).exec('CREATE TABLE x (y)');
    expect(() => restoreDatabase(s.dir, notSello, new Date())).toThrow(RestoreError);
    expect(() => restoreDatabase(s.dir, join(t.dir, 'missing.db'), new Date())).toThrow(/No existe/);
    const garbage = join(t.dir, 'basura.db');
    const fd = openSync(garbage, 'w');
    writeSync(fd, Buffer.alloc(8192, 0x41));
    closeSync(fd);
    expect(() => restoreDatabase(s.dir, garbage, new Date())).toThrow(/no es una copia íntegra/);
    expect(ids(join(s.dir, 'sello.db'))).toHaveLength(2);
    s.reopen();
  });

  it('a kill -9 in the middle of a copy leaves the previous copy usable, and a restore brings every document back', async () => {
    const s = station();
    issue(s.core, 0, 300);
    const previous = await s.core.backups.create('manual');
    const documents = ids(previous.file);
    s.core.close();
    // Pages enough that the copy takes many steps (a scratch table, about 256 MB).
    const raw = new BetterSqlite3(join(s.dir, 'sello.db'));
    raw.exec('CREATE TABLE scratch (b BLOB)');
    const put = raw.prepare('INSERT INTO scratch VALUES (randomblob(65536))');
    raw.transaction(() => {
      for (let i = 0; i < 4000; i += 1) put.run();
    })();
    raw.close();

    const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'main', 'cli', 'main.ts'), 'backup', '--data-dir', s.dir], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    await new Promise<void>((resolve, reject) => {
      child.stderr.on('data', (c: Buffer) => {
        out += c.toString();
        // Killed once the copy is under way, before it can finish.
        if (/copiando… [1-9]0 %/.test(out)) {
          child.kill('SIGKILL');
          resolve();
        }
      });
      child.on('exit', () => reject(new Error(`the copy ended before it could be killed:\n${out}`)));
    });
    await exitOf(child);
    const left = readdirSync(backupsDir(s.dir));
    expect(left.some((n) => n.endsWith('.partial'))).toBe(true);
    // The half-made copy is not a copy; the previous one is whole.
    expect(listBackups(backupsDir(s.dir)).map((b) => b.file)).toEqual([previous.file]);
    expect(checkDatabaseFile(previous.file).ok).toBe(true);

    // The next start clears the leftover; a restore from the previous copy brings every document back.
    s.reopen().close();
    expect(readdirSync(backupsDir(s.dir)).filter((n) => n.endsWith('.partial'))).toEqual([]);
    const r = await sello(['restore', '--from', previous.file, '--data-dir', s.dir]);
    expect(r.code).toBe(0);
    expect(r.out).toContain('300 documentos');
    const core = s.reopen();
    expect(ids(join(s.dir, 'sello.db'))).toEqual(documents);
    expect(core.dtes.list({ limit: 200 }).items).toHaveLength(200);
  }, 60_000);
});

describe('audit chain', () => {
  it('covers issue, print, settings and API keys; verifies; and finds an edited or removed entry', async () => {
    const s = station();
    issue(s.core, 0, 3);
    await s.core.dtes.receipt(id(0), 80, 'ui');
    s.core.printing.set({ printer: null, receiptWidth: 58, silentReceipt: false }, 'ui');
    const key = s.core.apiKeys.create('Caja 2', '2026-11-22T09:30:00-06:00', 'ui');
    s.core.apiKeys.revoke(key.id, '2026-11-22T09:31:00-06:00', 'ui');
    const ok = await s.core.verifyAudit();
    expect(ok).toMatchObject({ ok: true });
    const actions = (() => {
      const db = new BetterSqlite3(join(s.dir, 'sello.db'), { readonly: true });
      try {
        return (db.prepare('SELECT action FROM audit_log ORDER BY seq').all() as { action: string }[]).map((r) => r.action);
      } finally {
        db.close();
      }
    })();
    expect(actions).toEqual(
      expect.arrayContaining([
        'station.configured',
        'certificate.imported',
        'dte.issued',
        'dte.receipt',
        'settings.printing',
        'settings.apikey.created',
        'settings.apikey.revoked',
      ]),
    );
    s.core.close();
    expect(await sello(['audit', 'verify', '--data-dir', s.dir])).toMatchObject({
      code: 0,
      out: stringContaining(`${actions.length} entradas`),
    });

    // Someone with the file edits an entry (the triggers are only a first line of defence).
    const raw = new BetterSqlite3(join(s.dir, 'sello.db'));
    raw.exec('DROP TRIGGER audit_log_no_update; DROP TRIGGER audit_log_no_delete');
    raw.prepare("UPDATE audit_log SET detail = '{\"width\":58}' WHERE action = 'dte.receipt'").run();
    const edited = (raw.prepare("SELECT seq FROM audit_log WHERE action = 'dte.receipt'").get() as { seq: number }).seq;
    raw.close();
    const r1 = await sello(['audit', 'verify', '--data-dir', s.dir]);
    expect(r1.code).toBe(1);
    expect(r1.out).toContain(`la entrada ${edited} fue modificada`);

    // Or removes one: the next entry no longer follows.
    const raw2 = new BetterSqlite3(join(s.dir, 'sello.db'));
    raw2.prepare('DELETE FROM audit_log WHERE seq = ?').run(edited);
    raw2.close();
    const r2 = await sello(['audit', 'verify', '--data-dir', s.dir]);
    expect(r2.code).toBe(1);
    expect(r2.out).toMatch(/no sigue a la anterior/);
    // The app's own check (Ajustes) finds it too.
    expect(await s.reopen().verifyAudit()).toMatchObject({ ok: false, reason: 'link', seq: edited + 1 });
  }, 60_000);
});

describe('over HTTP and IPC', () => {
  it('the app lists copies, makes one and checks the chain; a POS key cannot', async () => {
    const { buildHttpServer } = await import('../../main/http/server');
    const { silentLogger } = await import('../../main/core/logger');
    const { coreApi } = await import('../../main/core/api-adapter');
    const s = station();
    issue(s.core, 0, 3);
    const app = await buildHttpServer(s.core, { logger: silentLogger });
    cleanups.push(() => void app.close());
    const ui = await sessionHeaders(app, 'admin', s.core);
    const pos = { 'x-api-key': 'sello-demo-api-key' };
    expect((await app.inject({ method: 'GET', url: '/backups', headers: ui })).json()).toEqual({
      running: false,
      progress: null,
      lastError: null,
      items: [],
    });
    for (const [method, url] of [
      ['GET', '/backups'],
      ['POST', '/backups'],
      ['GET', '/audit/verify'],
    ] as const) {
      expect((await app.inject({ method, url, headers: pos })).statusCode, url).toBe(403);
    }
    const made = await app.inject({ method: 'POST', url: '/backups', headers: ui });
    expect(made.statusCode).toBe(201);
    expect(made.json()).toMatchObject({ reason: 'manual', file: stringMatching(/-manual\.db$/) });
    expect((await app.inject({ method: 'GET', url: '/backups', headers: ui })).json<BackupsStatus>().items).toHaveLength(1);
    expect((await app.inject({ method: 'GET', url: '/audit/verify', headers: ui })).json()).toMatchObject({
      ok: true,
      entries: anyNumber(),
    });
    // The same over IPC's API object.
    const api = coreApi(s.core, silentLogger);
    expect(await api.verifyAudit()).toMatchObject({ ok: false, error: { code: 'UNAUTHORIZED' } });
    expect(await api.login('admin', 'demo-admin')).toMatchObject({ ok: true });
    expect(await api.verifyAudit()).toMatchObject({ ok: true, value: { ok: true } });
    expect(await api.backups()).toMatchObject({ ok: true, value: { items: [expect.objectContaining({ reason: 'manual' })] } });
  });
});

describe('integrity at start, through the host', () => {
  it('checks the file in a worker before opening it; a damaged one stops the start naming the copy to restore', async () => {
    const { createCoreHost, demoDir } = await import('../../main/core/core-host');
    const t = tempDir();
    cleanups.push(t.cleanup);
    const first = await createCoreHost({
      demoMh: demoSimulator,
      baseDir: t.dir,
      deps: { clock: fixedClock(), backups: { everyMs: 0 }, sync: { manual: true } },
    });
    for (let i = 0; i < 200; i += 1) first.current().dtes.create('FC', fcBody(id(i)), 'test');
    const copy = await first.current().backups.create('manual');
    await first.close();
    // Whole: it opens.
    const again = await createCoreHost({
      demoMh: demoSimulator,
      baseDir: t.dir,
      deps: { clock: fixedClock(), backups: { everyMs: 0 }, sync: { manual: true } },
    });
    expect(again.current().dtes.list({ limit: 200 }).items).toHaveLength(200);
    await again.close();
    const file = join(demoDir(t.dir), 'sello.db');
    const fd = openSync(file, 'r+');
    const size = statSync(file).size;
    for (let at = 8192; at < size - 4096; at += 8192) writeSync(fd, Buffer.alloc(512, 0xa5), 0, 512, at);
    closeSync(fd);
    await expect(
      createCoreHost({ demoMh: demoSimulator, baseDir: t.dir, deps: { clock: fixedClock(), backups: { everyMs: 0 } } }),
    ).rejects.toThrow(StoreDamagedError);
    await expect(
      createCoreHost({ demoMh: demoSimulator, baseDir: t.dir, deps: { clock: fixedClock(), backups: { everyMs: 0 } } }),
    ).rejects.toThrow(`sello restore --from "${copy.file}"`);
    expect(existsSync(join(demoDir(t.dir), 'sello.lock'))).toBe(false);
  });
});
