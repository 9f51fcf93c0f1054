// El Salvador's national public holidays (días de asueto, Código de Trabajo art. 190 as amended), one table of rules.
//
// Scope, decided for MH's nationwide deadlines:
// - National days only. Art. 190 adds 3 and 5 August for the city (now distrito) of San Salvador and the main patron
//   day of every other locality; these are local, so they are left out: MH's deadlines are the same for every issuer
//   wherever the station is, and leaving a local day out can only make a deadline earlier, never later than MH's.
// - No public-sector vacations (Semana Santa, 1–6 August, 24 December–2 January): they close government offices but
//   are not asuetos; MF2 does not say which calendar its "días hábiles" follow (docs/mh.md, Invalidation windows).
// - A holiday on a Sunday is not moved: art. 190 has no substitute-Monday rule. One-off decreed days (the Asamblea
//   sometimes adds one) are not known in advance; add them here as they are published.
// Sources: art. 190 as listed by La Prensa Gráfica (2019), El Independiente and Comercio y Negocios (2024–2026);
// Día del Padre nationwide since 2013, Día de la Madre for the private sector since 2016 (before that, public only).
import { addDays, formatDate, parseDate } from './civil-date';
import { easterSunday } from './easter';

type HolidayRule =
  /** The same calendar day every year, from `since` (inclusive) when the decree that added it applies. */
  | { readonly name: string; readonly on: 'fixed'; readonly month: number; readonly day: number; readonly since?: number }
  /** A day relative to Easter Sunday (−3 = Thursday before it). */
  | { readonly name: string; readonly on: 'easter'; readonly offset: number };

export interface Holiday {
  readonly date: string;
  readonly name: string;
}

export const NATIONAL_HOLIDAYS: readonly HolidayRule[] = [
  { name: 'Año Nuevo', on: 'fixed', month: 1, day: 1 },
  { name: 'Jueves Santo', on: 'easter', offset: -3 },
  { name: 'Viernes Santo', on: 'easter', offset: -2 },
  { name: 'Sábado Santo', on: 'easter', offset: -1 },
  { name: 'Día del Trabajo', on: 'fixed', month: 5, day: 1 },
  { name: 'Día de la Madre', on: 'fixed', month: 5, day: 10, since: 2016 },
  { name: 'Día del Padre', on: 'fixed', month: 6, day: 17, since: 2013 },
  { name: 'Fiesta del Divino Salvador del Mundo', on: 'fixed', month: 8, day: 6 },
  { name: 'Día de la Independencia', on: 'fixed', month: 9, day: 15 },
  { name: 'Día de los Difuntos', on: 'fixed', month: 11, day: 2 },
  { name: 'Navidad', on: 'fixed', month: 12, day: 25 },
];

const byYear = new Map<number, readonly Holiday[]>();

/** The national holidays of `year`, in date order. */
export function holidaysOf(year: number): readonly Holiday[] {
  const cached = byYear.get(year);
  if (cached) return cached;
  const easter = easterSunday(year);
  const list = NATIONAL_HOLIDAYS.flatMap((rule): Holiday[] => {
    if (rule.on === 'easter') return [{ date: addDays(easter, rule.offset), name: rule.name }];
    if (rule.since !== undefined && year < rule.since) return [];
    return [{ date: formatDate(year, rule.month, rule.day), name: rule.name }];
  }).sort((x, y) => x.date.localeCompare(y.date));
  byYear.set(year, list);
  return list;
}

/** Whether `date` (`YYYY-MM-DD`) is a national holiday. */
export function isHoliday(date: string): boolean {
  return holidaysOf(parseDate(date).year).some((h) => h.date === date);
}
