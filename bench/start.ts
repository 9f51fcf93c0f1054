// Start at any size (issue 35, goal 3): from spawning `sello serve` on a station's data folder to the answer of
// its first create, over real HTTP, the median of a few starts. The bench runs it on its own store when it holds
// 0 documents and again when it holds the most (1M), so the ratio is the big station's start against the empty one's.
import { performance } from 'node:perf_hooks';
import { fcBody } from '../test/fixtures/bodies';
import { DEMO_API_KEY } from '../main/core/station/demo';
import { startSello } from './load';

export interface StartFigure {
  readonly stored: number;
  /** Spawn to the first create's 201, in ms, one per start. */
  readonly runs: readonly number[];
  readonly medianMs: number;
}

let serial = 0;

/** One start: spawn, wait for its address, create one FC, stop it; milliseconds from spawn to the 201. */
async function oneStart(dataDir: string): Promise<number> {
  const t0 = performance.now();
  const { child, url } = await startSello(['serve', '--data-dir', dataDir, '--port', '0'], 120_000);
  try {
    const id = `57a70000-0000-4000-8000-${String(++serial).padStart(12, '0')}`;
    const res = await fetch(`${url}/dte/fc`, {
      method: 'POST',
      headers: { 'x-api-key': DEMO_API_KEY, 'content-type': 'application/json' },
      body: JSON.stringify({ ...fcBody(id), generatedAt: undefined }),
    });
    if (res.status !== 201) throw new Error(`the first create answered ${res.status}: ${await res.text()}`);
    return performance.now() - t0;
  } finally {
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await exited;
  }
}

/** `runs` starts of the station in `dataDir` (its lock free: nothing else may hold it open). */
export async function startBench(dataDir: string, stored: number, runs = 3): Promise<StartFigure> {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) times.push(await oneStart(dataDir));
  const sorted = [...times].sort((a, b) => a - b);
  return { stored, runs: times, medianMs: sorted[Math.floor(sorted.length / 2)]! };
}
