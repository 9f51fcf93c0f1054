// How long after MH's seal a document may be invalidated, per kind (docs/mh.md, Invalidation), in El Salvador time.
// One table per reading of MH's rules; the documents Sello issues today follow the legacy one.
import type { DteKind } from '../../../../shared/contract';
import { localDateTime } from '../../clock';

export type WindowRule =
  /** Until 23:59:59 of the day after the seal. */
  | { readonly until: 'end-of-next-day' }
  /** Until 23:59:59 of the same day `months` later (sealed 11-Nov → until 11-Feb). */
  | { readonly until: 'months'; readonly months: number }
  /** Until 23:59:59 of the n-th business day (Mon–Fri) of the month after the seal. */
  | { readonly until: 'business-day-of-next-month'; readonly n: number };

export const INVALIDATION_WINDOWS = {
  /** Manual de eventos v1.1 (05/2022): the rules of the legacy schema set Sello issues with. */
  'legacy-2022': {
    FC: { until: 'months', months: 3 },
    FEX: { until: 'months', months: 3 },
    CCF: { until: 'end-of-next-day' },
    NC: { until: 'end-of-next-day' },
    ND: { until: 'end-of-next-day' },
    CR: { until: 'end-of-next-day' },
    FSE: { until: 'end-of-next-day' },
  },
  /**
   * Normativa v2.0 (2026), reading A of the reference, for the v2 serializers when they come. Not active: its
   * business-day count knows weekends only, while MF2's examples also skip El Salvador's public holidays
   * (sealed 19-03-2026 → 20-04-2026), so it needs the holiday calendar before it is used.
   */
  'normativa-2026-a': {
    FC: { until: 'months', months: 3 },
    FEX: { until: 'months', months: 3 },
    FSE: { until: 'months', months: 3 },
    CCF: { until: 'business-day-of-next-month', n: 10 },
    NC: { until: 'business-day-of-next-month', n: 10 },
    ND: { until: 'business-day-of-next-month', n: 10 },
    CR: { until: 'business-day-of-next-month', n: 10 },
  },
} as const satisfies Record<string, Record<DteKind, WindowRule>>;

export type InvalidationRegime = keyof typeof INVALIDATION_WINDOWS;
export const ACTIVE_REGIME: InvalidationRegime = 'legacy-2022';

const OFFSET = '-06:00'; // America/El_Salvador has no daylight saving.
const endOfDay = (y: number, m: number, d: number) =>
  new Date(`${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}T23:59:59${OFFSET}`);
const daysIn = (y: number, m: number) => new Date(Date.UTC(y, m, 0)).getUTCDate();

/** The last instant at which an invalidation of a document of `kind` sealed at `sealedAt` is still accepted. */
export function invalidationDeadline(kind: DteKind, sealedAt: Date, regime: InvalidationRegime = ACTIVE_REGIME): Date {
  const rule: WindowRule = INVALIDATION_WINDOWS[regime][kind];
  const [y, m, d] = localDateTime(sealedAt).date.split('-').map(Number) as [number, number, number];
  switch (rule.until) {
    case 'end-of-next-day': {
      const next = new Date(Date.UTC(y, m - 1, d + 1));
      return endOfDay(next.getUTCFullYear(), next.getUTCMonth() + 1, next.getUTCDate());
    }
    case 'months': {
      const target = new Date(Date.UTC(y, m - 1 + rule.months, 1));
      const ty = target.getUTCFullYear();
      const tm = target.getUTCMonth() + 1;
      return endOfDay(ty, tm, Math.min(d, daysIn(ty, tm)));
    }
    case 'business-day-of-next-month': {
      const first = new Date(Date.UTC(y, m, 1));
      let count = 0;
      for (let day = 1; ; day++) {
        const date = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth(), day));
        const weekday = date.getUTCDay();
        if (weekday !== 0 && weekday !== 6) count += 1;
        if (count === rule.n) return endOfDay(date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate());
      }
    }
    default: {
      const never: never = rule;
      return never;
    }
  }
}
