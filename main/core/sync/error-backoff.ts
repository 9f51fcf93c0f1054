// The wait after a loop's run failed (decision 0026): a background loop (webhooks, e-mail, search index, backups)
// that meets an error, a full disk above all, tries again after a growing, jittered wait (backoff.ts), never at once.
import { backoffMs } from './backoff';

export interface ErrorBackoff {
  /** A run failed: the milliseconds to wait before the next, longer with each failure in a row. */
  failed(): number;
  /** A run went through: the next failure waits from the base again. */
  succeeded(): void;
  /** Milliseconds left of the wait after the last failure; 0 when a run may go now. */
  remaining(): number;
  /** Failures in a row. */
  failures(): number;
}

export interface ErrorBackoffOptions {
  readonly now: () => number;
  /** A uniform number in [0, 1) for the jitter. */
  readonly random: () => number;
  /** The first wait is within this long (1 s); it doubles up to `capMs` (5 min). */
  readonly baseMs?: number;
  readonly capMs?: number;
}

export function errorBackoff(o: ErrorBackoffOptions): ErrorBackoff {
  const baseMs = o.baseMs ?? 1_000;
  const capMs = o.capMs ?? 5 * 60_000;
  let failures = 0;
  let until = 0;
  return {
    failed() {
      // The floor is half the base: even the first retry is never immediate.
      const wait = backoffMs(failures, o.random, baseMs, capMs, Math.ceil(baseMs / 2));
      failures += 1;
      until = o.now() + wait;
      return wait;
    },
    succeeded() {
      failures = 0;
      until = 0;
    },
    remaining: () => Math.max(0, until - o.now()),
    failures: () => failures,
  };
}
