// Restores and the data folder (docs/decisions/0069-restores-and-replaced-files.md): a restore and its undo, and a
// kill -9 of `sello restore` right after its swap, raise no audit alarm while a real edit still does; a bare-pid
// lock of another program does not block the start; copies in progress are private and their leftovers go; a
// restored copy asks MH before sending again.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { createCore, type Core } from '../../main/core/create-core';
import { backupsDir, privatePartial, removePartials } from '../../main/core/store/backup';
import { lockDataDir, DataDirLockedError } from '../../main/core/store/data-dir-lock';
import { RESTORED_KEY } from '../../main/core/store/restored-copy';
import { fcBody } from '../fixtures/bodies';
import { fixedClock, tempDir } from '../support/core';
import { ROOT, exitOf } from '../support/serve-process';

const cleanups: (() => unknown)[] = [];
afterEach(() => {
  for (const f of cleanups.splice(0).reverse()) f();
});

const id = (n: number) => `e5400000-0000-4000-8000-${String(n).padStart(12, '0')}`;

function station(): { readonly core: Core; dir: string; reopen(): Core; close(): void } {
  const t = tempDir();
  const clock = fixedClock();
  const open = () => createCore({ dataDir: t.dir, clock, backups: { everyMs: 0 }, sync: { manual: true } });
  let core: Core | null = open();
  cleanups.push(t.cleanup, () => core?.close());
  return {
    get core() {
      return core!;
    },
    dir: t.dir,
    reopen() {
      core?.close();
      core = open();
      return core;
    },
    close() {
      core?.close();
      core = null;
    },
  };
}

const issue = (core: Core, from: number, n: number) => {
  for (let i = from; i < from + n; i += 1) core.dtes.create('FC', fcBody(id(i)), 'test');
};

const cli = (args: string[], env: NodeJS.ProcessEnv = {}) =>
  spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'main', 'cli', 'main.ts'), ...args], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });

function sello(args: string[]): Promise<{ code: number | null; out: string }> {
  const child = cli(args);
  let out = '';
  child.stdout.on('data', (c: Buffer) => (out += c.toString()));
  child.stderr.on('data', (c: Buffer) => (out += c.toString()));
  return exitOf(child).then((code) => ({ code, out }));
}

const alarms = (core: Core) => core.sync.status().alerts.filter((a) => a.code === 'audit_chain_broken');

describe('the audit chain tells a restore from tampering', () => {
  it('a restore, a start, and the undo with the copy set aside: no alarm; a real edit still raises it', async () => {
    const s = station();
    issue(s.core, 0, 2);
    const older = await s.core.backups.create('manual');
    issue(s.core, 2, 8);
    s.close();
    const r = await sello(['restore', '--from', older.file, '--data-dir', s.dir]);
    expect(r.code).toBe(0);
    expect(r.out).toContain('registro de auditoría de la copia: íntegro');
    // The station runs on the older copy and writes on top of it: its chain now branches off the one set aside.
    let core = s.reopen();
    expect(await core.auditChecked()).toEqual([]);
    core.numbering.confirm({ last: { FC: 5 } }, 'admin');
    issue(core, 10, 2);
    s.close();
    const previous = /la base de datos anterior quedó en (\S+)/.exec(r.out)![1]!;
    // The branch ends before the copy set aside does: its last entry sits at a place the copy holds with another hash.
    const lastSeq = (file: string) => {
      const db = new BetterSqlite3(file, { readonly: true });
      try {
        return (db.prepare('SELECT max(seq) AS seq FROM audit_log').get() as { seq: number }).seq;
      } finally {
        db.close();
      }
    };
    expect(lastSeq(join(s.dir, 'sello.db'))).toBeLessThan(lastSeq(previous));
    const undo = await sello(['restore', '--from', previous, '--data-dir', s.dir]);
    expect(undo.out).not.toContain('ALTERADO');
    expect(undo.out).toContain('registro de auditoría de la copia: íntegro');
    core = s.reopen();
    expect(await core.auditChecked()).toEqual([]);
    expect(alarms(core)).toEqual([]);
    expect(core.dtes.get(id(4))).toBeTruthy();

    // A real edit of a row, outside Sello, still raises it.
    s.close();
    const db = new BetterSqlite3(join(s.dir, 'sello.db'));
    db.prepare("UPDATE documents SET total = '0.01' WHERE id = ?").run(id(3));
    db.close();
    core = s.reopen();
    await core.auditChecked();
    expect(alarms(core)).toContainEqual(expect.objectContaining({ level: 'critical' }));
  }, 120_000);

  it('a kill -9 of sello restore right after the swap: the next start settles on the copy, no alarm', async () => {
    const s = station();
    issue(s.core, 0, 2);
    const older = await s.core.backups.create('manual');
    issue(s.core, 2, 3);
    s.close();
    const marker = join(s.dir, 'swapped');
    const child = cli(['restore', '--from', older.file, '--data-dir', s.dir], { SELLO_TEST_PAUSE_AFTER_SWAP: marker });
    let out = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    child.stderr.on('data', (c: Buffer) => (out += c.toString()));
    for (let end = Date.now() + 30_000; !existsSync(marker); await new Promise((ok) => setTimeout(ok, 50)))
      if (Date.now() > end || child.exitCode !== null) throw new Error(`the restore never reached its swap:\n${out}`);
    child.kill('SIGKILL');
    await exitOf(child);
    expect(out).not.toContain('restaurada:');

    const core = s.reopen();
    expect(await core.auditChecked()).toEqual([]);
    expect(alarms(core)).toEqual([]);
    // The copy is what runs: the documents issued after it are not there.
    expect(core.dtes.get(id(1))).toBeTruthy();
    expect(() => core.dtes.get(id(4))).toThrow(/No existe/);
    expect(readdirSync(s.dir).filter((n) => n.includes('.restoring'))).toEqual([]);
  }, 120_000);
});

describe('a restored copy asks MH before sending again', () => {
  it('its documents waiting to go are put in doubt at the first start, once', async () => {
    const s = station();
    issue(s.core, 0, 3);
    const copy = await s.core.backups.create('manual');
    s.close();
    const r = await sello(['restore', '--from', copy.file, '--data-dir', s.dir]);
    expect(r.code).toBe(0);
    const marked = new BetterSqlite3(join(s.dir, 'sello.db'), { readonly: true });
    expect(marked.prepare('SELECT 1 FROM settings WHERE key = ?').get(RESTORED_KEY)).toBeTruthy();
    marked.close();
    s.reopen();
    s.close();
    const db = new BetterSqlite3(join(s.dir, 'sello.db'), { readonly: true });
    try {
      const states = db.prepare("SELECT state FROM outbox WHERE topic = 'dte'").all() as { state: string }[];
      expect(states.length).toBe(3);
      expect(new Set(states.map((x) => x.state))).toEqual(new Set(['unknown']));
      expect(db.prepare('SELECT 1 FROM settings WHERE key = ?').get(RESTORED_KEY)).toBeUndefined();
    } finally {
      db.close();
    }
  }, 90_000);
});

describe('the data folder', () => {
  it('a bare-pid lock of a process that is not Sello is taken over; one of a live Sello still blocks', () => {
    const t = tempDir();
    cleanups.push(t.cleanup);
    const other = spawn('sleep', ['60'], { stdio: 'ignore' });
    cleanups.push(() => other.kill('SIGKILL'));
    writeFileSync(join(t.dir, 'sello.lock'), `${other.pid}\n`);
    const unlock = lockDataDir(t.dir);
    unlock();

    // A process whose command line is Sello's (as `sello serve` from the sources runs).
    const sello = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)', 'main/cli/main.ts'], { stdio: 'ignore' });
    cleanups.push(() => sello.kill('SIGKILL'));
    writeFileSync(join(t.dir, 'sello.lock'), `${sello.pid}`);
    expect(() => lockDataDir(t.dir)).toThrow(DataDirLockedError);
  });

  it('a copy in progress is private from its first byte; leftovers and their journals are removed', () => {
    const t = tempDir();
    cleanups.push(t.cleanup);
    const partial = join(t.dir, 'sello-x-manual.db.partial');
    privatePartial(partial);
    expect(statSync(partial).mode & 0o777).toBe(0o600);
    writeFileSync(`${partial}-journal`, 'x');
    writeFileSync(join(t.dir, 'sello-y-restore.db.partial-journal'), 'x');
    expect(removePartials(t.dir)).toBe(3);
    expect(readdirSync(t.dir)).toEqual([]);
  });

  it('sello backup and the start leave no partial or journal behind, and copies are 0600', async () => {
    const s = station();
    issue(s.core, 0, 1);
    await s.core.backups.create('manual');
    s.close();
    writeFileSync(join(backupsDir(s.dir), 'sello-20260101T000000000Z-restore.db.partial-journal'), 'x');
    writeFileSync(join(s.dir, 'sello.db.restoring'), 'x');
    s.reopen();
    const left = readdirSync(backupsDir(s.dir));
    expect(left.filter((n) => n.includes('.partial'))).toEqual([]);
    expect(readdirSync(s.dir).filter((n) => n.includes('.restoring'))).toEqual([]);
    for (const n of left) expect(statSync(join(backupsDir(s.dir), n)).mode & 0o777).toBe(0o600);
  }, 60_000);
});
