// Issue 54 (docs/decisions/0070-station-faults-said-aloud.md): documents issued offline while the station's clock
// was wrong are named for a person once a reading of MH's time (the simulator's own clock) finds it wrong, with
// what to do; they are sent and sealed as signed, never rewritten, and the list outlives a restart.
import BetterSqlite3 from 'better-sqlite3';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Clock } from '../../main/core/clock';
import type { Core } from '../../main/core/create-core';
import type { StationAlert } from '../../shared/records';
import { fcBody } from '../fixtures/bodies';
import { tempDir } from '../support/core';
import { coreWithSimulator, startSimulator } from '../support/mh-sim';

const MINUTE = 60_000;
let sim: Awaited<ReturnType<typeof startSimulator>>;
let dir: ReturnType<typeof tempDir>;
let core: Core | null = null;
let n = 0;
const fc = () => ({ ...fcBody(`c10d0000-0000-4000-8000-${String(++n).padStart(12, '0')}`), generatedAt: undefined });
/** The station's clock, `offset` ms off the machine's (and the simulator's). */
const offset = { ms: 0 };
const clock: Clock = { now: () => new Date(Date.now() + offset.ms) };
/** The network cut: every request fails as an unplugged cable does, so no answer (no reading) arrives. */
const net = { down: false };
const cable: typeof fetch = (input, init) =>
  net.down ? Promise.reject(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' })) : fetch(input, init);
const open = () => (core = coreWithSimulator(dir.dir, sim, { clock, fetch: cable, timeoutMs: 1000 }));
/** A document as stored when signed: its packed MH document and JWS, and its generation time. */
const stored = (id: string) => {
  const db = new BetterSqlite3(join(dir.dir, 'sello.db'), { readonly: true });
  const row = db.prepare('SELECT packed, generated_at, control_number FROM documents WHERE id = ?').get(id) as Record<string, unknown>;
  db.close();
  return row;
};
/** Runs the engine now (past its backoff) until MH sealed these documents, or 20 rounds. */
const sealed = async (c: Core, ...ids: string[]) => {
  for (let i = 0; i < 20 && ids.some((id) => c.dtes.get(id).status !== 'APPROVED'); i += 1) {
    c.sync.retryNow();
    await c.sync.runOnce();
    await new Promise((r) => setTimeout(r, 25));
  }
};
const wrongClock = (c: Core): StationAlert | undefined => c.sync.status().alerts.find((a) => a.code === 'issued_with_wrong_clock');

beforeEach(async () => {
  offset.ms = 0;
  net.down = false;
  sim = await startSimulator({ loteDelayMs: 20 });
  dir = tempDir('sello-wrong-clock-');
});
afterEach(async () => {
  core?.close();
  core = null;
  await sim.close();
  dir.cleanup();
});

describe('documents issued offline with a clock found wrong', () => {
  it('are listed for a person once MH’s time finds the clock wrong: how many, the first, what to do; never rewritten', async () => {
    const c = open();
    // A good reading: the document before it is not in doubt.
    const before = c.dtes.create('FC', fc(), 'test').record;
    await c.sync.runOnce();
    expect(c.dtes.get(before.id).status).toBe('APPROVED');
    expect(wrongClock(c)).toBeUndefined();

    // Offline, the clock moves 10 minutes ahead (under the 25 that refuse issuing): two documents are made.
    net.down = true;
    offset.ms = 10 * MINUTE;
    const first = c.dtes.create('FC', fc(), 'test').record;
    const second = c.dtes.create('FC', fc(), 'test').record;
    await c.sync.runOnce();
    expect(c.dtes.get(first.id).status).not.toBe('APPROVED');
    // Nothing heard from MH: nothing to say yet.
    expect(wrongClock(c)).toBeUndefined();
    const signed = stored(first.id);

    // MH is back: its first answer finds the clock 10 minutes ahead; both go, MH accepts them within its window.
    net.down = false;
    await sealed(c, first.id, second.id);
    expect(c.dtes.get(first.id).status).toBe('APPROVED');
    expect(c.dtes.get(second.id).status).toBe('APPROVED');
    const alert = wrongClock(c);
    expect(alert).toMatchObject({ level: 'warning' });
    expect(alert?.message).toContain('2 documentos');
    expect(alert?.message).toContain(first.controlNumber);
    expect(alert?.message).toContain('adelantado 10 minutos');
    expect(alert?.action).toMatch(/firmados y no se modifican.*Revise su fecha y hora con cada cliente.*MH los acepta/);
    expect(c.sync.status().alerts.map((a) => a.code)).toContain('clock_skew');
    // Signed: never rewritten; the document, its JWS and its date and time are what was made offline.
    expect(stored(first.id)).toEqual(signed);

    // Another reading without new documents lists nothing twice; one made since is added.
    await c.sync.runOnce();
    expect(wrongClock(c)?.message).toContain('2 documentos');
    const third = c.dtes.create('FC', fc(), 'test').record;
    await sealed(c, third.id);
    expect(c.dtes.get(third.id).status).toBe('APPROVED');
    expect(wrongClock(c)?.message).toMatch(new RegExp(`3 documentos.*el primero: ${first.controlNumber}`));
    const audit = new BetterSqlite3(join(dir.dir, 'sello.db'), { readonly: true });
    const lines = audit.prepare(`SELECT detail FROM audit_log WHERE action = 'dte.issued_with_wrong_clock'`).all() as { detail: string }[];
    audit.close();
    expect(lines.flatMap((l) => (JSON.parse(l.detail) as { documents: string[] }).documents)).toEqual([
      first.controlNumber,
      second.controlNumber,
      third.controlNumber,
    ]);
    expect(lines.map((l) => l.detail).join()).not.toContain(before.controlNumber);

    // A restart keeps the list; it shows for 72 hours, and the audit log keeps the documents after.
    c.close();
    const again = open();
    expect(wrongClock(again)?.message).toContain('3 documentos');
    offset.ms = 73 * 60 * MINUTE;
    expect(wrongClock(again)).toBeUndefined();
  });

  it('a clock right all along lists nothing', async () => {
    const c = open();
    net.down = true;
    c.dtes.create('FC', fc(), 'test');
    await c.sync.runOnce();
    net.down = false;
    await c.sync.runOnce();
    expect(c.sync.status().alerts).toEqual([]);
  });
});
