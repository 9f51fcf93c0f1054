// The wait a background loop takes after a failed run (main/core/sync/error-backoff.ts).
import { describe, expect, it } from 'vitest';
import { errorBackoff } from '../../main/core/sync/error-backoff';
import type { TimerHandle, Timers } from '../../main/core/timers';

/** Timers that fire only when told: what was set, and for how long. */
function heldTimers() {
  const pending = new Map<object, { fn: () => void; ms: number }>();
  const timers: Timers = {
    set(fn, ms) {
      const h = {};
      pending.set(h, { fn, ms });
      return h;
    },
    clear(h: TimerHandle) {
      pending.delete(h);
    },
  };
  return {
    timers,
    pending,
    fire() {
      const [h, t] = [...pending.entries()][0]!;
      pending.delete(h);
      t.fn();
    },
  };
}

describe('the backoff after a failed run', () => {
  it('never retries at once, and waits longer with each failure in a row up to the cap', () => {
    const t = heldTimers();
    const b = errorBackoff({ timers: t.timers, random: () => 0.999, baseMs: 1000, capMs: 8000 });
    let retries = 0;
    const waits = Array.from({ length: 6 }, () => {
      const w = b.failed(() => (retries += 1));
      expect(b.waiting()).toBe(true);
      // One timer at a time: a failure replaces the wait under way.
      expect(t.pending.size).toBe(1);
      t.fire();
      expect(b.waiting()).toBe(false);
      return w;
    });
    expect(waits).toEqual([999, 1998, 3996, 7992, 7992, 7992]);
    expect(retries).toBe(6);
    expect(b.failures()).toBe(6);
  });

  it('has a floor of half the base, and starts over after a success', () => {
    const t = heldTimers();
    const b = errorBackoff({ timers: t.timers, random: () => 0, baseMs: 1000 });
    expect(b.failed(() => {})).toBe(500);
    expect(b.failed(() => {})).toBe(500);
    t.fire();
    b.succeeded();
    expect(b.failures()).toBe(0);
    const top = errorBackoff({ timers: t.timers, random: () => 0.999, baseMs: 1000 });
    top.failed(() => {});
    top.failed(() => {});
    top.succeeded();
    expect(top.failed(() => {})).toBe(999);
  });

  it('sets nothing once stopped', () => {
    const t = heldTimers();
    const b = errorBackoff({ timers: t.timers, random: () => 0.5 });
    b.failed(() => {});
    b.stop();
    expect(t.pending.size).toBe(0);
    b.failed(() => {});
    expect(t.pending.size).toBe(0);
    expect(b.waiting()).toBe(false);
  });
});
