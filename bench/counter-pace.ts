// A POS issuing at a busy counter's pace (5 documents a second) on the station's own thread, alone or while
// background work runs (issue 35, goal 2). Each create is due at its tick: what the POS feels is the wait for
// the thread (the tick's lateness) plus the create itself. The event loop's delay is read over the same time.
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';

export interface CounterFeel {
  readonly creates: number;
  /** The create as the POS feels it (lateness of its tick + the create), p99, ms. */
  readonly createP99: number;
  /** The create alone, its durable commit included, without the wait for the thread, p99, ms: what the disk adds. */
  readonly ownP99: number;
  /** The event loop's delay over the same time, p99 and max, ms. */
  readonly loopP99: number;
  readonly loopMax: number;
}

const p99 = (ms: readonly number[]) => [...ms].sort((a, b) => a - b)[Math.min(ms.length - 1, Math.floor(0.99 * ms.length))] ?? NaN;

/** Issues one document every `paceMs` until `done()` (checked at each tick) says the work is over. */
export async function counterWhile(create: () => unknown, done: () => boolean, paceMs = 200): Promise<CounterFeel> {
  const loop = monitorEventLoopDelay({ resolution: 5 });
  loop.enable();
  const felt: number[] = [];
  const own: number[] = [];
  const t0 = performance.now();
  for (let k = 1; !done(); k++) {
    const due = t0 + k * paceMs;
    await new Promise((r) => setTimeout(r, Math.max(0, due - performance.now())));
    const start = performance.now();
    create();
    const took = performance.now() - start;
    own.push(took);
    felt.push(Math.max(0, start - due) + took);
  }
  loop.disable();
  return { creates: felt.length, createP99: p99(felt), ownP99: p99(own), loopP99: loop.percentile(99) / 1e6, loopMax: loop.max / 1e6 };
}

/** The same pace with nothing else running, for `seconds`: the peer of every figure above. */
export function counterAlone(create: () => unknown, seconds = 5, paceMs = 200): Promise<CounterFeel> {
  const until = performance.now() + seconds * 1000;
  return counterWhile(create, () => performance.now() >= until, paceMs);
}

/** Runs `work` while the counter issues; the figures of both. */
export async function counterDuring<T>(
  create: () => unknown,
  work: () => Promise<T>,
  paceMs = 200,
): Promise<{ result: T; feel: CounterFeel }> {
  let over = false;
  const running = work().finally(() => {
    over = true;
  });
  const feel = await counterWhile(create, () => over, paceMs);
  return { result: await running, feel };
}
