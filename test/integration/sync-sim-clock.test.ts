// The sync simulation with the station's clock as weather too (test/support/sync-sim/clock-weather.ts): seeds
// whose clock jumps a day ahead or more than MH's window, in which the station learns it from MH and refuses.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { simFixture, type SimFixture } from '../support/sync-sim/fixture';
import { runSeed } from '../support/sync-sim/world';

let fx: SimFixture;
beforeAll(() => {
  fx = simFixture();
});
afterAll(() => fx.cleanup());

describe('sync simulation: a wrong clock as weather', () => {
  for (const seed of [11, 16]) {
    it(`seed ${seed}: creates refused while MH's time says the clock is off, every invariant holds`, async () => {
      const r = await runSeed(fx, seed, { clockWeather: true, trace: true });
      expect(r.violations, r.trace.join('\n')).toEqual([]);
      // The weather did act: the clock jumped, and the station refused with the clock's words.
      expect(r.trace.some((l) => / clock [+-]\d/.test(l))).toBe(true);
      expect(r.trace.some((l) => /refused: STATION_NOT_READY El reloj de esta computadora/.test(l))).toBe(true);
      expect(r.stats.documents).toBeGreaterThan(0);
    }, 120_000);
  }

  // Found when the weathers met: a lease and a retry set while the clock was a day ahead, then the clock put back.
  for (const seed of [21, 44]) {
    it(`seed ${seed}: work leased while the clock was a day ahead is due at once when it is put back`, async () => {
      const r = await runSeed(fx, seed, { clockWeather: true, trace: true });
      expect(r.violations, r.trace.join('\n')).toEqual([]);
      expect(r.trace.some((l) => / clock \+1440 min/.test(l))).toBe(true);
    }, 120_000);
  }

  it('without the clock weather (CI, the regression seeds) the clock never jumps and a seed replays exactly', async () => {
    const plain = await runSeed(fx, 3, { trace: true });
    expect(plain.trace.some((l) => / clock /.test(l))).toBe(false);
    const again = await runSeed(fx, 3, { trace: true });
    expect(again.traceHash).toBe(plain.traceHash);
  }, 120_000);
});
