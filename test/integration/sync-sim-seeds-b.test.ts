// Seeds 1001 to 2000 of the sync engine's deterministic simulation (test/support/sync-sim/); two files so
// that vitest runs the halves of CI's 2,000 seeds in parallel. `SELLO_SIM_SEEDS=N` changes how many per file.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { simFixture, type SimFixture } from '../support/sync-sim/fixture';
import { runSeed } from '../support/sync-sim/world';

const FROM = 1001;
const COUNT = Number(process.env.SELLO_SIM_SEEDS ?? 1000);
const CHUNK = 100;

let fx: SimFixture;
beforeAll(() => {
  fx = simFixture();
});
afterAll(() => fx.cleanup());

describe('sync simulation: random schedules of faults', () => {
  for (let start = FROM; start < FROM + COUNT; start += CHUNK) {
    const end = Math.min(start + CHUNK, FROM + COUNT) - 1;
    it(`seeds ${start}–${end}: every invariant holds`, async () => {
      const failures: string[] = [];
      for (let seed = start; seed <= end; seed++) {
        const r = await runSeed(fx, seed);
        if (r.violations.length) failures.push(`seed ${seed} (replay: SELLO_SIM_SEED=${seed} npm run sim): ${r.violations.slice(0, 3).join(' | ')}`);
      }
      expect(failures).toEqual([]);
    }, 600_000);
  }
});
