// The app's own date pickers (issue 33): what they show for a value, what they read from typing, where keys go.
import { describe, expect, it } from 'vitest';
import { clamp, nowValue, readText, showValue, stepValue } from '../../renderer/src/pickers/date-text';

describe('date picker text', () => {
  it('shows ISO values in es-SV and reads them back', () => {
    expect(showValue('date', '2026-11-26')).toBe('26/11/2026');
    expect(showValue('month', '2026-11')).toBe('11/2026');
    expect(showValue('datetime', '2026-11-26T18:05')).toBe('26/11/2026 18:05');
    expect(showValue('datetime', '2026-11-26T18:05:30')).toBe('26/11/2026 18:05');
    expect(showValue('date', '')).toBe('');
    for (const [kind, iso] of [
      ['date', '2026-11-26'],
      ['month', '2026-11'],
      ['datetime', '2026-11-26T18:05'],
    ] as const)
      expect(readText(kind, showValue(kind, iso))).toBe(iso);
  });

  it('reads nothing from partial or impossible text, so no half date reaches a query', () => {
    expect(readText('date', '26/11/202')).toBeNull();
    expect(readText('date', '30/02/2026')).toBeNull();
    expect(readText('month', '11/')).toBeNull();
    expect(readText('datetime', '26/11/2026 18')).toBeNull();
    expect(readText('datetime', '26/11/2026 18:60')).toBeNull();
  });

  it('steps a day, a month or a year with the keys, and starts from today on El Salvador clock', () => {
    expect(stepValue('date', '2026-11-30', 'small', 1)).toBe('2026-12-01');
    expect(stepValue('date', '2026-03-31', 'large', -1)).toBe('2026-02-28');
    expect(stepValue('month', '2026-01', 'small', -1)).toBe('2025-12');
    expect(stepValue('month', '2026-01', 'large', 1)).toBe('2027-01');
    expect(stepValue('datetime', '2026-11-30T18:05', 'small', 1)).toBe('2026-12-01T18:05');
    // 02:30 UTC on the 27th is still the 26th, 20:30, in El Salvador.
    const now = new Date('2026-11-27T02:30:00Z');
    expect(nowValue('date', now)).toBe('2026-11-26');
    expect(nowValue('month', now)).toBe('2026-11');
    expect(nowValue('datetime', now)).toBe('2026-11-26T20:30');
  });

  it('keeps a stepped value inside the field limits', () => {
    expect(clamp('2026-12-01', '2026-01-01', '2026-11-26')).toBe('2026-11-26');
    expect(clamp('2022-10', '2022-11')).toBe('2022-11');
    expect(clamp('2026-05-05', '2026-01-01', '2026-11-26')).toBe('2026-05-05');
  });
});
