// The keyed audit chain covers what the books, the close and the drawer read
// (docs/decisions/0062-audit-binds-what-the-books-read.md): a real station, made against the MH simulator over HTTP
// with a virtual ESC/POS printer, holds an ER (with its lines), an ER's invalidation, a document's invalidation, a
// drawer opening, a drawer kick and a day's close. Each table is edited, and a row deleted, in a copy of its file
// with plain SQLite, as someone with the file would; a real `sello audit verify` must exit 1 and name the table and
// the row. An untouched station, and one whose chain was keyed before these tables were bound, verify clean.
import { spawn } from 'node:child_process';
import { copyFileSync, existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keyedHash, type ChainRow } from '../../main/core/audit-chain';
import { BOUND_TABLES, TABLES_BOUND_ACTION, type RecordTableName } from '../../main/core/audit-bound-tables';
import { AUDIT_KEY_SETTING, openChainKey } from '../../main/core/audit-key';
import { createCore, type Core } from '../../main/core/create-core';
import { returnsRepo } from '../../main/core/dte/retorno/returns-repo';
import { openStore } from '../../main/core/store/database';
import { DEMO_STATION } from '../../main/core/station/demo';
import { aesGcmBox } from '../../main/core/station/secrets';
import { fcBody } from '../fixtures/bodies';
import { fixedClock, tempDir } from '../support/core';
import { SCHEMA_DIR_V2 } from '../support/mh-schemas';
import { registerStation, startSimulator } from '../support/mh-sim';
import { stringContaining } from '../support/match';
import { ROOT, exitOf } from '../support/serve-process';
import { startVirtualPrinter } from '../support/virtual-printer';

const ACTOR = 'user:admin';
const ADMIN = { id: ACTOR, caller: 'ADMIN' } as const;
const clock = fixedClock('2026-11-22T15:30:00Z');
const cleanups: (() => unknown)[] = [];
let n = 0;
const newId = () => `ab0d0000-0000-4000-8000-${String(++n).padStart(12, '0')}`;
/** The station's file, made once; each case works on a copy of it. */
let station: string;
/** One row of each bound table (the ER that stands, for returns). */
const rows = {} as Record<RecordTableName, string>;
/** The ER made by mistake and invalidated. */
let mistakenEr = '';

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

/** A copy of the station's folder (its database alone: the head kept outside is the station's, not the copy's). */
function copy(): string {
  const t = tempDir('sello-audit-bound-copy-');
  cleanups.push(t.cleanup);
  for (const f of ['sello.db', 'sello.db-wal']) if (existsSync(join(station, f))) copyFileSync(join(station, f), join(t.dir, f));
  return t.dir;
}

/** The file opened as someone with it would: foreign keys off, the append-only triggers dropped first. */
function tamper(dir: string, edit: (db: BetterSqlite3.Database) => void): void {
  const db = new BetterSqlite3(join(dir, 'sello.db'));
  try {
    db.pragma('foreign_keys = OFF');
    for (const t of ['day_closes', 'drawer_openings', 'drawer_kicks', 'audit_log'])
      db.exec(`DROP TRIGGER IF EXISTS ${t}_no_update; DROP TRIGGER IF EXISTS ${t}_no_delete`);
    edit(db);
  } finally {
    db.close();
  }
}

const read = <T>(dir: string, f: (db: BetterSqlite3.Database) => T): T => {
  const db = new BetterSqlite3(join(dir, 'sello.db'), { readonly: true });
  try {
    return f(db);
  } finally {
    db.close();
  }
};

beforeAll(async () => {
  const sim = await startSimulator({ clock, schemasV2Dir: SCHEMA_DIR_V2, loteDelayMs: 0 });
  const printer = await startVirtualPrinter();
  const t = tempDir('sello-audit-bound-');
  cleanups.push(t.cleanup);
  station = t.dir;
  const core: Core = createCore({
    dataDir: t.dir,
    clock,
    mh: { baseUrl: sim.url, user: '06142803901121', password: 'demo', timeoutMs: 3000 },
    sync: { manual: true, jitter: () => 0, lotePollMs: 0 },
    backups: { everyMs: 0 },
  });
  try {
    const company = { ...DEMO_STATION.company, address: { ...DEMO_STATION.company.address, district: '14' } };
    core.configure({ ...DEMO_STATION, company, mhNormative: { current: '2026' } }, 'test');
    registerStation(sim, core);
    core.printing.set(
      {
        printer: null,
        receiptWidth: 80,
        silentReceipt: false,
        receiptOutput: 'escpos',
        escpos: { connection: { kind: 'network', host: '127.0.0.1', port: printer.port }, codepage: 'cp858', qr: 'native', drawer: true },
      },
      ACTOR,
    );
    const sold = [0, 1, 2].map(() => core.dtes.create('FC', { ...fcBody(newId()), generatedAt: undefined }, ACTOR).record.id);
    await core.sync.runOnce();
    for (const id of sold) expect(core.dtes.get(id).status).toBe('APPROVED');

    const opening = core.closes.open({ scope: 'station', amount: '50.00' }, ADMIN);
    rows.drawer_openings = opening.id;
    const stands = await core.returns.make({ lines: [{ dteId: sold[0]!, item: 1, quantity: 1 }], reason: 'Devolución de un café' }, ACTOR);
    expect(stands.record.status).toBe('APPROVED');
    rows.returns = stands.record.id;
    const mistaken = await core.returns.make({ lines: [{ dteId: sold[1]!, item: 1, quantity: 1 }], reason: 'Devolución por error' }, ACTOR);
    mistakenEr = mistaken.record.id;
    const voided = await core.returns.invalidate(mistaken.record.id, { reason: 'La devolución se registró por error' }, ACTOR);
    expect(voided.invalidation).toMatchObject({ status: 'APPROVED' });
    rows.return_invalidations = voided.invalidation.id;
    const invalidated = await core.dtes.invalidate({ dteId: sold[2]!, reason: 'Error en el precio' }, ACTOR);
    expect(invalidated.record).toMatchObject({ status: 'APPROVED' });
    rows.invalidations = invalidated.record.id;
    expect(await core.printer.openDrawer(ACTOR)).toEqual({ opened: true });
    const close = core.closes.make({ scope: 'station' }, ADMIN);
    rows.day_closes = close.id;

    expect(await core.auditChecked()).toEqual([]);
  } finally {
    core.close();
    await printer.close();
    await sim.close();
  }
  rows.drawer_kicks = read(station, (db) => (db.prepare('SELECT id FROM drawer_kicks').get() as { id: string }).id);
}, 120_000);

afterAll(() => {
  for (const f of cleanups.splice(0).reverse()) f();
});

/** An edit of one row of each table, as a forger of the books or the drawer would make it. */
const EDITS: Record<RecordTableName, string> = {
  returns: "UPDATE returns SET total = '999.00' WHERE id = ?",
  return_invalidations: "UPDATE return_invalidations SET status = 'REJECTED' WHERE id = ?",
  invalidations: "UPDATE invalidations SET status = 'REJECTED' WHERE id = ?",
  day_closes: "UPDATE day_closes SET summary = json_set(summary, '$.netSales', '0.01') WHERE id = ?",
  drawer_openings: "UPDATE drawer_openings SET amount = '500.00' WHERE id = ?",
  drawer_kicks: "UPDATE drawer_kicks SET by = 'user:otro' WHERE id = ?",
};
const TABLES = Object.keys(EDITS) as RecordTableName[];

describe('the audit chain covers what the books read', () => {
  it('the station as Sello left it verifies clean, every bound table checked', async () => {
    expect(TABLES.sort()).toEqual(
      BOUND_TABLES.filter((t) => t.table !== 'documents')
        .map((t) => t.table)
        .sort(),
    );
    for (const t of TABLES) expect(rows[t], t).toBeTruthy();
    const r = await sello(['audit', 'verify', '--data-dir', copy()]);
    expect(r.code, r.out).toBe(0);
    expect(r.out).toContain(
      'también comprobadas contra el registro: returns, return_invalidations, invalidations, day_closes, drawer_openings, drawer_kicks',
    );
  }, 60_000);

  it.each(TABLES)(
    '%s: a row edited in a copy is named, table and row',
    async (table) => {
      const dir = copy();
      tamper(dir, (db) => expect(db.prepare(EDITS[table]).run(rows[table]).changes).toBe(1));
      const r = await sello(['audit', 'verify', '--data-dir', dir]);
      expect(r.code, r.out).toBe(1);
      expect(r.out).toMatch(new RegExp(`${rows[table]} \\(tabla ${table}[^)]*\\) fue modificad[oa] en la base de datos fuera de Sello`));
      expect(r.out).toContain('hallazgos):');
      expect(r.out.match(/fue modificad|fue borrad|se agregó/g)).toHaveLength(1);
    },
    60_000,
  );

  it.each(TABLES)(
    '%s: a row deleted in a copy is named, table and row',
    async (table) => {
      const dir = copy();
      tamper(dir, (db) => {
        if (table === 'returns') db.prepare('DELETE FROM return_lines WHERE return_id = ?').run(rows.returns);
        expect(db.prepare(`DELETE FROM ${table} WHERE id = ?`).run(rows[table]).changes).toBe(1);
      });
      const r = await sello(['audit', 'verify', '--data-dir', dir]);
      expect(r.code, r.out).toBe(1);
      expect(r.out).toMatch(new RegExp(`${rows[table]} \\(tabla ${table}[^)]*\\) fue borrad[oa] de la base de datos`));
    },
    60_000,
  );

  it("returns: an ER's line edited, or one added, is the ER edited", async () => {
    const dir = copy();
    tamper(dir, (db) => {
      db.prepare("UPDATE return_lines SET quantity = '2', amount = '9.99' WHERE return_id = ?").run(rows.returns);
      db.prepare(
        "INSERT INTO return_lines (return_id, dte_id, item, description, quantity, amount) SELECT return_id, dte_id, 2, 'Otro', '1', '1.00' FROM return_lines WHERE return_id = ?",
      ).run(mistakenEr);
    });
    const r = await sello(['audit', 'verify', '--data-dir', dir]);
    expect(r.code, r.out).toBe(1);
    for (const id of [rows.returns, mistakenEr])
      expect(r.out).toContain(`el Evento de Retorno ${id} (tabla returns, con sus líneas en return_lines) fue modificado`);
    expect(r.out.match(/\(tabla returns/g)).toHaveLength(2);
  }, 60_000);

  it('a drawer opening added outside Sello is named as added', async () => {
    const dir = copy();
    tamper(dir, (db) =>
      db
        .prepare(
          "INSERT INTO drawer_openings (id, scope, amount, opened_at, opened_by, opened_by_name) VALUES ('fondo-falso', 'station', '900.00', '2026-11-22T09:00:00-06:00', 'user:admin', 'Admin')",
        )
        .run(),
    );
    const r = await sello(['audit', 'verify', '--data-dir', dir]);
    expect(r.code, r.out).toBe(1);
    expect(r.out).toContain(
      'la apertura de turno (fondo de caja) fondo-falso (tabla drawer_openings) se agregó a la base de datos fuera de Sello',
    );
  }, 60_000);

  it('the start says it too: a critical alert naming the table and the row', async () => {
    const dir = copy();
    tamper(dir, (db) => db.prepare(EDITS.returns).run(rows.returns));
    const core = createCore({ dataDir: dir, clock, sync: { manual: true }, backups: { everyMs: 0 } });
    try {
      const found = await core.auditChecked();
      expect(found).toEqual([{ code: 'row-edited', table: 'returns', id: rows.returns }]);
      expect(core.sync.status().alerts).toContainEqual(
        expect.objectContaining({
          code: 'audit_chain_broken',
          level: 'critical',
          message: stringContaining(`el Evento de Retorno ${rows.returns} (tabla returns`),
        }),
      );
    } finally {
      core.close();
    }
  }, 60_000);
});

/** The chain key as the station opens it (with the test run's key file, never from the data folder alone). */
const chainKey = (dir: string): Buffer =>
  read(dir, (db) => {
    const sealed = (db.prepare('SELECT value FROM settings WHERE key = ?').get(AUDIT_KEY_SETTING) as { value: string }).value;
    return openChainKey(sealed, aesGcmBox(readFileSync(process.env.SELLO_SECRET_FILE!)))!;
  });

describe('a write to a row edited outside Sello', () => {
  it('is told before the row is bound afresh: an ER edited, then invalidated by Sello', () => {
    const dir = copy();
    tamper(dir, (db) => db.prepare(EDITS.returns).run(rows.returns));
    const store = openStore(join(dir, 'sello.db'));
    try {
      store.chain.key = chainKey(dir);
      const found: unknown[] = [];
      store.chain.found = (f) => found.push(f);
      const at = '2026-11-22T09:45:00-06:00';
      returnsRepo(store).insertInvalidation({
        id: 'ab0d0000-0000-4000-8000-00000000ffff',
        return_id: rows.returns,
        status: 'PENDING',
        type: 2,
        reason: 'Prueba',
        mh_json: '{}',
        jws: 'x.y.z',
        mh_response: null,
        generated_at: at,
        created_at: at,
        updated_at: at,
      });
      expect(found).toEqual([{ code: 'row-edited', table: 'returns', id: rows.returns }]);
    } finally {
      store.close();
    }
  });
});

describe('a station keyed before these tables were bound', () => {
  /**
   * The chain as the version before wrote it: the same entries without the new tables' bindings and the entry that
   * bound them, every keyed hash after them recomputed with the station's own key (that version held it).
   */
  function asKeyedBefore(dir: string): void {
    const key = chainKey(dir);
    const actions = [TABLES_BOUND_ACTION, ...BOUND_TABLES.filter((t) => t.table !== 'documents').map((t) => t.action)];
    tamper(dir, (db) => {
      const marks = actions.map(() => '?').join(', ');
      const first = (db.prepare(`SELECT min(seq) AS seq FROM audit_log WHERE action IN (${marks})`).get(...actions) as { seq: number }).seq;
      db.prepare(`DELETE FROM audit_log WHERE action IN (${marks})`).run(...actions);
      let prev = (db.prepare('SELECT hash FROM audit_log WHERE seq < ? ORDER BY seq DESC LIMIT 1').get(first) as { hash: string }).hash;
      const set = db.prepare('UPDATE audit_log SET prev_hash = ?, hash = ? WHERE seq = ?');
      for (const r of db.prepare('SELECT * FROM audit_log WHERE seq > ? ORDER BY seq').all(first) as ChainRow[]) {
        const hash = keyedHash(key, prev, r);
        set.run(prev, hash, r.seq);
        prev = hash;
      }
    });
  }

  it('verifies clean before and after its first start, which binds every row once and says so in the chain', async () => {
    const dir = copy();
    asKeyedBefore(dir);
    const before = await sello(['audit', 'verify', '--data-dir', dir]);
    expect(before.code, before.out).toBe(0);
    expect(before.out).toContain(
      'aún sin ligar al registro (se ligan al iniciar Sello una vez): returns, return_invalidations, invalidations, day_closes, drawer_openings, drawer_kicks',
    );

    const core = createCore({ dataDir: dir, clock, sync: { manual: true }, backups: { everyMs: 0 } });
    try {
      expect(await core.auditChecked()).toEqual([]);
      expect(core.sync.status().alerts.map((a) => a.code)).not.toContain('audit_chain_broken');
    } finally {
      core.close();
    }
    const entry = read(dir, (db) => db.prepare('SELECT actor, detail FROM audit_log WHERE action = ?').all(TABLES_BOUND_ACTION)) as {
      actor: string;
      detail: string;
    }[];
    expect(entry).toHaveLength(1);
    expect(JSON.parse(entry[0]!.detail)).toEqual({
      reason: 'actualizacion',
      tables: ['returns', 'return_invalidations', 'invalidations', 'day_closes', 'drawer_openings', 'drawer_kicks'],
      rows: { returns: 2, return_invalidations: 1, invalidations: 1, day_closes: 1, drawer_openings: 1, drawer_kicks: 1 },
    });
    const after = await sello(['audit', 'verify', '--data-dir', dir]);
    expect(after.code, after.out).toBe(0);
    expect(after.out).toContain('también comprobadas contra el registro: returns');
    expect(after.out).not.toContain('aún sin ligar');

    // From here on an edit is found as on any station.
    tamper(dir, (db) => db.prepare(EDITS.invalidations).run(rows.invalidations));
    const edited = await sello(['audit', 'verify', '--data-dir', dir]);
    expect(edited.code, edited.out).toBe(1);
    expect(edited.out).toContain(`la invalidación ${rows.invalidations} (tabla invalidations) fue modificada`);
  }, 90_000);
});
