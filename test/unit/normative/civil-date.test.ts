import { describe, expect, it } from 'vitest';
import { addDays, addMonthsClamped, parseDate, svDateOf, svDateOfDateOrInstant, weekday } from '../../../main/core/normative/civil-date';

describe('civil dates (UTC arithmetic on YYYY-MM-DD)', () => {
  it('adds days across month, year and leap-day boundaries', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2027-03-01', -1)).toBe('2027-02-28');
    expect(weekday('2026-04-01')).toBe(3); // a Wednesday
  });

  it('clamps a day the target month lacks to its last day', () => {
    expect(addMonthsClamped('2025-11-30', 3)).toBe('2026-02-28');
    expect(addMonthsClamped('2027-11-30', 3)).toBe('2028-02-29');
    expect(addMonthsClamped('2026-03-31', 3)).toBe('2026-06-30');
    expect(addMonthsClamped('2026-12-31', 3)).toBe('2027-03-31');
  });

  it('reads an instant in El Salvador time (UTC−6), whatever its offset', () => {
    expect(svDateOf('2026-04-01T05:59:59Z')).toBe('2026-03-31');
    expect(svDateOf('2026-04-01T06:00:00Z')).toBe('2026-04-01');
    expect(svDateOf('2026-03-31T23:30:00-06:00')).toBe('2026-03-31');
    expect(svDateOf('2026-04-01T00:30:00+01:00')).toBe('2026-03-31');
    expect(svDateOfDateOrInstant('2026-01-09')).toBe('2026-01-09');
  });

  it('rejects instants without an offset and dates that do not exist', () => {
    expect(() => svDateOf('2026-04-01T10:00:00')).toThrow(RangeError);
    expect(() => parseDate('2026-02-29')).toThrow(RangeError);
    expect(() => svDateOfDateOrInstant('2026-13-01')).toThrow(RangeError);
  });
});
