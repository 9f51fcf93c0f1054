// How long after MH's seal a document may be invalidated, and which event date MH accepts, per normative and kind.
// Deadlines are El Salvador calendar days; the window closes at 23:59:59 −06:00 of the last day.
import type { DteKind } from '../../../shared/contract';
import { SV_OFFSET, addDays, addMonthsClamped, parseDate, svDateOf, svDateOfDateOrInstant } from './civil-date';
import { nthBusinessDayOfMonth } from './business-days';

export type Normative = 'legacy' | '2026';

export type DeadlineRule =
  /** Until the day after the seal. */
  | { readonly until: 'next-day' }
  /** Until the same day `months` after the seal; a day the month lacks becomes its last day (30-Nov → 28/29-Feb). */
  | { readonly until: 'months'; readonly months: number }
  /** Until the `n`-th business day (holidays included, see business-days.ts) of the month after the seal's month. */
  | { readonly until: 'business-day-of-next-month'; readonly n: number };

export type EventDateRule =
  /** The event's date must equal the invalidated document's generation date. */
  | { readonly eventDate: 'generation-date' }
  /** From the generation date to the same day `months` later (same month-end rule as the deadline). */
  | { readonly eventDate: 'months-after-generation'; readonly months: number };

export interface WindowRule {
  readonly deadline: DeadlineRule;
  /** null: the normative sets no range (legacy: the event carries its own date, fecAnula). */
  readonly eventDate: EventDateRule | null;
}

const NEXT_DAY = { deadline: { until: 'next-day' }, eventDate: null } as const;
const THREE_MONTHS_LEGACY = { deadline: { until: 'months', months: 3 }, eventDate: null } as const;
const TENTH_BUSINESS_DAY = {
  deadline: { until: 'business-day-of-next-month', n: 10 },
  eventDate: { eventDate: 'generation-date' },
} as const;
const THREE_MONTHS = {
  deadline: { until: 'months', months: 3 },
  eventDate: { eventDate: 'months-after-generation', months: 3 },
} as const;

export const INVALIDATION_WINDOWS = {
  /** Manual de eventos v1.1 (05/2022) [ME11 §2.3]. */
  legacy: {
    FC: THREE_MONTHS_LEGACY,
    FEX: THREE_MONTHS_LEGACY,
    CCF: NEXT_DAY,
    NC: NEXT_DAY,
    ND: NEXT_DAY,
    CR: NEXT_DAY,
    FSE: NEXT_DAY,
    NR: NEXT_DAY,
    CL: NEXT_DAY,
    DCL: NEXT_DAY,
    CD: NEXT_DAY,
  },
  /** Normativa DTE v2.0: MF2 §VII p.11, reading A (see MF2_INVALIDATION_READING). */
  '2026': {
    FC: THREE_MONTHS,
    FEX: THREE_MONTHS,
    FSE: THREE_MONTHS,
    CCF: TENTH_BUSINESS_DAY,
    NC: TENTH_BUSINESS_DAY,
    ND: TENTH_BUSINESS_DAY,
    CR: TENTH_BUSINESS_DAY,
    // MF2 §VII p.11 lists NRE, CLE, DCLE and CDE with the CCF group.
    NR: TENTH_BUSINESS_DAY,
    CL: TENTH_BUSINESS_DAY,
    DCL: TENTH_BUSINESS_DAY,
    CD: TENTH_BUSINESS_DAY,
  },
} as const satisfies Record<Normative, Record<DteKind, WindowRule>>;

/**
 * MF2 contradicts itself on the CCF/NC/ND/CR deadline (docs/mh.md, Invalidation windows). Reading A is the one
 * applied: p.11 states it as the rule, with worked examples, and p.12's own example rows fit it, not p.12's prose.
 */
export const MF2_INVALIDATION_READING = {
  chosen: 'A',
  rule: 'MF2 §VII p.11: "dentro de un plazo máximo 10 días hábiles del mes siguiente al período tributario" of the seal',
  contradictions: [
    'p.12 prose (reading C): "10 días hábiles posteriores a la fecha de transmisión"; its rows (15-04-2026 → 15-05-2026) do not fit it',
    'p.12 last row: transmitted 31-10-2025, window 31-10-2025 to 01-11-2025: the one-day legacy rule (reading B)',
    'MF2 does not say which holiday calendar defines "días hábiles"; national holidays are used (holidays.ts)',
  ],
  /**
   * MF2's p.11 example sealed 19-03-2026 → 20-04-2026 does not follow from national holidays: April 2026's 10th
   * business day is 16-04 (Jueves/Viernes Santo 2–3 April skipped). 20-04 would need 1, 2, 3 and 6 April all closed,
   * e.g. a public-sector Semana Santa closure from Monday 30-03 to Easter Monday 06-04: a guess no MH text supports.
   * The earlier date is kept: a deadline before MH's may refuse an event MH would take; one after it would let the event go out late and unsealed.
   */
  knownExampleMismatch: { sealed: '2026-03-19', mf2Deadline: '2026-04-20', computedDeadline: '2026-04-16' },
} as const;

export interface InvalidationWindow {
  /** The last instant the event may be transmitted, `YYYY-MM-DDT23:59:59-06:00`. */
  readonly deadline: string;
  /** The dates (`YYYY-MM-DD`, inclusive) the event's `fecEmi` may take; null when the normative sets none. */
  readonly eventDate: { readonly from: string; readonly to: string } | null;
}

const endOfDay = (date: string): string => `${date}T23:59:59${SV_OFFSET}`;

function lastDay(rule: DeadlineRule, sealed: string): string {
  switch (rule.until) {
    case 'next-day':
      return addDays(sealed, 1);
    case 'months':
      return addMonthsClamped(sealed, rule.months);
    case 'business-day-of-next-month': {
      const { year, month } = parseDate(sealed);
      return nthBusinessDayOfMonth(month === 12 ? year + 1 : year, (month % 12) + 1, rule.n);
    }
  }
}

function eventDates(rule: EventDateRule, generated: string): { from: string; to: string } {
  switch (rule.eventDate) {
    case 'generation-date':
      return { from: generated, to: generated };
    case 'months-after-generation':
      return { from: generated, to: addMonthsClamped(generated, rule.months) };
  }
}

/**
 * The invalidation window of a `kind` document under `normative`.
 * @param sealedAt MH's seal (fhProcesamiento), an ISO instant with its offset.
 * @param generatedAt the document's generation: its fecEmi (`YYYY-MM-DD`) or an ISO instant with its offset.
 */
export function invalidationDeadline(normative: Normative, kind: DteKind, sealedAt: string, generatedAt: string): InvalidationWindow {
  const rule: WindowRule = INVALIDATION_WINDOWS[normative][kind];
  const generated = svDateOfDateOrInstant(generatedAt);
  return {
    deadline: endOfDay(lastDay(rule.deadline, svDateOf(sealedAt))),
    eventDate: rule.eventDate && eventDates(rule.eventDate, generated),
  };
}

/**
 * The invalidation event's own date (`fecEmi`, "fecha del evento"): `today` clamped into the range the normative
 * sets for `kind` (MF2 §VII p.11), or `today` itself where it sets none. `today` and the result are `YYYY-MM-DD`.
 */
export function invalidationEventDate(normative: Normative, kind: DteKind, generatedAt: string, today: string): string {
  const rule: WindowRule = INVALIDATION_WINDOWS[normative][kind];
  if (!rule.eventDate) return today;
  const { from, to } = eventDates(rule.eventDate, svDateOfDateOrInstant(generatedAt));
  return today < from ? from : today > to ? to : today;
}

/**
 * The window to invalidate an event (Evento de Retorno or de Operaciones Especiales): MF2 §VII p.11 lists them with
 * the CCF group, so until the 10th business day of the month after the event's seal, dated the event's own
 * generation date. `sealedAt` and `generatedAt` as for invalidationDeadline.
 */
export function eventInvalidationWindow(sealedAt: string, generatedAt: string): InvalidationWindow {
  const rule: WindowRule = TENTH_BUSINESS_DAY;
  const generated = svDateOfDateOrInstant(generatedAt);
  return {
    deadline: endOfDay(lastDay(rule.deadline, svDateOf(sealedAt))),
    eventDate: rule.eventDate && eventDates(rule.eventDate, generated),
  };
}
