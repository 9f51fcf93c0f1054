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

/** Newest first; `q` matches recipient name, control number or id (case-insensitive substring). */
export function listDocuments(store: Store, query: DteListQuery): DteListPage {
  const limit = query.limit ?? 50;
  let sel = store.q.selectFrom('documents').select(RECORD_COLUMNS);
  if (query.type) sel = sel.where('kind', '=', query.type);
  if (query.status) sel = sel.where('status', '=', query.status);
  if (query.from) sel = sel.where('issue_date', '>=', query.from);
  if (query.to) sel = sel.where('issue_date', '<=', query.to);
  if (query.q) {
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
