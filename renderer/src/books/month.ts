// The months and days the screen offers, on El Salvador's calendar whatever the computer's own zone: the month
// that is declared (the previous one), a month's days for the reports, and dates as the screen writes them.
import { esDate, esMonthName, svCalendarDay } from '../../../shared/es-sv';

/** The first month with DTE to declare (shared/books.ts `monthParam`). */
export const FIRST_MONTH = '2022-11';
export const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

/** `2026-11-22`: today on El Salvador's calendar. */
export const today = (now: Date): string => svCalendarDay(now);

/** `2026-11`: this month on El Salvador's calendar. */
export const thisMonth = (now: Date): string => today(now).slice(0, 7);

/** The month before `month` (`2026-01` → `2025-12`). */
export function monthBefore(month: string): string {
  const [y = 0, m = 1] = month.split('-').map(Number);
  return m === 1 ? `${y - 1}-12` : `${y}-${String(m - 1).padStart(2, '0')}`;
}

/** What the screen opens on: the previous month, the one declared this month. */
export const declaredMonth = (now: Date): string => monthBefore(thisMonth(now));

/** The last day of a month: `2026-02` → `2026-02-28`. */
export function lastDay(month: string): string {
  const [y = 0, m = 1] = month.split('-').map(Number);
  return `${month}-${String(new Date(Date.UTC(y, m, 0)).getUTCDate()).padStart(2, '0')}`;
}

/** A month's days for a report: the whole month, or up to today while it runs. */
export function monthDays(month: string, now: Date): { from: string; to: string } {
  const end = lastDay(month);
  const t = today(now);
  return { from: `${month}-01`, to: t < end && t >= `${month}-01` ? t : end };
}

/** `noviembre de 2026`. */
export const monthLabel = (month: string): string => esMonthName(month);

/** `22/11/2026` for `2026-11-22`, as the screen writes dates. */
export const shortDate = (iso: string): string => esDate(iso);

/** Days from `from` to `to` (both `YYYY-MM-DD`). */
export const daysApart = (from: string, to: string): number => (Date.parse(to) - Date.parse(from)) / 86_400_000;
