// POST /events/eoe: the Evento de Operaciones Especiales (docs/decisions/0083-evento-de-operaciones-especiales.md).
// The body (shared/operaciones-especiales.ts), the rules that need the store (rules.ts), the fe-eop-v1 event
// (eop-v1.ts) signed with the station's key and stored PENDING with its items, then one attempt at MH outside any
// transaction, as an Evento de Retorno is sent (dte/retorno/retorno.ts). A refusal stores nothing. Never part of a
// contingency event (fe-eop-v1 fixes tipoModelo/tipoOperacion to 1): one made while MH is away waits, PENDING.
import { validateBody, type UnknownFields } from '../../../../shared/contract';
import { normativeAt } from '../../../../shared/normative';
import {
  eoeBody,
  isRange,
  rangeCount,
  type EoeItemRecord,
  type EoeRecord,
  type EoeStatus,
  type SpecialOperationType,
} from '../../../../shared/operaciones-especiales';
import type { Environment } from '../../../../shared/records';
import { dec, round2 } from '../../../../shared/tax';
import { audit } from '../../audit';
import { isoLocal, localDateTime } from '../../clock';
import { CoreError, validationFailed } from '../../errors';
import type { MhClient } from '../../mh/client';
import { attemptEvent, type Unreached } from '../../mh/event-attempt';
import { heldByMhWords } from '../../mh/event-judgment';
import { keyOrNull, resignedIfStale, signJson } from '../../signing/jws';
import type { Store } from '../../store/database';
import type { SpecialOperationItemsTable, SpecialOperationsTable } from '../../store/schema';
import { canonicalId } from '../documents-repo';
import { canonicalJson, sha256Hex } from '../canonical';
import { ceilingErrors } from '../mh/ceiling';
import { controlCharacterErrors } from '../control-characters';
import { buildEopV1, itemValue, type EoeBuildItem } from './eop-v1';
import type { InvalidationDeps } from '../invalidation/invalidate';
import { judgeEoe } from './rules';
import { sealIn, specialOperationsRepo } from './special-operations-repo';

/** An EOE is signed and sent as an invalidation is: the same store, clock, key, MH client and in-flight guard. */
export type SpecialOperationsDeps = InvalidationDeps;

export interface EoeResult {
  readonly record: EoeRecord;
  /** MH could not be reached: the event waits, PENDING. */
  readonly pending: boolean;
  readonly ignored: readonly string[];
  /** The caller's id was used before with this very body: the stored event, nothing new sent. */
  readonly replayed: boolean;
}

/** MH's words for a person: the refusal's message and observations, or why the event still waits. */
function readableReason(status: string, response: Record<string, unknown> | null): string | null {
  if (!response) return status === 'PENDING' ? 'Espera enviarse a MH.' : null;
  const observations: unknown[] = Array.isArray(response.observaciones) ? (response.observaciones as unknown[]) : [];
  const words = [response.descripcionMsg, ...observations].filter((w): w is string => typeof w === 'string' && w.length > 0).join(' · ');
  if (status === 'REJECTED') return words ? `MH lo rechazó: ${words}` : 'MH lo rechazó sin decir por qué.';
  if (status === 'PENDING')
    return `MH ya lo tiene, pero su sello no llegó a la estación (${words || 'sin detalle'}); búsquelo en el portal de MH. No se reenvía.`;
  return null;
}

function toRecord(store: Store, r: SpecialOperationsTable): EoeRecord {
  const items = specialOperationsRepo(store).itemsOf(r.id);
  const response = r.mh_response ? (JSON.parse(r.mh_response) as Record<string, unknown>) : null;
  return {
    id: r.id,
    companyId: r.company_id,
    environment: r.environment as Environment,
    period: r.period,
    mode: r.mode === 'singles' ? 'singles' : 'ranges',
    reReport: r.re_report === 1,
    status: r.status as EoeStatus,
    reason: readableReason(r.status, response),
    seal: r.status === 'APPROVED' ? sealIn(r.mh_response) : null,
    total: r.total,
    items: items.map((i): EoeItemRecord => ({
      item: i.item,
      type: i.doc_type as SpecialOperationType,
      number: i.document,
      date: i.issued_on,
      from: i.doc_from,
      to: i.doc_to,
      reportedIn: i.ref_event,
      amount: i.amount,
    })),
    mhResponse: response,
    generatedAt: r.generated_at,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
  };
}

export async function reportSpecialOperations(
  deps: SpecialOperationsDeps,
  input: unknown,
  actor: string,
  unknown: UnknownFields = 'reject',
): Promise<EoeResult> {
  const parsed = validateBody(eoeBody, input, unknown);
  if (!parsed.ok) throw validationFailed(parsed.errors);
  // The event's text is signed into MH's JSON (../control-characters.ts).
  const unprintable = controlCharacterErrors(parsed.value);
  if (unprintable.length) throw validationFailed(unprintable);
  deps.integrityCheck?.();
  const body = parsed.value;
  const repo = specialOperationsRepo(deps.store);
  // A POS that lost the answer sends the same request again: the event it made, never a second one (as createDte).
  const requestHash = body.id ? sha256Hex(`EOE\n${canonicalJson({ ...body, id: canonicalId(body.id) })}`) : null;
  const earlier = body.id ? repo.byId(canonicalId(body.id)) : undefined;
  if (earlier) {
    if (earlier.request_hash !== requestHash)
      throw new CoreError(
        'DTE_ID_CONFLICT',
        `Ya existe el evento ${canonicalId(body.id!)} con otro contenido. Use un id nuevo para un evento nuevo.`,
      );
    return { record: toRecord(deps.store, earlier), pending: earlier.status === 'PENDING', ignored: parsed.ignored, replayed: true };
  }
  const station = deps.station();
  const now = deps.clock.now();
  const local = localDateTime(now);
  const verdict = judgeEoe({
    normative: normativeAt(station.mhNormative, now),
    currentPeriod: local.date.slice(0, 7),
    body,
    live: repo.liveItems([...new Set(body.items.map((i) => i.type))]).map((l) => ({
      eventId: l.event_id,
      eventStatus: l.status,
      eventPeriod: l.period,
      reReport: l.re_report === 1,
      type: l.doc_type,
      document: l.document,
      from: l.doc_from,
      to: l.doc_to,
    })),
  });
  if (verdict.station) throw new CoreError('STATION_CONFLICT', verdict.station);
  if (verdict.errors.length) throw validationFailed(verdict.errors);
  const key = deps.signingKey();
  if (!key) throw new CoreError('STATION_NOT_READY', 'La estación no tiene certificado de firma de MH.');

  const items: EoeBuildItem[] = body.items.map((i) => {
    const range = isRange(i);
    return {
      type: i.type,
      number: range ? null : (i.number ?? null),
      date: range ? null : (i.date ?? null),
      from: range ? (i.from ?? null) : null,
      to: range ? (i.to ?? null) : null,
      // The contract made sure a range's count is given or readable from its ends.
      quantity: range ? (i.quantity ?? rangeCount(i.from ?? '', i.to ?? '') ?? 1) : 1,
      description: i.description,
      nonSubject: dec(i.nonSubject ?? 0),
      exempt: dec(i.exempt ?? 0),
      taxed: dec(i.taxed ?? 0),
      reportedIn: i.reportedIn ? i.reportedIn.toUpperCase() : null,
    };
  });
  const id = canonicalId(body.id ?? deps.newId());
  const document = buildEopV1({
    station,
    ambiente: station.environment === 'LIVE' ? '01' : '00',
    codigoGeneracion: id.toUpperCase(),
    fecEmi: local.date,
    horEmi: local.time,
    period: body.period,
    items,
  });
  // Each item is capped by the contract, but 500 of them (IVA added) can pass MH's US$100,000,000,000.
  const ceiling = ceilingErrors(document);
  if (ceiling.length) throw validationFailed(ceiling);
  const at = isoLocal(now);
  const row: SpecialOperationsTable = {
    id,
    environment: station.environment,
    company_id: station.company.id,
    period: body.period,
    mode: items[0]!.number === null ? 'ranges' : 'singles',
    re_report: items[0]!.reportedIn === null ? 0 : 1,
    status: 'PENDING',
    total: round2(dec(document.resumen.total)).toFixed(2),
    mh_json: JSON.stringify(document),
    jws: signJson(document, key),
    mh_response: null,
    request_hash: requestHash,
    generated_at: at,
    created_at: at,
    updated_at: at,
  };
  const rows: SpecialOperationItemsTable[] = items.map((i, n) => ({
    event_id: id,
    item: n + 1,
    doc_type: i.type,
    document: i.number,
    doc_from: i.from,
    doc_to: i.to,
    issued_on: i.date,
    ref_event: i.reportedIn ? i.reportedIn.toLowerCase() : null,
    amount: itemValue(i).toFixed(2),
  }));
  deps.store.tx(() => {
    repo.insert(row, rows);
    audit(deps.store, at, actor, 'eoe.requested', id, { period: body.period, items: rows.length });
  });
  const { record } = await sendSpecialOperations(deps, id);
  return { record, pending: record.status === 'PENDING', ignored: parsed.ignored, replayed: false };
}

export interface EoeAttempt {
  readonly record: EoeRecord;
  readonly unreached: Unreached | null;
}

/** One attempt to hand a PENDING EOE to MH; records MH's verdict when there is one, and never loops. */
export async function sendSpecialOperations(
  deps: Pick<SpecialOperationsDeps, 'store' | 'clock' | 'client' | 'nextIdEnvio' | 'logger' | 'inFlight'> &
    Partial<Pick<SpecialOperationsDeps, 'signingKey'>>,
  id: string,
): Promise<EoeAttempt> {
  const repo = specialOperationsRepo(deps.store);
  const found = repo.byId(id);
  if (!found) throw new Error(`special operations event ${id} vanished`);
  const client = deps.client();
  if (found.status !== 'PENDING' || found.mh_response !== null || !client) return { record: toRecord(deps.store, found), unreached: null };
  // Signed with a certificate since renewed: the same event goes signed with the current one (decision 0027).
  const key = keyOrNull(deps.signingKey);
  const resigned = key ? resignedIfStale(found.jws, key) : null;
  if (resigned) repo.resigned(id, resigned);
  const current = resigned ? { ...found, jws: resigned } : found;
  const attempt = await attemptEvent({
    id,
    inFlight: deps.inFlight,
    send: () => client.sendSpecialOperations({ jws: current.jws, idEnvio: deps.nextIdEnvio(), version: 1 }),
    tookEffect: (o) => heldByMhWords(o) !== null,
    what: 'al Evento de Operaciones Especiales',
  });
  if (attempt.kind !== 'verdict')
    return { record: toRecord(deps.store, current), unreached: attempt.kind === 'unreached' ? attempt.unreached : null };
  const { status, call } = attempt;
  const at = isoLocal(deps.clock.now());
  // Never APPROVED without a seal: MH holds it but its seal was lost; kept PENDING with MH's words, never resent.
  const held = heldByMhWords(call.outcome);
  if (status === 'APPROVED' && held !== null && sealIn(JSON.stringify(call.body ?? {})) === null) {
    deps.store.tx(() => {
      if (repo.doubt(id, JSON.stringify(call.body ?? { descripcionMsg: held }), at)) audit(deps.store, at, 'sync', 'eoe.in_doubt', id);
    });
    deps.logger.warn('special operations event in doubt: MH holds it without a seal', { event: id });
    return { record: toRecord(deps.store, repo.byId(id) ?? current), unreached: null };
  }
  deps.store.tx(() => {
    if (repo.settle(id, status, JSON.stringify(call.body ?? {}), at))
      audit(deps.store, at, 'sync', status === 'APPROVED' ? 'eoe.sealed' : 'eoe.rejected', id);
  });
  return { record: toRecord(deps.store, repo.byId(id) ?? current), unreached: null };
}

/** Eventos de Operaciones Especiales as the core runs them. */
export function specialOperationsService(deps: SpecialOperationsDeps) {
  const repo = () => specialOperationsRepo(deps.store);
  return {
    report: (input: unknown, actor: string, unknown?: UnknownFields) => reportSpecialOperations(deps, input, actor, unknown),
    /** The events, newest first (of one period when given), each with MH's answer in words. */
    list: (period?: string): EoeRecord[] =>
      repo()
        .list(period)
        .map((r) => toRecord(deps.store, r)),
    get: (id: string): EoeRecord => {
      const r = repo().byId(canonicalId(id));
      if (!r) throw new CoreError('NOT_FOUND', `No existe un Evento de Operaciones Especiales con id ${id}.`);
      return toRecord(deps.store, r);
    },
    pending: () => repo().pendingIds().length,
    /** One attempt at each waiting event, oldest first (the sync engine, with the other events). */
    async send(c: MhClient): Promise<Unreached | null> {
      let first: Unreached | null = null;
      for (const id of repo().pendingIds()) {
        const { unreached } = await sendSpecialOperations({ ...deps, client: () => c }, id);
        if (unreached?.login || (unreached?.exchange && unreached.exchange.kind !== 'response')) return unreached;
        first ??= unreached;
      }
      return first;
    },
  };
}

export type SpecialOperationsService = ReturnType<typeof specialOperationsService>;
