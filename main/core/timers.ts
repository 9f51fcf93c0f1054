// Timers as a dependency: the real ones unref'd (a station's engine never keeps a process alive on its own),
// or a virtual queue in the sync simulation (test/support/sync-sim/), where time only moves when it says so.

/** An opaque handle: only the Timers that made it can clear it. */
export type TimerHandle = { readonly timer: true } | object;

export interface Timers {
  set(fn: () => void, ms: number): TimerHandle;
  clear(handle: TimerHandle): void;
}

export const realTimers: Timers = {
  set(fn, ms) {
    const t = setTimeout(fn, Math.min(Math.max(0, ms), 2_147_000_000));
    t.unref();
    return t;
  },
  clear(handle) {
    clearTimeout(handle as NodeJS.Timeout);
  },
};
