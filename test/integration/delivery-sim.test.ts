// The e-mail queue's deterministic simulation (test/support/delivery-sim/world.ts): seeds of random SMTP weather
// (up, down, 4xx, 5xx, slow) and crashes, invariants after each; `SELLO_DELIVERY_SEEDS=N` runs more, and
// `SELLO_DELIVERY_SEED=S` replays one and prints its trace.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runDeliverySeed } from '../support/delivery-sim/world';
import { simFixture, type SimFixture } from '../support/sync-sim/fixture';

const SEEDS = Number(process.env.SELLO_DELIVERY_SEEDS ?? 100);
const ONE = process.env.SELLO_DELIVERY_SEED;
let fx: SimFixture;
beforeAll(() => {
  fx = simFixture();
});
afterAll(() => fx.cleanup());

describe('e-mail delivery simulation', () => {
  if (ONE) {
    it(`seed ${ONE}`, async () => {
      const r = await runDeliverySeed(fx, Number(ONE), { trace: true });
      console.log(r.trace.join('\n'), '\n', r.stats, r.violations);
      expect(r.violations).toEqual([]);
    }, 600_000);
    return;
  }

  it(`seeds 1–${SEEDS}: every invariant holds`, async () => {
    const failures: string[] = [];
    const totals = { documents: 0, withEmail: 0, received: 0, repeats: 0, crashes: 0 };
    for (let seed = 1; seed <= SEEDS; seed++) {
      const r = await runDeliverySeed(fx, seed);
      for (const k of Object.keys(totals) as (keyof typeof totals)[]) totals[k] += r.stats[k];
      if (r.violations.length) failures.push(`seed ${seed} (replay: SELLO_DELIVERY_SEED=${seed}): ${r.violations.slice(0, 3).join(' | ')}`);
    }
    console.log(`delivery simulation, ${SEEDS} seeds:`, totals);
    expect(failures).toEqual([]);
    // The schedules must exercise what they claim to: documents without e-mail, crashes, repeats.
    expect(totals.crashes).toBeGreaterThan(0);
    expect(totals.withEmail).toBeLessThan(totals.documents);
  }, 600_000);

  it('a seed replays exactly', async () => {
    const a = await runDeliverySeed(fx, 7, { trace: true });
    const b = await runDeliverySeed(fx, 7, { trace: true });
    expect(b.trace).toEqual(a.trace);
    expect(b.traceHash).toBe(a.traceHash);
  }, 120_000);
});
