// The rules of an Evento de Operaciones Especiales (MF2 §X pp.21–26, summed up in docs/mh.md; decision 0083) that
// need more than the body: each names itself and looks only at a plain context (no store), so each is tested alone.
// The body's own rules (500 items, ranges vs one by one, kinds 02/97, dates in the period) are in the contract,
// shared/operaciones-especiales.ts. A broken rule is a 422 naming the field, except the station's normative (409).
import type { FieldError } from '../../../../shared/contract';
import type { Normative } from '../../../../shared/normative';
import { isRange, type EoeBody } from '../../../../shared/operaciones-especiales';

/** A voucher or a range as stored or asked: a single `document`, or `from`..`to`. */
export interface ReportedSpan {
  readonly type: string;
  readonly document: string | null;
  readonly from: string | null;
  readonly to: string | null;
}

/** An item of a live event (PENDING or APPROVED) as the rules see it. */
export interface LiveSpan extends ReportedSpan {
  readonly eventId: string;
  readonly eventStatus: string;
  readonly eventPeriod: string;
  /** Whether its event re-reports annulled vouchers. */
  readonly reReport: boolean;
}

export interface EoeContext {
  readonly normative: Normative;
  /** This month in El Salvador, YYYY-MM. */
  readonly currentPeriod: string;
  readonly body: EoeBody;
  /** Every item of the station's live events, of the types the body reports. */
  readonly live: readonly LiveSpan[];
}

export type RuleOutcome = { readonly station: string } | readonly FieldError[];

export interface EoeRule {
  readonly id: string;
  readonly source: string;
  readonly check: (c: EoeContext) => RuleOutcome;
}

const err = (path: string, code: FieldError['code'], message: string): FieldError => ({ path, code, message });

/** A number split into its prefix and numeric tail ("A-0042" → ["A-", 42]), or null when it ends in no digit. */
function tail(v: string): { prefix: string; n: number; width: number } | null {
  const m = /^(.*?)(\d+)$/.exec(v);
  return m ? { prefix: m[1]!, n: Number(m[2]), width: m[2]!.length } : null;
}

/** The span as numbers sharing a prefix, or null when it cannot be read so. */
function numeric(s: ReportedSpan): { prefix: string; lo: number; hi: number } | null {
  const a = tail(s.document ?? s.from ?? '');
  const b = tail(s.document ?? s.to ?? '');
  return a && b && a.prefix === b.prefix ? { prefix: a.prefix, lo: a.n, hi: b.n } : null;
}

/** Whether two spans of the same type share a voucher: equal numbers, or numeric ranges that overlap. */
export function overlaps(a: ReportedSpan, b: ReportedSpan): boolean {
  if (a.type !== b.type) return false;
  const same = (x: ReportedSpan, y: ReportedSpan) => x.document === y.document && x.from === y.from && x.to === y.to;
  if (same(a, b)) return true;
  const na = numeric(a);
  const nb = numeric(b);
  return na !== null && nb !== null && na.prefix === nb.prefix && na.lo <= nb.hi && nb.lo <= na.hi;
}

/** Whether `inner` lies inside `outer` (an annulled voucher inside the range that reported it, or the same span). */
export function within(inner: ReportedSpan, outer: ReportedSpan): boolean {
  if (inner.type !== outer.type) return false;
  if (inner.document === outer.document && inner.from === outer.from && inner.to === outer.to) return true;
  const ni = numeric(inner);
  const no = numeric(outer);
  return ni !== null && no !== null && ni.prefix === no.prefix && no.lo <= ni.lo && ni.hi <= no.hi;
}

export const spanOf = (i: EoeBody['items'][number]): ReportedSpan =>
  isRange(i)
    ? { type: i.type, document: null, from: i.from ?? null, to: i.to ?? null }
    : { type: i.type, document: i.number ?? null, from: null, to: null };

const label = (s: ReportedSpan) => (s.document !== null ? s.document : `${s.from ?? ''} a ${s.to ?? ''}`);

export const EOE_RULES: readonly EoeRule[] = [
  {
    id: 'normative-2026',
    source: 'MF2 §X: the EOE exists only in the Normativa DTE v2.0 (fe-eop-v1 has no legacy version)',
    check: (c) =>
      c.normative === '2026'
        ? []
        : {
            station:
              'El Evento de Operaciones Especiales es de la Normativa DTE v2.0 (2026), y esta estación aún emite con la normativa anterior. Un administrador la cambia en Ajustes.',
          },
  },
  {
    id: 'period-not-future',
    source: 'MF2 §X: the documents belong to the tax period reported, so the period has begun',
    check: (c) =>
      c.body.period <= c.currentPeriod
        ? []
        : [err('period', 'NOT_ALLOWED', `El período ${c.body.period} aún no empieza (estamos en ${c.currentPeriod}).`)],
  },
  {
    id: 'reported-once',
    source: 'MF2 §X: each document is reported once (an annulled one again only with the first event’s code)',
    check: (c) =>
      c.body.items.flatMap((i, n) => {
        if (i.reportedIn != null) return [];
        const span = spanOf(i);
        const clash = c.live.find((l) => !l.reReport && overlaps(span, l));
        return clash
          ? [
              err(
                `items.${n}`,
                'DUPLICATE',
                `${label(span)} ya se reportó en el evento ${clash.eventId.toUpperCase()}; un documento anulado se reporta con reportedIn.`,
              ),
            ]
          : [];
      }),
  },
  {
    id: 're-report-reference',
    source: 'MF2 §X: an annulled document carries the codigoGeneracion of the EOE that reported it as active',
    check: (c) =>
      c.body.items.flatMap((i, n) => {
        if (i.reportedIn == null) return [];
        const ref = i.reportedIn.toLowerCase();
        const span = spanOf(i);
        const items = c.live.filter((l) => l.eventId === ref && !l.reReport);
        if (items.length === 0)
          return [
            err(
              `items.${n}.reportedIn`,
              'NOT_ALLOWED',
              `No hay en esta estación un EOE ${i.reportedIn.toUpperCase()} que reporte documentos activos.`,
            ),
          ];
        if (items[0]!.eventStatus !== 'APPROVED')
          return [err(`items.${n}.reportedIn`, 'NOT_ALLOWED', `El EOE ${i.reportedIn.toUpperCase()} aún no tiene sello de MH.`)];
        if (!items.some((l) => within(span, l)))
          return [err(`items.${n}.reportedIn`, 'NOT_ALLOWED', `El EOE ${i.reportedIn.toUpperCase()} no reportó ${label(span)}.`)];
        if (items[0]!.eventPeriod !== c.body.period)
          return [
            err(
              'period',
              'NOT_ALLOWED',
              `${label(span)} se reportó en el período ${items[0]!.eventPeriod}: el evento de anulados es de ese período.`,
            ),
          ];
        return [];
      }),
  },
  {
    id: 're-reported-once',
    source: 'MF2 §X: an annulled document is reported once more, not twice',
    check: (c) =>
      c.body.items.flatMap((i, n) => {
        if (i.reportedIn == null) return [];
        const span = spanOf(i);
        const clash = c.live.find((l) => l.reReport && overlaps(span, l));
        return clash
          ? [err(`items.${n}`, 'DUPLICATE', `${label(span)} ya se reportó anulado en el evento ${clash.eventId.toUpperCase()}.`)]
          : [];
      }),
  },
];

/** Every rule in order: the station's refusal first (if any), else every field error of every rule. */
export function judgeEoe(c: EoeContext, rules: readonly EoeRule[] = EOE_RULES): { station: string | null; errors: FieldError[] } {
  const errors: FieldError[] = [];
  for (const rule of rules) {
    const out = rule.check(c);
    if ('station' in out) return { station: out.station, errors: [] };
    errors.push(...out);
  }
  return { station: null, errors };
}
