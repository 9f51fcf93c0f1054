// Seeds of the webhook sender's deterministic simulation (test/support/webhook-sim/): random schedules of receiver
// faults and crashes, every invariant checked after each; a failing seed replays exactly.
// `SELLO_WEBHOOK_SIM_SEEDS=N` runs more; `SELLO_WEBHOOK_SIM_SEED=S` replays one and prints its trace.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runWebhookSeed, webhookSimFixture, type WebhookSimFixture } from '../support/webhook-sim/world';

const SEEDS = Number(process.env.SELLO_WEBHOOK_SIM_SEEDS ?? 80);
const CHUNK = 50;
const ONE = process.env.SELLO_WEBHOOK_SIM_SEED;

let fx: WebhookSimFixture;
beforeAll(() => {
  fx = webhookSimFixture();
});
afterAll(() => fx.cleanup());

describe('webhook simulation: random schedules of receiver faults and crashes', () => {
  if (ONE) {
    it(`seed ${ONE}`, async () => {
      const r = await runWebhookSeed(fx, Number(ONE));
      process.stdout.write(`${r.trace.join('\n')}\n${JSON.stringify(r.stats)}\n`);
      expect(r.violations).toEqual([]);
    }, 120_000);
    return;
  }

  it('a seed replays exactly: the same trace twice', async () => {
    const a = await runWebhookSeed(fx, 7);
    const b = await runWebhookSeed(fx, 7);
    expect(a.trace.length).toBeGreaterThan(50);
    expect(b.trace).toEqual(a.trace);
  }, 60_000);

  for (let start = 1; start <= SEEDS; start += CHUNK) {
    const end = Math.min(start + CHUNK, SEEDS + 1) - 1;
    it(`seeds ${start}–${end}: every invariant holds`, async () => {
      const failures: string[] = [];
      const totals = { documents: 0, events: 0, requests: 0, crashes: 0, gone: 0, timers: 0 };
      for (let seed = start; seed <= end; seed++) {
        const r = await runWebhookSeed(fx, seed);
        for (const k of Object.keys(totals) as (keyof typeof totals)[]) totals[k] += r.stats[k];
        if (r.violations.length)
          failures.push(`seed ${seed} (replay: SELLO_WEBHOOK_SIM_SEED=${seed}): ${r.violations.slice(0, 3).join(' | ')}`);
      }
      expect(failures).toEqual([]);
      // The schedules did exercise what they are for.
      expect(totals.crashes).toBeGreaterThan(0);
      expect(totals.gone).toBeGreaterThan(0);
      expect(totals.requests).toBeGreaterThan(totals.events);
    }, 300_000);
  }
});
