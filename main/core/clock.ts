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

export function localDateTime(at: Date): LocalDateTime {
  const tz = offsetFmt.formatToParts(at).find((p) => p.type === 'timeZoneName')?.value ?? 'GMT-06:00';
  return { date: dateFmt.format(at), time: timeFmt.format(at), offset: tz === 'GMT' ? '+00:00' : tz.replace('GMT', '') };
}

/** ISO 8601 with the El Salvador offset, e.g. 2026-11-22T09:15:00-06:00. */
export function isoLocal(at: Date): string {
  const l = localDateTime(at);
  return `${l.date}T${l.time}${l.offset}`;
}
