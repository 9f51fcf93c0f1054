import { describe, expect, it } from 'vitest';
import { isoLocal, localDateTime, localDateTimeByIntl } from '../../main/core/clock';

describe('El Salvador local time', () => {
  it('agrees with the tz database at 20,000 instants from 1900 to 2300', () => {
    let seed = 20261123;
    const next = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const from = Date.UTC(1900, 0, 1);
    const to = Date.UTC(2300, 0, 1);
    for (let i = 0; i < 20_000; i++) {
      const at = new Date(Math.floor(from + next() * (to - from)));
      expect(localDateTime(at), at.toISOString()).toEqual(localDateTimeByIntl(at));
    }
  });

  it('agrees around the fast path edge, midnight and the turn of a year', () => {
    const edges = [
      Date.UTC(1989, 0, 1) - 1,
      Date.UTC(1989, 0, 1),
      Date.UTC(1988, 8, 25, 4, 59, 59),
      Date.UTC(1988, 8, 25, 5, 0, 0),
      Date.UTC(2026, 11, 31, 23, 59, 59),
      Date.UTC(2027, 0, 1, 5, 59, 59),
      Date.UTC(2027, 0, 1, 6, 0, 0),
      Date.UTC(2028, 1, 29, 12, 0, 0),
    ];
    for (const ms of edges) expect(localDateTime(new Date(ms)), new Date(ms).toISOString()).toEqual(localDateTimeByIntl(new Date(ms)));
    expect(isoLocal(new Date('2027-01-01T05:59:59.999Z'))).toBe('2026-12-31T23:59:59-06:00');
  });

  it('refuses an invalid date as before', () => {
    expect(() => localDateTime(new Date(Number.NaN))).toThrow(RangeError);
  });
});
