import { describe, expect, it } from 'vitest';
import { awaitSeal, SEAL_WAIT_MS, type SealWaitDeps } from '../../main/core/dte/receipt-after-seal';
import type { DteRecord } from '../../shared/records';
import type { TimerHandle, Timers } from '../../main/core/timers';

/** Timers that fire only when the test says so. */
function manualTimers() {
  const due: { fn: () => void; ms: number; handle: TimerHandle }[] = [];
  const timers: Timers = {
    set(fn, ms) {
      const handle = {};
      due.push({ fn, ms, handle });
      return handle;
    },
    clear(handle) {
      const i = due.findIndex((d) => d.handle === handle);
      if (i >= 0) due.splice(i, 1);
    },
  };
  return { timers, due, fire: () => due.splice(0).forEach((d) => d.fn()) };
}

function station(status: DteRecord['status'], online: boolean) {
  const t = manualTimers();
  let changed: (() => void) | null = null;
  const state = { status, online, asked: 0 };
  const deps: SealWaitDeps = {
    get: () => ({ status: state.status }) as DteRecord,
    online: () => state.online,
    waitForDocument: () => {
      state.asked++;
      return new Promise<void>((resolve) => (changed = resolve));
    },
    timers: t.timers,
  };
  const change = (to: DteRecord['status']) => {
    state.status = to;
    changed?.();
  };
  return { deps, state, change, t };
}
const settledSoon = async (p: Promise<void>) => {
  let done = false;
  void p.then(() => (done = true));
  for (let i = 0; i < 5; i++) await Promise.resolve();
  return done;
};

describe('the receipt waits for the seal', () => {
  it('waits 2 s at most, on one timer', async () => {
    const s = station('CREATED', true);
    const wait = awaitSeal(s.deps, 'x');
    expect(await settledSoon(wait)).toBe(false);
    expect(s.t.due.map((d) => d.ms)).toEqual([SEAL_WAIT_MS]);
    expect(SEAL_WAIT_MS).toBe(2_000);
    s.t.fire();
    expect(await settledSoon(wait)).toBe(true);
  });

  it('ends the moment MH answers, through PROCESSING, and clears its timer', async () => {
    const s = station('CREATED', true);
    const wait = awaitSeal(s.deps, 'x');
    s.change('PROCESSING');
    expect(await settledSoon(wait)).toBe(false);
    s.change('APPROVED');
    expect(await settledSoon(wait)).toBe(true);
    expect(s.state.asked).toBe(2);
    expect(s.t.due).toEqual([]);
  });

  it('does not wait when MH is not reachable, or the document already has its answer', async () => {
    for (const [status, online] of [
      ['CREATED', false],
      ['APPROVED', true],
      ['REJECTED', true],
    ] as const) {
      const s = station(status, online);
      expect(await settledSoon(awaitSeal(s.deps, 'x'))).toBe(true);
      expect(s.state.asked).toBe(0);
    }
  });

  it('stops waiting when the station loses MH during the wait', async () => {
    const s = station('CREATED', true);
    const wait = awaitSeal(s.deps, 'x');
    s.state.online = false;
    s.change('CREATED');
    expect(await settledSoon(wait)).toBe(true);
  });
});
