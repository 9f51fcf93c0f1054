// POST /dte/return: the Evento de Retorno (docs/decisions/0015-evento-de-retorno.md). Checks (rules.ts), the
// fe-eret-v1 event (eret-v1.ts) signed with the station's key and stored PENDING with its lines, then one attempt
// at MH outside any transaction, as an invalidation is sent (invalidation/invalidate.ts). A refusal stores nothing.
import { attemptEvent, type Unreached } from '../../mh/event-attempt';
import { heldByMhWords } from '../../mh/event-judgment';
import type { KeyObject } from 'node:crypto';
import { validateBody, type UnknownFields } from '../../../../shared/contract';
import { normativeAt } from '../../../../shared/normative';
import type { Environment } from '../../../../shared/records';
import {
  isReturnable,
  returnBody,
  type DocumentReturns,
  type ReturnableKind,
  type ReturnRecord,
  type ReturnStatus,
} from '../../../../shared/retorno';
import { dec, round2, sum, ZERO, type Dec } from '../../../../shared/tax';
import { audit } from '../../audit';
import { isoLocal, localDateTime, type Clock } from '../../clock';
import { CoreError, validationFailed } from '../../errors';
import { controlCharacterErrors } from '../control-characters';
import type { Logger } from '../../logger';
import type { MhClient } from '../../mh/client';
import { replicationQueue } from '../../replication/queue';
import { keyOrNull, resignedIfStale, signJson } from '../../signing/jws';
import type { StoredStation } from '../../station/profile';
import type { Store } from '../../store/database';
import type { ContingencyEventsTable, ReturnLinesTable, ReturnsTable } from '../../store/schema';
import { canonicalId, findDocument, signedParts } from '../documents-repo';
import { buildEretV1, documentValue, lineValue, returnedAmounts, storedLines, type ReturnTargetDoc } from './eret-v1';
import { returnsRepo, sealIn } from './returns-repo';
import { returnsInDoubt, settleReturnDoubt } from './return-doubt';
import { returnPaper } from './return-paper';
import { invalidateReturn, returnInvalidationWindow, sendReturnInvalidation, toInvalidationRecord } from './invalidate-return';
import { judgeReturn, returnDeadline, returnMonths, type ReturnTarget } from './rules';

export interface ReturnDeps {
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
  /** Events on their way to MH now: one copy at a time. */
  readonly inFlight: Set<string>;
  /** The contingency event open now, if any: an ER made during it is one of its documents (MF2 p.18). */
  readonly contingency?: () => ContingencyEventsTable | null;
  /** MH sealed an ER: called inside that transaction (the customer's e-mail is queued with it: wiring/mh-rooms.ts). */
  readonly approved?: (returnId: string) => void;
}

export interface ReturnResult {
  readonly record: ReturnRecord;
  /** MH could not be reached, or the station is in contingency: the event waits, PENDING. */
  readonly pending: boolean;
  readonly ignored: readonly string[];
}

function toReturnRecord(store: Store, r: ReturnsTable): ReturnRecord {
  const lines = returnsRepo(store).linesOf(r.id);
  const response = r.mh_response ? (JSON.parse(r.mh_response) as Record<string, unknown>) : null;
  const latest = returnsRepo(store).latestInvalidation(r.id);
  const invalidation = latest ? toInvalidationRecord(latest) : null;
  const invalidated = invalidation?.status === 'APPROVED';
  return {
    id: r.id,
    companyId: r.company_id,
    environment: r.environment as Environment,
    type: r.kind as ReturnableKind,
    version: r.version,
    // PENDING with MH's answer kept: MH holds it, its seal was lost (return-doubt.ts).
    status: invalidated ? 'INVALIDATED' : r.status === 'PENDING' && r.mh_response !== null ? 'IN_DOUBT' : (r.status as ReturnStatus),
    reason: r.reason,
    dteIds: [...new Set(lines.map((l) => l.dte_id))],
    lines: lines.map((l) => ({
      dteId: l.dte_id,
      item: l.item,
      description: l.description,
      quantity: Number(l.quantity),
      amount: l.amount,
    })),
    total: r.total,
    seal: r.status === 'APPROVED' ? sealIn(r.mh_response) : null,
    mhResponse: response,
    generatedAt: r.generated_at,
    contingencyId: r.contingency_id,
    invalidation,
    invalidationDeadline: invalidated ? null : (returnInvalidationWindow(r)?.deadline ?? null),
    createdAt: r.created_at,
    updatedAt: r.updated_at,
  };
}

/** A stored document as the rules see it, with its lines and what live ERs already give back. */
function loadTarget(store: Store, id: string): (ReturnTarget & { doc: Record<string, unknown> }) | null {
  const row = findDocument(store, id);
  if (!row) return null;
  const doc = JSON.parse(signedParts(store, row.id)?.mh_json ?? '{}') as Record<string, unknown>;
  const live = returnsRepo(store).liveLinesOf(row.id);
  const ident = doc.identificacion as { fecEmi?: string } | undefined;
  const c: unknown = doc.receptor ?? doc.sujetoExcluido ?? null;
  const field = (k: string) => (c && typeof c === 'object' ? (c as Record<string, unknown>)[k] : undefined);
  const text = (v: unknown) => (typeof v === 'string' ? v : null);
  return {
    id: row.id,
    doc,
    controlNumber: row.control_number,
    kind: row.kind,
    status: row.status,
    sealedAt: row.seal ? new Date(row.sealed_at ?? row.updated_at) : null,
    generatedOn: ident?.fecEmi ?? row.issue_date,
    issuer: String((doc.emisor as { nit?: string } | undefined)?.nit ?? ''),
    receptor: c ? `${text(field('tipoDocumento')) ?? 'NIT'}:${text(field('numDocumento')) ?? text(field('nit')) ?? ''}` : '',
    thirdParty: String((doc.ventaTercero as { nit?: string } | null | undefined)?.nit ?? ''),
    issuerActivity: String((doc.emisor as { codActividad?: string | null } | undefined)?.codActividad ?? ''),
    lines: storedLines(doc).map((l) => ({
      item: l.item,
      description: l.description,
      quantity: l.quantity,
      returnedQuantity: sum(live.filter((x) => x.item === l.item).map((x) => dec(x.quantity))),
    })),
    value: documentValue(doc),
    returnedValue: round2(sum(live.map((x) => dec(x.amount)))),
  };
}

/** Throws when a live ER (waiting for MH or sealed) covers the document: MF2 p.17, it blocks the invalidation. */
export function assertNoLiveReturn(store: Store, dteId: string): void {
  const statuses = returnsRepo(store).liveStatusesOf(canonicalId(dteId));
  if (statuses.length === 0) return;
  throw new CoreError(
    'DTE_NOT_INVALIDATABLE',
    statuses.includes('APPROVED')
      ? 'El documento tiene una devolución (Evento de Retorno) aprobada por MH: MH no lo deja invalidar mientras la devolución esté vigente. Invalide primero la devolución (o espere la respuesta de MH a su invalidación).'
      : 'El documento tiene una devolución (Evento de Retorno) que espera respuesta de MH; invalide cuando MH responda.',
  );
}

export async function returnDte(deps: ReturnDeps, input: unknown, actor: string, unknown: UnknownFields = 'reject'): Promise<ReturnResult> {
  const parsed = validateBody(returnBody, input, unknown);
  if (!parsed.ok) throw validationFailed(parsed.errors);
  // An event's text is signed into MH's JSON too (../control-characters.ts).
  const unprintable = controlCharacterErrors(parsed.value);
  if (unprintable.length) throw validationFailed(unprintable);
  deps.integrityCheck?.();
  const { ignored } = parsed;
  const body = parsed.value;
  const station = deps.station();
  const now = deps.clock.now();
  const local = localDateTime(now);
  const documents = new Map<string, ReturnType<typeof loadTarget> & object>();
  for (const l of body.lines) {
    const id = canonicalId(l.dteId);
    if (!documents.has(id)) {
      const t = loadTarget(deps.store, id);
      if (t) documents.set(id, t);
    }
  }
  // What this ER gives back, line by line (the value rule needs it; the builder writes it).
  const targets: ReturnTargetDoc[] = [];
  const picked: { dteId: string; lines: ReturnTargetDoc['lines'] }[] = [];
  const askedValue = new Map<string, Dec>();
  for (const [id, t] of documents) {
    if (!isReturnable(t.kind)) continue;
    const kind: ReturnableKind = t.kind;
    const stored = storedLines(t.doc);
    const live = returnsRepo(deps.store).liveLinesOf(id);
    const lines = body.lines
      .filter((l) => canonicalId(l.dteId) === id)
      .flatMap((l) => {
        const line = stored.find((s) => s.item === l.item);
        if (!line) return [];
        const quantity = dec(l.quantity);
        const earlier = live.filter((x) => x.item === l.item).map((x) => dec(x.quantity));
        return [{ line, quantity, amounts: returnedAmounts(kind, line, quantity, earlier) }];
      });
    targets.push({ kind, doc: t.doc, lines });
    picked.push({ dteId: id, lines });
    askedValue.set(id, sum(lines.map((l) => lineValue(l.amounts))));
  }
  const verdict = judgeReturn({
    now,
    normative: normativeAt(station.mhNormative, now),
    eventDate: local.date,
    body,
    documents,
    askedValue,
  });
  if (verdict.station) throw new CoreError('STATION_CONFLICT', verdict.station);
  if (verdict.errors.length) throw validationFailed(verdict.errors);
  const key = deps.signingKey();
  if (!key) throw new CoreError('STATION_NOT_READY', 'La estación no tiene certificado de firma de MH.');

  const id = canonicalId(deps.newId());
  // In contingency the ER is one of the event's documents: signed as such, sent once MH seals the event.
  const open = deps.contingency?.() ?? null;
  const document = buildEretV1({
    station,
    ambiente: station.environment === 'LIVE' ? '01' : '00',
    codigoGeneracion: id.toUpperCase(),
    fecEmi: local.date,
    horEmi: local.time,
    reason: body.reason,
    targets,
    operation: open ? { kind: 'contingency', type: open.type as 1 | 2 | 3 | 4 | 5, reason: open.reason } : { kind: 'normal' },
  });
  const at = isoLocal(now);
  const values: ReturnsTable = {
    id,
    kind: targets[0]!.kind,
    environment: station.environment,
    company_id: station.company.id,
    version: 1,
    status: 'PENDING',
    reason: body.reason,
    total: dec(document.resumen.montoTotalOperacion).plus(dec(document.resumen.totalNoGravado)).toFixed(2),
    mh_json: JSON.stringify(document),
    jws: signJson(document, key),
    mh_response: null,
    generated_at: at,
    created_at: at,
    updated_at: at,
    contingency_id: open?.id ?? null,
  };
  const lines: ReturnLinesTable[] = picked.flatMap(({ dteId, lines: mine }) =>
    mine.map((l) => ({
      return_id: id,
      dte_id: dteId,
      item: l.line.item,
      description: l.line.description.slice(0, 1000),
      quantity: l.quantity.toFixed(),
      amount: round2(lineValue(l.amounts)).toFixed(2),
    })),
  );
  deps.store.tx(() => {
    returnsRepo(deps.store).insert(values, lines);
    for (const dteId of documents.keys())
      audit(deps.store, at, actor, 'dte.return.requested', dteId, { event: id, ...(open ? { contingency: open.id } : {}) });
  });
  const { record } = await sendReturn(deps, id);
  return { record, pending: record.status === 'PENDING', ignored };
}

export interface ReturnAttempt {
  readonly record: ReturnRecord;
  readonly unreached: Unreached | null;
}

/** One attempt to hand a PENDING ER to MH; records MH's verdict when there is one. */
export async function sendReturn(
  deps: Pick<ReturnDeps, 'store' | 'clock' | 'client' | 'nextIdEnvio' | 'logger' | 'inFlight'> &
    Partial<Pick<ReturnDeps, 'signingKey' | 'approved'>>,
  id: string,
): Promise<ReturnAttempt> {
  const repo = returnsRepo(deps.store);
  const found = repo.byId(id);
  if (!found) throw new Error(`return ${id} vanished`);
  const client = deps.client();
  if (found.status !== 'PENDING' || !client || repo.waitsForEvent(id))
    return { record: toReturnRecord(deps.store, found), unreached: null };
  // Signed with a certificate since renewed: the same event goes signed with the current one (decision 0027).
  const key = keyOrNull(deps.signingKey);
  const resigned = key ? resignedIfStale(found.jws, key) : null;
  if (resigned) repo.resigned(id, resigned);
  const current = resigned ? { ...found, jws: resigned } : found;
  const attempt = await attemptEvent({
    id,
    inFlight: deps.inFlight,
    send: () => client.sendReturn({ jws: current.jws, idEnvio: deps.nextIdEnvio(), version: current.version }),
    // MH already holds this very event (an earlier answer was lost): taken, but in doubt until its seal is known.
    tookEffect: (o) => heldByMhWords(o) !== null,
    what: 'al Evento de Retorno',
  });
  if (attempt.kind === 'busy') return { record: toReturnRecord(deps.store, current), unreached: null };
  if (attempt.kind === 'unreached') return { record: toReturnRecord(deps.store, current), unreached: attempt.unreached };
  const { status, call } = attempt;
  const at = isoLocal(deps.clock.now());
  // Never APPROVED without a seal: MH holds it but said no seal (decision 0070); a supervisor settles it.
  const held = heldByMhWords(call.outcome);
  if (status === 'APPROVED' && held !== null && sealIn(JSON.stringify(call.body ?? {})) === null) {
    deps.store.tx(() => {
      if (!repo.doubt(id, JSON.stringify(call.body ?? { descripcionMsg: held }), at)) return;
      for (const dteId of new Set(repo.linesOf(id).map((l) => l.dte_id))) {
        audit(deps.store, at, 'sync', 'dte.return.in_doubt', dteId, { event: id });
        replicationQueue(deps.store).changed(dteId, 'return', at);
      }
    });
    deps.logger.warn('return in doubt: MH holds it without a seal', { event: id });
    return { record: toReturnRecord(deps.store, repo.byId(id) ?? current), unreached: null };
  }
  deps.store.tx(() => {
    if (!repo.settle(id, status, JSON.stringify(call.body), at)) return;
    if (status === 'APPROVED') deps.approved?.(id);
    for (const dteId of new Set(repo.linesOf(id).map((l) => l.dte_id))) {
      audit(deps.store, at, 'sync', status === 'APPROVED' ? 'dte.returned' : 'dte.return.rejected', dteId, { event: id });
      replicationQueue(deps.store).changed(dteId, 'return', at);
    }
  });
  return { record: toReturnRecord(deps.store, repo.byId(id) ?? current), unreached: null };
}

/** A document's returns for its detail: the events, the lines with what is left, and whether a new one may be made. */
export function documentReturns(deps: Pick<ReturnDeps, 'store' | 'clock' | 'station'>, dteId: string): DocumentReturns {
  const target = loadTarget(deps.store, dteId);
  if (!target) throw new CoreError('DTE_NOT_FOUND', `No existe un DTE con id ${dteId}.`);
  const now = deps.clock.now();
  const events = returnsRepo(deps.store)
    .ofDocument(target.id)
    .map((r) => toReturnRecord(deps.store, r));
  const stored = storedLines(target.doc);
  const lines = target.lines.map((l) => ({
    item: l.item,
    description: l.description,
    quantity: Number(l.quantity.toFixed()),
    returned: Number(l.returnedQuantity.toFixed()),
    left: Number(Dec0(l.quantity.minus(l.returnedQuantity)).toFixed()),
    unitPrice: round2(stored.find((s) => s.item === l.item)?.unitPrice ?? ZERO).toFixed(2),
  }));
  // The rules that look at the document alone, as if one line were asked: not returnable, not sealed, late.
  const alone = judgeReturn({
    now,
    normative: normativeAt(deps.station().mhNormative, now),
    eventDate: localDateTime(now).date,
    body: { lines: [{ dteId: target.id, item: lines[0]?.item ?? 1, quantity: 1e-8 }], reason: 'x' },
    documents: new Map([[target.id, target]]),
    askedValue: new Map(),
  });
  const left = lines.some((l) => l.left > 0);
  const refusal =
    alone.station ??
    alone.errors.find((e) => e.path.endsWith('dteId'))?.message ??
    (left ? null : 'Ya se devolvió todo lo de este documento.');
  return {
    normativeInForce: normativeAt(deps.station().mhNormative, now) === '2026',
    refusal,
    deadline: target.sealedAt && isReturnable(target.kind) ? isoLocal(returnDeadline(target.sealedAt, returnMonths(target))) : null,
    lines,
    events,
  };
}

const Dec0 = (d: Dec): Dec => (d.isNegative() ? ZERO : d);

/** Ids of ERs still waiting for MH, oldest first. */
export const pendingReturns = (store: Store): string[] => returnsRepo(store).pendingIds();

/** Eventos de Retorno as the core runs them. */
export function returnService(deps: ReturnDeps) {
  const record = (id: string) => {
    const r = returnsRepo(deps.store).byId(id);
    if (!r) throw new CoreError('NOT_FOUND', `No existe una devolución (Evento de Retorno) con id ${id}.`);
    return toReturnRecord(deps.store, r);
  };
  const paper = returnPaper({ store: deps.store, station: deps.station, record });
  return {
    /** Its paper and JSON for the customer (return-paper.ts). */
    paper,
    make: (input: unknown, actor: string, unknown?: UnknownFields) => returnDte(deps, input, actor, unknown),
    ofDocument: (dteId: string) => documentReturns(deps, dteId),
    /** Invalidates a sealed ER (MF2 §VII p.17): its documents may be invalidated again once MH takes it. */
    invalidate: (returnId: string, input: unknown, actor: string, unknown?: UnknownFields) =>
      invalidateReturn(deps, returnId, input, actor, unknown),
    pending: () => pendingReturns(deps.store).length + returnsRepo(deps.store).pendingInvalidationIds().length,
    /** ERs MH holds whose seal was lost, and a supervisor's settlement of one (return-doubt.ts). */
    inDoubt: () => returnsInDoubt(deps.store),
    settleDoubt: (id: string, input: unknown, actor: string) => settleReturnDoubt(deps, id, input, actor),
    /** One ER as the API shows it (the answer to its settlement). */
    get: (id: string) => record(id.toLowerCase()),
    /**
     * One attempt at each waiting ER, oldest first, then at each waiting invalidation of one (the sync engine, after
     * the documents' invalidations: wiring/mh-rooms.ts).
     */
    async send(c: MhClient) {
      let first: ReturnAttempt['unreached'] = null;
      const attempts = [
        ...pendingReturns(deps.store).map((id) => () => sendReturn({ ...deps, client: () => c }, id)),
        ...returnsRepo(deps.store)
          .pendingInvalidationIds()
          .map((id) => () => sendReturnInvalidation({ ...deps, client: () => c }, id)),
      ];
      for (const attempt of attempts) {
        const { unreached } = await attempt();
        if (unreached?.login || (unreached?.exchange && unreached.exchange.kind !== 'response')) return unreached;
        first ??= unreached;
      }
      return first;
    },
  };
}

export type ReturnService = ReturnType<typeof returnService>;
