// POST /dte/invalidate: checks, the anulación document (signed and stored as PENDING), then one attempt at
// MH outside any transaction. MH unreachable → the event stays PENDING (202) and the sync engine sends it.
import { attemptEvent, type Unreached } from '../../mh/event-attempt';
import { judgeEventAnswer, type EventJudgment } from '../../mh/event-judgment';
import type { KeyObject } from 'node:crypto';
import { invalidateBody, replacementErrors, validateBody, type DteKind, type UnknownFields } from '../../../../shared/contract';
import type { InvalidationRecord, InvalidationStatus, Environment } from '../../../../shared/records';
import { audit } from '../../audit';
import { isoLocal, localDateTime, type Clock } from '../../clock';
import { CoreError, validationFailed } from '../../errors';
import { controlCharacterErrors } from '../control-characters';
import type { MhClient } from '../../mh/client';
import { keyOrNull, resignedIfStale, signJson } from '../../signing/jws';
import type { StoredStation } from '../../station/profile';
import type { Store } from '../../store/database';
import type { InvalidationsTable } from '../../store/schema';
import { canonicalId, findDocument, signedParts } from '../documents-repo';
import { invalidationsRepo } from './invalidations-repo';
import { doubtOf, invalidationsInDoubt, settleInvalidationDoubt } from './doubt';
import { buildAnulacionV2, defaultPerson } from './anulacion-v2';
import { invalidationDeadline } from '../../normative/invalidation-windows';
import { buildInvalidacionV3 } from './invalidacion-v3';
import { liveNotesOf } from '../documents-repo';
import { normativeOf, REPLACEMENT_ORDER, type Normative } from '../../../../shared/normative';
import { assertNoLiveReturn } from '../retorno/retorno';
import { documentEvents } from '../document-events';
import { moveStatus } from '../status';
import type { Logger } from '../../logger';

export interface InvalidationDeps {
  readonly store: Store;
  readonly clock: Clock;
  readonly newId: () => string;
  readonly station: () => StoredStation;
  readonly signingKey: () => KeyObject | null;
  readonly client: () => MhClient | null;
  readonly nextIdEnvio: () => number;
  readonly logger: Logger;
  /** Throws once SQLite found the station's file damaged (store/integrity-watch.ts): no event is signed on it. */
  readonly integrityCheck?: () => void;
  /** Invalidations on their way to MH now: one copy of an event at a time (the request's and the engine's). */
  readonly inFlight: Set<string>;
}

export function toInvalidationRecord(r: InvalidationsTable): InvalidationRecord {
  return {
    id: r.id,
    companyId: r.company_id,
    environment: r.environment as Environment,
    type: r.kind as DteKind,
    version: r.version,
    status: r.status as InvalidationStatus,
    mhResponse: r.mh_response ? (JSON.parse(r.mh_response) as Record<string, unknown>) : null,
    generatedAt: r.generated_at,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
    dteId: r.dte_id,
  };
}

const row = (store: Store, id: string) => invalidationsRepo(store).byId(id);

/** Kinds MH invalidates only once the notes adjusting them are invalidated (v2.0, docs/mh.md, Invalidation order). */
const NOTES_FIRST: Record<Normative, readonly DteKind[]> = { legacy: [], '2026': ['CCF', 'CR'] };

/** The event in the schema of the invalidated document's normative: anulacion v2 or invalidacion v3. */
function buildEvent(normative: Normative, input: Parameters<typeof buildAnulacionV2>[0]): { document: object; version: number } {
  switch (normative) {
    case 'legacy':
      return { document: buildAnulacionV2(input), version: 2 };
    case '2026': {
      const { event, errors } = buildInvalidacionV3(input);
      if (errors.length) throw validationFailed(errors);
      return { document: event, version: 3 };
    }
    default: {
      const never: never = normative;
      return never;
    }
  }
}

export interface InvalidationResult {
  readonly record: InvalidationRecord;
  /** The event waits for MH (it could not be reached now). */
  readonly pending: boolean;
  /** Fields the contract does not list, left out (dotted paths); empty when strict. */
  readonly ignored: readonly string[];
}

export async function invalidateDte(
  deps: InvalidationDeps,
  input: unknown,
  actor: string,
  unknown: UnknownFields = 'reject',
): Promise<InvalidationResult> {
  const parsed = validateBody(invalidateBody, input, unknown);
  if (!parsed.ok) throw validationFailed(parsed.errors);
  // An event's text is signed into MH's JSON too (../control-characters.ts).
  const unprintable = controlCharacterErrors(parsed.value);
  if (unprintable.length) throw validationFailed(unprintable);
  deps.integrityCheck?.();
  const { ignored } = parsed;
  const body = parsed.value;
  const station = deps.station();
  const target = findDocument(deps.store, body.dteId);
  if (!target) throw new CoreError('DTE_NOT_FOUND', `No existe un DTE con id ${body.dteId}.`);
  const live = invalidationsRepo(deps.store).liveFor(target.id);
  // Asked again while MH has not answered: the same event, still pending.
  if (live?.status === 'PENDING') return { record: toInvalidationRecord(live), pending: true, ignored };
  // MH may hold one already (decision 0024): a second event would be refused, or worse, taken.
  if (live?.status === 'IN_DOUBT')
    throw new CoreError(
      'DTE_NOT_INVALIDATABLE',
      'La invalidación de este DTE está en duda: revise el documento en la consulta pública de MH y resuélvala antes de intentar de nuevo.',
    );
  if (target.status !== 'APPROVED') {
    throw new CoreError(
      'DTE_NOT_INVALIDATABLE',
      target.status === 'INVALIDATED'
        ? 'El DTE ya está invalidado.'
        : `Solo se invalida un DTE aprobado por MH; este está en estado ${target.status}.`,
    );
  }
  // MF2 p.17: an FE/FEXE/FSEE with a live Evento de Retorno is not invalidated (docs/decisions/0015-evento-de-retorno.md).
  assertNoLiveReturn(deps.store, target.id);
  if (body.branchOffice && body.branchOffice.mhCode !== station.branch.mhCode) {
    throw validationFailed([
      { path: 'branchOffice.mhCode', code: 'NOT_ALLOWED', message: `Esta estación emite para la sucursal ${station.branch.mhCode}.` },
    ]);
  }
  const kind = target.kind as DteKind;
  // The document's own normative rules its invalidation: windows, event schema, replacement order.
  const normative = normativeOf(kind, target.version);
  const replacementProblems = replacementErrors(REPLACEMENT_ORDER[normative][kind], body);
  if (replacementProblems.length) throw validationFailed(replacementProblems);
  if (NOTES_FIRST[normative].includes(kind)) {
    const notes = liveNotesOf(deps.store, target.id);
    if (notes.length)
      throw new CoreError(
        'DTE_NOT_INVALIDATABLE',
        `Invalide primero las notas que ajustan este ${kind} (${notes.join(', ')}): MH no invalida un documento con notas vigentes.`,
      );
  }
  let replacementCode: string | null = null;
  if (body.dteReplaceId) {
    const replacement = findDocument(deps.store, body.dteReplaceId);
    if (replacement?.status !== 'APPROVED' || replacement.id === target.id) {
      throw new CoreError('REPLACEMENT_NOT_APPROVED', 'El DTE de reemplazo debe ser otro documento de esta estación, aprobado por MH.');
    }
    replacementCode = replacement.id.toUpperCase();
  }
  const now = deps.clock.now();
  const window = invalidationDeadline(normative, kind, target.sealed_at ?? target.updated_at, target.generated_at);
  if (now.getTime() > Date.parse(window.deadline)) {
    throw new CoreError(
      'INVALIDATION_WINDOW_CLOSED',
      `El plazo de MH para invalidar este ${target.kind} venció el ${window.deadline.slice(0, 19).replace('T', ' ')}. Corrija con una nota de crédito o débito.`,
    );
  }
  const key = deps.signingKey();
  if (!key) throw new CoreError('STATION_NOT_READY', 'La estación no tiene certificado de firma de MH.');

  const stored = signedParts(deps.store, target.id);
  const manager = body.manager ?? defaultPerson(station);
  const local = localDateTime(now);
  const id = canonicalId(deps.newId());
  const eventInput = {
    station,
    ambiente: station.environment === 'LIVE' ? ('01' as const) : ('00' as const),
    codigoGeneracion: id.toUpperCase(),
    fecAnula: local.date,
    horAnula: local.time,
    target: { doc: JSON.parse(stored?.mh_json ?? '{}') as Record<string, unknown>, seal: target.seal ?? '', posNumber: target.pos_number },
    replacementCode,
    body,
    manager,
    requester: body.requester ?? manager,
  };
  const { document, version } = buildEvent(normative, eventInput);
  const at = isoLocal(now);
  const values: InvalidationsTable = {
    id,
    dte_id: target.id,
    kind: target.kind,
    environment: station.environment,
    company_id: station.company.id,
    version,
    status: 'PENDING',
    replacement_id: body.dteReplaceId ? canonicalId(body.dteReplaceId) : null,
    mh_json: JSON.stringify(document),
    jws: signJson(document, key),
    mh_response: null,
    generated_at: at,
    created_at: at,
    updated_at: at,
  };
  deps.store.tx(() => {
    invalidationsRepo(deps.store).insert(values);
    audit(deps.store, at, actor, 'dte.invalidation.requested', target.id, { event: id, replacement: values.replacement_id });
  });
  const { record } = await sendInvalidation(deps, id);
  return { record, pending: record.status === 'PENDING', ignored };
}

/** What one attempt gave: the event as it is now, and why MH was not reached (for the engine's backoff). */
export interface InvalidationAttempt {
  readonly record: InvalidationRecord;
  readonly unreached: Unreached | null;
}

/** One attempt to hand a PENDING invalidation to MH; records MH's verdict when there is one. */
export async function sendInvalidation(
  deps: Pick<InvalidationDeps, 'store' | 'clock' | 'client' | 'nextIdEnvio' | 'logger' | 'inFlight'> &
    Partial<Pick<InvalidationDeps, 'signingKey'>>,
  id: string,
): Promise<InvalidationAttempt> {
  const found = row(deps.store, id);
  if (!found) throw new Error(`invalidation ${id} vanished`);
  const client = deps.client();
  if (found.status !== 'PENDING' || !client) return { record: toInvalidationRecord(found), unreached: null };
  if (deps.inFlight.has(id)) return { record: toInvalidationRecord(found), unreached: null };
  // Signed with a certificate since renewed: the same event goes signed with the current one.
  const key = keyOrNull(deps.signingKey);
  const resigned = key ? resignedIfStale(found.jws, key) : null;
  if (resigned) invalidationsRepo(deps.store).resigned(id, resigned);
  const current = resigned ? { ...found, jws: resigned } : found;
  // Written before it leaves: a stop while it is out leaves the mark, and the next send knows MH may hold it.
  deps.store.tx(() => invalidationsRepo(deps.store).leaving(id, isoLocal(deps.clock.now())));
  const attempt = await attemptEvent({
    id,
    inFlight: deps.inFlight,
    send: () => client.sendInvalidation({ jws: current.jws, idEnvio: deps.nextIdEnvio(), version: current.version }),
    // Judged below (judgeEventAnswer): a duplicate comes back as a verdict to be judged, not as "no answer".
    tookEffect: (o) => o.outcome === 'duplicate',
    what: 'a la invalidación',
  });
  if (attempt.kind === 'busy') return { record: toInvalidationRecord(current), unreached: null };
  if (attempt.kind === 'unreached') {
    deps.store.tx(() => invalidationsRepo(deps.store).noVerdict(id, attempt.unreached.mayHaveReached === true));
    return { record: toInvalidationRecord(row(deps.store, id) ?? current), unreached: attempt.unreached };
  }
  const { call } = attempt;
  const sent = row(deps.store, id) ?? current;
  const doubtAt = sent.doubt_at ?? null;
  const judgment = judgeEventAnswer({
    kind: 'invalidation',
    outcome: call.outcome,
    earlierSendInDoubt: doubtAt !== null,
    earlierSendInTime: doubtAt !== null && sentInTime(deps.store, sent.dte_id, doubtAt),
  });
  const at = isoLocal(deps.clock.now());
  const status = statusOfJudgment(judgment);
  if (!status) {
    deps.store.tx(() => invalidationsRepo(deps.store).noVerdict(id, false));
    return { record: toInvalidationRecord(row(deps.store, id) ?? current), unreached: null };
  }
  deps.store.tx(() => {
    // Only a PENDING event takes MH's answer: a second answer (the engine and a request both sent it) is moot.
    if (!invalidationsRepo(deps.store).settle(id, status, JSON.stringify(call.body), at)) return;
    // Accepted, or MH most likely holds it: never APPROVED here while MH holds the invalidation.
    if (status === 'APPROVED' || status === 'IN_DOUBT')
      moveStatus(deps.store, deps.logger, { id: current.dte_id, to: 'INVALIDATED', at, cause: `MH invalidation ${status}` });
    else documentEvents(deps.store).record(current.dte_id, 'invalidation.rejected', at);
    const action =
      status === 'APPROVED' ? 'dte.invalidated' : status === 'IN_DOUBT' ? 'dte.invalidation.in_doubt' : 'dte.invalidation.rejected';
    const reason = judgment.verdict === 'in_doubt' || judgment.verdict === 'took_effect' ? judgment.reason : null;
    audit(deps.store, at, 'sync', action, current.dte_id, { event: id, ...(reason ? { reason } : {}) });
  });
  if (status === 'IN_DOUBT') deps.logger.warn('invalidation in doubt', { event: id, document: current.dte_id });
  return { record: toInvalidationRecord(row(deps.store, id) ?? current), unreached: null };
}

/** The invalidation's status after MH's answer, or null when the answer settles nothing. */
function statusOfJudgment(j: EventJudgment): InvalidationStatus | null {
  switch (j.verdict) {
    case 'accepted':
    case 'took_effect':
      return 'APPROVED';
    case 'in_doubt':
      return 'IN_DOUBT';
    case 'refused':
      return 'REJECTED';
    case 'no_answer':
      return null;
    default: {
      const never: never = j;
      return never;
    }
  }
}

/** Whether a send at `at` (isoLocal) was inside MH's window for invalidating the document. */
function sentInTime(store: Store, dteId: string, at: string): boolean {
  const target = findDocument(store, dteId);
  if (!target) return true;
  const kind = target.kind as DteKind;
  const window = invalidationDeadline(normativeOf(kind, target.version), kind, target.sealed_at ?? target.updated_at, target.generated_at);
  return Date.parse(at) <= Date.parse(window.deadline);
}

/** Ids of invalidations still waiting for MH, oldest first. */
export const pendingInvalidations = (store: Store): string[] => invalidationsRepo(store).pendingIds();

/** Invalidations as the core runs them: asked for by a person, retried by the sync engine. */
export function invalidationService(deps: InvalidationDeps) {
  return {
    invalidate: (input: unknown, actor: string, unknown?: UnknownFields) => invalidateDte(deps, input, actor, unknown),
    pending: () => pendingInvalidations(deps.store).length,
    /** One attempt at each, oldest first (one that never gets an answer blocks none); the first miss is reported. */
    async send(c: MhClient) {
      let first: Awaited<ReturnType<typeof sendInvalidation>>['unreached'] = null;
      for (const id of pendingInvalidations(deps.store)) {
        const { unreached } = await sendInvalidation({ ...deps, client: () => c }, id);
        if (unreached?.login || (unreached?.exchange && unreached.exchange.kind !== 'response')) return unreached;
        first ??= unreached;
      }
      return first;
    },
    /** The events asked for one document, oldest first. */
    ofDocument: (dteId: string) => invalidationsRepo(deps.store).ofDocument(dteId).map(toInvalidationRecord),
    /** Those MH may hold that a supervisor must settle (decision 0024). */
    inDoubt: () => invalidationsInDoubt(deps.store),
    /** The one in doubt for a document, for its detail screen; null when none is. */
    inDoubtFor(dteId: string) {
      const live = invalidationsRepo(deps.store).liveFor(dteId);
      return live?.status === 'IN_DOUBT' ? doubtOf(deps.store, live) : null;
    },
    /** A supervisor's verdict on one in doubt, from MH's public lookup: the event as it is now. */
    settleDoubt(id: string, input: unknown, actor: string): InvalidationRecord {
      settleInvalidationDoubt(deps, id, input, actor);
      const r = row(deps.store, id.toLowerCase());
      if (!r) throw new CoreError('NOT_FOUND', `No existe una invalidación con id ${id}.`);
      return toInvalidationRecord(r);
    },
  };
}

export type InvalidationService = ReturnType<typeof invalidationService>;
