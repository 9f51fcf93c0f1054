import { describe, expect, it } from 'vitest';
import { invalidationDeadline } from '../../main/core/dte/invalidation/windows';

const sv = (iso: string) => new Date(`${iso}-06:00`);

describe('invalidation windows', () => {
  it('legacy: CCF, NC, ND, CR, FSE until 23:59:59 of the day after the seal, El Salvador time', () => {
    for (const kind of ['CCF', 'NC', 'ND', 'CR', 'FSE'] as const) {
      expect(invalidationDeadline(kind, sv('2026-11-22T23:30:00')).toISOString()).toBe('2026-11-24T05:59:59.000Z');
    }
    // Sealed late on the 30th of November: until the 1st of December.
    expect(invalidationDeadline('CCF', sv('2026-11-30T20:00:00'))).toEqual(sv('2026-12-01T23:59:59'));
  });

  it("legacy: FC and FEX for three months (MH's example: 11-Nov-2021 → 11-Feb-2022 23:59:59)", () => {
    expect(invalidationDeadline('FC', sv('2021-11-11T10:00:00'))).toEqual(sv('2022-02-11T23:59:59'));
    expect(invalidationDeadline('FEX', sv('2026-11-30T10:00:00'))).toEqual(sv('2027-02-28T23:59:59'));
  });

  it('2026 reading A (not active): the 10th weekday of the next month; FSE joins FC and FEX at three months', () => {
    // Weekdays only: September 2026 starts on a Tuesday, so its 10th weekday is Monday the 14th.
    expect(invalidationDeadline('CCF', sv('2026-08-20T10:00:00'), 'normativa-2026-a')).toEqual(sv('2026-09-14T23:59:59'));
    expect(invalidationDeadline('FSE', sv('2026-03-19T10:00:00'), 'normativa-2026-a')).toEqual(sv('2026-06-19T23:59:59'));
  });
});
