// Dates on the hub's screens as on the station's: El Salvador's time (renderer/src/local-time.ts), whatever the
// computer's zone; an issue date (a calendar day, no time) as dd/MM/yyyy.
export { localTime } from '../src/local-time';

export function localDate(day: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  return m ? `${m[3]}/${m[2]}/${m[1]}` : day;
}

/** Whole minutes from `iso` to `now` (never negative: a station's clock a little ahead is "now"). */
export function minutesSince(iso: string, now: Date): number {
  const at = new Date(iso).getTime();
  return Number.isNaN(at) ? 0 : Math.max(0, Math.floor((now.getTime() - at) / 60_000));
}
