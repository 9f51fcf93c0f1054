// A short run of the load bench in CI: `sello serve` with MH in its own process, creates, reads and lists in
// parallel, then the peers; every request must succeed. The figures themselves belong to `npm run bench`.
import { describe, expect, it } from 'vitest';
import { loadBench } from '../../bench/load';

describe('HTTP load', () => {
  it('creates and reads in parallel for a fixed time with zero errors', async () => {
    const r = await loadBench({ seconds: 2, connectionsPerRoute: 3 });
    for (const f of [r.single, r.mixed.create, r.mixed.read, r.mixed.list, r.mixed.probe, r.readsAlone, r.health, r.probeIdle]) {
      expect(f.errors, f.label).toBe(0);
      // The probe is one connection waiting its turn on a busy thread: it gets through, however few times.
      expect(f.requests, f.label).toBeGreaterThan(f === r.mixed.probe ? 0 : 20);
      expect(f.p99, f.label).toBeGreaterThanOrEqual(f.p50);
      // The serve process's CPU over the phase, read from /proc: it worked for every phase.
      expect(f.serveCores, f.label).toBeGreaterThan(0);
    }
  }, 120_000);
});
