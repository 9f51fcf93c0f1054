// Reads of stored documents: by id, and the list with filters and keyset pagination.
import { sql } from 'kysely';
import type { DteListPage, DteListQuery, DteRecord } from '../../../shared/records';
import type { Store } from '../store/database';
import { foldForSearch } from './search-fold';
import { RECORD_COLUMNS, toRecord, type DocumentRow } from './record';

/** A substring pattern for LIKE … ESCAPE '\\'. */
export const likePattern = (q: string): string => `%${q.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;

export const canonicalId = (id: string): string => id.toLowerCase();

export function findDocument(store: Store, id: string): DocumentRow | undefined {
  return store.one(store.q.selectFrom('documents').select(RECORD_COLUMNS).where('id', '=', canonicalId(id)));
}

interface Cursor {
  c: string;
  i: string;
}
const encodeCursor = (c: Cursor) => Buffer.from(JSON.stringify(c)).toString('base64url');
export function decodeCursor(s: string): Cursor | null {
  try {
    const v = JSON.parse(Buffer.from(s, 'base64url').toString('utf8')) as Partial<Cursor>;
    return typeof v.c === 'string' && typeof v.i === 'string' ? { c: v.c, i: v.i } : null;
  } catch {
    return null;
  }
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
  if (matches) {
    sel = sel.where(sql<boolean>`id IN (SELECT value FROM json_each(${JSON.stringify(matches)}))`);
  } else if (query.q) {
    const like = likePattern(query.q);
    const folded = likePattern(foldForSearch(query.q));
    // Names match without case or accents; the escape keeps % and _ typed by a cashier literal.
    sel = sel.where(
      sql<boolean>`(recipient_fold LIKE ${folded} ESCAPE '\\' OR control_number LIKE ${like} ESCAPE '\\' OR id LIKE ${like} ESCAPE '\\')`,
    );
  }
  const cursor = query.cursor ? decodeCursor(query.cursor) : null;
  if (cursor) {
    sel = sel.where((eb) => eb.or([eb('created_at', '<', cursor.c), eb.and([eb('created_at', '=', cursor.c), eb('id', '<', cursor.i)])]));
  }
  const rows = store.all(sel.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit + 1));
  const items: DteRecord[] = rows.slice(0, limit).map(toRecord);
  const last = rows.length > limit ? rows[limit - 1] : undefined;
  return { items, nextCursor: last ? encodeCursor({ c: last.created_at, i: last.id }) : null };
}
