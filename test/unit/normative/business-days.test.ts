import { describe, expect, it } from 'vitest';
import { addBusinessDays, isBusinessDay, nthBusinessDayOfMonth } from '../../../main/core/normative/business-days';

describe('business days (Monday–Friday, not a national holiday)', () => {
  it('Saturdays, Sundays and holidays are not business days', () => {
    expect(isBusinessDay('2026-04-01')).toBe(true); // Miércoles Santo
    expect(isBusinessDay('2026-04-02')).toBe(false); // Jueves Santo
    expect(isBusinessDay('2026-04-03')).toBe(false); // Viernes Santo
    expect(isBusinessDay('2026-04-04')).toBe(false); // Saturday
    expect(isBusinessDay('2026-04-06')).toBe(true); // Monday after Easter
    expect(isBusinessDay('2026-05-01')).toBe(false); // Friday, Día del Trabajo
  });

  it('across Semana Santa: the 10th business day of April 2026 is the 16th', () => {
    expect(nthBusinessDayOfMonth(2026, 4, 1)).toBe('2026-04-01');
    expect(nthBusinessDayOfMonth(2026, 4, 2)).toBe('2026-04-06');
    expect(nthBusinessDayOfMonth(2026, 4, 10)).toBe('2026-04-16');
    expect(addBusinessDays('2026-04-01', 1)).toBe('2026-04-06');
    expect(addBusinessDays('2026-04-06', -1)).toBe('2026-04-01');
  });

  it('across year ends', () => {
    expect(addBusinessDays('2026-12-24', 1)).toBe('2026-12-28'); // over Navidad (Friday) and the weekend
    expect(addBusinessDays('2026-12-31', 1)).toBe('2027-01-04'); // over Año Nuevo (Friday)
    expect(addBusinessDays('2027-01-04', -1)).toBe('2026-12-31');
    expect(addBusinessDays('2027-12-30', 2)).toBe('2028-01-03'); // 2028-01-01 is a Saturday
    expect(nthBusinessDayOfMonth(2027, 1, 1)).toBe('2027-01-04');
    expect(nthBusinessDayOfMonth(2027, 1, 10)).toBe('2027-01-15');
  });

  it('0 days is the date itself; a month has no 25th business day', () => {
    expect(addBusinessDays('2026-04-04', 0)).toBe('2026-04-04');
    expect(() => nthBusinessDayOfMonth(2026, 4, 25)).toThrow(RangeError);
    expect(() => nthBusinessDayOfMonth(2026, 4, 0)).toThrow(RangeError);
    expect(() => addBusinessDays('2026-04-31', 1)).toThrow(RangeError);
  });
});
