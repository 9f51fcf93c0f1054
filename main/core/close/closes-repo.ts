// The one owner of the `day_closes` table (migration 013): closes are inserted and read, never changed (its
// triggers refuse UPDATE and DELETE). Each close is bound into the keyed audit chain as it is inserted
// (docs/decisions/0062-audit-binds-what-the-books-read.md): the triggers stop Sello, not someone with the file.
import type { Selectable } from 'kysely';
import { bindRow } from '../audit-binding';
import { DAY_CLOSES } from '../audit-bound-tables';
import type { Store } from '../store/database';
import type { DayClosesTable } from '../store/schema';

export type CloseRecordRow = Selectable<DayClosesTable>;
export type NewCloseRow = Omit<CloseRecordRow, 'seq'>;

/** Appends a close; its `seq` follows the last one. Run inside the caller's transaction. */
export function insertClose(store: Store, row: NewCloseRow): void {
  store.tx(() => {
    const last = store.one(store.q.selectFrom('day_closes').select('seq').orderBy('seq', 'desc').limit(1))?.seq ?? 0;
    store.run(store.q.insertInto('day_closes').values({ ...row, seq: last + 1 }));
    bindRow(store, DAY_CLOSES, row.id);
  });
}

export function findClose(store: Store, id: string): CloseRecordRow | undefined {
  return store.one(store.q.selectFrom('day_closes').selectAll().where('id', '=', id.toLowerCase()));
}

/** The latest close of `scope` whose period overlaps [from, to]. */
export function latestOverlapping(store: Store, scope: string, from: string, to: string): CloseRecordRow | undefined {
  return store.one(
    store.q
      .selectFrom('day_closes')
      .selectAll()
      .where('scope', '=', scope)
      .where('period_from', '<=', to)
      .where('period_to', '>=', from)
      .orderBy('seq', 'desc')
      .limit(1),
  );
}

/** The latest close of `scope` (its shift ended there). */
export function lastCloseOf(store: Store, scope: string): CloseRecordRow | undefined {
  return store.one(store.q.selectFrom('day_closes').selectAll().where('scope', '=', scope).orderBy('seq', 'desc').limit(1));
}

/** Newest first, `limit` of them after the cursor (a `seq`); one scope's only when `scope` is given. */
export function listCloses(store: Store, o: { scope: string | null; limit: number; before: number | null }): CloseRecordRow[] {
  let sel = store.q.selectFrom('day_closes').selectAll();
  if (o.scope !== null) sel = sel.where('scope', '=', o.scope);
  if (o.before !== null) sel = sel.where('seq', '<', o.before);
  return store.all(sel.orderBy('seq', 'desc').limit(o.limit));
}
