// Calendar arithmetic on `YYYY-MM-DD` strings, done in UTC so the machine's own time zone never shifts a date.

/** America/El_Salvador: UTC−6 all year (no daylight saving since 1988). */
export const SV_OFFSET = '-06:00';
const SV_OFFSET_MS = -6 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
// An instant must carry its offset: without one, Date.parse reads it in the machine's local zone.
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

export interface YearMonthDay {
  readonly year: number;
  readonly month: number;
  readonly day: number;
}

// setUTCFullYear, not Date.UTC: Date.UTC maps years 0–99 to 1900–1999.
const utcMs = (year: number, month: number, day: number): number => new Date(0).setUTCFullYear(year, month - 1, day);

const fromMs = (ms: number): string => {
  const d = new Date(ms);
  return formatDate(d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate());
};

/** `YYYY-MM-DD`; day and month overflow roll over (31 April → 1 May), as Date does. */
export function formatDate(year: number, month: number, day: number): string {
  const d = new Date(utcMs(year, month, day));
  const y = String(d.getUTCFullYear()).padStart(4, '0');
  return `${y}-${String(d.getUTCMonth() + 1).padStart(2, '0')}-${String(d.getUTCDate()).padStart(2, '0')}`;
}

/** The parts of a `YYYY-MM-DD` date; throws RangeError on a malformed or non-existent date (2026-02-30). */
export function parseDate(date: string): YearMonthDay {
  const m = DATE.exec(date);
  if (!m || formatDate(Number(m[1]), Number(m[2]), Number(m[3])) !== date) throw new RangeError(`Not a date (YYYY-MM-DD): ${date}`);
  return { year: Number(m[1]), month: Number(m[2]), day: Number(m[3]) };
}

export function addDays(date: string, days: number): string {
  const { year, month, day } = parseDate(date);
  return fromMs(utcMs(year, month, day) + days * DAY_MS);
}

/** 0 = Sunday … 6 = Saturday. */
export function weekday(date: string): number {
  const { year, month, day } = parseDate(date);
  return new Date(utcMs(year, month, day)).getUTCDay();
}

export function daysInMonth(year: number, month: number): number {
  return new Date(utcMs(year, month + 1, 0)).getUTCDate();
}

/** The same day `months` later; a day the target month lacks becomes its last day (30 Nov + 3 → 28/29 Feb). */
export function addMonthsClamped(date: string, months: number): string {
  const { year, month, day } = parseDate(date);
  const first = parseDate(formatDate(year, month + months, 1));
  return formatDate(first.year, first.month, Math.min(day, daysInMonth(first.year, first.month)));
}

/** The El Salvador calendar date of an ISO 8601 instant with an offset (`…Z` or `…±hh:mm`). */
export function svDateOf(instant: string): string {
  const ms = INSTANT.test(instant) ? Date.parse(instant) : NaN;
  if (Number.isNaN(ms)) throw new RangeError(`Not an ISO instant with an offset: ${instant}`);
  return fromMs(ms + SV_OFFSET_MS);
}

/** A `YYYY-MM-DD` date as is, or an instant's El Salvador date. */
export function svDateOfDateOrInstant(value: string): string {
  if (!DATE.test(value)) return svDateOf(value);
  parseDate(value); // throws on 2026-02-30
  return value;
}
