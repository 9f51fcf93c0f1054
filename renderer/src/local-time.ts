// Every time on screen in El Salvador's time, whatever the instant's offset (MH's answers and the engine's
// contacts come in UTC; documents in -06:00) and whatever the computer's own zone.
const TZ = 'America/El_Salvador';
const minutes: Intl.DateTimeFormatOptions = {
  timeZone: TZ,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
};
const toMinutes = new Intl.DateTimeFormat('es-SV', minutes);
const withSeconds = new Intl.DateTimeFormat('es-SV', { ...minutes, second: '2-digit' });

/** `22/11/2026, 03:37:05` for an ISO instant (any offset); the text as given when it is not a date. */
export function localTime(iso: string, seconds = true): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return iso;
  return (seconds ? withSeconds : toMinutes).format(at);
}
