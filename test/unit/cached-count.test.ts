import { describe, expect, it } from 'vitest';
import { cachedCount } from '../../main/core/store/cached-count';

const clockAt = (ms: number) => {
  const c = { t: ms, now: () => new Date(c.t) };
  return c;
};
/** A count that takes at least `ms` of real time, as a scan of a million rows does. */
const slow = (ms: number, value: () => number) => () => {
  const until = performance.now() + ms;
  while (performance.now() < until);
  return value();
};

describe('a count over rows that only accumulate', () => {
  it('is exact whenever it is cheap and something moved', () => {
    const clock = clockAt(0);
    let rows = 1;
    let writes = 0;
    let counted = 0;
    const read = cachedCount(
      () => (counted++, rows),
      () => writes,
      clock,
    );
    expect(read()).toBe(1);
    rows = 2;
    writes += 1;
    expect(read()).toBe(2);
    // No write since: not counted again.
    expect(read()).toBe(2);
    expect(counted).toBe(2);
  });

  it('once expensive, is taken again at most every `everyMs` of the clock', () => {
    const clock = clockAt(1_000_000);
    let rows = 100;
    let writes = 0;
    const read = cachedCount(
      slow(8, () => rows),
      () => writes,
      clock,
      { cheapMs: 5, everyMs: 10_000 },
    );
    expect(read()).toBe(100);
    rows = 101;
    writes += 1;
    clock.t += 9_000;
    expect(read()).toBe(100);
    clock.t += 1_000;
    expect(read()).toBe(101);
    // Time alone changes nothing: no write, no count.
    clock.t += 60_000;
    rows = 500;
    expect(read()).toBe(101);
    // A clock set back (the station's clock corrected) counts again at once.
    rows = 102;
    writes += 1;
    clock.t -= 600_000;
    expect(read()).toBe(102);
  });
});
