// The replication simulation (test/support/replication-sim/): seeds of random schedules of faults between a
// station, MH and the hub, with the invariants checked after each. `SELLO_REPL_SEEDS=N` runs more seeds; a failing
// seed prints its trace and replays exactly with `SELLO_REPL_SEED=<seed>`.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { replicationFixture, runReplicationSeed, type ReplicationFixture } from '../support/replication-sim/world';

let fx: ReplicationFixture;
beforeAll(async () => {
  fx = await replicationFixture();
}, 60_000);
afterAll(async () => {
  await fx?.cleanup();
});

const only = process.env.SELLO_REPL_SEED ? Number(process.env.SELLO_REPL_SEED) : null;
const count = Number(process.env.SELLO_REPL_SEEDS ?? 40);
const CHUNK = 20;

describe('replication simulation: random schedules of faults', () => {
  if (only !== null) {
    it(`seed ${only}`, async () => {
      const r = await runReplicationSeed(fx, only);
      console.log(r.trace.join('\n'));
      expect(r.violations).toEqual([]);
    }, 600_000);
    return;
  }
  for (let start = 1; start <= count; start += CHUNK) {
    const end = Math.min(start + CHUNK - 1, count);
    it(`seeds ${start}–${end}: every invariant holds`, async () => {
      const failures: string[] = [];
      let documents = 0;
      for (let seed = start; seed <= end; seed++) {
        const r = await runReplicationSeed(fx, seed);
        documents += r.stats.documents;
        if (r.violations.length)
          failures.push(
            `seed ${seed} (replay: SELLO_REPL_SEED=${seed}): ${r.violations.slice(0, 3).join(' | ')}\n${r.trace.slice(-40).join('\n')}`,
          );
      }
      expect(failures).toEqual([]);
      expect(documents).toBeGreaterThan(0);
    }, 600_000);
  }

  it('a seed replays exactly: the same trace twice', async () => {
    const a = await runReplicationSeed(fx, 7);
    const b = await runReplicationSeed(fx, 7);
    expect(a.trace.length).toBeGreaterThan(20);
    expect(b.traceHash).toBe(a.traceHash);
  }, 120_000);
});
