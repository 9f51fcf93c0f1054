// The invalidation form's data, apart from React: who answers for it by default, the body POST /dte/invalidate
// takes, the errors to show beside each field (the core's own schema first, then what the station answered).
import {
  ID_TYPES,
  invalidateBody,
  replacementErrors,
  validate,
  type FieldError,
  type IdType,
  type InvalidationType,
} from '../../../shared/contract';
import type { ApiError } from '../../../shared/errors';
import type { StationInfo } from '../../../shared/records';
import { normaliseId } from '../forms/id-input';
import { invalidationWords } from '../words/invalidation';

/** A person as the form holds them; `from` says where the default came from (shown under the name). */
export interface PersonDraft {
  readonly name: string;
  readonly docType: IdType;
  readonly docNumber: string;
  readonly from: 'station' | 'session' | null;
}

export interface InvalidationDraft {
  readonly type: InvalidationType | null;
  /** The replacement's id (types 1 and 3). */
  readonly replacementId: string | null;
  readonly reason: string;
  readonly manager: PersonDraft;
  readonly requester: PersonDraft;
}

/** Who is logged in, with a document when the station knows it (people carry none yet). */
export interface SessionPerson {
  readonly name: string;
  readonly identificationDocument?: { readonly type: IdType; readonly number: string } | null;
}

type Responsible = StationInfo['responsible'];

const fold = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').trim().toLowerCase();
const isIdType = (t: string): t is IdType => (ID_TYPES as readonly string[]).includes(t);
const EMPTY: PersonDraft = { name: '', docType: 'DUI', docNumber: '', from: null };

function fromResponsible(r: NonNullable<Responsible>): PersonDraft {
  const t = r.identificationDocument.type;
  return { name: r.name, docType: isIdType(t) ? t : 'DUI', docNumber: r.identificationDocument.number, from: 'station' };
}

/** The logged-in person: their document when known, the responsible's when they are the responsible, else none. */
function fromSession(user: SessionPerson, responsible: Responsible): PersonDraft {
  const doc =
    user.identificationDocument ?? (responsible && fold(responsible.name) === fold(user.name) ? responsible.identificationDocument : null);
  const t = doc?.type ?? 'DUI';
  return { name: user.name, docType: isIdType(t) ? t : 'DUI', docNumber: doc?.number ?? '', from: 'session' };
}

/**
 * The people an invalidation names, as first offered: the responsible is the station's responsible (who answers to
 * MH for it; the core's own default), the requester the person logged in. Each falls back to the other source,
 * then to empty (and required).
 */
export function defaultPeople(user: SessionPerson | null, responsible: Responsible): { manager: PersonDraft; requester: PersonDraft } {
  const session = user && user.name.trim() ? fromSession(user, responsible) : null;
  const station = responsible ? fromResponsible(responsible) : null;
  const complete = session?.docNumber ? session : null;
  return {
    manager: complete ?? station ?? session ?? EMPTY,
    requester: session ?? station ?? EMPTY,
  };
}

export const emptyDraft = (people: { manager: PersonDraft; requester: PersonDraft }): InvalidationDraft => ({
  type: null,
  replacementId: null,
  reason: '',
  ...people,
});

/** A replacement goes with types 1 and 3 only (MH: type 2 rescinds and has none). */
/** Types 1 and 3 name the replacement, unless the document's normative issues it after the event (an NC of 2026). */
export const needsReplacement = (type: InvalidationType | null, order: 'before' | 'after' = 'before'): boolean =>
  order === 'before' && (type === 1 || type === 3);

const person = (p: PersonDraft) => ({
  name: p.name.trim(),
  identificationDocument: { type: p.docType, number: normaliseId('document', p.docNumber, p.docType) },
});

/** The body of POST /dte/invalidate the draft stands for (empty text → absent). */
export function invalidationBody(dteId: string, d: InvalidationDraft, order: 'before' | 'after' = 'before'): Record<string, unknown> {
  const reason = d.reason.trim();
  return {
    dteId,
    ...(d.type !== null ? { type: d.type } : {}),
    ...(needsReplacement(d.type, order) && d.replacementId ? { dteReplaceId: d.replacementId } : {}),
    ...(reason ? { reason } : {}),
    manager: person(d.manager),
    requester: person(d.requester),
  };
}

/** What is wrong with the draft before it is sent: the type must be chosen, the rest is the core's schema. */
export function draftErrors(dteId: string, d: InvalidationDraft, order: 'before' | 'after' = 'before'): FieldError[] {
  const typeMissing: FieldError[] = d.type === null ? [{ path: 'type', code: 'REQUIRED', message: invalidationWords.chooseType }] : [];
  const body = invalidationBody(dteId, d, order);
  const r = validate(invalidateBody, body);
  return [
    ...typeMissing,
    ...(r.ok ? [] : r.errors),
    ...replacementErrors(order, { type: d.type, dteReplaceId: (body.dteReplaceId as string) ?? null }),
  ];
}

/**
 * A refusal from the station, split into the errors that name a field (shown beside it) and the words for the rest.
 * A replacement that is not another approved document of this station names the replacement's field.
 */
export function answerErrors(error: ApiError): { fields: FieldError[]; general: string | null } {
  if (error.code === 'REPLACEMENT_NOT_APPROVED')
    return { fields: [{ path: 'dteReplaceId', code: 'NOT_ALLOWED', message: error.detail ?? error.title }], general: null };
  const fields = (error.errors ?? []).filter((e) => e.path !== '');
  const rest = (error.errors ?? []).filter((e) => e.path === '').map((e) => e.message);
  const general = rest.length ? rest.join(' ') : fields.length ? null : (error.detail ?? error.title);
  return { fields, general };
}
