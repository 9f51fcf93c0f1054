// What a homologation run does next, decided from what is stored (never from memory), so a run resumed after a
// crash picks up exactly where the store says it is. Pure: the runner (runner.ts) carries the action out.
import type { DteKind } from '../../../shared/contract';
import { EVENT_MINIMUM, HOMOLOGATION_MINIMUMS, eventsFor, type HomologationEvent } from '../../../shared/homologation';
import { REPLACEMENT_ORDER, type Normative } from '../../../shared/normative';
import type { InvalidationType } from '../../../shared/contract';
import type { RunDocument, RunEvent, RunRow } from './runs-repo';
import { serializerFor } from '../dte/mh/serializers';

/** What a document step asked for: the body, and for a replacement the invalidation it comes before. */
export interface DocumentRequest {
  readonly body: Record<string, unknown>;
  readonly replaces?: { readonly dteId: string; readonly type: InvalidationType };
}

export interface RunState {
  readonly run: RunRow;
  readonly documents: readonly RunDocument[];
  readonly events: readonly RunEvent[];
  /** A contingency event is open at the station (the engine ends it at its next contact with MH). */
  readonly contingencyOpen: boolean;
  /** CCFs of this run with a live note adjusting them (an NC or ND not rejected or invalidated). */
  readonly ccfsWithNotes: ReadonlySet<string>;
  /** Documents of this run with a live Evento de Retorno. */
  readonly returned: ReadonlySet<string>;
}

export type Action =
  | { readonly do: 'finish-event'; readonly event: RunEvent }
  | { readonly do: 'wait'; readonly why: string }
  | { readonly do: 'document'; readonly kind: DteKind; readonly related?: string; readonly replaces?: DocumentRequest['replaces'] }
  | { readonly do: 'replacement'; readonly target: RunDocument; readonly type: InvalidationType }
  | { readonly do: 'contingency'; readonly kinds: readonly DteKind[]; readonly index: number }
  | { readonly do: 'invalidation'; readonly target: RunDocument; readonly type: InvalidationType; readonly replacement: string | null }
  | { readonly do: 'retorno'; readonly target: RunDocument }
  | {
      readonly do: 'operaciones';
      /** Every EOE step so far, refused ones too: it numbers the event's vouchers, never reused. */
      readonly turn: number;
      /** Of the five. */
      readonly index: number;
      readonly mode: OperationsMode;
      /** A re-report's earlier event: sealed, by single vouchers, not re-reported yet. */
      readonly earlier?: RunEvent;
    }
  | { readonly do: 'done' };

const PENDING = new Set(['CREATED', 'PROCESSING']);
/** Documents per contingency event: enough to make a lote, few enough to keep the run short. */
export const DOCUMENTS_PER_CONTINGENCY = 2;
/** The invalidation types, in turn: with replacement (1), rescinded (2), other with replacement (3). */
const INVALIDATION_TYPES: readonly InvalidationType[] = [1, 2, 3, 2, 1];
/**
 * Kinds invalidated in turn, those most companies invalidate first, the kinds of issue 57 between them: five
 * invalidations over every kind still meet an NR and a liquidation (CL, or DCL where the legacy CL cannot).
 */
const INVALIDATION_ORDER: readonly DteKind[] = ['FC', 'NR', 'CCF', 'CL', 'FEX', 'DCL', 'FSE', 'CD', 'CR', 'ND', 'NC'];
const RETURNABLE: readonly DteKind[] = ['FC', 'FEX', 'FSE'];
/** How an Evento de Operaciones Especiales reports: ranges, single vouchers, or an annulled voucher again (MF2 §X). */
export type OperationsMode = 'ranges' | 'singles' | 're-report';
/** Re-reports MH may refuse before the run stops trying one (it never loops on a refusal). */
const RE_REPORT_TRIES = 2;

export const requestOf = (d: RunDocument): DocumentRequest => JSON.parse(d.request) as DocumentRequest;

/**
 * Kinds that may be contingency documents: the legacy CR v1 has no contingency form, nor do the CL, DCL and CD
 * (MF2 §VIII p.18); notes need a sealed CCF.
 */
function contingencyKinds(run: RunRow): DteKind[] {
  return run.kinds.filter((k) => k !== 'NC' && k !== 'ND' && serializerFor(run.normative, k).contingency);
}

/** Sealed and still valid, and on its way, per kind. */
export function kindCounts(documents: readonly RunDocument[], kind: DteKind) {
  const of = documents.filter((d) => d.kind === kind);
  return {
    sealed: of.filter((d) => d.status === 'APPROVED').length,
    pending: of.filter((d) => d.status !== null && PENDING.has(d.status)).length,
    rejected: of.filter((d) => d.status === 'REJECTED' || d.error !== null).length,
  };
}

export function eventCounts(events: readonly RunEvent[], event: HomologationEvent) {
  const of = events.filter((e) => e.step === event);
  return {
    sealed: of.filter((e) => e.state === 'APPROVED').length,
    pending: of.filter((e) => e.state === 'PENDING').length,
    rejected: of.filter((e) => e.state === 'REJECTED').length,
  };
}

export function nextAction(s: RunState): Action {
  const { run, documents, events } = s;
  const unfinished = events.find((e) => !e.done);
  if (unfinished) return { do: 'finish-event', event: unfinished };

  // One document at a time outside contingency: MH's pace, and a rejection is known before the next is made.
  const waiting = documents.find((d) => d.status !== null && PENDING.has(d.status) && d.contingencyId === null);
  if (waiting) return { do: 'wait', why: `Esperando la respuesta de MH al ${waiting.kind} ${waiting.controlNumber ?? ''}`.trim() };

  // A document is tried once: an invalidation refused or rejected moves on to another document, never loops.
  const attempted = (step: RunEvent['step']) => new Set(events.filter((e) => e.step === step).map((e) => e.ref));
  const triedToInvalidate = attempted('invalidation');
  const returnedOrTried = new Set([...attempted('retorno'), ...s.returned]);
  const invalidated = new Set(events.filter((e) => e.step === 'invalidation' && e.state !== 'REJECTED').map((e) => e.ref));
  const replacementAction = pendingReplacement(s, triedToInvalidate);
  if (replacementAction) return replacementAction;

  const contingency = eventCounts(events, 'contingency');
  if (contingency.sealed + contingency.pending < EVENT_MINIMUM) {
    if (s.contingencyOpen) return { do: 'wait', why: 'Esperando que el evento de contingencia se cierre y se transmita' };
    const kinds = contingencyKinds(run);
    const index = events.filter((e) => e.step === 'contingency').length;
    return { do: 'contingency', kinds: pickKinds(kinds, index), index: contingency.sealed + contingency.pending + 1 };
  }

  const deficit = documentDeficit(s, invalidated);
  // A CL, DCL or CD is refused while a contingency is open (one the engine opened, MH being away): it waits instead.
  if (deficit?.do === 'document' && s.contingencyOpen && !serializerFor(run.normative, deficit.kind).contingency)
    return { do: 'wait', why: `Esperando que termine la contingencia: MH no admite un ${deficit.kind} en contingencia` };
  if (deficit) return deficit;

  // The newest first: the invalidation windows run from the seal (a legacy CCF's closes the next day).
  const targets = (kind: DteKind) =>
    documents
      .filter(
        (d) =>
          d.kind === kind &&
          d.status === 'APPROVED' &&
          !triedToInvalidate.has(d.id) &&
          !returnedOrTried.has(d.id) &&
          !s.ccfsWithNotes.has(d.id) &&
          requestOf(d).replaces === undefined,
      )
      .reverse();

  if (eventsFor(run.normative, run.kinds).includes('retorno')) {
    const r = eventCounts(events, 'retorno');
    if (r.sealed + r.pending < EVENT_MINIMUM) {
      const kinds = RETURNABLE.filter((k) => run.kinds.includes(k));
      const kind = kinds[(r.sealed + r.pending + r.rejected) % kinds.length]!;
      const target = targets(kind)[0] ?? kinds.flatMap(targets)[0];
      if (target) return { do: 'retorno', target };
      return { do: 'document', kind };
    }
  }

  const inv = eventCounts(events, 'invalidation');
  if (inv.sealed + inv.pending < EVENT_MINIMUM) {
    const turn = events.filter((e) => e.step === 'invalidation').length;
    const kinds = INVALIDATION_ORDER.filter((k) => run.kinds.includes(k) && !((k === 'NC' || k === 'CL') && run.normative === 'legacy'));
    const type = INVALIDATION_TYPES[turn % INVALIDATION_TYPES.length]!;
    const kind = kinds[turn % kinds.length]!;
    const target = targets(kind)[0] ?? kinds.flatMap(targets)[0];
    // Nothing left to invalidate (every CCF has its notes): one more document of a kind that needs nothing.
    if (!target) return { do: 'document', kind: kinds.find((k) => k !== 'NC' && k !== 'ND') ?? 'CCF' };
    const before = REPLACEMENT_ORDER[run.normative][target.kind] === 'before' && type !== 2;
    return before ? { do: 'replacement', target, type } : { do: 'invalidation', target, type, replacement: null };
  }

  if (eventsFor(run.normative, run.kinds).includes('operaciones')) {
    const ops = eventCounts(events, 'operaciones');
    if (ops.sealed + ops.pending < EVENT_MINIMUM) {
      const tried = events.filter((e) => e.step === 'operaciones');
      const turn = tried.length;
      const index = ops.sealed + ops.pending + 1;
      // Each way of reporting once (ranges, single vouchers, an annulled voucher again), then ranges and singles in turn.
      const live = new Set(tried.filter((e) => e.state !== 'REJECTED').map(operationsMode));
      const earlier = reReportable(events);
      const reReportsRefused = tried.filter((e) => e.state === 'REJECTED' && operationsMode(e) === 're-report').length;
      if (!live.has('ranges')) return { do: 'operaciones', turn, index, mode: 'ranges' };
      if (!live.has('singles')) return { do: 'operaciones', turn, index, mode: 'singles' };
      if (!live.has('re-report') && earlier && reReportsRefused < RE_REPORT_TRIES)
        return { do: 'operaciones', turn, index, mode: 're-report', earlier };
      return { do: 'operaciones', turn, index, mode: turn % 2 === 0 ? 'ranges' : 'singles' };
    }
  }

  if (documents.some((d) => d.status !== null && PENDING.has(d.status)) || events.some((e) => e.state === 'PENDING'))
    return { do: 'wait', why: 'Esperando las últimas respuestas de MH' };
  return { do: 'done' };
}

/** What an EOE step asked (its body). */
interface OperationsRequest {
  readonly period: string;
  readonly items: readonly { readonly number?: string | null; readonly reportedIn?: string | null }[];
}
const operationsOf = (e: RunEvent): OperationsRequest => JSON.parse(e.request) as OperationsRequest;

/** How an EOE step reports, read from its body. */
function operationsMode(e: RunEvent): OperationsMode {
  const first = operationsOf(e).items[0];
  return first?.reportedIn ? 're-report' : first?.number != null ? 'singles' : 'ranges';
}

/** The newest sealed EOE of single vouchers that no re-report (sealed or on its way) names yet. */
function reReportable(events: readonly RunEvent[]): RunEvent | null {
  const ops = events.filter((e) => e.step === 'operaciones');
  const named = new Set(
    ops.flatMap((e) =>
      e.state === 'REJECTED' ? [] : operationsOf(e).items.flatMap((i) => (i.reportedIn ? [i.reportedIn.toLowerCase()] : [])),
    ),
  );
  const sealedSingles = ops.filter(
    (e) =>
      e.state === 'APPROVED' &&
      e.recordId !== null &&
      !named.has(e.recordId) &&
      operationsOf(e).items.every((i) => i.number != null && i.reportedIn == null),
  );
  return sealedSingles.at(-1) ?? null;
}

/** Kinds for the index-th contingency event's documents, in turn over those that may go in contingency. */
function pickKinds(kinds: readonly DteKind[], index: number): DteKind[] {
  return Array.from({ length: DOCUMENTS_PER_CONTINGENCY }, (_, i) => kinds[(index * DOCUMENTS_PER_CONTINGENCY + i) % kinds.length]!);
}

/** A replacement made for an invalidation: once sealed the invalidation follows; refused, another is made. */
function pendingReplacement(s: RunState, invalidated: ReadonlySet<string>): Action | null {
  const latest = new Map<string, RunDocument>();
  for (const d of s.documents) {
    const r = requestOf(d).replaces;
    if (r && !invalidated.has(r.dteId)) latest.set(r.dteId, d);
  }
  for (const [target, d] of latest) {
    const r = requestOf(d).replaces!;
    const original = s.documents.find((x) => x.id === target);
    if (!original || original.status !== 'APPROVED') continue;
    if (d.status === 'APPROVED') return { do: 'invalidation', target: original, type: r.type, replacement: d.id };
    if (d.status === 'REJECTED' || d.error !== null) return { do: 'replacement', target: original, type: r.type };
    return { do: 'wait', why: `Esperando el sello del documento que reemplaza al ${original.controlNumber ?? original.kind}` };
  }
  return null;
}

/** The kind furthest from its minimum, and for a note the CCF it adjusts. */
function documentDeficit(s: RunState, invalidated: ReadonlySet<string>): Action | null {
  const { run, documents } = s;
  const short = run.kinds
    .map((kind) => {
      const c = kindCounts(documents, kind);
      return { kind, have: c.sealed + c.pending, need: HOMOLOGATION_MINIMUMS[kind] };
    })
    .filter((k) => k.have < k.need)
    .sort((a, b) => a.have / a.need - b.have / b.need || run.kinds.indexOf(a.kind) - run.kinds.indexOf(b.kind));
  for (const k of short) {
    if (k.kind !== 'NC' && k.kind !== 'ND') return { do: 'document', kind: k.kind };
    const related = ccfFor(s, k.kind, invalidated);
    if (related) return { do: 'document', kind: k.kind, related };
  }
  // Only notes are short and every CCF already has one: another CCF to adjust.
  return short.length ? { do: 'document', kind: 'CCF' } : null;
}

/** A sealed CCF of the run for a note: without notes first; an ND may also adjust one an NC already adjusts. */
function ccfFor(s: RunState, kind: 'NC' | 'ND', invalidated: ReadonlySet<string>): string | null {
  const ccfs = s.documents.filter((d) => d.kind === 'CCF' && d.status === 'APPROVED' && !invalidated.has(d.id));
  const free = ccfs.find((d) => !s.ccfsWithNotes.has(d.id));
  if (free) return free.id;
  return kind === 'ND' ? (ccfs[0]?.id ?? null) : null;
}

export const normativeLabel = (n: Normative): string => (n === 'legacy' ? 'anterior' : '2026');
