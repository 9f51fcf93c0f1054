// Time as MH wants it: fecEmi/horEmi in El Salvador local time (America/El_Salvador, UTC-6, no DST).

export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

const TZ = 'America/El_Salvador';
const dateFmt = new Intl.DateTimeFormat('en-CA', { timeZone: TZ, year: 'numeric', month: '2-digit', day: '2-digit' });
const timeFmt = new Intl.DateTimeFormat('en-GB', { timeZone: TZ, hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' });
const offsetFmt = new Intl.DateTimeFormat('en-US', { timeZone: TZ, timeZoneName: 'longOffset' });

export interface LocalDateTime {
  /** yyyy-MM-dd */
  readonly date: string;
  /** HH:mm:ss */
  readonly time: string;
  /** e.g. -06:00 */
  readonly offset: string;
}

// El Salvador has kept UTC-6 with no daylight saving since its last summer time ended in September 1988 (the
// tz database's "Salv" rules), so from 1989 on the fields are arithmetic: Intl's formatToParts cost 20-90 µs
// a call on every status move and audit entry. test/unit/clock.test.ts holds the two paths to each other.
const FIXED_OFFSET_FROM = Date.UTC(1989, 0, 1);
const FIXED_OFFSET_UNTIL = Date.UTC(9000, 0, 1);
const FIXED_OFFSET_MS = -6 * 3_600_000;
const two = (n: number) => (n < 10 ? `0${n}` : String(n));

export function localDateTime(at: Date): LocalDateTime {
  const ms = at.getTime();
  if (ms >= FIXED_OFFSET_FROM && ms < FIXED_OFFSET_UNTIL) {
    const l = new Date(ms + FIXED_OFFSET_MS);
    return {
      date: `${l.getUTCFullYear()}-${two(l.getUTCMonth() + 1)}-${two(l.getUTCDate())}`,
      time: `${two(l.getUTCHours())}:${two(l.getUTCMinutes())}:${two(l.getUTCSeconds())}`,
      offset: '-06:00',
    };
  }
  return localDateTimeByIntl(at);
}

/** The tz database's answer, for any instant. */
export function localDateTimeByIntl(at: Date): LocalDateTime {
  const tz = offsetFmt.formatToParts(at).find((p) => p.type === 'timeZoneName')?.value ?? 'GMT-06:00';
  return { date: dateFmt.format(at), time: timeFmt.format(at), offset: tz === 'GMT' ? '+00:00' : tz.replace('GMT', '') };
}

/** ISO 8601 with the El Salvador offset, e.g. 2026-11-22T09:15:00-06:00. */
export function isoLocal(at: Date): string {
  const l = localDateTime(at);
  return `${l.date}T${l.time}${l.offset}`;
}

/** The system clock moved by `offsetMs`: `SELLO_CLOCK_OFFSET_MS` (tests stand a station's wrong clock up with it). */
export function offsetClock(offsetMs: number): Clock {
  return offsetMs === 0 ? systemClock : { now: () => new Date(Date.now() + offsetMs) };
}

/** SELLO_CLOCK_OFFSET_MS's value: whole milliseconds, possibly negative; absent or empty is none. */
export function clockOffsetFrom(value: string | undefined, name = 'SELLO_CLOCK_OFFSET_MS'): number {
  if (value === undefined || value.trim() === '') return 0;
  if (!/^-?\d+$/.test(value.trim()))
    throw new Error(`${name}: se esperaba un número entero de milisegundos (por ejemplo -172800000), no "${value}"`);
  return Number(value.trim());
}
