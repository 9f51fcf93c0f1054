import { describe, expect, it } from 'vitest';
import { easterSunday } from '../../../main/core/normative/easter';
import { holidaysOf, isHoliday } from '../../../main/core/normative/holidays';

describe('Easter Sunday (anonymous Gregorian algorithm)', () => {
  it.each([
    [1818, '1818-03-22'],
    [2000, '2000-04-23'],
    [2019, '2019-04-21'],
    [2024, '2024-03-31'],
    [2025, '2025-04-20'],
    [2026, '2026-04-05'],
    [2027, '2027-03-28'],
    [2038, '2038-04-25'],
    [2285, '2285-03-22'],
  ])('%i → %s', (year, date) => {
    expect(easterSunday(year)).toBe(date);
  });

  it('refuses years before the Gregorian calendar', () => {
    expect(() => easterSunday(1582)).toThrow(RangeError);
  });
});

describe("El Salvador's national holidays", () => {
  it('2026, in date order, Semana Santa 2–4 April', () => {
    expect(holidaysOf(2026)).toEqual([
      { date: '2026-01-01', name: 'Año Nuevo' },
      { date: '2026-04-02', name: 'Jueves Santo' },
      { date: '2026-04-03', name: 'Viernes Santo' },
      { date: '2026-04-04', name: 'Sábado Santo' },
      { date: '2026-05-01', name: 'Día del Trabajo' },
      { date: '2026-05-10', name: 'Día de la Madre' },
      { date: '2026-06-17', name: 'Día del Padre' },
      { date: '2026-08-06', name: 'Fiesta del Divino Salvador del Mundo' },
      { date: '2026-09-15', name: 'Día de la Independencia' },
      { date: '2026-11-02', name: 'Día de los Difuntos' },
      { date: '2026-12-25', name: 'Navidad' },
    ]);
  });

  it('Semana Santa moves with Easter, into March when Easter is early', () => {
    const santa = (year: number) => holidaysOf(year).filter((h) => h.name.endsWith('Santo'));
    expect(santa(2024).map((h) => h.date)).toEqual(['2024-03-28', '2024-03-29', '2024-03-30']);
    expect(santa(2038).map((h) => h.date)).toEqual(['2038-04-22', '2038-04-23', '2038-04-24']);
    expect(santa(2285).map((h) => h.date)).toEqual(['2285-03-19', '2285-03-20', '2285-03-21']);
  });

  it('across a year end: Navidad is the last of one year, Año Nuevo the first of the next', () => {
    expect(holidaysOf(2026).at(-1)).toEqual({ date: '2026-12-25', name: 'Navidad' });
    expect(holidaysOf(2027)[0]).toEqual({ date: '2027-01-01', name: 'Año Nuevo' });
    expect(isHoliday('2026-12-31')).toBe(false);
    expect(isHoliday('2027-01-01')).toBe(true);
    expect(isHoliday('2026-12-24')).toBe(false);
  });

  it('Día del Padre from 2013 and Día de la Madre from 2016 only', () => {
    expect(isHoliday('2012-06-17')).toBe(false);
    expect(isHoliday('2013-06-17')).toBe(true);
    expect(isHoliday('2015-05-10')).toBe(false);
    expect(isHoliday('2016-05-10')).toBe(true);
    expect(holidaysOf(2012)).toHaveLength(9);
  });

  it("national days only: San Salvador's 3 and 5 August and Miércoles Santo are not holidays", () => {
    expect(isHoliday('2026-08-03')).toBe(false);
    expect(isHoliday('2026-08-05')).toBe(false);
    expect(isHoliday('2026-08-06')).toBe(true);
    expect(isHoliday('2026-04-01')).toBe(false);
  });
});
