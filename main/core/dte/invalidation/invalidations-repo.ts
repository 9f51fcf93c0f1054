// The one owner of the `invalidations` table: anulación events, PENDING until MH answers. Each write binds the row
// into the keyed audit chain (docs/decisions/0062-audit-binds-what-the-books-read.md): the books read it.
import type { InvalidationStatus } from '../../../../shared/records';
import type { Store } from '../../store/database';
import type { InvalidationsTable } from '../../store/schema';
import { invalidationDate } from '../../mh-read/read-event';
import { bindRow, boundWrite } from '../../audit-binding';
import { INVALIDATIONS } from '../../audit-bound-tables';

export function invalidationsRepo(store: Store) {
  const q = store.q;
  const changed = (r: { changes: number }) => r.changes > 0;
  return {
    byId: (id: string) => store.one(q.selectFrom('invalidations').selectAll().where('id', '=', id)),
    /** The event that stands for a document: one waiting for MH, one MH accepted, or one MH may hold (in doubt). */
    liveFor: (dteId: string) =>
      store.one(
        q.selectFrom('invalidations').selectAll().where('dte_id', '=', dteId).where('status', 'in', ['PENDING', 'APPROVED', 'IN_DOUBT']),
      ),
    ofDocument: (dteId: string) => store.all(q.selectFrom('invalidations').selectAll().where('dte_id', '=', dteId).orderBy('created_at')),
    insert: (row: InvalidationsTable) =>
      store.tx(() => {
        store.run(q.insertInto('invalidations').values(row));
        bindRow(store, INVALIDATIONS, row.id);
      }),
    /** The event signed again with the current certificate (MH refused the previous one's signature). */
    resigned: (id: string, jws: string) =>
      boundWrite(store, INVALIDATIONS, id, () =>
        changed(store.run(q.updateTable('invalidations').set({ jws }).where('id', '=', id).where('status', '=', 'PENDING'))),
      ),
    /** MH's answer, taken only by an event still PENDING; returns whether this call took it. */
    settle: (id: string, status: InvalidationStatus, mhResponse: string, at: string): boolean =>
      boundWrite(store, INVALIDATIONS, id, () =>
        changed(
          store.run(
            q
              .updateTable('invalidations')
              .set({ status, mh_response: mhResponse, leaving_at: null, updated_at: at })
              .where('id', '=', id)
              .where('status', '=', 'PENDING'),
          ),
        ),
      ),
    /**
     * Written before a send leaves, in its own transaction. Found already set, the send before it never got its
     * answer recorded (the process stopped while it was out): that one may have reached MH.
     */
    leaving: (id: string, at: string) =>
      store.run(
        q
          .updateTable('invalidations')
          .set((eb) => ({ doubt_at: eb.fn.coalesce('doubt_at', 'leaving_at'), leaving_at: at }))
          .where('id', '=', id)
          .where('status', '=', 'PENDING'),
      ),
    /** The send came back without a verdict: remembered as one that may have reached MH when MH may have it. */
    noVerdict: (id: string, mayHaveReached: boolean) =>
      store.run(
        q
          .updateTable('invalidations')
          .set((eb) => ({ doubt_at: mayHaveReached ? eb.fn.coalesce('doubt_at', 'leaving_at') : eb.ref('doubt_at'), leaving_at: null }))
          .where('id', '=', id)
          .where('status', '=', 'PENDING'),
      ),
    /** Invalidations MH may hold that only a person can settle, oldest first. */
    inDoubt: () => store.all(q.selectFrom('invalidations').selectAll().where('status', '=', 'IN_DOUBT').orderBy('created_at')),
    /** A supervisor settled a doubt: APPROVED (MH shows it invalidated) or REJECTED (it does not); only from IN_DOUBT. */
    resolve: (id: string, status: 'APPROVED' | 'REJECTED', by: string, at: string): boolean =>
      boundWrite(store, INVALIDATIONS, id, () =>
        changed(
          store.run(
            q
              .updateTable('invalidations')
              .set({ status, settled_by: by, updated_at: at })
              .where('id', '=', id)
              .where('status', '=', 'IN_DOUBT'),
          ),
        ),
      ),
    /**
     * The invalidations MH accepted, with the day they were made (the event's date: fecAnula in anulacion v2,
     * fecEmi in invalidacion v3; El Salvador time): the books need
     * them by that day, and every one, whatever month its document belongs to. One in doubt counts: its
     * document reads INVALIDATED until a supervisor says MH does not hold it.
     */
    approved: () =>
      store.all(q.selectFrom('invalidations').select(['dte_id', 'mh_json']).where('status', 'in', ['APPROVED', 'IN_DOUBT'])).map((r) => ({
        dteId: r.dte_id,
        on: invalidationDate(r.mh_json) ?? '',
      })),
    /** Ids of invalidations still waiting for MH, oldest first. */
    pendingIds: () =>
      store.all(q.selectFrom('invalidations').select('id').where('status', '=', 'PENDING').orderBy('created_at')).map((r) => r.id),
  };
}
