// A POS issuing at a busy counter's pace (5 documents a second) on the station's own thread, alone or while
// background work runs (issue 35, goal 2). Each create is due at its tick: what the POS feels is the wait for
// the thread (the tick's lateness) plus the create itself. The event loop's delay is read over the same time.
//
// A p99 is read over at least CREATES creates on both sides, so it is the same rank of the same count: over 25
// creates (5 s alone) a p99 is the worst one, and one WAL checkpoint's commit decided a whole ratio (decision 0054).
import { createHistogram, performance } from 'node:perf_hooks';

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

/** How many creates each side of a goal 2 ratio counts at least: 50 s at 5 a second; its p99 is the third worst. */
export const CREATES = 250;

const p99 = (ms: readonly number[]) => [...ms].sort((a, b) => a - b)[Math.min(ms.length - 1, Math.floor(0.99 * ms.length))] ?? NaN;

export interface Counter {
  /** Creates made so far, over every window. */
  readonly made: number;
  /** Issues one document every `paceMs` while `work` runs; its result. */
  beside<T>(work: () => Promise<T>): Promise<T>;
  /** Issues one document every `paceMs` until `done()` (checked at each tick) says so. */
  until(done: () => boolean): Promise<void>;
  /** The figures over every window so far. */
  feel(): CounterFeel;
}

/** A counter whose windows pool into one set of figures. */
export function counterAt(create: () => unknown, paceMs = 200): Counter {
  // The loop's delay as monitorEventLoopDelay reads it (the time between two turns of a 5 ms timer), sampled only
  // inside a window: that histogram, disabled and enabled again, counts the whole gap between two windows as one.
  const loop = createHistogram();
  const felt: number[] = [];
  const own: number[] = [];
  const until = async (done: () => boolean) => {
    let last = performance.now();
    const sampler = setInterval(() => {
      const now = performance.now();
      loop.record(Math.max(1, Math.round((now - last) * 1e6)));
      last = now;
    }, 5);
    try {
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
    } finally {
      clearInterval(sampler);
    }
  };
  return {
    get made() {
      return felt.length;
    },
    until,
    async beside(work) {
      let over = false;
      const running = work().finally(() => {
        over = true;
      });
      await until(() => over);
      return running;
    },
    feel: () => ({
      creates: felt.length,
      createP99: p99(felt),
      ownP99: p99(own),
      loopP99: loop.percentile(99) / 1e6,
      loopMax: loop.max / 1e6,
    }),
  };
}

/** The same pace with nothing else running, for `creates` creates: the peer of every figure below. */
export async function counterAlone(create: () => unknown, creates = CREATES, paceMs = 200): Promise<CounterFeel> {
  const counter = counterAt(create, paceMs);
  await counter.until(() => counter.made >= creates);
  return counter.feel();
}

/**
 * Runs `work` again and again while the counter issues, until at least `creates` creates fell within it; each
 * round's result and how long its work took, in seconds.
 */
export async function counterDuring<T>(
  create: () => unknown,
  work: (round: number) => Promise<T>,
  creates = CREATES,
  paceMs = 200,
): Promise<{ results: T[]; seconds: number[]; feel: CounterFeel }> {
  const counter = counterAt(create, paceMs);
  const results: T[] = [];
  const seconds: number[] = [];
  const timed = async (round: number) => {
    const started = performance.now();
    const result = await work(round);
    seconds.push((performance.now() - started) / 1000);
    return result;
  };
  for (let round = 0; round === 0 || counter.made < creates; round++) results.push(await counter.beside(() => timed(round)));
  return { results, seconds, feel: counter.feel() };
}
