// POST /dte/returns/:id/invalidate: an Evento de Retorno made by mistake is invalidated (MF2 §VII pp.13, 17;
// docs/decisions/0050-evento-de-retorno-complete.md), which frees its documents' own invalidation. Checks, the
// invalidacion v3 event (invalidacion-er.ts) signed and stored PENDING, then one attempt at MH outside any
// transaction, as a document's invalidation (invalidation/invalidate.ts). A refusal stores nothing.
import { returnInvalidationBody, type ReturnInvalidationRecord, type ReturnInvalidationStatus } from '../../../../shared/retorno';
import { validateBody, type UnknownFields } from '../../../../shared/contract';
import { audit } from '../../audit';
import { isoLocal, localDateTime } from '../../clock';
import { CoreError, validationFailed } from '../../errors';
import { controlCharacterErrors } from '../control-characters';
import { attemptEvent, type Unreached } from '../../mh/event-attempt';
import type { MhClient } from '../../mh/client';
import { eventInvalidationWindow } from '../../normative/invalidation-windows';
import { replicationQueue } from '../../replication/queue';
import { keyOrNull, resignedIfStale, signJson } from '../../signing/jws';
import type { ReturnInvalidationsTable, ReturnsTable } from '../../store/schema';
import { canonicalId } from '../documents-repo';
import { defaultPerson } from '../invalidation/anulacion-v2';
import type { EretV1Event } from './eret-v1';
import { buildReturnInvalidation } from './invalidacion-er';
import type { ReturnDeps } from './retorno';
import { returnsRepo, sealIn } from './returns-repo';
import { mhProcessedMs } from '../../clock-skew';

type Deps = Pick<ReturnDeps, 'store' | 'clock' | 'client' | 'nextIdEnvio' | 'logger' | 'inFlight'> &
  Partial<Pick<ReturnDeps, 'signingKey'>>;

const sealOf = (r: Pick<ReturnsTable, 'mh_response'>): string | null => sealIn(r.mh_response);

/**
 * When MH sealed the ER: its answer's fhProcesamiento (dd/MM/yyyy HH:mm:ss, El Salvador), else when it was made
 * (never later than the seal, so the window it gives never ends after MH's).
 */
function sealedAt(r: Pick<ReturnsTable, 'mh_response' | 'generated_at'>): string {
  const ms = mhProcessedMs(r.mh_response ? (JSON.parse(r.mh_response) as { fhProcesamiento?: unknown }).fhProcesamiento : null);
  return ms === null ? r.generated_at : new Date(ms).toISOString();
}

/** The window to invalidate a sealed ER; null when it is not sealed. */
export function returnInvalidationWindow(r: ReturnsTable) {
  if (r.status !== 'APPROVED' || !sealOf(r)) return null;
  const er = JSON.parse(r.mh_json) as EretV1Event;
  return eventInvalidationWindow(sealedAt(r), er.identificacion.fecEmi);
}

export function toInvalidationRecord(r: ReturnInvalidationsTable): ReturnInvalidationRecord {
  return {
    id: r.id,
    status: r.status as ReturnInvalidationStatus,
    type: r.type as 1 | 2 | 3,
    reason: r.reason,
    seal: r.status === 'APPROVED' ? sealOf(r) : null,
    mhResponse: r.mh_response ? (JSON.parse(r.mh_response) as Record<string, unknown>) : null,
    createdAt: r.created_at,
  };
}

export interface ReturnInvalidationResult {
  readonly invalidation: ReturnInvalidationRecord;
  /** MH could not be reached: the event waits, PENDING. */
  readonly pending: boolean;
  readonly ignored: readonly string[];
}

export async function invalidateReturn(
  deps: ReturnDeps,
  returnId: string,
  input: unknown,
  actor: string,
  unknown: UnknownFields = 'reject',
): Promise<ReturnInvalidationResult> {
  const parsed = validateBody(returnInvalidationBody, input ?? {}, unknown);
  if (!parsed.ok) throw validationFailed(parsed.errors);
  // An event's text is signed into MH's JSON too (../control-characters.ts).
  const unprintable = controlCharacterErrors(parsed.value);
  if (unprintable.length) throw validationFailed(unprintable);
  deps.integrityCheck?.();
  const body = parsed.value;
  const repo = returnsRepo(deps.store);
  const er = repo.byId(canonicalId(returnId));
  if (!er) throw new CoreError('NOT_FOUND', `No existe una devolución (Evento de Retorno) con id ${returnId}.`);
  const live = repo.liveInvalidation(er.id);
  // Asked again while MH has not answered: the same event, still pending.
  if (live?.status === 'PENDING') return { invalidation: toInvalidationRecord(live), pending: true, ignored: parsed.ignored };
  if (live?.status === 'APPROVED') throw new CoreError('DTE_NOT_INVALIDATABLE', 'La devolución ya está invalidada.');
  const seal = sealOf(er);
  if (er.status !== 'APPROVED' || !seal)
    throw new CoreError(
      'DTE_NOT_INVALIDATABLE',
      er.status === 'PENDING' && er.mh_response === null
        ? 'La devolución todavía espera el sello de MH: se invalida cuando MH la apruebe.'
        : er.status !== 'REJECTED'
          ? 'MH tomó esta devolución, pero su respuesta con el sello se perdió: sin el sello no se puede invalidar. Busque la devolución en el portal de MH por su código de generación y confírmela con su sello.'
          : 'MH rechazó esta devolución: no cuenta y no hay nada que invalidar.',
    );
  const now = deps.clock.now();
  const window = returnInvalidationWindow(er)!;
  if (now.getTime() > Date.parse(window.deadline))
    throw new CoreError(
      'INVALIDATION_WINDOW_CLOSED',
      `El plazo de MH para invalidar esta devolución venció el ${window.deadline.slice(0, 19).replace('T', ' ')} (el décimo día hábil del mes siguiente a su sello).`,
    );
  const key = deps.signingKey();
  if (!key) throw new CoreError('STATION_NOT_READY', 'La estación no tiene certificado de firma de MH.');
  const station = deps.station();
  const manager = body.manager ?? defaultPerson(station);
  const id = canonicalId(deps.newId());
  const event = buildReturnInvalidation({
    station,
    ambiente: station.environment === 'LIVE' ? '01' : '00',
    codigoGeneracion: id.toUpperCase(),
    er: JSON.parse(er.mh_json) as EretV1Event,
    seal,
    horAnula: localDateTime(now).time,
    body,
    manager,
    requester: body.requester ?? manager,
  });
  const at = isoLocal(now);
  deps.store.tx(() => {
    repo.insertInvalidation({
      id,
      return_id: er.id,
      status: 'PENDING',
      type: body.type ?? 2,
      reason: body.reason ?? null,
      mh_json: JSON.stringify(event),
      jws: signJson(event, key),
      mh_response: null,
      generated_at: at,
      created_at: at,
      updated_at: at,
    });
    for (const dteId of new Set(repo.linesOf(er.id).map((l) => l.dte_id)))
      audit(deps.store, at, actor, 'dte.return.invalidation.requested', dteId, { event: er.id, invalidation: id });
  });
  const { invalidation } = await sendReturnInvalidation(deps, id);
  return { invalidation, pending: invalidation.status === 'PENDING', ignored: parsed.ignored };
}

/** One attempt to hand a PENDING ER invalidation to MH; records MH's verdict when there is one. */
export async function sendReturnInvalidation(
  deps: Deps,
  id: string,
): Promise<{ invalidation: ReturnInvalidationRecord; unreached: Unreached | null }> {
  const repo = returnsRepo(deps.store);
  const found = repo.invalidationById(id);
  if (!found) throw new Error(`return invalidation ${id} vanished`);
  const client: MhClient | null = deps.client();
  if (found.status !== 'PENDING' || !client) return { invalidation: toInvalidationRecord(found), unreached: null };
  // Signed with a certificate since renewed: the same event goes signed with the current one (decision 0027).
  const key = keyOrNull(deps.signingKey);
  const resigned = key ? resignedIfStale(found.jws, key) : null;
  if (resigned) repo.resignedInvalidation(id, resigned);
  const current = resigned ? { ...found, jws: resigned } : found;
  const attempt = await attemptEvent({
    id,
    inFlight: deps.inFlight,
    send: () => client.sendInvalidation({ jws: current.jws, idEnvio: deps.nextIdEnvio(), version: 3 }),
    // MH already holds this very event (an earlier answer was lost): it took effect.
    tookEffect: (o) => o.outcome === 'duplicate',
    what: 'a la invalidación de la devolución',
  });
  if (attempt.kind === 'busy' || attempt.kind === 'unreached')
    return { invalidation: toInvalidationRecord(current), unreached: attempt.kind === 'unreached' ? attempt.unreached : null };
  const { status, call } = attempt;
  const at = isoLocal(deps.clock.now());
  deps.store.tx(() => {
    if (!repo.settleInvalidation(id, status, JSON.stringify(call.body), at)) return;
    for (const dteId of new Set(repo.linesOf(current.return_id).map((l) => l.dte_id))) {
      const action = status === 'APPROVED' ? 'dte.return.invalidated' : 'dte.return.invalidation.rejected';
      audit(deps.store, at, 'sync', action, dteId, { event: current.return_id, invalidation: id });
      replicationQueue(deps.store).changed(dteId, 'return', at);
    }
  });
  return { invalidation: toInvalidationRecord(repo.invalidationById(id) ?? current), unreached: null };
}
