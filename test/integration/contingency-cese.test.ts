// The cese of a contingency over more than 1,000 documents (MH's limit per event): one event per transaction,
// with the counter's sales going on between them (contingency.ts, end). After any step, and after the station
// stops or is killed between two, every document is in exactly one event, each event's signed list is exactly
// its documents, and everything reaches MH once.
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Core } from '../../main/core/create-core';
import type { DteRecord, SyncStatus } from '../../shared/records';
import { fcBody } from '../fixtures/bodies';
import { tempDir } from '../support/core';
import { coreWithSimulator, startSimulator, stationFileFor, untilContingency } from '../support/mh-sim';
import { exitOf, startServe } from '../support/serve-process';

let sim: Awaited<ReturnType<typeof startSimulator>>;
let dir: ReturnType<typeof tempDir>;
let n = 0;
const newId = () => `ce5e0000-0000-4000-8000-${String(++n).padStart(12, '0')}`;
const fc = () => ({ ...fcBody(newId()), generatedAt: undefined });

beforeEach(async () => {
  sim = await startSimulator({ loteDelayMs: 0 });
  dir = tempDir('sello-cese-');
});
afterEach(async () => {
  await sim.close();
  dir.cleanup();
});

interface EventRow {
  id: string;
  status: string;
  mh_json: string | null;
  created_at: string;
}

/** The store's events and which event each document is in, read as another process would. */
function readStore(dataDir: string) {
  const db = new BetterSqlite3(join(dataDir, 'sello.db'), { readonly: true });
  try {
    const docs = db.prepare('SELECT id, contingency_id FROM documents ORDER BY created_at, id').all() as {
      id: string;
      contingency_id: string | null;
    }[];
    const events = db.prepare('SELECT id, status, mh_json, created_at FROM contingency_events ORDER BY created_at, id').all() as EventRow[];
    const audit = db.prepare("SELECT action, subject FROM audit_log WHERE action LIKE 'contingency.%' ORDER BY seq").all() as {
      action: string;
      subject: string;
    }[];
    return { docs, events, audit };
  } finally {
    db.close();
  }
}

/**
 * What holds after every step: each document in exactly one event that exists; no event over 1,000; each signed
 * one lists exactly the documents in it; an unsigned one is a chunk being filled. Returns the documents by event.
 */
function checkEvents(dataDir: string): Map<string, string[]> {
  const { docs, events } = readStore(dataDir);
  const byEvent = new Map<string, string[]>(events.map((e) => [e.id, []]));
  for (const d of docs) {
    expect(d.contingency_id, `${d.id} in no event`).not.toBeNull();
    const list = byEvent.get(d.contingency_id!);
    expect(list, `${d.id} in an event that does not exist`).toBeDefined();
    list!.push(d.id);
  }
  for (const e of events) {
    const mine = byEvent.get(e.id)!;
    // The open one holds what the cese has not split off yet, whatever its number.
    if (e.status === 'open') continue;
    expect(mine.length, e.id).toBeLessThanOrEqual(1000);
    // A chunk still being filled: ended, not signed, only while the contingency's own is open to finish it.
    if (e.mh_json === null) {
      expect(e.status, e.id).toBe('ended');
      expect(
        events.filter((x) => x.status === 'open'),
        e.id,
      ).toHaveLength(1);
      continue;
    }
    const signed = JSON.parse(e.mh_json) as { detalleDTE: { codigoGeneracion: string }[] };
    expect(signed.detalleDTE.map((x) => x.codigoGeneracion.toLowerCase()).sort(), e.id).toEqual([...mine].sort());
  }
  return byEvent;
}

/** MH down: the station enters contingency with `count` documents issued. */
async function backlog(core: Core, count: number): Promise<string[]> {
  sim.setMode('down');
  const ids = [core.dtes.create('FC', fc(), 'test').record.id];
  await untilContingency(core);
  expect(core.sync.status().state).toBe('contingency');
  for (let i = 1; i < count; i++) ids.push(core.dtes.create('FC', fc(), 'test').record.id);
  return ids;
}

/** Runs the engine until every event closed and nothing waits. */
async function drain(core: Core) {
  for (let round = 0; round < 60; round++) {
    await core.sync.runOnce();
    const s = core.sync.status();
    if (!s.contingencies.length && s.queue.pending + s.queue.sending + s.queue.unknown === 0) return;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`the backlog did not drain: ${JSON.stringify(core.sync.status().queue)}`);
}

/** A chunk is being filled: an event split off, not signed yet (contingency.ts, end). */
function filling(dataDir: string): boolean {
  return readStore(dataDir).events.some((e) => e.status === 'ended' && e.mh_json === null);
}

/** Between two steps of the cese: an event already split off, the contingency's own still open. */
const midCese = (s: SyncStatus) => s.contingencies.some((c) => c.status === 'ended') && s.contingencies.some((c) => c.status === 'open');

/**
 * MH down for `count` documents, then back: the station stops while the cese has a chunk half moved. It watches the
 * sync status, which lists an event only once signed: `count` must make the cese sign one before it fills another
 * (2,150: the 150 first, in three steps; then a chunk of 1,000 over twenty).
 */
async function stopMidFill(count: number): Promise<string[]> {
  const first = coreWithSimulator(dir.dir, sim, { lotePollMs: 0 });
  try {
    const ids = await backlog(first, count);
    sim.setMode('normal');
    let stopped = false;
    let running = true;
    const watch = (async () => {
      while (running) {
        if (midCese(first.sync.status()) && filling(dir.dir)) {
          first.close();
          stopped = true;
          return;
        }
        await new Promise((r) => setImmediate(r));
      }
    })();
    await first.sync.runOnce().catch(() => undefined);
    running = false;
    await watch;
    expect(stopped).toBe(true);
    return ids;
  } finally {
    first.close();
  }
}

describe('the cese over more than 1,000 documents', () => {
  it('one event per transaction, the oldest 1,000 keep the contingency; a sale between steps joins it; all reach MH once', async () => {
    const core = coreWithSimulator(dir.dir, sim, { lotePollMs: 0 });
    try {
      const ids = await backlog(core, 2150);
      const original = core.sync.status().contingencies[0]!.id;
      sim.setMode('normal');

      // A sale the moment after each step, as the counter's would land between the transactions.
      const between: string[] = [];
      const seen: SyncStatus['contingencies'][] = [];
      let watching = true;
      const watch = (async () => {
        while (watching) {
          const s = core.sync.status();
          if (midCese(s)) {
            seen.push(s.contingencies);
            // The station's state after a step is whole: check it before the sale goes in.
            checkEvents(dir.dir);
            if (between.length < 2) between.push(core.dtes.create('FC', fc(), 'test').record.id);
          }
          await new Promise((r) => setImmediate(r));
        }
      })();
      await core.sync.runOnce();
      watching = false;
      await watch;

      expect(between).toHaveLength(2);
      // The cese made every event in one go: none open, each signed, 2,152 documents in 1,000 + 1,000 + 150 + 2.
      const byEvent = checkEvents(dir.dir);
      const sizes = [...byEvent.values()].map((l) => l.length);
      expect(sizes.reduce((a, b) => a + b, 0)).toBe(2152);
      expect(Math.max(...sizes)).toBe(1000);
      expect(byEvent.size).toBeGreaterThanOrEqual(4);
      // The contingency's own event keeps its oldest documents; the sales issued between steps are in an event.
      expect(byEvent.get(original)).toEqual(ids.slice(0, 1000));
      for (const id of between) expect([...byEvent.values()].filter((l) => l.includes(id))).toHaveLength(1);
      // Each step was seen on its own: the steps were separate transactions with the loop turning between.
      expect(seen.length).toBeGreaterThanOrEqual(2);
      const { audit, events } = readStore(dir.dir);
      expect(audit.filter((a) => a.action === 'contingency.split').length).toBe(byEvent.size - 1);
      expect(audit.filter((a) => a.action === 'contingency.ended')).toEqual([{ action: 'contingency.ended', subject: original }]);
      // Every event ends at the cese: the same end for those holding only documents issued before it.
      const ends = events
        .filter((e) => !byEvent.get(e.id)!.some((id) => between.includes(id)))
        .map((e) => {
          const m = (JSON.parse(e.mh_json!) as { motivo: { fFin: string; hFin: string } }).motivo;
          return `${m.fFin} ${m.hFin}`;
        });
      expect(new Set(ends).size).toBe(1);

      await drain(core);
      for (const id of [...ids, ...between]) {
        expect(core.dtes.get(id).status, id).toBe('APPROVED');
        expect(sim.state.received.get(id.toUpperCase()), id).toBe(1);
      }
      expect(sim.state.events.size).toBe(byEvent.size);
    } finally {
      core.close();
    }
  }, 120_000);

  it('the station stopped between two steps: the next start goes on with the rest, nothing lost or listed twice', async () => {
    const ids = await stopMidFill(2150);
    const halfway = readStore(dir.dir);
    expect(halfway.events.filter((e) => e.status === 'open')).toHaveLength(1);
    // Stopped with a chunk half moved into an event not signed yet: the next start finishes it.
    expect(halfway.events.filter((e) => e.status === 'ended' && e.mh_json === null)).toHaveLength(1);
    checkEvents(dir.dir);

    // MH down again at the next start: the sync screen shows the contingency open with every document not yet in a
    // signed event, the half-filled chunk's included, and no event ended but the signed ones.
    sim.setMode('down');
    const second = coreWithSimulator(dir.dir, sim, { lotePollMs: 0 });
    try {
      await second.sync.runOnce();
      const shown = second.sync.status().contingencies;
      const signed = halfway.events.filter((e) => e.mh_json !== null);
      expect(shown.filter((c) => c.status === 'ended').map((c) => c.id)).toEqual(signed.map((e) => e.id));
      const openOne = shown.filter((c) => c.status === 'open');
      expect(openOne).toHaveLength(1);
      expect(openOne[0]!.eventDeadline).toBeNull();
      const inSigned = halfway.docs.filter((doc) => signed.some((e) => e.id === doc.contingency_id)).length;
      expect(openOne[0]!.documents).toBe(2150 - inSigned);

      sim.setMode('normal');
      await drain(second);
      const byEvent = checkEvents(dir.dir);
      expect([...byEvent.values()].map((l) => l.length).sort((a, b) => a - b)).toEqual([150, 1000, 1000]);
      for (const id of ids) {
        expect(second.dtes.get(id).status, id).toBe('APPROVED');
        expect(sim.state.received.get(id.toUpperCase()), id).toBe(1);
      }
      expect(sim.state.events.size).toBe(3);
    } finally {
      second.close();
    }
  }, 120_000);

  it('an unsigned event with no contingency open to finish it is signed with what it holds and reaches MH', async () => {
    const ids = await stopMidFill(2150);
    const halfway = readStore(dir.dir);
    const half = halfway.events.find((e) => e.status === 'ended' && e.mh_json === null)!.id;
    const inHalf = halfway.docs.filter((d) => d.contingency_id === half).map((d) => d.id);
    expect(inHalf.length).toBeGreaterThan(0);
    // No path of the cese leaves this (decision 0056); a store that has it must not wait silently: the
    // contingency's own event closed, unsigned, beside the chunk half filled.
    const db = new BetterSqlite3(join(dir.dir, 'sello.db'));
    try {
      db.prepare("UPDATE contingency_events SET status = 'ended', ended_at = started_at WHERE status = 'open'").run();
    } finally {
      db.close();
    }
    const orphans = readStore(dir.dir).events.filter((e) => e.status === 'ended' && e.mh_json === null);
    expect(orphans).toHaveLength(2);

    const second = coreWithSimulator(dir.dir, sim, { lotePollMs: 0 });
    try {
      await drain(second);
      const byEvent = checkEvents(dir.dir);
      // The old open event held more than 1,000: signed in chunks of at most 1,000, the half-filled one as it was.
      expect([...byEvent.values()].reduce((a, l) => a + l.length, 0)).toBe(2150);
      expect([...byEvent.get(half)!].sort()).toEqual([...inHalf].sort());
      expect(Math.max(...[...byEvent.values()].map((l) => l.length))).toBeLessThanOrEqual(1000);
      for (const id of ids) {
        expect(second.dtes.get(id).status, id).toBe('APPROVED');
        expect(sim.state.received.get(id.toUpperCase()), id).toBe(1);
      }
      const { audit } = readStore(dir.dir);
      expect(
        audit
          .filter((a) => a.action === 'contingency.left-over')
          .map((a) => a.subject)
          .sort(),
      ).toEqual(orphans.map((e) => e.id).sort());
    } finally {
      second.close();
    }
  }, 120_000);

  it('`sello serve` killed with SIGKILL in the middle of the cese: restarted, it finishes it, and every document reaches MH once', async () => {
    const KEY = 'cese-kill-key-0123456789';
    const configFile = stationFileFor(sim, dir.dir, KEY);
    const dataDir = join(dir.dir, 'data');
    // MH's lote results asked for every 100 ms, not the product's 5 s: 21 lotes drain in seconds.
    const serve = () => startServe(['--config', configFile, '--data-dir', dataDir, '--port', '0'], { SELLO_LOTE_POLL_MS: '100' });
    const headers = { 'X-API-Key': KEY, 'Content-Type': 'application/json' };
    const get = <T>(url: string, path: string) => fetch(`${url}${path}`, { headers }).then((r) => r.json() as Promise<T>);
    const until = async <T>(what: string, read: () => Promise<T>, ok: (x: T) => boolean, ms: number): Promise<T> => {
      const deadline = Date.now() + ms;
      for (;;) {
        const x = await read();
        if (ok(x)) return x;
        if (Date.now() > deadline) throw new Error(`waited ${ms} ms for ${what}: ${JSON.stringify(x).slice(0, 300)}`);
        await new Promise((r) => setTimeout(r, 100));
      }
    };

    // MH down: the station enters contingency, then the counter sells 2,050 documents (four POS at once).
    sim.setMode('down');
    const a = await serve();
    const ids: string[] = [];
    let made = 0;
    const sell = async () => {
      made += 1;
      const res = await fetch(`${a.url}/dte/fc`, { method: 'POST', headers, body: JSON.stringify(fc()) });
      expect(res.status).toBe(201);
      ids.push(((await res.json()) as DteRecord).id);
    };
    await sell();
    await until(
      'contingency',
      () => get<SyncStatus>(a.url, '/sync/status'),
      (s) => s.state === 'contingency',
      60_000,
    );
    await Promise.all(
      Array.from({ length: 4 }, async () => {
        while (made < 2050) await sell();
      }),
    );
    a.child.kill('SIGTERM');
    await exitOf(a.child);

    // MH is back; the station starts and ends the contingency. The test reads the store as another process
    // does, and kills the station the moment a chunk is half moved into an event not signed yet.
    sim.setMode('normal');
    const b = await serve();
    const db = new BetterSqlite3(join(dataDir, 'sello.db'), { readonly: true });
    const count = db.prepare(
      "SELECT sum(status = 'open') AS open, sum(status = 'ended' AND mh_json IS NULL) AS filling FROM contingency_events",
    );
    let killed = false;
    try {
      const deadline = Date.now() + 60_000;
      while (Date.now() < deadline) {
        const c = count.get() as { open: number; filling: number };
        if (c.open === 1 && c.filling >= 1) {
          b.child.kill('SIGKILL');
          killed = true;
          break;
        }
        if (c.open === 0) break;
        await new Promise((r) => setImmediate(r));
      }
    } finally {
      db.close();
      if (!killed) b.child.kill('SIGTERM');
    }
    await exitOf(b.child);
    expect(killed).toBe(true);
    const halfway = readStore(dataDir);
    expect(halfway.events.filter((e) => e.status === 'open')).toHaveLength(1);
    checkEvents(dataDir);

    const c = await serve();
    try {
      await until(
        'the backlog drained',
        () => get<SyncStatus>(c.url, '/sync/status'),
        (s) => s.contingencies.length === 0 && s.queue.pending + s.queue.sending + s.queue.unknown === 0,
        120_000,
      );
      for (const id of ids.slice(0, 5)) expect((await get<DteRecord>(c.url, `/dte/${id}`)).status).toBe('APPROVED');
    } finally {
      c.child.kill('SIGTERM');
      await exitOf(c.child);
    }
    const byEvent = checkEvents(dataDir);
    expect([...byEvent.values()].map((l) => l.length).sort((x, y) => x - y)).toEqual([50, 1000, 1000]);
    expect(ids).toHaveLength(2050);
    for (const id of ids) expect(sim.state.received.get(id.toUpperCase()), id).toBe(1);
    expect(sim.state.events.size).toBe(3);
  }, 240_000);
});
