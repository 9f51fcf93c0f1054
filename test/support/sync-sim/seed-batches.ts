// CI's seeds of the sync simulation as vitest tests, in chunks of 100 per test; each file runs one range.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { simFixture, type SimFixture } from './fixture';
import { runSeed } from './world';

const CHUNK = 100;

/** Seeds per CI file: 2 × 350 keeps CI under its 40 minutes with the e2e suite and the hub's tests (decision 0001). */
export const SEEDS_PER_FILE = Number(process.env.SELLO_SIM_SEEDS ?? 350);

/** Seeds `from` … `from + count - 1`; `SELLO_SIM_SEEDS=N` changes how many per file (350 by default). */
export function describeSeeds(from: number, count = SEEDS_PER_FILE): void {
  let fx: SimFixture;
  beforeAll(() => {
    fx = simFixture();
  });
  afterAll(() => fx.cleanup());

  describe('sync simulation: random schedules of faults', () => {
    for (let start = from; start < from + count; start += CHUNK) {
      const end = Math.min(start + CHUNK, from + count) - 1;
      it(`seeds ${start}–${end}: every invariant holds`, async () => {
        const failures: string[] = [];
        for (let seed = start; seed <= end; seed++) {
          const r = await runSeed(fx, seed);
          if (r.violations.length)
            failures.push(`seed ${seed} (replay: SELLO_SIM_SEED=${seed} npm run sim): ${r.violations.slice(0, 3).join(' | ')}`);
        }
        expect(failures).toEqual([]);
      }, 600_000);
    }
  });
}
