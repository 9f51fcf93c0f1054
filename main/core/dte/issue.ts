// Creating a document: validate, check against the station and the store, number and store it, all in one
// synchronous transaction. Nothing here waits for the network (docs/decisions/0002-contract-gaps.md).
import type { KeyObject } from 'node:crypto';
import { rememberReceiver } from './receivers';
import { cashTendered } from './cash-tendered';
import { recordSalePaper } from './paper-repo';
import { foldForSearch } from './search-fold';
import {
  NEVER_IN_CONTINGENCY,
  SPEC_ONLY,
  createSchema,
  validateBody,
  type Extensions,
  type UnknownFields,
  type AnyCreateBody,
  type DteKind,
  type FieldError,
} from '../../../shared/contract';
import type { DteRecord } from '../../../shared/records';
import { audit } from '../audit';
import { isoLocal, localDateTime, type Clock } from '../clock';
import { CoreError, validationFailed } from '../errors';
import { ceilingErrors } from './mh/ceiling';
import { controlCharacterErrors } from './control-characters';
import { creditLimitErrors, type CompanyWide } from './credit-limit';
import { noteRecipientErrors, type AdjustedDocument } from './note-recipient';
import type { StoredStation } from '../station/profile';
import type { Store } from '../store/database';
import { canonicalJson, sha256Hex } from './canonical';
import { formatControlNumber, nextControlValue } from './control-number';
import { assertNumberingOpen } from './numbering-state';
import { canonicalId, findDocument, insertDocument, recipientEmailOf, relatedOf, signedParts } from './documents-repo';
import { serializerFor } from './mh/serializers';
import { normativeAt, type Normative } from '../../../shared/normative';
import { catalogErrors } from '../../../shared/contract/catalog-fields';
import type { RelatedDocument } from './mh/context';
import type { HubRelated, RemoteRelated } from './related-at-hub';
import { toRecord } from './record';
import { signJsonText } from '../signing/jws';
import type { Logger } from '../logger';
import { documentEvents } from './document-events';
import { outbox } from '../outbox/outbox';
import { replicationQueue } from '../replication/queue';

/**
 * MH kinds each document may relate to (documentoRelacionado; docs/decisions/0085-eleven-kinds-plumbing.md): NC and
 * ND adjust a CCF or a CR; a CCF lists the NRs (and CL, DCL) it invoices, an FC the NRs and DCLs (the legacy schemas'
 * enums, which v2.0 only loosened); an NR names the FC or CCF (and, under 2026, the FEX) whose goods travel.
 */
const RELATABLE: Record<DteKind, readonly DteKind[]> = {
  FC: ['NR', 'DCL'],
  CCF: ['NR', 'CL', 'DCL'],
  NC: ['CCF', 'CR'],
  ND: ['CCF', 'CR'],
  CR: [],
  FSE: [],
  FEX: [],
  NR: ['FC', 'CCF', 'FEX'],
  CL: [],
  DCL: [],
  CD: [],
};

/** fe-nr-v3 relates only an FC or a CCF; fe-nr-v4 adds the FEX. */
const relatableUnder = (normative: Normative, kind: DteKind): readonly DteKind[] =>
  normative === 'legacy' && kind === 'NR' ? ['FC', 'CCF'] : RELATABLE[kind];

export interface CreateResult {
  readonly record: DteRecord;
  /** True when the id existed with the same body: nothing new was issued. */
  readonly replayed: boolean;
  /** Fields the contract does not list, left out of the document (dotted paths); empty when strict. */
  readonly ignored: readonly string[];
}

export interface IssueDeps {
  readonly store: Store;
  readonly clock: Clock;
  readonly station: () => StoredStation;
  /** The certificate's private key; null until one is imported. */
  readonly signingKey: () => KeyObject | null;
  /** The open contingency, if any: documents issued now are contingency documents (docs/decisions/0001-sync-truth.md). */
  readonly contingency?: () => { id: string; type: number; reason: string | null } | null;
  readonly logger: Logger;
  /** The name the receipt prints for whoever issues (auth/people.ts); kept with the document as it is now. */
  readonly nameOf?: (actor: string) => string | null;
  /** Refuses to issue when MH would refuse the time on the document (clock-skew.ts); called before numbering. */
  readonly clockCheck?: (now: Date) => void;
  /** Throws once SQLite found the station's file damaged (store/integrity-watch.ts): nothing is sealed on top. */
  readonly integrityCheck?: () => void;
}

function recipientName(body: AnyCreateBody): string | null {
  return 'recipient' in body && body.recipient ? body.recipient.name : null;
}

/** Rules that need the station or the store; they run before anything is written. */
function contextErrors(
  deps: IssueDeps,
  kind: DteKind,
  body: AnyCreateBody,
  station: StoredStation,
  today: string,
  hub: HubRelated | null,
  normative: Normative,
): FieldError[] {
  // A code the normative in force lacks (a payment method 2026 dropped) is refused before a number is spent.
  const errors: FieldError[] = catalogErrors(body, normative);
  if (body.branchOffice && body.branchOffice.mhCode !== station.branch.mhCode) {
    errors.push({
      path: 'branchOffice.mhCode',
      code: 'NOT_ALLOWED',
      message: `Esta estación emite para la sucursal ${station.branch.mhCode}.`,
    });
  }
  if (body.generatedAt && body.generatedAt > today) {
    errors.push({ path: 'generatedAt', code: 'NOT_ALLOWED', message: 'La fecha de emisión no puede ser posterior a hoy.' });
  }
  const related = 'relatedTaxDocuments' in body ? (body.relatedTaxDocuments ?? []) : [];
  related.forEach((doc, i) => {
    const path = `relatedTaxDocuments.${i}.id`;
    const local = findDocument(deps.store, doc.id);
    const remote = local ? null : remoteOf(hub, doc.id);
    const found = local
      ? { kind: local.kind, status: local.status, control: local.control_number, where: '' }
      : remote
        ? { kind: remote.kind, status: remote.status, control: remote.controlNumber, where: ` de la sucursal ${remote.branchCode}` }
        : null;
    if (!found) {
      errors.push({ path, code: 'UNKNOWN_CODE', message: notFoundHere(hub) });
    } else if (found.status === 'REJECTED' || found.status === 'INVALIDATED') {
      // MH would refuse the adjustment; on its way (CREATED, PROCESSING) it waits for MH's verdict instead.
      errors.push({
        path,
        code: 'NOT_ALLOWED',
        message: `El ${found.kind} ${found.control}${found.where} está ${found.status === 'REJECTED' ? 'rechazado por MH' : 'invalidado'}: una nota solo ajusta un documento aprobado (o aún en camino a MH).`,
      });
    } else if (!local && found.status !== 'APPROVED') {
      // This station cannot wait for another branch's document to reach MH: it relates it once MH sealed it.
      errors.push({
        path,
        code: 'NOT_ALLOWED',
        message: `El ${found.kind} ${found.control}${found.where} aún no tiene sello de MH: emita la nota cuando esa sucursal lo haya transmitido.`,
      });
    } else if (!relatableUnder(normative, kind).includes(found.kind as DteKind)) {
      const allowed = relatableUnder(normative, kind).length
        ? relatableUnder(normative, kind).join(' o ')
        : 'ninguno de los tipos que emite Sello';
      errors.push({
        path,
        code: 'NOT_ALLOWED',
        message: `MH no admite relacionar un ${found.kind} con un ${kind} (admite: ${allowed}).`,
      });
    }
  });
  // Only once the related documents are known and allowed: the limit and the recipient rule read them.
  const noteTo = (kind === 'NC' || kind === 'ND') && 'recipient' in body ? body.recipient?.identificationDocument?.number : undefined;
  if (noteTo !== undefined && errors.length === 0) errors.push(...noteRecipientErrors(noteTo, adjustedDocuments(deps.store, hub, related)));
  if (kind === 'NC' && errors.length === 0 && 'relatedTaxDocuments' in body)
    errors.push(...creditLimitErrors(deps.store, body.items, (id) => companyWide(hub, id)));
  return errors;
}

function notInContingency(kind: DteKind): CoreError {
  return new CoreError(
    'CONTINGENCY_NOT_ALLOWED',
    `MH no admite un ${kind} en contingencia, y la estación está en contingencia (sin comunicación con MH). No se numeró ni guardó nada: emítalo cuando la conexión vuelva (la pantalla Sincronización lo indica).`,
  );
}

/** The documents a note relates, as MH holds them (this station's signed JSON, or the hub's copy of another branch's). */
function adjustedDocuments(store: Store, hub: HubRelated | null, related: readonly { id: string }[]): AdjustedDocument[] {
  return related.flatMap((doc): AdjustedDocument[] => {
    const local = findDocument(store, doc.id);
    if (local) {
      const json = signedParts(store, doc.id)?.mh_json;
      return json ? [{ kind: local.kind as DteKind, control: local.control_number, mhJson: JSON.parse(json) as unknown }] : [];
    }
    const remote = remoteOf(hub, doc.id);
    return remote ? [{ kind: remote.kind as DteKind, control: remote.controlNumber, mhJson: remote.mhJson }] : [];
  });
}

/** The hub's description of a document another branch issued; null without a hub answer or when it has none. */
function remoteOf(hub: HubRelated | null, id: string): NonNullable<RemoteRelated['document']> | null {
  return hub?.reached ? (hub.documents.get(canonicalId(id))?.document ?? null) : null;
}

function companyWide(hub: HubRelated | null, id: string): CompanyWide | undefined {
  const answer = hub?.reached ? hub.documents.get(canonicalId(id)) : undefined;
  return answer ? { original: answer.document, otherNotes: answer.notes } : undefined;
}

function notFoundHere(hub: HubRelated | null): string {
  if (hub === null) return 'No hay en esta estación un DTE con ese id.';
  if (!hub.reached)
    return `No hay en esta estación un DTE con ese id, y la central no responde (${hub.why}): un documento de otra sucursal solo se relaciona con la central en línea. Intente de nuevo cuando haya conexión.`;
  return 'No existe un DTE con ese id ni en esta estación ni en la central.';
}

/** An NC or ND is sent only after MH sealed the documents it adjusts (another branch's is sealed already). */
function dependsOn(store: Store, body: AnyCreateBody): string[] {
  const related = 'relatedTaxDocuments' in body ? (body.relatedTaxDocuments ?? []) : [];
  return related.map((d) => canonicalId(d.id)).filter((id) => findDocument(store, id) !== undefined);
}

function relatedDocument(store: Store, hub: HubRelated | null, id: string): RelatedDocument | undefined {
  const d = findDocument(store, id);
  if (d) return { kind: d.kind as DteKind, codigoGeneracion: d.id.toUpperCase(), issueDate: d.issue_date };
  const r = remoteOf(hub, id);
  return r ? { kind: r.kind as DteKind, codigoGeneracion: r.id.toUpperCase(), issueDate: r.issueDate } : undefined;
}

/**
 * Issues one document in one transaction. `hub` is what the head office said about the documents an NC or ND
 * relates (related-at-hub.ts), asked before this transaction: null without a hub.
 */
export function createDte(
  deps: IssueDeps,
  kind: DteKind,
  input: unknown,
  actor: string,
  unknown: UnknownFields = 'reject',
  hub: HubRelated | null = null,
  extensions: Extensions = SPEC_ONLY,
): CreateResult {
  // The spec's schema unless the caller opted in to an extension (docs/decisions/0072-decimal-quantities.md).
  const parsed = validateBody(createSchema(kind, extensions), input, unknown);
  if (!parsed.ok) throw validationFailed(parsed.errors);
  // Before anything is read or stored: a control character would be signed into MH's JSON.
  const unprintable = controlCharacterErrors(parsed.value);
  if (unprintable.length) throw validationFailed(unprintable);
  const { ignored } = parsed;
  // The record shows the id as the client sent it; everything else keys on the lower-case form.
  const idAsSent = parsed.value.id;
  const id = canonicalId(idAsSent);
  // The id is case-insensitive: a replay in another case is the same request.
  const body: AnyCreateBody = { ...parsed.value, id };
  const requestJson = canonicalJson(body);
  const requestHash = sha256Hex(`${kind}\n${requestJson}`);

  return deps.store.tx(() => {
    const existing = findDocument(deps.store, id);
    if (existing) {
      if (existing.request_hash === requestHash) return { record: toRecord(existing), replayed: true, ignored };
      throw new CoreError(
        'DTE_ID_CONFLICT',
        `Ya existe el DTE ${id} (${existing.kind}, ${existing.control_number}) con otro contenido. Use un id nuevo para un documento nuevo.`,
      );
    }
    const station = deps.station();
    const key = deps.signingKey();
    if (!key)
      throw new CoreError(
        'STATION_NOT_READY',
        'La estación no tiene certificado de firma de MH. Impórtelo en Ajustes (o en el archivo de la estación) y vuelva a intentar.',
      );
    const now = deps.clock.now();
    deps.clockCheck?.(now);
    deps.integrityCheck?.();
    const local = localDateTime(now);
    // The normative in force now is the document's for life (docs/decisions/0014-normativa-2026.md).
    const normative = normativeAt(station.mhNormative, now);
    const errors = contextErrors(deps, kind, body, station, local.date, hub, normative);
    if (errors.length) throw validationFailed(errors);
    const serializer = serializerFor(normative, kind);
    const open = deps.contingency?.() ?? null;
    // MF2 §VIII p.18: a CL, DCL or CD is never a contingency document; it waits for MH, not for a number.
    if (open !== null && NEVER_IN_CONTINGENCY.includes(kind)) throw notInContingency(kind);

    const issueDate = body.generatedAt ?? local.date;
    const branchCode = station.branch.mhCode;
    const posNumber = body.branchOffice?.posNumber ?? station.branch.posNumber;
    // Never a number MH may already hold: an unconfirmed folder or a collided sequence refuses (numbering-state.ts).
    assertNumberingOpen(deps.store, Number(issueDate.slice(0, 4)), kind, branchCode, posNumber);
    const value = nextControlValue(deps.store, Number(issueDate.slice(0, 4)), kind, branchCode, posNumber);
    const controlNumber = formatControlNumber(kind, branchCode, posNumber, value);
    // CR v1 cannot be a contingency document: it stays normal and waits for MH.
    const inContingency = open !== null && serializer.contingency;
    const built = serializer.build(body, {
      station,
      posNumber,
      operation: inContingency ? { kind: 'contingency', type: open.type as 1 | 2 | 3 | 4 | 5, reason: open.reason } : { kind: 'normal' },
      identity: { codigoGeneracion: id.toUpperCase(), numeroControl: controlNumber, fecEmi: issueDate, horEmi: local.time },
      related: (relatedId) => relatedDocument(deps.store, hub, relatedId),
    });
    // Rules on computed amounts; throwing rolls the transaction back, so the number is not spent.
    const tendered = cashTendered(
      'cashReceived' in body ? (body.cashReceived ?? undefined) : undefined,
      (built.document as { resumen?: { pagos?: readonly { codigo?: unknown; montoPago?: unknown }[] | null } }).resumen?.pagos,
    );
    const amountErrors = [...built.errors, ...ceilingErrors(built.document), ...(tendered.ok ? [] : tendered.errors)];
    if (amountErrors.length || !tendered.ok) throw validationFailed(amountErrors);
    const mhJson = JSON.stringify(built.document);
    const createdAt = isoLocal(now);
    const recipient = recipientName(body);
    const row = {
      id,
      id_as_sent: idAsSent,
      kind,
      environment: station.environment,
      version: serializer.version,
      status: 'CREATED',
      control_number: controlNumber,
      company_id: station.company.id,
      branch_code: branchCode,
      pos_number: posNumber,
      generated_at: `${issueDate}T${local.time}${local.offset}`,
      issue_date: issueDate,
      created_at: createdAt,
      updated_at: createdAt,
      request_json: requestJson,
      request_hash: requestHash,
      recipient_name: recipient,
      recipient_fold: recipient === null ? null : foldForSearch(recipient),
      recipient_email: recipientEmailOf(body),
      total: built.total.toFixed(2),
      mh_json: mhJson,
      related: relatedOf(built.document),
      jws: signJsonText(mhJson, key),
      mh_response: null,
      seal: null,
      sealed_at: null,
      contingency_id: inContingency ? open.id : null,
      issued_by: actor,
      issued_by_name: deps.nameOf?.(actor) ?? null,
    };
    insertDocument(deps.store, row);
    recordSalePaper(deps.store, id, { issuedInContingency: inContingency, cash: tendered.cash });
    outbox(deps.store, deps.logger).enqueue({ documentId: id, now, dependsOn: dependsOn(deps.store, body) });
    documentEvents(deps.store).record(id, 'dte.created', createdAt);
    replicationQueue(deps.store).changed(id, 'created', createdAt);
    rememberReceiver(deps.store, kind, 'recipient' in body ? body.recipient : null, createdAt);
    audit(deps.store, createdAt, actor, 'dte.issued', id, { kind, controlNumber: row.control_number });
    return { record: toRecord(row), replayed: false, ignored };
  });
}
