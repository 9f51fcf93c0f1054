// What a date picker shows and reads, and where its keys move it: the field's text in es-SV and its ISO value.
import {
  addDays,
  addMonths,
  addMonthsToDay,
  esDateTime,
  esMonth,
  parseEsDate,
  parseEsDateTime,
  parseEsMonth,
  svCalendarDay,
} from '../../../shared/es-sv';

export type DateKind = 'date' | 'month' | 'datetime';

/** The text a field shows for its ISO value (`2026-11-26` → `26/11/2026`); empty for none. */
export function showValue(kind: DateKind, value: string): string {
  if (!value) return '';
  switch (kind) {
    case 'date':
      return esDateTime(value.slice(0, 10));
    case 'month':
      return esMonth(value.slice(0, 7));
    case 'datetime':
      return esDateTime(value.slice(0, 16), false);
    default: {
      const never: never = kind;
      return never;
    }
  }
}

/** The ISO value of what a person typed (`YYYY-MM-DD`, `YYYY-MM`, `YYYY-MM-DDTHH:MM`); null when it is none. */
export function readText(kind: DateKind, text: string): string | null {
  switch (kind) {
    case 'date':
      return parseEsDate(text);
    case 'month':
      return parseEsMonth(text);
    case 'datetime':
      return parseEsDateTime(text);
    default: {
      const never: never = kind;
      return never;
    }
  }
}

/** Today (this month, this minute) on El Salvador's clock, as the kind's ISO value. */
export function nowValue(kind: DateKind, now: Date): string {
  const minute = esDateTime(now.toISOString(), false);
  switch (kind) {
    case 'date':
      return svCalendarDay(now);
    case 'month':
      return svCalendarDay(now).slice(0, 7);
    case 'datetime':
      return parseEsDateTime(minute) ?? `${svCalendarDay(now)}T00:00`;
    default: {
      const never: never = kind;
      return never;
    }
  }
}

export type Step = 'small' | 'large';

/** The value one step on: a day (a month for a month field) or, large, a month (a year). */
export function stepValue(kind: DateKind, value: string, step: Step, by: 1 | -1): string {
  switch (kind) {
    case 'month':
      return addMonths(value, step === 'small' ? by : 12 * by);
    case 'date':
      return step === 'small' ? addDays(value, by) : addMonthsToDay(value, by);
    case 'datetime': {
      const day = value.slice(0, 10);
      return `${step === 'small' ? addDays(day, by) : addMonthsToDay(day, by)}${value.slice(10)}`;
    }
    default: {
      const never: never = kind;
      return never;
    }
  }
}

/** `value` kept between `min` and `max` (ISO values of one kind order as text). */
export function clamp(value: string, min?: string, max?: string): string {
  if (min && value < min) return min;
  if (max && value > max) return max;
  return value;
}
