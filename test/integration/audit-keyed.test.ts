// The keyed audit chain (docs/decisions/0034-keyed-audit-chain.md): a tampered SQLite file, edited the way
// someone with the file and ten lines of SHA-256 would, is found by `sello audit verify`, `sello restore`, the
// start's check, and a real `sello serve` start that shows it in GET /sync/status.
import { spawn } from 'node:child_process';
import { readFileSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { GENESIS_HASH, KEYED_ACTION, auditHash, type ChainRow } from '../../main/core/audit-chain';
import { auditHeadFile, readHead } from '../../main/core/audit-head';
import { AUDIT_KEY_SETTING, openChainKey } from '../../main/core/audit-key';
import { CHAIN_ACTIONS } from '../../main/core/audit';
import { TABLES_BOUND_ACTION } from '../../main/core/audit-bound-tables';
import { createCore, type Core } from '../../main/core/create-core';
import { migrate } from '../../main/core/store/migrate';
import { openStore } from '../../main/core/store/database';
import { setStatusFrom, statusOf } from '../../main/core/dte/documents-repo';
import { MIGRATIONS } from '../../main/core/store/migrations';
import { aesGcmBox } from '../../main/core/station/secrets';
import type { SyncStatus } from '../../shared/records';
import { fcBody } from '../fixtures/bodies';
import { DEMO_KEY, fixedClock, tempDir } from '../support/core';
import { stringContaining } from '../support/match';
import { ROOT, exitOf, startServe } from '../support/serve-process';

const cleanups: (() => unknown)[] = [];
afterEach(() => {
  for (const f of cleanups.splice(0).reverse()) f();
});

const id = (n: number) => `e0000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

function station(): { core: Core; dir: string; reopen(): Core } {
  const t = tempDir();
  const clock = fixedClock();
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

/** The file opened as someone with it would: the append-only triggers dropped first. */
function tamper(file: string, edit: (db: BetterSqlite3.Database) => void): void {
  const db = new BetterSqlite3(file);
  try {
    db.pragma('foreign_keys = OFF');
    db.exec('DROP TRIGGER IF EXISTS audit_log_no_update; DROP TRIGGER IF EXISTS audit_log_no_delete');
    edit(db);
  } finally {
    db.close();
  }
}

/** The attack of the review: every hash from `from` on recomputed with plain SHA-256 (the 006 formula). */
function recompute(db: BetterSqlite3.Database, from: number): void {
  const rows = db.prepare('SELECT * FROM audit_log WHERE seq >= ? ORDER BY seq').all(from) as ChainRow[];
  let prev =
    (db.prepare('SELECT hash FROM audit_log WHERE seq < ? ORDER BY seq DESC LIMIT 1').get(from) as { hash: string } | undefined)?.hash ??
    GENESIS_HASH;
  const set = db.prepare('UPDATE audit_log SET prev_hash = ?, hash = ? WHERE seq = ?');
  for (const r of rows) {
    const hash = auditHash(prev, r);
    set.run(prev, hash, r.seq);
    prev = hash;
  }
}

/** The chain key as the station opens it (with the test run's key file, never from the data folder alone). */
function chainKey(dbFile: string): Buffer {
  const db = new BetterSqlite3(dbFile, { readonly: true });
  try {
    const sealed = (db.prepare('SELECT value FROM settings WHERE key = ?').get(AUDIT_KEY_SETTING) as { value: string }).value;
    const key = openChainKey(sealed, aesGcmBox(readFileSync(process.env.SELLO_SECRET_FILE!)));
    expect(key).not.toBeNull();
    return key!;
  } finally {
    db.close();
  }
}

describe('keyed audit chain', () => {
  it('verifies an intact station, documents included; the key is sealed, never in the data folder', async () => {
    const s = station();
    issue(s.core, 0, 3);
    expect(await s.core.auditChecked()).toEqual([]);
    s.core.close();
    const r = await sello(['audit', 'verify', '--data-dir', s.dir]);
    expect(r).toMatchObject({ code: 0 });
    expect(r.out).toMatch(/sellado con la llave de la estación desde la entrada \d+; documentos comprobados/);
    const key = chainKey(join(s.dir, 'sello.db'));
    for (const f of readdirSync(s.dir).filter((n) => n.startsWith('sello.db'))) {
      const bytes = readFileSync(join(s.dir, f));
      expect(bytes.includes(key)).toBe(false);
      expect(bytes.includes(Buffer.from(key.toString('hex')))).toBe(false);
    }
    // The head is outside the data folder, and names the last entry.
    const headFile = auditHeadFile(s.dir);
    expect(headFile.startsWith(s.dir)).toBe(false);
    expect(readHead(headFile)).toMatchObject({ findings: [] });
  }, 60_000);

  it('finds a chain edited and recomputed with plain SHA-256', async () => {
    const s = station();
    issue(s.core, 0, 3);
    await s.core.auditChecked();
    s.core.close();
    tamper(join(s.dir, 'sello.db'), (db) => {
      const seq = (db.prepare("SELECT min(seq) AS seq FROM audit_log WHERE action = 'dte.issued'").get() as { seq: number }).seq;
      db.prepare("UPDATE audit_log SET actor = 'user:otro' WHERE seq = ?").run(seq);
      recompute(db, seq);
    });
    const r = await sello(['audit', 'verify', '--data-dir', s.dir]);
    expect(r.code).toBe(1);
    expect(r.out).toMatch(/se recalculó sin la llave/);
    // The head kept outside no longer matches either.
    expect(r.out).toMatch(/el registro se reescribió/);
  }, 60_000);

  it("says it cannot check, not that it was altered, with another machine's key", async () => {
    const s = station();
    issue(s.core, 0, 1);
    await s.core.auditChecked();
    s.core.close();
    const elsewhere = tempDir();
    cleanups.push(elsewhere.cleanup);
    const other = join(elsewhere.dir, 'otra.key');
    const r = await sello(['audit', 'verify', '--data-dir', s.dir, '--secret-file', other]);
    expect(r.code).toBe(2);
    expect(r.out).toMatch(/No se puede comprobar el registro aquí/);
    expect(r.out).not.toMatch(/ALTERADO/);
  }, 60_000);

  it('finds the whole chain recomputed as if never keyed', async () => {
    const s = station();
    issue(s.core, 0, 2);
    await s.core.auditChecked();
    s.core.close();
    tamper(join(s.dir, 'sello.db'), (db) => {
      db.prepare('DELETE FROM audit_log WHERE action = ?').run(KEYED_ACTION);
      recompute(db, 1);
    });
    const r = await sello(['audit', 'verify', '--data-dir', s.dir]);
    expect(r.code).toBe(1);
    expect(r.out).toMatch(/perdió su parte sellada con llave/);
  }, 60_000);

  it('finds the last entries deleted by the head kept outside the data folder', async () => {
    const s = station();
    issue(s.core, 0, 2);
    await s.core.auditChecked();
    s.core.close();
    const last = readHead(auditHeadFile(s.dir))!.seq;
    tamper(join(s.dir, 'sello.db'), (db) => db.prepare('DELETE FROM audit_log WHERE seq = ?').run(last));
    const r = await sello(['audit', 'verify', '--data-dir', s.dir]);
    expect(r.code).toBe(1);
    expect(r.out).toContain(`faltan las últimas entradas del registro: llegaba a la ${last} y ahora termina en la ${last - 1}`);
    // The start says it too, as a critical alert that stays after new entries are written.
    const core = s.reopen();
    await core.auditChecked();
    issue(core, 10, 1);
    const alert = core.sync.status().alerts.find((a) => a.code === 'audit_chain_broken');
    expect(alert).toMatchObject({ level: 'critical', message: stringContaining('faltan las últimas entradas') });
    expect(alert!.action).toMatch(/sello restore/);
  }, 60_000);

  it('finds a document row edited outside Sello: total, status, seal, signed JWS; and one deleted', async () => {
    const s = station();
    issue(s.core, 0, 6);
    await s.core.auditChecked();
    s.core.close();
    tamper(join(s.dir, 'sello.db'), (db) => {
      db.prepare("UPDATE documents SET total = '0.01' WHERE id = ?").run(id(0));
      db.prepare("UPDATE documents SET status = 'INVALIDATED' WHERE id = ?").run(id(1));
      db.prepare("UPDATE documents SET seal = 'SELLO-FALSO' WHERE id = ?").run(id(2));
      // The signed JWS lives in `packed`: another document's bytes in its place.
      db.prepare('UPDATE documents SET packed = (SELECT packed FROM documents WHERE id = ?) WHERE id = ?').run(id(4), id(3));
      db.prepare('DELETE FROM documents WHERE id = ?').run(id(5));
    });
    const r = await sello(['audit', 'verify', '--data-dir', s.dir]);
    expect(r.code).toBe(1);
    for (const n of [0, 1, 2, 3]) expect(r.out).toContain(`el documento ${id(n)} fue modificado`);
    expect(r.out).toContain(`el documento ${id(5)} fue borrado`);
    expect(r.out).not.toContain(`el documento ${id(4)} fue modificado`);
  }, 60_000);

  it('the start checks in small pages, the counter served between them, and finds deleted documents on every page', async () => {
    const s = station();
    issue(s.core, 0, 450);
    await s.core.auditChecked();
    s.core.close();
    // Spread over the pages of bound ids the check reads (200 a page at the start).
    const deleted = [3, 250, 449];
    tamper(join(s.dir, 'sello.db'), (db) => {
      for (const n of deleted) db.prepare('DELETE FROM documents WHERE id = ?').run(id(n));
    });
    const core = createCore({ dataDir: s.dir, clock: fixedClock(), backups: { everyMs: 0 }, sync: { manual: true } });
    cleanups.push(() => core.close());
    let turns = 0;
    let checking = true;
    const tick = () => {
      turns += 1;
      if (checking) setImmediate(tick);
    };
    setImmediate(tick);
    const found = await core.auditChecked();
    checking = false;
    expect(found.filter((f) => f.code === 'document-deleted').map((f) => ('id' in f ? f.id : ''))).toEqual(deleted.map(id));
    expect(found.filter((f) => f.code !== 'document-deleted')).toEqual([]);
    // About 900 entries of the chain, 447 rows and 450 bound ids, 200 a page: a turn after each page.
    expect(turns).toBeGreaterThanOrEqual(10);
  }, 120_000);

  it('thousands of rows added outside Sello: each found once, the log names twenty and counts the rest', async () => {
    const s = station();
    issue(s.core, 0, 1);
    await s.core.auditChecked();
    s.core.close();
    const added = 3000;
    tamper(join(s.dir, 'sello.db'), (db) => {
      const row = db.prepare('SELECT * FROM documents WHERE id = ?').get(id(0)) as Record<string, unknown>;
      const columns = Object.keys(row);
      const insert = db.prepare(`INSERT INTO documents (${columns.join(',')}) VALUES (${columns.map((c) => `@${c}`).join(',')})`);
      db.transaction(() => {
        for (let n = 1; n <= added; n += 1)
          insert.run({
            ...row,
            id: id(n),
            id_as_sent: id(n).toUpperCase(),
            control_number: `DTE-01-M001P001-${String(900_000 + n).padStart(15, '0')}`,
          });
      })();
    });
    const logged: { message: string; fields?: Record<string, unknown> }[] = [];
    const logger = {
      info() {},
      warn() {},
      error: (message: string, fields?: Record<string, unknown>) => logged.push({ message, fields }),
    };
    const core = createCore({ dataDir: s.dir, clock: fixedClock(), backups: { everyMs: 0 }, sync: { manual: true }, logger });
    cleanups.push(() => core.close());
    const found = await core.auditChecked();
    expect(found.filter((f) => f.code === 'document-unbound')).toHaveLength(added);
    expect(new Set(found.map((f) => JSON.stringify(f))).size).toBe(found.length);
    const line = logged.find((l) => l.message === 'the audit chain is broken')!;
    expect(line.fields?.findings).toHaveLength(20);
    expect(line.fields?.more).toBe(added - 20);
  }, 120_000);

  it('a row edited outside Sello and then moved by Sello is told, not bound afresh in silence', () => {
    const s = station();
    issue(s.core, 0, 1);
    s.core.close();
    const file = join(s.dir, 'sello.db');
    tamper(file, (db) => db.prepare("UPDATE documents SET total = '0.01' WHERE id = ?").run(id(0)));
    const store = openStore(file);
    try {
      store.chain.key = chainKey(file);
      const found: unknown[] = [];
      store.chain.found = (f) => found.push(f);
      const status = statusOf(store, id(0))!;
      expect(setStatusFrom(store, id(0), [status], 'PROCESSING', '2026-11-22T09:40:00-06:00', {})).toBe(true);
      expect(found).toEqual([{ code: 'document-edited', id: id(0) }]);
    } finally {
      store.close();
    }
  }, 60_000);

  it('does not report a document whose status Sello itself moved', async () => {
    const s = station();
    issue(s.core, 0, 2);
    await s.core.dtes.receipt(id(0), 80, 'ui');
    s.core.close();
    const core = s.reopen();
    expect(await core.auditChecked()).toEqual([]);
  }, 60_000);

  it('seals an existing chain at the upgrade, noting where, and binds its documents', async () => {
    const s = station();
    issue(s.core, 0, 2);
    s.core.close();
    // The station as it was before migration 027: a plain chain, no key.
    const file = join(s.dir, 'sello.db');
    tamper(file, (db) => {
      db.prepare('DELETE FROM settings WHERE key = ?').run(AUDIT_KEY_SETTING);
      // Nor any entry that keeps the chain (the keyed segment's, the rows' bindings: decisions 0034 and 0062).
      db.prepare(`DELETE FROM audit_log WHERE action IN (${CHAIN_ACTIONS.map(() => '?').join(', ')})`).run(...CHAIN_ACTIONS);
      recompute(db, 1);
      db.exec('DROP INDEX audit_log_action_subject');
      // Nor the tables of the migrations after 027: the upgrade brings them.
      db.exec('DROP TABLE cash_movements; DROP TABLE refunds; DROP TABLE drawer_float_corrections; DROP TABLE price_overrides;');
      db.exec('DROP TABLE sale_paper; DROP TABLE drawer_openings; DROP TABLE print_jobs; DROP TABLE drawer_kicks;');
      db.exec('DROP TABLE return_invalidations; DROP INDEX returns_contingency; ALTER TABLE returns DROP COLUMN contingency_id;');
      db.exec('ALTER TABLE outbox DROP COLUMN sends;');
      db.exec('DROP TABLE special_operation_items; DROP TABLE special_operations;');
      db.exec('DROP INDEX products_active_unit;');
      db.pragma('user_version = 26');
    });
    // No head either: a station upgraded from a version that kept none.
    rmSync(auditHeadFile(s.dir), { force: true });
    const before = new BetterSqlite3(file, { readonly: true });
    const legacy = (before.prepare('SELECT max(seq) AS seq FROM audit_log').get() as { seq: number }).seq;
    before.close();

    const core = s.reopen();
    expect(await core.auditChecked()).toEqual([]);
    const db = new BetterSqlite3(file, { readonly: true });
    try {
      const keyed = db.prepare('SELECT seq, detail FROM audit_log WHERE action = ?').get(KEYED_ACTION) as { seq: number; detail: string };
      expect(keyed.seq).toBeGreaterThan(legacy);
      expect(JSON.parse(keyed.detail)).toMatchObject({ reason: 'actualizacion', before: legacy });
      const bound = db.prepare("SELECT subject FROM audit_log WHERE action = 'document.bound' AND seq > ? ORDER BY subject").all(keyed.seq);
      expect(bound).toEqual([{ subject: id(0) }, { subject: id(1) }]);
      // The other bound tables from the same start, said as bound with the key (decision 0062).
      const tables = db.prepare('SELECT detail FROM audit_log WHERE action = ? AND seq > ?').get(TABLES_BOUND_ACTION, keyed.seq) as {
        detail: string;
      };
      expect(JSON.parse(tables.detail)).toMatchObject({
        reason: 'llave',
        tables: expect.arrayContaining(['returns', 'day_closes']) as unknown,
      });
    } finally {
      db.close();
    }
    // The entries before the upgrade are still checked with their own formula.
    core.close();
    let first = 0;
    tamper(file, (d) => {
      first = (d.prepare('SELECT min(seq) AS seq FROM audit_log').get() as { seq: number }).seq;
      d.prepare("UPDATE audit_log SET actor = 'x' WHERE seq = ?").run(first);
    });
    expect(first).toBeLessThanOrEqual(legacy);
    expect((await sello(['audit', 'verify', '--data-dir', s.dir])).out).toContain(`la entrada ${first} fue modificada`);
  }, 60_000);

  it('sello restore of a tampered copy says so, and the start keeps the alert', async () => {
    const s = station();
    issue(s.core, 0, 3);
    const copy = await s.core.backups.create('manual');
    s.core.close();
    tamper(copy.file, (db) => db.prepare("UPDATE documents SET total = '0.01' WHERE id = ?").run(id(1)));
    const r = await sello(['restore', '--from', copy.file, '--data-dir', s.dir]);
    expect(r.code).toBe(0);
    expect(r.out).toContain('ATENCIÓN: la copia restaurada tiene el registro de auditoría ALTERADO');
    expect(r.out).toContain(`el documento ${id(1)} fue modificado`);
    const core = s.reopen();
    await core.auditChecked();
    expect(core.sync.status().alerts).toContainEqual(expect.objectContaining({ code: 'audit_chain_broken', level: 'critical' }));

    // An intact copy restored (here the database the first restore replaced) clears it: the way out the alert names.
    core.close();
    const previous = /la base de datos anterior quedó en (\S+)/.exec(r.out)![1]!;
    const back = await sello(['restore', '--from', previous, '--data-dir', s.dir]);
    expect(back.out).toContain('registro de auditoría de la copia: íntegro');
    const healed = s.reopen();
    expect(await healed.auditChecked()).toEqual([]);
    expect(healed.sync.status().alerts.map((a) => a.code)).not.toContain('audit_chain_broken');
  }, 90_000);
});

describe('a real sello serve on a tampered folder', () => {
  it('starts, keeps issuing, and GET /sync/status carries the critical alert', async () => {
    const t = tempDir();
    cleanups.push(t.cleanup);
    let s = await startServe(['--data-dir', t.dir, '--port', '0']);
    const headers = { 'X-API-Key': DEMO_KEY, 'Content-Type': 'application/json' };
    const issueOne = (n: number) =>
      fetch(`${s.url}/dte/fc`, { method: 'POST', headers, body: JSON.stringify({ ...fcBody(id(n)), generatedAt: undefined }) });
    for (const n of [0, 1]) expect((await issueOne(n)).status).toBe(201);
    // Sealed by the demo's MH first, so the next start has nothing to move; then killed for real: the head
    // outside was written right after each entry, not at a clean stop.
    for (const n of [0, 1])
      for (let end = Date.now() + 15_000; Date.now() < end; await new Promise((r) => setTimeout(r, 100))) {
        const d = (await (await fetch(`${s.url}/dte/${id(n)}`, { headers })).json()) as { status: string };
        if (d.status === 'APPROVED') break;
      }
    s.child.kill('SIGKILL');
    await exitOf(s.child);
    const file = join(t.dir, 'demo', 'sello.db');
    const key = chainKey(file);
    tamper(file, (db) => db.prepare("UPDATE documents SET total = '0.01' WHERE id = ?").run(id(0)));

    s = await startServe(['--data-dir', t.dir, '--port', '0']);
    try {
      const end = Date.now() + 15_000;
      let status: SyncStatus;
      do {
        status = (await (await fetch(`${s.url}/sync/status`, { headers })).json()) as SyncStatus;
        if (status.alerts.some((a) => a.code === 'audit_chain_broken')) break;
        await new Promise((r) => setTimeout(r, 100));
      } while (Date.now() < end);
      expect(status.alerts).toContainEqual(
        expect.objectContaining({ code: 'audit_chain_broken', level: 'critical', message: stringContaining(id(0)) }),
      );
      // The counter keeps issuing.
      expect((await issueOne(2)).status).toBe(201);
      // The key is never in what the station logs.
      expect(s.output()).not.toContain(key.toString('hex'));
      expect(s.output()).not.toContain(key.toString('base64'));
    } finally {
      s.child.kill('SIGTERM');
      await exitOf(s.child);
    }
  }, 90_000);
});

describe('migration 027', () => {
  it('adds the index the document check reads bindings by', () => {
    const at = MIGRATIONS.findIndex((m) => m.version === 27);
    expect(MIGRATIONS[at]!.name).toBe('audit-bindings');
    const db = new BetterSqlite3(':memory:');
    migrate(db, MIGRATIONS.slice(0, at));
    expect(db.prepare("SELECT name FROM sqlite_master WHERE name = 'audit_log_action_subject'").get()).toBeUndefined();
    migrate(db, MIGRATIONS.slice(0, at + 1));
    const plan = db
      .prepare(
        "EXPLAIN QUERY PLAN SELECT subject, detail FROM audit_log WHERE action = 'document.bound' AND subject IN ('a', 'b') ORDER BY subject, seq",
      )
      .all() as { detail: string }[];
    expect(plan.map((p) => p.detail).join(' ')).toContain('audit_log_action_subject');
    db.close();
  });
});
