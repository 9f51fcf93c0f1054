// Virtual time: a clock that moves only when the simulation says so, and the timers that wait on it.
import type { Clock } from '../../../main/core/clock';
import type { TimerHandle, Timers } from '../../../main/core/timers';

interface Pending {
  readonly id: number;
  readonly at: number;
  readonly fn: () => void;
}

export interface VirtualTime {
  readonly clock: Clock;
  readonly timers: Timers;
  nowMs(): number;
  advance(ms: number): void;
  /** When the earliest timer is due, or null when none waits. */
  nextAt(): number | null;
  /** Moves the clock to the earliest timer (never backwards) and fires it; false when none waits. */
  fireNext(): boolean;
  /** How many timers have fired. */
  fired(): number;
  /** Forgets every timer (the process that set them is gone). */
  clearAll(): void;
}

export function virtualTime(startIso: string): VirtualTime {
  let now = Date.parse(startIso);
  let serial = 0;
  let fired = 0;
  let pending: Pending[] = [];
  const vt: VirtualTime = {
    clock: { now: () => new Date(now) },
    timers: {
      set(fn, ms): TimerHandle {
        const p = { id: ++serial, at: now + Math.max(0, ms), fn };
        pending.push(p);
        return { timer: true, id: p.id };
      },
      clear(handle) {
        const id = (handle as { id?: number }).id;
        pending = pending.filter((p) => p.id !== id);
      },
    },
    nowMs: () => now,
    advance(ms) {
      now += ms;
    },
    nextAt: () => (pending.length ? Math.min(...pending.map((p) => p.at)) : null),
    fireNext() {
      if (!pending.length) return false;
      const first = pending.reduce((x, p) => (p.at < x.at || (p.at === x.at && p.id < x.id) ? p : x));
      pending = pending.filter((p) => p !== first);
      now = Math.max(now, first.at);
      fired += 1;
      first.fn();
      return true;
    },
    fired: () => fired,
    clearAll() {
      pending = [];
    },
  };
  return vt;
}
