// Días hábiles for MH's deadlines: Monday to Friday, except El Salvador's national holidays.
//
// Saturday is not a business day. Tax deadlines in El Salvador count Monday–Friday, and MF2's own example settles
// it: sealed 25-04-2026 → 15-05-2026 is the 10th weekday of May after 1 May; counting Saturdays would give 13-05.
import { addDays, formatDate, parseDate, weekday } from './civil-date';
import { isHoliday } from './holidays';

export function isBusinessDay(date: string): boolean {
  const day = weekday(date);
  return day !== 0 && day !== 6 && !isHoliday(date);
}

/** The `n`-th business day after `date` (before it when `n` is negative); `date` itself is not counted; 0 → `date`. */
export function addBusinessDays(date: string, n: number): string {
  if (!Number.isInteger(n)) throw new RangeError(`Business days must be a whole number: ${n}`);
  const step = Math.sign(n);
  let current = date;
  for (let left = Math.abs(n); left > 0;) {
    current = addDays(current, step);
    if (isBusinessDay(current)) left -= 1;
  }
  parseDate(current); // validates `date` when n is 0
  return current;
}

/** The `n`-th business day (1-based) of `month` (1–12) of `year`; RangeError when the month has fewer. */
export function nthBusinessDayOfMonth(year: number, month: number, n: number): string {
  if (!Number.isInteger(n) || n < 1) throw new RangeError(`n must be 1 or more: ${n}`);
  const date = addBusinessDays(formatDate(year, month, 0), n);
  const found = parseDate(date);
  if (found.year !== year || found.month !== month) throw new RangeError(`${year}-${month} has fewer than ${n} business days`);
  return date;
}
