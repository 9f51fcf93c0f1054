// MH's contingency deadlines as the sync status shows them: 24 h to get the event to MH after the cese (and
// to correct a rejected one), 72 h to get its documents to MH after the event's seal; a warning under 2 h, and
// the documents past their 72 h listed. The station's clock moves; the engine runs by hand.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Core } from '../../main/core/create-core';
import { fcBody } from '../fixtures/bodies';
import { fixedClock, tempDir } from '../support/core';
import { stringMatching } from '../support/match';
import { coreWithSimulator, startSimulator } from '../support/mh-sim';

const HOUR = 3600_000;
let sim: Awaited<ReturnType<typeof startSimulator>>;
let dir: ReturnType<typeof tempDir>;
let core: Core;
let clock: ReturnType<typeof fixedClock>;
let lotesRefused = false;
let n = 0;
const newId = () => `dead0000-0000-4000-8000-${String(++n).padStart(12, '0')}`;
const fc = () => ({ ...fcBody(newId()), generatedAt: undefined });

beforeEach(async () => {
  sim = await startSimulator({ loteDelayMs: 20 });
  dir = tempDir();
  clock = fixedClock(new Date().toISOString());
  lotesRefused = false;
  // MH busy for lotes only (when told): the documents of a sealed event stay unsent.
  const fetchImpl: typeof fetch = (input, init) =>
    lotesRefused && (input instanceof Request ? input.url : String(input)).includes('/recepcionlote')
      ? Promise.resolve(new Response('<html>ocupado</html>', { status: 503 }))
      : fetch(input, init);
  core = coreWithSimulator(dir.dir, sim, { timeoutMs: 2000, lotePollMs: 0, clock, fetch: fetchImpl });
});
afterEach(async () => {
  core.close();
  await sim.close();
  dir.cleanup();
});

/** Rounds of the engine, the clock past each backoff. */
async function rounds(k: number) {
  for (let i = 0; i < k; i++) {
    await core.sync.runOnce();
    clock.advance(61_000);
  }
}

describe('contingency deadlines', () => {
  it('warns under 2 h before the event deadline and the documents deadline, and lists the documents past 72 h', async () => {
    sim.setMode('down');
    const ids = [core.dtes.create('FC', fc(), 'test').record.id];
    await rounds(3);
    expect(core.sync.status().state).toBe('contingency');
    ids.push(core.dtes.create('FC', fc(), 'test').record.id);

    // The cese, but MH refuses the event: 24 h to correct and resend it.
    sim.setMode('reject');
    await core.sync.runOnce();
    let [c] = core.sync.status().contingencies;
    expect(c).toMatchObject({ status: 'rejected', attempts: 1, deadline: 'ok', documentsDeadline: null });
    expect(c?.eventDeadline).toBeTruthy();
    clock.advance(22.5 * HOUR);
    [c] = core.sync.status().contingencies;
    expect(c?.deadline).toBe('warning');

    // Corrected and sealed; the lotes do not get through.
    sim.setMode('normal');
    lotesRefused = true;
    await core.sync.runOnce();
    [c] = core.sync.status().contingencies;
    expect(c).toMatchObject({ status: 'sealed', deadline: 'ok', documents: 2 });
    expect(core.sync.status().overdue).toEqual([]);
    clock.advance(70.5 * HOUR);
    [c] = core.sync.status().contingencies;
    expect(c?.deadline).toBe('warning');
    clock.advance(2 * HOUR);
    const s = core.sync.status();
    expect(s.contingencies[0]?.deadline).toBe('overdue');
    expect(s.overdue.map((d) => d.id).sort()).toEqual([...ids].sort());
    expect(s.overdue[0]).toMatchObject({ type: 'FC', controlNumber: stringMatching(/^DTE-01-/), deadline: stringMatching(/-06:00$/) });
  });
});
