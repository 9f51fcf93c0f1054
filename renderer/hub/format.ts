// Dates on the hub's screens as on the station's: El Salvador's time (shared/es-sv.ts), whatever the
// computer's zone; an issue date (a calendar day, no time) as dd/MM/yyyy.
export { localTime } from '../src/local-time';

export { esDate as localDate } from '../../shared/es-sv';

/** Whole minutes from `iso` to `now` (never negative: a station's clock a little ahead is "now"). */
export function minutesSince(iso: string, now: Date): number {
  const at = new Date(iso).getTime();
  return Number.isNaN(at) ? 0 : Math.max(0, Math.floor((now.getTime() - at) / 60_000));
}
