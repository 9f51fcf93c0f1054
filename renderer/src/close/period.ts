// The close's period as the screen edits it: `datetime-local` values read as El Salvador's wall clock, whatever
// the computer's own zone, and turned into the instants POST /closes takes. Money as the screen shows it.
import { usd } from '../money';
const TZ = 'America/El_Salvador';
// El Salvador keeps UTC−6 all year (no daylight saving since 1988), so a wall-clock minute has one instant.
const OFFSET = '-06:00';

const wall = new Intl.DateTimeFormat('en-CA', {
  timeZone: TZ,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** `2026-11-22T18:05`: the minute `at` falls in, on El Salvador's clock (a `datetime-local` value). */
export function wallMinute(at: Date): string {
  const p = Object.fromEntries(wall.formatToParts(at).map((x) => [x.type, x.value]));
  return `${p.year}-${p.month}-${p.day}T${p.hour}:${p.minute}`;
}

/** Today's 00:00 on El Salvador's clock. */
export const startOfDay = (at: Date): string => `${wallMinute(at).slice(0, 10)}T00:00`;

export interface PeriodField {
  readonly value: string;
  /** Typed by the person; an untouched field follows the default (today, up to now) as time passes. */
  readonly edited: boolean;
}

export interface PeriodRequest {
  readonly from?: string;
  readonly to?: string;
}

/**
 * What POST /closes gets: an untouched end is left out (the server's "now", to the second), and so is an end in
 * the current minute; an edited end takes the whole minute it names (…:59), an edited start its first second.
 */
export function periodRequest(from: PeriodField, to: PeriodField, now: Date): PeriodRequest {
  const endIsNow = !to.edited || to.value === wallMinute(now);
  return {
    ...(from.edited ? { from: `${from.value}:00${OFFSET}` } : {}),
    ...(endIsNow ? {} : { to: `${to.value}:59${OFFSET}` }),
  };
}

/** What is wrong with the period before asking the server, per field; empty when nothing is. */
export function periodProblems(from: PeriodField, to: PeriodField, words: { missing: string; reversed: string }): Record<string, string> {
  const out: Record<string, string> = {};
  if (!from.value) out.from = words.missing;
  if (!to.value) out.to = words.missing;
  // Same-length wall-clock strings order as their instants do.
  if (from.value && to.value && from.value > to.value) out.to = words.reversed;
  return out;
}

export { usd };

/** A signed change: `+$12.00`, `-$3.50`, `+2`. */
export const signed = (value: string, money: boolean): string => {
  const shown = money ? usd(value) : value;
  return value.startsWith('-') ? shown : `+${shown}`;
};
