// The one owner of the `invalidations` table: anulación events, PENDING until MH answers.
import type { InvalidationStatus } from '../../../../shared/records';
import type { Store } from '../../store/database';
import type { InvalidationsTable } from '../../store/schema';

/** The day an invalidation event says it was made (identificacion.fecAnula), from its stored MH JSON. */
export const fecAnulaOf = (mhJson: string): string | null =>
  (JSON.parse(mhJson) as { identificacion?: { fecAnula?: string } }).identificacion?.fecAnula ?? null;

export function invalidationsRepo(store: Store) {
  const q = store.q;
  return {
    byId: (id: string) => store.one(q.selectFrom('invalidations').selectAll().where('id', '=', id)),
    /** The event that stands for a document: one waiting for MH or one MH accepted. */
    liveFor: (dteId: string) =>
      store.one(q.selectFrom('invalidations').selectAll().where('dte_id', '=', dteId).where('status', 'in', ['PENDING', 'APPROVED'])),
    ofDocument: (dteId: string) => store.all(q.selectFrom('invalidations').selectAll().where('dte_id', '=', dteId).orderBy('created_at')),
    insert: (row: InvalidationsTable) => store.run(q.insertInto('invalidations').values(row)),
    /** The event signed again with the current certificate (MH refused the previous one's signature). */
    resigned: (id: string, jws: string) =>
      store.run(q.updateTable('invalidations').set({ jws }).where('id', '=', id).where('status', '=', 'PENDING')),
    /** MH's answer, taken only by an event still PENDING; returns whether this call took it. */
    settle: (id: string, status: InvalidationStatus, mhResponse: string, at: string): boolean =>
      Number(
        store.run(
          q
            .updateTable('invalidations')
            .set({ status, mh_response: mhResponse, updated_at: at })
            .where('id', '=', id)
            .where('status', '=', 'PENDING'),
        ).changes,
      ) > 0,
    /**
     * The invalidations MH accepted, with the day they were made (fecAnula, El Salvador time): the books need
     * them by that day, and every one, whatever month its document belongs to.
     */
    approved: () =>
      store.all(q.selectFrom('invalidations').select(['dte_id', 'mh_json']).where('status', '=', 'APPROVED')).map((r) => ({
        dteId: r.dte_id,
        on: fecAnulaOf(r.mh_json) ?? '',
      })),
    /** Ids of invalidations still waiting for MH, oldest first. */
    pendingIds: () =>
      store.all(q.selectFrom('invalidations').select('id').where('status', '=', 'PENDING').orderBy('created_at')).map((r) => r.id),
  };
}
