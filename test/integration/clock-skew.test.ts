// The simulated MH judges documents by its own clock and says its time; a station reads it from the first
// answer, and from then on refuses what MH would reject (docs/decisions/0028-clock-skew.md).
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Clock } from '../../main/core/clock';
import type { Core } from '../../main/core/create-core';
import { CoreError } from '../../main/core/errors';
import { fcBody } from '../fixtures/bodies';
import { tempDir } from '../support/core';
import { coreWithSimulator, startSimulator } from '../support/mh-sim';

const HOUR = 3_600_000;
let sim: Awaited<ReturnType<typeof startSimulator>>;
let dir: ReturnType<typeof tempDir>;
let core: Core | null = null;
let n = 0;
const fc = () => ({ ...fcBody(`c10c0000-0000-4000-8000-${String(++n).padStart(12, '0')}`), generatedAt: undefined });
/** A clock `offset` ms off the machine's, that a test can move (the clock corrected). */
const skewed = (offset: { ms: number }): Clock => ({ now: () => new Date(Date.now() + offset.ms) });

beforeEach(async () => {
  sim = await startSimulator({ loteDelayMs: 20 });
  dir = tempDir('sello-clock-');
});
afterEach(async () => {
  core?.close();
  core = null;
  await sim.close();
  dir.cleanup();
});

describe('the simulated MH and its clock', () => {
  it('answers with its own time in the Date header', async () => {
    const at = Date.parse('2026-03-01T18:30:00Z');
    const other = await startSimulator({ clock: { now: () => new Date(at) } });
    try {
      const res = await fetch(`${other.url}/seguridad/auth`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'user=06142803901121&pwd=x',
      });
      expect(Date.parse(res.headers.get('date') ?? '')).toBe(at);
    } finally {
      await other.close();
    }
  });

  it('rejects with 009 a document ahead of its clock by more than 30 minutes, or dated before yesterday', async () => {
    // MH's clock at noon in El Salvador: two hours ahead is still today, so only the time can refuse it.
    const noon = Date.parse('2026-11-20T18:00:00Z');
    for (const [ms, expected] of [
      [24 * HOUR, 'RECHAZADO'],
      [-48 * HOUR, 'RECHAZADO'],
      [2 * HOUR, 'RECHAZADO'],
      [20 * 60_000, 'PROCESADO'],
      [-20 * HOUR, 'PROCESADO'],
    ] as const) {
      // A station that has not heard from MH yet issues with its wrong clock; the first answer is MH's verdict.
      // A fresh MH each time: every station's first control number is the same.
      const fixed = await startSimulator({ loteDelayMs: 20, clock: { now: () => new Date(noon) } });
      const d = tempDir('sello-clock-one-');
      const c = coreWithSimulator(d.dir, fixed, { clock: { now: () => new Date(noon + ms) } });
      try {
        const id = c.dtes.create('FC', fc(), 'test').record.id;
        await c.sync.runOnce();
        const answer = fixed.state.documents.get(id.toUpperCase())?.body as { estado: string; codigoMsg: string } | undefined;
        expect([ms, answer?.estado]).toEqual([ms, expected]);
        if (expected === 'RECHAZADO') expect(answer?.codigoMsg).toBe('009');
      } finally {
        c.close();
        d.cleanup();
        await fixed.close();
      }
    }
  });
});

describe('a station with a wrong clock', () => {
  it('a day ahead: after the first MH answer clock_refused shows and creates are refused without spending a number', async () => {
    const offset = { ms: 24 * HOUR };
    core = coreWithSimulator(dir.dir, sim, { clock: skewed(offset) });
    const c = core;
    // Nothing heard from MH yet: nothing to say about the clock.
    expect(c.sync.status().alerts).toEqual([]);
    const first = c.dtes.create('FC', fc(), 'test').record;
    await c.sync.runOnce();
    expect(c.dtes.get(first.id).status).toBe('REJECTED');
    const alerts = c.sync.status().alerts;
    // The document made before MH's first answer is named too (wrong-clock-documents.ts).
    expect(alerts.map((a) => [a.code, a.level])).toEqual([
      ['clock_refused', 'critical'],
      ['issued_with_wrong_clock', 'warning'],
    ]);
    expect(alerts[0]?.message).toMatch(/adelantado 1 día/);
    let refused: unknown;
    try {
      c.dtes.create('FC', fc(), 'test');
    } catch (e) {
      refused = e;
    }
    expect(refused).toBeInstanceOf(CoreError);
    expect((refused as CoreError).code).toBe('STATION_NOT_READY');
    expect((refused as CoreError).detail).toMatch(/adelantado 1 día.*Corrija la fecha y la hora/);
    expect(c.dtes.list({ limit: 10 }).items).toHaveLength(1);
    // The clock is corrected: the reading is a day away from now, too old to refuse on; the next is right.
    offset.ms = 0;
    const next = c.dtes.create('FC', fc(), 'test').record;
    expect(next.controlNumber.slice(-3)).toBe('002');
    await c.sync.runOnce();
    expect(c.dtes.get(next.id).status).toBe('APPROVED');
    // Only the document made with the wrong clock stays named for a person; the one made since is not in it.
    expect(c.sync.status().alerts.map((a) => a.code)).toEqual(['issued_with_wrong_clock']);
    expect(c.sync.status().alerts[0]?.message).toContain(first.controlNumber);
  });

  it('a few minutes behind: only the clock_skew warning, and documents are sealed', async () => {
    core = coreWithSimulator(dir.dir, sim, { clock: skewed({ ms: -4 * 60_000 }) });
    const id = core.dtes.create('FC', fc(), 'test').record.id;
    await core.sync.runOnce();
    expect(core.dtes.get(id).status).toBe('APPROVED');
    const alerts = core.sync.status().alerts;
    expect(alerts.map((a) => [a.code, a.level])).toEqual([
      ['clock_skew', 'warning'],
      ['issued_with_wrong_clock', 'warning'],
    ]);
    expect(alerts[0]?.message).toMatch(/atrasado 4 minutos/);
    expect(() => core?.dtes.create('FC', fc(), 'test')).not.toThrow();
  });
});
