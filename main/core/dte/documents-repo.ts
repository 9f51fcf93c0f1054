// The one owner of the `documents` table (and its search index, `documents_search`): the stored document by
// id, the list with filters and keyset pagination, and every write. Statuses change only through
// dte/status.ts, which calls `setStatusFrom` here. A query joining another table lives with the table whose
// rows it returns.
import { sql, type Insertable } from 'kysely';
import { isUuid } from '../../../shared/contract/primitives';
import type { DteListPage, DteListQuery, DteRecord, DteStatus } from '../../../shared/records';
import type { BookRecordRow } from '../books/book-document';
import { replicationQueue } from '../replication/queue';
import { badCursor, fromBase64Url, toBase64Url } from '../page-cursor';
import type { Store } from '../store/database';
import type { DocumentsTable } from '../store/schema';
import { bindDocument, checkBinding } from './document-binding';
import { packDocument, unpackDocument } from './packing/packed-document';
import { foldForSearch } from './search-fold';
import { RECORD_COLUMNS, toRecord, type DocumentRow } from './record';

/** A substring pattern for LIKE … ESCAPE '\\'. */
export const likePattern = (q: string): string => `%${q.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;

export const canonicalId = (id: string): string => id.toLowerCase();

const FIND_DOCUMENT = `SELECT ${RECORD_COLUMNS.join(', ')} FROM documents WHERE id = ?`;
export function findDocument(store: Store, id: string): DocumentRow | undefined {
  // Plain SQL: every create looks its id up first (store/database.ts, `statement`).
  return store.statement(FIND_DOCUMENT).get(canonicalId(id)) as DocumentRow | undefined;
}

/** When the latest document was issued (its emission time, ISO with offset), by the created_at index; null when none. */
export function latestCreatedAt(store: Store): string | null {
  const row = store.statement('SELECT created_at FROM documents ORDER BY created_at DESC LIMIT 1').get() as
    { created_at: string } | undefined;
  return row?.created_at ?? null;
}

interface Cursor {
  c: string;
  i: string;
}
const encodeCursor = (c: Cursor) => toBase64Url(JSON.stringify({ c: c.c, i: c.i }));
/** The page's last row as this list encoded it; null for anything else (see page-cursor.ts). */
export function decodeCursor(s: string): Cursor | null {
  const text = fromBase64Url(s);
  if (text === null) return null;
  let v: unknown;
  try {
    v = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return null;
  const { c, i } = v as Record<string, unknown>;
  if (typeof c !== 'string' || typeof i !== 'string' || c.length === 0 || c.length > 64 || !isUuid(i)) return null;
  const cursor = { c, i };
  // Exactly what encodeCursor gives: no other keys, no other spelling.
  return encodeCursor(cursor) === s ? cursor : null;
}

/** Past this many matches the index gives way to the scan (see listDocuments). */
export const INDEX_MATCH_LIMIT = 5000;

/** The ids the trigram index matches for `q` as a phrase (its quotes doubled); null when there are too many. */
function indexed(store: Store, q: string): string[] | null {
  const phrase = `"${q.replace(/"/g, '""')}"`;
  const rows = store.all(
    store.q
      .selectFrom('documents_search')
      .select('doc_id')
      .where(sql<boolean>`documents_search MATCH ${phrase}`)
      .limit(INDEX_MATCH_LIMIT + 1),
  );
  return rows.length > INDEX_MATCH_LIMIT ? null : rows.map((r) => r.doc_id);
}

/** Newest first; `q` matches recipient name, control number or id (case-insensitive substring). */
export function listDocuments(store: Store, query: DteListQuery): DteListPage {
  const limit = query.limit ?? 50;
  let sel = store.q.selectFrom('documents').select(RECORD_COLUMNS);
  if (query.type) sel = sel.where('kind', '=', query.type);
  if (query.status) sel = sel.where('status', '=', query.status);
  if (query.from) sel = sel.where('issue_date', '>=', query.from);
  if (query.to) sel = sel.where('issue_date', '<=', query.to);
  // Three characters or more: the trigram index (migration 007) names the matching documents, when they are
  // few. A text that matches thousands ("DTE-01", "san") is found faster by the scan in date order, which
  // stops at the first page; one or two characters have no trigram at all.
  const matches = query.q && [...query.q.trim()].length >= 3 ? indexed(store, query.q.trim()) : null;
  if (query.q) {
    const like = likePattern(query.q);
    const folded = likePattern(foldForSearch(query.q));
    // Names match without case or accents; the escape keeps % and _ typed by a cashier literal.
    const scan = sql<boolean>`(recipient_fold LIKE ${folded} ESCAPE '\\' OR control_number LIKE ${like} ESCAPE '\\' OR id LIKE ${like} ESCAPE '\\')`;
    // The index lags the store by the search indexer's batch (migration 022): the documents still queued for it
    // are matched by the scan, so a document is found the moment it is stored.
    sel = matches
      ? sel.where(
          sql<boolean>`(id IN (SELECT value FROM json_each(${JSON.stringify(matches)})) OR (id IN (SELECT doc_id FROM search_pending) AND ${scan}))`,
        )
      : sel.where(scan);
  }
  const cursor = query.cursor === undefined || query.cursor === '' ? null : decodeCursor(query.cursor);
  if (query.cursor && !cursor) throw badCursor();
  if (cursor) {
    sel = sel.where((eb) => eb.or([eb('created_at', '<', cursor.c), eb.and([eb('created_at', '=', cursor.c), eb('id', '<', cursor.i)])]));
  }
  const rows = store.all(
    sel
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit + 1),
  );
  const items: DteRecord[] = rows.slice(0, limit).map(toRecord);
  const last = rows.length > limit ? rows[limit - 1] : undefined;
  return { items, nextCursor: last ? encodeCursor({ c: last.created_at, i: last.id }) : null };
}

/**
 * The MH documents (JSON text) of the credit notes that adjust the document with MH code `code` and still
 * count: issued here, not rejected, not invalidated. The LIKE narrows; the caller reads each note's lines.
 */
export function creditNotesOf(store: Store, code: string): string[] {
  const upper = code.toUpperCase();
  return liveNotes(store, upper)
    .filter((n) => n.kind === 'NC' && relatedCodes(n.related).includes(upper))
    .flatMap((n) => {
      const mhJson = signedParts(store, n.id)?.mh_json;
      return mhJson ? [mhJson] : [];
    });
}

/** The generation codes (upper case) a note's documentoRelacionado names, as `related` keeps them. */
const relatedCodes = (related: string | null): string[] => (related ? related.split(' ') : []);

/** The generation codes (upper case) an MH document's documentoRelacionado names, for `related`; null when none. */
export function relatedOf(document: { documentoRelacionado?: unknown }): string | null {
  const rel = document.documentoRelacionado as { numeroDocumento?: string }[] | null | undefined;
  const codes = (rel ?? []).flatMap((r) => (r.numeroDocumento ? [r.numeroDocumento] : []));
  return codes.length ? codes.join(' ') : null;
}

/** The live NC and ND (not rejected nor invalidated), or those among them that name `code`. */
const liveNotes = (store: Store, code?: string) =>
  store.all(
    store.q
      .selectFrom('documents')
      .select(['id', 'kind', 'control_number', 'related'])
      .where('kind', 'in', ['NC', 'ND'])
      .where('status', 'not in', ['REJECTED', 'INVALIDATED'])
      // A generation code is hexadecimal and dashes: nothing in it is special to LIKE.
      .$if(code !== undefined, (qb) => qb.where('related', 'like', `%${code}%`)),
  );

/** Control numbers of the NC and ND, not rejected nor invalidated, whose documentoRelacionado names document `id`. */
export function liveNotesOf(store: Store, id: string): string[] {
  const code = canonicalId(id).toUpperCase();
  return liveNotes(store, code)
    .filter((n) => relatedCodes(n.related).includes(code))
    .map((n) => n.control_number);
}

/** Every document (canonical id) a live NC or ND adjusts: liveNotesOf for all of them in one read. */
export function documentsWithLiveNotes(store: Store): Set<string> {
  return new Set(liveNotes(store).flatMap((n) => relatedCodes(n.related).map(canonicalId)));
}

/** A new document's row; its three texts are packed here (migration 021). `related`: relatedOf(the MH document). */
export type NewDocument = Omit<Insertable<DocumentsTable>, 'packed'> & {
  readonly mh_json: string;
  readonly jws: string;
  readonly request_json: string;
};

export function insertDocument(store: Store, row: NewDocument): void {
  const { mh_json: mhJson, jws, request_json: requestJson, ...columns } = row;
  const values: Record<string, unknown> = { ...columns, packed: packDocument({ mhJson, jws, requestJson }) };
  const names = Object.keys(values).filter((k) => values[k] !== undefined);
  // Plain SQL, one statement per set of columns: every create runs it (store/database.ts, `statement`).
  store
    .statement(`INSERT INTO documents (${names.join(', ')}) VALUES (${names.map((n) => `@${n}`).join(', ')})`)
    .run(Object.fromEntries(names.map((n) => [n, values[n]])));
  bindDocument(store, String(values.id), String(values.updated_at));
}

/** The stored MH document (JSON text) and its signature, whatever the status; undefined when unknown. */
export function signedParts(
  store: Store,
  id: string,
): { mh_json: string | null; jws: string | null; seal: string | null; kind: string; version: number } | undefined {
  const row = store.one(store.q.selectFrom('documents').select(['packed', 'seal', 'kind', 'version']).where('id', '=', canonicalId(id)));
  if (!row) return undefined;
  const { mhJson, jws } = unpackDocument(row.packed);
  return { mh_json: mhJson, jws, seal: row.seal, kind: row.kind, version: row.version };
}

/**
 * The address a request body sends the document to (its recipient's e-mail, trimmed), '' when it names none: what
 * the create stores in `recipient_email` (migration 024) and what the e-mail queue reads from the body of a
 * document stored before it.
 */
export function recipientEmailOf(body: unknown): string {
  const recipient = (body as { recipient?: { email?: unknown } | null } | null)?.recipient;
  const email = recipient?.email;
  return typeof email === 'string' ? email.trim() : '';
}

/**
 * The recorded address of each of these documents, read in one statement: '' when it was issued to none, null
 * when it was stored before migration 024 (its body says), absent when there is no such document.
 */
export function recipientEmailsOf(store: Store, ids: readonly string[]): Map<string, string | null> {
  const out = new Map<string, string | null>();
  if (ids.length === 0) return out;
  const rows = store
    .statement('SELECT id, recipient_email FROM documents WHERE id IN (SELECT value FROM json_each(?))')
    .all(JSON.stringify(ids)) as { id: string; recipient_email: string | null }[];
  for (const r of rows) out.set(r.id, r.recipient_email);
  return out;
}

/** The contract body the document was issued from (JSON text, only the listed fields); undefined when unknown. */
export function issuedBody(store: Store, id: string): string | undefined {
  const row = store.one(store.q.selectFrom('documents').select('packed').where('id', '=', canonicalId(id)));
  return row ? unpackDocument(row.packed).requestJson : undefined;
}

/** The columns a status move may set beside the status (MH's seal and answer). */
const STATUS_SET_COLUMNS = ['seal', 'sealed_at', 'mh_response'] as const;

/** Moves the status when the current one is among `from`; returns whether it moved. Only dte/status.ts calls it. */
export function setStatusFrom(
  store: Store,
  id: string,
  from: readonly DteStatus[],
  to: DteStatus,
  at: string,
  set: { readonly seal?: string | null; readonly sealed_at?: string | null; readonly mh_response?: string | null },
): boolean {
  // Plain SQL, one statement per shape (which columns, how many statuses): every answer from MH runs it.
  const columns = STATUS_SET_COLUMNS.filter((c) => set[c] !== undefined);
  checkBinding(store, id);
  const text = `UPDATE documents SET status = ?, updated_at = ?${columns.map((c) => `, ${c} = ?`).join('')} WHERE id = ? AND status IN (${from.map(() => '?').join(', ')})`;
  const moved = store.statement(text).run(to, at, ...columns.map((c) => set[c] ?? null), id, ...from).changes > 0;
  if (moved) bindDocument(store, id, at);
  return moved;
}

/**
 * The status move of many documents in one statement: those among `ids` whose status is among `from` take `to`
 * (and `at`); returns the ids that moved. dte/status.ts's moveStatuses, for a lote's documents.
 */
export function setStatusesFrom(store: Store, ids: readonly string[], from: readonly DteStatus[], to: DteStatus, at: string): Set<string> {
  if (ids.length === 0) return new Set();
  for (const id of ids) checkBinding(store, id);
  const text = `UPDATE documents SET status = ?, updated_at = ? WHERE id IN (SELECT value FROM json_each(?)) AND status IN (${from.map(() => '?').join(', ')}) RETURNING id`;
  const rows = store.statement(text).all(to, at, JSON.stringify(ids), ...from) as { id: string }[];
  for (const r of rows) bindDocument(store, r.id, at);
  return new Set(rows.map((r) => r.id));
}

export function statusOf(store: Store, id: string): DteStatus | undefined {
  return (store.statement('SELECT status FROM documents WHERE id = ?').get(id) as { status: DteStatus } | undefined)?.status;
}

export function statusesOf(store: Store, ids: readonly string[]): { id: string; status: DteStatus }[] {
  if (ids.length === 0) return [];
  return store.statement('SELECT id, status FROM documents WHERE id IN (SELECT value FROM json_each(?))').all(JSON.stringify(ids)) as {
    id: string;
    status: DteStatus;
  }[];
}

/**
 * A document signed again, the same JSON, with the current certificate (a renewed one: MH refused the old one's
 * signature, so it holds no valid copy); the hub gets the new signing.
 */
export function resignDocument(store: Store, id: string, jws: string): void {
  store.tx(() => {
    const row = store.one(store.q.selectFrom('documents').select('packed').where('id', '=', id));
    if (!row) return;
    const parts = unpackDocument(row.packed);
    checkBinding(store, id);
    store.run(
      store.q
        .updateTable('documents')
        .set({ packed: packDocument({ ...parts, jws }) })
        .where('id', '=', id),
    );
    bindDocument(store, id);
    replicationQueue(store).changed(id, 'resigned');
  });
}

/** A document re-signed as a contingency document of `eventId` (it never reached MH); the hub gets the new signing. */
export function resignIntoEvent(store: Store, id: string, mhJson: string, jws: string, eventId: string): void {
  store.tx(() => {
    const row = store.one(store.q.selectFrom('documents').select('packed').where('id', '=', id));
    if (!row) return;
    const packed = packDocument({ mhJson, jws, requestJson: unpackDocument(row.packed).requestJson });
    checkBinding(store, id);
    store.run(store.q.updateTable('documents').set({ packed, contingency_id: eventId }).where('id', '=', id));
    bindDocument(store, id);
    replicationQueue(store).changed(id, 'resigned');
  });
}

/** Moves a document to another contingency event (a document issued during one, or an event split in two). */
export function setContingencyEvent(store: Store, id: string, eventId: string): void {
  store.run(store.q.updateTable('documents').set({ contingency_id: eventId }).where('id', '=', id));
}

/** A document an MH contingency event lists; its version says which event schema may list it. */
export interface EventDocument {
  readonly id: string;
  readonly kind: string;
  readonly version: number;
  /** When it was issued (its fecEmi/horEmi, ISO with offset): the event's period must hold it. */
  readonly created_at?: string;
}

/**
 * The unsettled documents of these events, each with its event, in one issue order whatever event each is in:
 * by time, then as stored (a move between events keeps a row's rowid), so a cese's chunks stay put across steps.
 */
export function unsettledOfEvents(store: Store, eventIds: readonly string[]): (EventDocument & { contingency_id: string })[] {
  if (!eventIds.length) return [];
  return store
    .all(
      store.q
        .selectFrom('documents')
        .select(['id', 'kind', 'version', 'created_at', 'contingency_id'])
        .where('contingency_id', 'in', [...eventIds])
        .where('status', 'in', ['CREATED', 'PROCESSING'])
        .orderBy('created_at')
        .orderBy(sql`rowid`),
    )
    .map((d) => ({ ...d, contingency_id: d.contingency_id ?? '' }));
}

/**
 * Moves these documents to a contingency event, one write per 500 (as setContingencyEvent, for many); with `from`,
 * only those still in that event.
 */
export function moveToContingencyEvent(store: Store, ids: readonly string[], eventId: string, from?: string): void {
  for (let i = 0; i < ids.length; i += 500) {
    let update = store.q
      .updateTable('documents')
      .set({ contingency_id: eventId })
      .where('id', 'in', ids.slice(i, i + 500));
    if (from !== undefined) update = update.where('contingency_id', '=', from);
    store.run(update);
  }
}

/** How many documents an event lists (`unsettled`: only those MH has not settled yet). */
export function countOfEvent(store: Store, eventId: string, unsettled = false): number {
  let sel = store.q
    .selectFrom('documents')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('contingency_id', '=', eventId);
  if (unsettled) sel = sel.where('status', 'in', ['CREATED', 'PROCESSING']);
  return Number(store.one(sel)?.n ?? 0);
}

/**
 * Documents of a sealed event not yet in a lote (their outbox row pending), at most `limit`, in issue order, by id
 * only: unpacking an event's thousand signatures at once held the request thread for a tenth of a second (decision
 * 0046); each lote reads its own (`stillUnsentOfEvent`). Plain SQL that walks the event's documents by their index
 * (migration 023) and finds each one's queue row: left to itself the planner read every pending queue row of the
 * station (a backlog's thousands) and sorted them, for every event read.
 */
export function unsentOfEvent(store: Store, eventId: string, limit: number): { id: string }[] {
  return store
    .statement(
      `SELECT d.id FROM documents AS d CROSS JOIN outbox AS o ON o.document_id = d.id
       WHERE d.contingency_id = ? AND d.status = 'CREATED' AND o.state = 'pending' ORDER BY d.created_at LIMIT ?`,
    )
    .all(eventId, limit) as { id: string }[];
}

/**
 * Which of these documents of the event are still unsent (as `unsentOfEvent` says), with their signed JWS, in
 * the order given: no scan of the event.
 */
export function stillUnsentOfEvent(store: Store, eventId: string, ids: readonly string[]): { id: string; jws: string | null }[] {
  if (!ids.length) return [];
  // By the ids first (CROSS JOIN keeps that order), not by every pending queue row.
  const rows = store
    .statement(
      `SELECT d.id, d.packed FROM json_each(?) AS j CROSS JOIN documents AS d ON d.id = j.value CROSS JOIN outbox AS o ON o.document_id = d.id
       WHERE d.contingency_id = ? AND d.status = 'CREATED' AND o.state = 'pending' ORDER BY j.key`,
    )
    .all(JSON.stringify(ids), eventId) as { id: string; packed: Buffer }[];
  return rows.map((r) => ({ id: r.id, jws: unpackDocument(r.packed).jws }));
}

/** Queued documents MH never received and no contingency event lists yet. */
export function queuedOutsideEvents(store: Store): string[] {
  return store
    .all(
      store.q
        .selectFrom('documents')
        .innerJoin('outbox', 'outbox.document_id', 'documents.id')
        .select('documents.id')
        .where('outbox.topic', '=', 'dte')
        .where('outbox.state', '=', 'pending')
        .where('documents.status', '=', 'CREATED')
        .where('documents.contingency_id', 'is', null),
    )
    .map((r) => r.id);
}

/** Contingency documents MH still lacks whose event was sealed before `sealedBefore` (ISO), oldest first. */
export function unsettledOfEventsSealedBefore(
  store: Store,
  sealedBefore: string,
  limit: number,
): { id: string; kind: string; control_number: string; sealed_at: string | null }[] {
  // From the events (a handful) to their documents by migration 023's index. Ordered by the documents' date, the
  // planner walked every document of the station instead, on every sync status: seconds at a million. An event
  // that is done has none left to settle (closeFinished), so its documents are not read at all.
  return store.statement(UNSETTLED_OF_SEALED_EVENTS).all(sealedBefore, limit) as {
    id: string;
    kind: string;
    control_number: string;
    sealed_at: string | null;
  }[];
}

/** The SQL of unsettledOfEventsSealedBefore, exported for the test of its plan. */
export const UNSETTLED_OF_SEALED_EVENTS = `SELECT d.id, d.kind, d.control_number, e.sealed_at
  FROM contingency_events AS e CROSS JOIN documents AS d
 WHERE e.sealed_at < ? AND e.status <> 'done'
   AND d.contingency_id = e.id AND d.status IN ('CREATED', 'PROCESSING')
 ORDER BY d.created_at
 LIMIT ?`;

/** A document as the day's close reads it (close/day-close.ts). */
export interface CloseRow {
  readonly id: string;
  readonly kind: string;
  readonly status: string;
  readonly control_number: string;
  readonly total: string | null;
  readonly mh_json: string | null;
}

/**
 * The documents created in a period (El Salvador time, both ends included), all of them or those one actor
 * issued, in the order they were created.
 */
export function documentsInPeriod(store: Store, from: string, to: string, issuedBy: string | null): CloseRow[] {
  let sel = store.q
    .selectFrom('documents')
    .select(['id', 'kind', 'status', 'control_number', 'total', 'packed'])
    .where('created_at', '>=', from)
    .where('created_at', '<=', to);
  if (issuedBy !== null) sel = sel.where('issued_by', '=', issuedBy);
  return store
    .all(sel.orderBy('created_at').orderBy('control_number'))
    .map(({ packed, ...r }) => ({ ...r, mh_json: unpackDocument(packed).mhJson }));
}

/** What the books read of a document (books/book-document.ts), and its local issue date for paging. */
export type BookSourceRow = BookRecordRow & { readonly issue_date: string };
const BOOK_SOURCE_COLUMNS = [
  'id',
  'kind',
  'status',
  'control_number',
  'seal',
  'issued_by',
  'issued_by_name',
  'packed',
  'issue_date',
] as const;
const bookRow = ({ packed, ...r }: { packed: Buffer } & Omit<BookSourceRow, 'mh_json'>): BookSourceRow => ({
  ...r,
  mh_json: unpackDocument(packed).mhJson,
});

export interface IssuedOn {
  /** A local date (YYYY-MM-DD). */
  readonly date: string;
  /** Only this establishment and point of sale (M001, 1). */
  readonly point?: { readonly branch: string; readonly pos: number };
  readonly issuedBy?: string;
  /** The row number (`rowid`) of the previous page's last document. */
  readonly afterRow: number | null;
  readonly limit: number;
}

/**
 * A page of one day's documents in row order (the books, the annexes and the reports read a period day by day,
 * and put each day in issue order themselves). The issue_date index holds each day's rows in rowid order, so a
 * page is a seek into the index: paging by id sorted the whole rest of the day for every page, reading a day
 * of n documents about n²/1000 times (docs/decisions/0047-books-page-by-row.md).
 */
export function documentsIssuedOn(store: Store, o: IssuedOn): { rows: BookSourceRow[]; lastRow: number | null } {
  let sel = store.q
    .selectFrom('documents')
    .select([...BOOK_SOURCE_COLUMNS, sql<number>`documents.rowid`.as('row')])
    .where('issue_date', '=', o.date);
  if (o.point) sel = sel.where('branch_code', '=', o.point.branch).where('pos_number', '=', o.point.pos);
  if (o.issuedBy) sel = sel.where('issued_by', '=', o.issuedBy);
  if (o.afterRow !== null) sel = sel.where(sql<number>`documents.rowid`, '>', o.afterRow);
  const found = store.all(sel.orderBy(sql`documents.rowid`).limit(o.limit));
  return { rows: found.map(({ row: _row, ...r }) => bookRow(r)), lastRow: found.at(-1)?.row ?? null };
}

/** These documents (by id), for the invalidations of a period whose documents were issued earlier. */
export function documentsByIds(store: Store, ids: readonly string[]): BookSourceRow[] {
  if (ids.length === 0) return [];
  return store.all(store.q.selectFrom('documents').select(BOOK_SOURCE_COLUMNS).where('id', 'in', ids)).map(bookRow);
}
