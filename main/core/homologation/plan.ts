// What a homologation run does next, decided from what is stored (never from memory), so a run resumed after a
// crash picks up exactly where the store says it is. Pure: the runner (runner.ts) carries the action out.
import type { DteKind } from '../../../shared/contract';
import { EVENT_MINIMUM, HOMOLOGATION_MINIMUMS, eventsFor, type HomologationEvent } from '../../../shared/homologation';
import { REPLACEMENT_ORDER, type Normative } from '../../../shared/normative';
import type { InvalidationType } from '../../../shared/contract';
import type { RunDocument, RunEvent, RunRow } from './runs-repo';

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
  | { readonly do: 'done' };

const PENDING = new Set(['CREATED', 'PROCESSING']);
/** Documents per contingency event: enough to make a lote, few enough to keep the run short. */
export const DOCUMENTS_PER_CONTINGENCY = 2;
/** The invalidation types, in turn: with replacement (1), rescinded (2), other with replacement (3). */
const INVALIDATION_TYPES: readonly InvalidationType[] = [1, 2, 3, 2, 1];
/** Kinds invalidated in turn, those most companies invalidate first. */
const INVALIDATION_ORDER: readonly DteKind[] = ['FC', 'CCF', 'FEX', 'FSE', 'CR', 'ND', 'NC'];
const RETURNABLE: readonly DteKind[] = ['FC', 'FEX', 'FSE'];

export const requestOf = (d: RunDocument): DocumentRequest => JSON.parse(d.request) as DocumentRequest;

/** Kinds that may be contingency documents: the legacy CR v1 has no contingency form; notes need a sealed CCF. */
function contingencyKinds(run: RunRow): DteKind[] {
  return run.kinds.filter((k) => k !== 'NC' && k !== 'ND' && !(k === 'CR' && run.normative === 'legacy'));
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
    const kinds = INVALIDATION_ORDER.filter((k) => run.kinds.includes(k) && !(k === 'NC' && run.normative === 'legacy'));
    const type = INVALIDATION_TYPES[turn % INVALIDATION_TYPES.length]!;
    const kind = kinds[turn % kinds.length]!;
    const target = targets(kind)[0] ?? kinds.flatMap(targets)[0];
    // Nothing left to invalidate (every CCF has its notes): one more document of a kind that needs nothing.
    if (!target) return { do: 'document', kind: kinds.find((k) => k !== 'NC' && k !== 'ND') ?? 'CCF' };
    const before = REPLACEMENT_ORDER[run.normative][target.kind] === 'before' && type !== 2;
    return before ? { do: 'replacement', target, type } : { do: 'invalidation', target, type, replacement: null };
  }

  if (documents.some((d) => d.status !== null && PENDING.has(d.status)) || events.some((e) => e.state === 'PENDING'))
    return { do: 'wait', why: 'Esperando las últimas respuestas de MH' };
  return { do: 'done' };
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
