// The one owner of the `refunds` table (station migration 037): who paid each NC and Devolución out of which drawer,
// and how. Inserted once per refund and never changed; the close reads it (docs/decisions/0073-money-follows-the-person.md).
import type { Selectable } from 'kysely';
import type { Store } from '../store/database';
import type { RefundsTable } from '../store/schema';

export type RefundRow = Selectable<RefundsTable>;

/** Records the refund; a second call for the same NC or ER (a replayed request) keeps the first. Returns whether it was new. */
export function insertRefund(store: Store, row: RefundRow): boolean {
  return store.tx(() => {
    if (refundOf(store, row.ref_id)) return false;
    store.run(store.q.insertInto('refunds').values(row));
    return true;
  });
}

export function refundOf(store: Store, refId: string): RefundRow | undefined {
  return store.one(store.q.selectFrom('refunds').selectAll().where('ref_id', '=', refId));
}

/** The refunds of these NC or ER ids, by id. */
export function refundsOf(store: Store, refIds: readonly string[]): Map<string, RefundRow> {
  const out = new Map<string, RefundRow>();
  for (let i = 0; i < refIds.length; i += 500) {
    const slice = refIds.slice(i, i + 500);
    for (const r of store.all(store.q.selectFrom('refunds').selectAll().where('ref_id', 'in', slice))) out.set(r.ref_id, r);
  }
  return out;
}
