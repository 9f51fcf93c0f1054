import { describe, expect, it } from 'vitest';
import { backoffMs, unitFrom } from '../../main/core/sync/backoff';

describe('backoff with full jitter', () => {
  it('grows exponentially up to the cap, never below the floor', () => {
    const top = () => 0.999999;
    expect([0, 1, 2, 3, 6, 7, 20].map((a) => backoffMs(a, top))).toEqual([999, 1999, 3999, 7999, 59999, 59999, 59999]);
    expect(backoffMs(5, () => 0)).toBe(250);
  });
  it('spreads retries over the whole interval', () => {
    const values = new Set(Array.from({ length: 200 }, (_, i) => backoffMs(4, () => i / 200)));
    expect(Math.min(...values)).toBe(250);
    expect(Math.max(...values)).toBeGreaterThan(15_000);
    expect(values.size).toBeGreaterThan(150);
  });
  it('takes its randomness from injected bytes', () => {
    expect(unitFrom(() => Buffer.from([0, 0, 0, 0]))()).toBe(0);
    expect(unitFrom(() => Buffer.from([0x80, 0, 0, 0]))()).toBe(0.5);
  });
});
