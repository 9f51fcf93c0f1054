// A count over rows that only accumulate (documents MH settled, e-mails sent), for a status shown after every
// run: exact while counting is cheap; once a count costs more than a few milliseconds (a million rows: tens to
// hundreds), it is taken again only after a write, and at most every `everyMs` of the clock. The figure on
// screen may then lag a few seconds; the thread no longer pays for it on every run.
import { performance } from 'node:perf_hooks';
import type { Clock } from '../clock';
import type { Store } from './database';

export interface CachedCountOptions {
  /** Below this cost (ms) the count is taken after every write. */
  readonly cheapMs?: number;
  /** Above it, at most this often (ms of the clock). */
  readonly everyMs?: number;
}

/** Rows this connection has written since it opened: grows with every write, so a count is stale only after one. */
export const writesOf = (store: Store) => (): number => Number((store.statement('SELECT total_changes() AS n').get() as { n: number }).n);

export function cachedCount(count: () => number, writes: () => number, clock: Clock, o: CachedCountOptions = {}): () => number {
  const cheapMs = o.cheapMs ?? 5;
  const everyMs = o.everyMs ?? 10_000;
  let last: { value: number; writes: number; at: number; costMs: number } | null = null;
  return () => {
    const at = clock.now().getTime();
    const w = writes();
    const due = last === null || (w !== last.writes && (last.costMs < cheapMs || at - last.at >= everyMs || at < last.at));
    if (!due) return last!.value;
    const started = performance.now();
    const value = count();
    last = { value, writes: w, at, costMs: performance.now() - started };
    return value;
  };
}
