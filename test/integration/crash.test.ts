// `sello serve` killed with SIGKILL in the middle of issuing and syncing, then restarted: every acknowledged
// document exists once and reaches MH once, and the control numbers have no gap and no duplicate.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fcBody } from '../fixtures/bodies';
import { tempDir } from '../support/core';
import { startSimulator, stationFileFor } from '../support/mh-sim';
import { exitOf, startServe } from '../support/serve-process';

const KEY = 'crash-test-key-0123456789';
let sim: Awaited<ReturnType<typeof startSimulator>>;
let dir: ReturnType<typeof tempDir>;
let configFile: string;

beforeAll(async () => {
  sim = await startSimulator({ loteDelayMs: 50 });
  dir = tempDir('sello-crash-');
  configFile = stationFileFor(sim, dir.dir, KEY);
});
afterAll(async () => {
  await sim.close();
  dir.cleanup();
});

let serial = 0;
const nextId = () => `c7a50000-0000-4000-8000-${String(++serial).padStart(12, '0')}`;

/** Issues documents from `workers` parallel clients until `stop()`; returns the ids the server acknowledged. */
function issueContinuously(url: string, workers: number) {
  const acknowledged: string[] = [];
  let running = true;
  const one = async () => {
    while (running) {
      const id = nextId();
      try {
        const res = await fetch(`${url}/dte/fc`, {
          method: 'POST',
          headers: { 'X-API-Key': KEY, 'Content-Type': 'application/json' },
          body: JSON.stringify({ ...fcBody(id), generatedAt: undefined }),
        });
        if (res.status === 201) acknowledged.push(id);
      } catch {
        // The server died under us: an unacknowledged request may or may not have been stored.
        return;
      }
    }
  };
  const done = Promise.all(Array.from({ length: workers }, one));
  return { acknowledged, stop: async () => ((running = false), await done) };
}

const get = (url: string, path: string) => fetch(`${url}${path}`, { headers: { 'X-API-Key': KEY } }).then((r) => r.json());

describe('crash safety', () => {
  it('survives SIGKILL during issuing and syncing', async () => {
    const dataDir = join(dir.dir, 'data');
    // MH answers slowly, so sends are in flight when the process dies.
    sim.setMode('slow', 150);
    const first = await startServe(['--config', configFile, '--data-dir', dataDir, '--port', '0']);
    const run1 = issueContinuously(first.url, 4);
    await new Promise((r) => setTimeout(r, 1500));
    first.child.kill('SIGKILL');
    await exitOf(first.child);
    await run1.stop();
    expect(run1.acknowledged.length).toBeGreaterThan(20);

    sim.setMode('normal');
    const second = await startServe(['--config', configFile, '--data-dir', dataDir, '--port', '0']);
    // The kill caught documents on their way to MH: they are reconciled by query once their lease expires.
    const atRestart = (await get(second.url, '/sync/status')) as { queue: { sending: number; unknown: number } };
    expect(atRestart.queue.sending + atRestart.queue.unknown).toBeGreaterThan(0);
    const run2 = issueContinuously(second.url, 2);
    await new Promise((r) => setTimeout(r, 500));
    await run2.stop();
    const acknowledged = [...run1.acknowledged, ...run2.acknowledged];

    // Wait until the restarted station has settled every stored document with MH (sends cut short by the kill
    // are reconciled by query first).
    let stored: { id: string; controlNumber: string; status: string }[];
    const deadline = Date.now() + 30_000;
    for (;;) {
      stored = [];
      let cursor: string | null = null;
      do {
        const page = (await get(second.url, `/dte?limit=200${cursor ? `&cursor=${cursor}` : ''}`)) as {
          items: typeof stored;
          nextCursor: string | null;
        };
        stored.push(...page.items);
        cursor = page.nextCursor;
      } while (cursor);
      if (stored.every((d) => d.status === 'APPROVED') || Date.now() > deadline) break;
      await new Promise((r) => setTimeout(r, 500));
    }
    second.child.kill('SIGTERM');
    await exitOf(second.child);

    const ids = stored.map((d) => d.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of acknowledged) expect(ids).toContain(id);
    expect(stored.filter((d) => d.status !== 'APPROVED')).toEqual([]);
    // Each stored document reached MH exactly once: never lost, never sent twice.
    for (const id of ids) expect(sim.state.received.get(id.toUpperCase()) ?? 0, id).toBe(1);
    const numbers = stored.map((d) => Number(d.controlNumber.slice(-15))).sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: numbers.length }, (_, i) => i + 1));
  }, 150_000);
});
