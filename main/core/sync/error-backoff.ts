// The wait after a loop's run failed (decision 0026): a background loop (webhooks, e-mail, search index, backups)
// that meets an error, a full disk above all, tries again after a growing, jittered wait (backoff.ts), never at
// once, and takes no wake-up meanwhile. On timers rather than the clock: a station's clock may stand still in a
// test, or jump, and the loop must still come back.
import { backoffMs } from './backoff';
import type { TimerHandle, Timers } from '../timers';

export interface ErrorBackoff {
  /** A run failed: `retry` runs after a wait that grows with each failure in a row; returns the wait (ms). */
  failed(retry: () => void): number;
  /** A run went through: the next failure waits from the base again. */
  succeeded(): void;
  /** Whether a failure's wait is under way (a wake-up then changes nothing: the retry comes on its own). */
  waiting(): boolean;
  /** Failures in a row. */
  failures(): number;
  stop(): void;
}

export interface ErrorBackoffOptions {
  readonly timers: Timers;
  /** A uniform number in [0, 1) for the jitter. */
  readonly random: () => number;
  /** The first wait is within this long (1 s, never under half of it); it doubles up to `capMs` (5 min). */
  readonly baseMs?: number;
  readonly capMs?: number;
}

export function errorBackoff(o: ErrorBackoffOptions): ErrorBackoff {
  const baseMs = o.baseMs ?? 1_000;
  const capMs = o.capMs ?? 5 * 60_000;
  let failures = 0;
  let timer: TimerHandle | null = null;
  let stopped = false;
  return {
    failed(retry) {
      const wait = backoffMs(failures, o.random, baseMs, capMs, Math.ceil(baseMs / 2));
      failures += 1;
      if (timer) o.timers.clear(timer);
      timer = stopped
        ? null
        : o.timers.set(() => {
            timer = null;
            retry();
          }, wait);
      return wait;
    },
    succeeded() {
      failures = 0;
    },
    waiting: () => timer !== null,
    failures: () => failures,
    stop() {
      stopped = true;
      if (timer) o.timers.clear(timer);
      timer = null;
    },
  };
}
