// One way to write and read dates for people in El Salvador (issue 33): DD/MM/AAAA, 24 h, El Salvador's clock.
import { describe, expect, it } from 'vitest';
import {
  addDays,
  addMonths,
  addMonthsToDay,
  esDate,
  esDateTime,
  esMonth,
  esMonthName,
  parseEsDate,
  parseEsDateTime,
  parseEsMonth,
  svCalendarDay,
} from '../../shared/es-sv';

describe('es-SV dates for people', () => {
  it('writes an instant in any offset on El Salvador clock, 24 h, no comma nor a. m.', () => {
    expect(esDateTime('2026-11-26T12:15:15Z')).toBe('26/11/2026 06:15:15');
    expect(esDateTime('2026-11-26T06:15:15-06:00')).toBe('26/11/2026 06:15:15');
    expect(esDateTime('2026-11-26T23:10:00.000Z', false)).toBe('26/11/2026 17:10');
    // Just after midnight UTC is still the day before in El Salvador.
    expect(esDateTime('2026-11-27T03:59:00Z', false)).toBe('26/11/2026 21:59');
    expect(esDateTime('2027-02-27T05:59:00Z', false)).toBe('26/02/2027 23:59');
  });

  it('writes calendar days and wall-clock minutes as they are, never moved by a zone', () => {
    expect(esDateTime('2026-11-26')).toBe('26/11/2026');
    expect(esDateTime('2026-11-26T18:05', false)).toBe('26/11/2026 18:05');
    expect(esDate('2026-11-26')).toBe('26/11/2026');
    expect(esDate('2026-11-27T02:00:00Z')).toBe('26/11/2026');
    expect(svCalendarDay(new Date('2026-11-27T02:00:00Z'))).toBe('2026-11-26');
  });

  it('names months in Spanish and writes them as typed', () => {
    expect(esMonth('2026-11')).toBe('11/2026');
    expect(esMonthName('2026-02')).toBe('febrero de 2026');
    expect(esMonthName('2026-13')).toBe('2026-13');
  });

  it('leaves text that is no date as it is', () => {
    expect(esDateTime('pendiente')).toBe('pendiente');
    expect(esDate('')).toBe('');
    expect(esMonth('noviembre')).toBe('noviembre');
  });
});

describe('reading what a person typed', () => {
  it('reads a day typed DD/MM/AAAA, with other separators, packed or in ISO', () => {
    expect(parseEsDate('26/11/2026')).toBe('2026-11-26');
    expect(parseEsDate(' 6/1/2026 ')).toBe('2026-01-06');
    expect(parseEsDate('26-11-2026')).toBe('2026-11-26');
    expect(parseEsDate('26.11.2026')).toBe('2026-11-26');
    expect(parseEsDate('26112026')).toBe('2026-11-26');
    expect(parseEsDate('2026-11-26')).toBe('2026-11-26');
  });

  it('refuses days that do not exist, US order past 12, two-digit years and partial text', () => {
    expect(parseEsDate('31/02/2026')).toBeNull();
    expect(parseEsDate('29/02/2026')).toBeNull();
    expect(parseEsDate('29/02/2028')).toBe('2028-02-29');
    expect(parseEsDate('11/26/2026')).toBeNull();
    expect(parseEsDate('26/11/26')).toBeNull();
    expect(parseEsDate('26/11/')).toBeNull();
    expect(parseEsDate('')).toBeNull();
    expect(parseEsDate('2026-13-01')).toBeNull();
  });

  it('reads months and wall-clock minutes', () => {
    expect(parseEsMonth('11/2026')).toBe('2026-11');
    expect(parseEsMonth('1/2026')).toBe('2026-01');
    expect(parseEsMonth('112026')).toBe('2026-11');
    expect(parseEsMonth('2026-11')).toBe('2026-11');
    expect(parseEsMonth('13/2026')).toBeNull();
    expect(parseEsMonth('octubre')).toBeNull();
    expect(parseEsDateTime('26/11/2026 18:05')).toBe('2026-11-26T18:05');
    expect(parseEsDateTime('26/11/2026 8:05')).toBe('2026-11-26T08:05');
    expect(parseEsDateTime('26/11/2026 24:00')).toBeNull();
    expect(parseEsDateTime('26/11/2026')).toBeNull();
  });

  it('steps days and months the way the pickers arrows do', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addMonthsToDay('2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonthsToDay('2026-01-15', -1)).toBe('2025-12-15');
    expect(addMonths('2026-12', 1)).toBe('2027-01');
    expect(addMonths('2026-01', -1)).toBe('2025-12');
  });
});
