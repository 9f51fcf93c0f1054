// Dates as people in El Salvador read and type them: DD/MM/AAAA and a 24-hour clock on El Salvador's time,
// whatever the computer's own zone or language. APIs and files keep ISO; only what a person sees goes through here.

export const SV_TIME_ZONE = 'America/El_Salvador';

// Numeric parts only (never the locale's separators or "a. m."), so every runtime's ICU writes the same text.
const parts = new Intl.DateTimeFormat('en-CA', {
  timeZone: SV_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

const MONTHS = [
  'enero',
  'febrero',
  'marzo',
  'abril',
  'mayo',
  'junio',
  'julio',
  'agosto',
  'septiembre',
  'octubre',
  'noviembre',
  'diciembre',
] as const;

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

interface Wall {
  readonly year: string;
  readonly month: string;
  readonly day: string;
  readonly hour: string;
  readonly minute: string;
  readonly second: string;
}

function wall(at: Date): Wall {
  const p = Object.fromEntries(parts.formatToParts(at).map((x) => [x.type, x.value]));
  return {
    year: p.year ?? '',
    month: p.month ?? '',
    day: p.day ?? '',
    hour: p.hour ?? '',
    minute: p.minute ?? '',
    second: p.second ?? '',
  };
}

const CALENDAR_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const CALENDAR_MONTH = /^(\d{4})-(\d{2})$/;
// A wall-clock minute with no offset (what a date-time field holds): read as it is, never moved by a zone.
const WALL_MINUTE = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;

/**
 * `26/11/2026 06:15:15` (or `26/11/2026 06:15` without seconds) for an instant in any offset, on El Salvador's
 * clock; a calendar day alone (`2026-11-26`) as `26/11/2026`; text that is no date as it is.
 */
export function esDateTime(iso: string, seconds = true): string {
  const day = CALENDAR_DAY.exec(iso);
  if (day) return `${day[3]}/${day[2]}/${day[1]}`;
  const local = WALL_MINUTE.exec(iso);
  if (local) {
    const time = seconds ? `${local[4]}:${local[5]}:${local[6] ?? '00'}` : `${local[4]}:${local[5]}`;
    return `${local[3]}/${local[2]}/${local[1]} ${time}`;
  }
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return iso;
  const w = wall(at);
  return `${w.day}/${w.month}/${w.year} ${w.hour}:${w.minute}${seconds ? `:${w.second}` : ''}`;
}

/** `26/11/2026`: the day on El Salvador's calendar of an instant, or a calendar day (`2026-11-26`) as it is. */
export function esDate(iso: string): string {
  const day = CALENDAR_DAY.exec(iso.slice(0, 10));
  if (day && (iso.length === 10 || WALL_MINUTE.test(iso))) return `${day[3]}/${day[2]}/${day[1]}`;
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return iso;
  const w = wall(at);
  return `${w.day}/${w.month}/${w.year}`;
}

/** `11/2026` for `2026-11`, as a month is typed. */
export function esMonth(month: string): string {
  const m = CALENDAR_MONTH.exec(month);
  return m ? `${m[2]}/${m[1]}` : month;
}

/** `noviembre de 2026` for `2026-11`, as a month is named in a title. */
export function esMonthName(month: string): string {
  const m = CALENDAR_MONTH.exec(month);
  const name = m ? MONTHS[Number(m[2]) - 1] : undefined;
  return m && name ? `${name} de ${m[1]}` : month;
}

/** The Spanish month names, January first. */
export const esMonthNames: readonly string[] = MONTHS;

/** `2026-11-26` on El Salvador's calendar for an instant. */
export function svCalendarDay(at: Date): string {
  const w = wall(at);
  return `${w.year}-${w.month}-${w.day}`;
}

const daysIn = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

function validDay(year: number, month: number, day: number): string | null {
  if (year < 1900 || year > 2999 || month < 1 || month > 12 || day < 1 || day > daysIn(year, month)) return null;
  return `${pad(year, 4)}-${pad(month)}-${pad(day)}`;
}

/**
 * The calendar day a person typed: `26/11/2026`, `26-11-2026`, `26.11.2026`, `26112026`, `2026-11-26`; null
 * when it is not a whole, real day (31/02, a two-digit year, missing parts).
 */
export function parseEsDate(text: string): string | null {
  const t = text.trim();
  const iso = CALENDAR_DAY.exec(t);
  if (iso) return validDay(Number(iso[1]), Number(iso[2]), Number(iso[3]));
  const typed = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(t) ?? /^(\d{2})(\d{2})(\d{4})$/.exec(t);
  return typed ? validDay(Number(typed[3]), Number(typed[2]), Number(typed[1])) : null;
}

/** The month a person typed: `11/2026`, `11-2026`, `112026`, `2026-11`; null when it is not one. */
export function parseEsMonth(text: string): string | null {
  const t = text.trim();
  const iso = CALENDAR_MONTH.exec(t);
  const typed = iso ? [iso[2], iso[1]] : (/^(\d{1,2})[/.-](\d{4})$/.exec(t) ?? /^(\d{2})(\d{4})$/.exec(t))?.slice(1);
  if (!typed) return null;
  const month = Number(typed[0]);
  const year = Number(typed[1]);
  return month >= 1 && month <= 12 && year >= 1900 && year <= 2999 ? `${pad(year, 4)}-${pad(month)}` : null;
}

/** The wall-clock minute a person typed, `26/11/2026 18:05` → `2026-11-26T18:05`; null when it is not one. */
export function parseEsDateTime(text: string): string | null {
  const m = /^(\S+)\s+(\d{1,2}):(\d{2})$/.exec(text.trim());
  if (!m?.[1]) return null;
  const day = parseEsDate(m[1]);
  const hour = Number(m[2]);
  const minute = Number(m[3]);
  return day && hour <= 23 && minute <= 59 ? `${day}T${pad(hour)}:${pad(minute)}` : null;
}

/** The calendar day `days` after `day` (`YYYY-MM-DD`; negative goes back). */
export function addDays(day: string, days: number): string {
  const [y = 0, m = 1, d = 1] = day.split('-').map(Number);
  const at = new Date(Date.UTC(y, m - 1, d + days));
  return `${pad(at.getUTCFullYear(), 4)}-${pad(at.getUTCMonth() + 1)}-${pad(at.getUTCDate())}`;
}

/** The same day `months` later, kept inside the month (31/01 + 1 → 28/02 or 29/02). */
export function addMonthsToDay(day: string, months: number): string {
  const [y = 0, m = 1, d = 1] = day.split('-').map(Number);
  const first = new Date(Date.UTC(y, m - 1 + months, 1));
  const year = first.getUTCFullYear();
  const month = first.getUTCMonth() + 1;
  return `${pad(year, 4)}-${pad(month)}-${pad(Math.min(d, daysIn(year, month)))}`;
}

/** The month `months` after `month` (`YYYY-MM`). */
export function addMonths(month: string, months: number): string {
  return addMonthsToDay(`${month}-01`, months).slice(0, 7);
}
