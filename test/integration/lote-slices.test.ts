// A contingency backlog's lotes are marked as leaving, and their results recorded, a slice per transaction with
// a turn of the event loop between (docs/decisions/0046-backlog-in-slices.md): the counter is served between
// slices, and a stop between two slices loses nothing and records nothing twice. Against the simulator over HTTP.
import BetterSqlite3 from 'better-sqlite3';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Core } from '../../main/core/create-core';
import { LOTE_PROCESSING_MS } from '../../main/core/outbox/outbox';
import { fcBody } from '../fixtures/bodies';
import { tempDir } from '../support/core';
import { coreWithSimulator, startSimulator, untilContingency } from '../support/mh-sim';

let sim: Awaited<ReturnType<typeof startSimulator>>;
let dir: ReturnType<typeof tempDir>;
let core: Core;
let closed = false;
let n = 0;
const newId = () => `5e1ce000-0000-4000-8000-${String(++n).padStart(12, '0')}`;
const fc = () => ({ ...fcBody(newId()), generatedAt: undefined });
/** The station's clock ahead of the real one by this much (a later start, without waiting for it). */
let ahead = 0;
const open = () => coreWithSimulator(dir.dir, sim, { timeoutMs: 3000, lotePollMs: 0, clock: { now: () => new Date(Date.now() + ahead) } });
const stop = () => {
  if (closed) return;
  closed = true;
  core.close();
};

/** `count` documents issued while MH is down: a contingency event and a backlog for one lote. */
async function backlog(count: number): Promise<string[]> {
  sim.setMode('down');
  const ids = [core.dtes.create('FC', fc(), 'test').record.id];
  await untilContingency(core);
  expect(core.sync.status().state).toBe('contingency');
  for (let i = 1; i < count; i++) ids.push(core.dtes.create('FC', fc(), 'test').record.id);
  sim.setMode('normal');
  return ids;
}

/** What another reader of the file sees at every turn of the event loop while `work` runs. */
async function watchTurns<T>(work: () => Promise<T>, look: (db: BetterSqlite3.Database) => void): Promise<T> {
  const db = new BetterSqlite3(join(dir.dir, 'sello.db'), { readonly: true });
  let on = true;
  const tick = () => {
    if (!on) return;
    look(db);
    setImmediate(tick);
  };
  setImmediate(tick);
  try {
    return await work();
  } finally {
    on = false;
    db.close();
  }
}

const statusCounts = (db: BetterSqlite3.Database) =>
  Object.fromEntries(
    (db.prepare('SELECT status, count(*) AS n FROM documents GROUP BY status').all() as { status: string; n: number }[]).map((r) => [
      r.status,
      r.n,
    ]),
  ) as Record<string, number | undefined>;

/** Until the backlog is drained (or `seconds` pass, or the core is stopped). */
async function drain(seconds = 20) {
  for (const until = Date.now() + seconds * 1000; Date.now() < until;) {
    await core.sync.runOnce();
    // Stopped under the watcher: what the next start finds is the test.
    if (closed) return;
    const s = core.sync.status();
    if (!s.contingencies.length && s.queue.pending === 0 && s.queue.sending === 0 && s.queue.unknown === 0) return;
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Every document approved once: MH's seal on it, one approval in its history, and MH accepted it once. */
function approvedOnce(ids: readonly string[]) {
  for (const id of ids) {
    const doc = core.dtes.get(id);
    expect(doc.status, id).toBe('APPROVED');
    expect(doc.mhResponse?.selloRecibido, id).toBeTruthy();
  }
  const db = new BetterSqlite3(join(dir.dir, 'sello.db'), { readonly: true });
  try {
    const approvals = db.prepare(`SELECT subject, count(*) AS n FROM audit_log WHERE action = 'dte.approved' GROUP BY subject`).all() as {
      subject: string;
      n: number;
    }[];
    expect(approvals.length).toBe(ids.length);
    expect(approvals.filter((a) => a.n !== 1)).toEqual([]);
  } finally {
    db.close();
  }
  expect(new Set(sim.state.accepted).size).toBe(ids.length);
  expect(sim.state.accepted.length).toBe(ids.length);
}

beforeEach(async () => {
  sim = await startSimulator({ loteDelayMs: 0 });
  dir = tempDir();
  closed = false;
  ahead = 0;
  core = open();
});
afterEach(async () => {
  stop();
  await sim.close();
  dir.cleanup();
});

describe('a backlog drained in slices', () => {
  it('the lote leaves and its results land a slice at a time, with turns of the event loop between', async () => {
    const ids = await backlog(30);
    let leavingHalfway = false;
    let resultsHalfway = false;
    await watchTurns(drain, (db) => {
      const c = statusCounts(db);
      const processing = c.PROCESSING ?? 0;
      const approved = c.APPROVED ?? 0;
      // Part of the lote marked as leaving, the rest still unsent, and nothing gone to MH yet.
      if (processing > 0 && (c.CREATED ?? 0) > 0 && !sim.state.counts.recepcionlote) leavingHalfway = true;
      // Part of the lote's results recorded, the rest still waiting.
      if (approved > 0 && processing > 0) resultsHalfway = true;
    });
    expect(leavingHalfway).toBe(true);
    expect(resultsHalfway).toBe(true);
    approvedOnce(ids);
  });

  it('a stop while the lote is being marked leaves it lost: its documents are asked about and go again, once', async () => {
    const ids = await backlog(30);
    await watchTurns(drain, (db) => {
      const c = statusCounts(db);
      if ((c.PROCESSING ?? 0) > 0 && (c.CREATED ?? 0) > 0 && !sim.state.counts.recepcionlote) stop();
    });
    expect(closed).toBe(true);
    expect(sim.state.counts.recepcionlote ?? 0).toBe(0);
    core = open();
    closed = false;
    await drain(2);
    // A lote cut short may have reached MH, so its documents are asked about once MH would have processed it
    // (outbox.ts, LOTE_PROCESSING_MS): the station's clock moves past that instead of the test waiting.
    ahead = LOTE_PROCESSING_MS + 1000;
    await drain();
    approvedOnce(ids);
  });

  it('a slice that fails after others were marked ends the lote not taken: its documents are unsent again, then go once', async () => {
    const ids = await backlog(30);
    // The thirteenth document's queue row refuses to be marked, as a full disk would refuse the write: the third
    // slice of five fails halfway, after the first two committed, so each lote tried holds the 10 marked before it.
    const db = new BetterSqlite3(join(dir.dir, 'sello.db'));
    const failing = ids[12]!.toLowerCase();
    db.exec(`CREATE TRIGGER lote_slice_fails BEFORE UPDATE OF state ON outbox WHEN NEW.document_id = '${failing}' AND NEW.state = 'sending'
      BEGIN SELECT RAISE(ABORT, 'database or disk is full'); END`);
    try {
      for (let i = 0; i < 3; i++) await core.sync.runOnce();
      const c = statusCounts(db);
      expect(c.PROCESSING ?? 0).toBe(0);
      expect(c.CREATED).toBe(ids.length);
      expect(db.prepare(`SELECT status, json_array_length(document_ids) AS n FROM lotes`).all()).toEqual(
        Array.from({ length: 3 }, () => ({ status: 'failed', n: 10 })),
      );
      expect(db.prepare(`SELECT count(*) AS n FROM outbox WHERE state <> 'pending'`).get()).toEqual({ n: 0 });
      expect(sim.state.counts.recepcionlote ?? 0).toBe(0);
    } finally {
      db.exec('DROP TRIGGER lote_slice_fails');
      db.close();
    }
    await drain();
    approvedOnce(ids);
  });

  it('a stop between two slices of results records the rest at the next start, nothing twice', async () => {
    const ids = await backlog(30);
    let approvedAtStop = -1;
    await watchTurns(drain, (db) => {
      const c = statusCounts(db);
      if (approvedAtStop < 0 && (c.APPROVED ?? 0) > 0 && (c.PROCESSING ?? 0) > 0) {
        approvedAtStop = c.APPROVED ?? 0;
        stop();
      }
    });
    expect(approvedAtStop).toBeGreaterThan(0);
    expect(approvedAtStop).toBeLessThan(ids.length);
    core = open();
    closed = false;
    await drain();
    approvedOnce(ids);
    // The lote was asked about again, not sent again.
    expect(sim.state.counts.recepcionlote).toBe(1);
  });
});
