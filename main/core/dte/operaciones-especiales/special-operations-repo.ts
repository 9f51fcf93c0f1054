// The one owner of the `special_operations` and `special_operation_items` tables (migration 039): Eventos de
// Operaciones Especiales, PENDING until MH answers, and the vouchers or ranges each reports. An event counts (its
// vouchers are reported) while PENDING or APPROVED; a REJECTED one counts for nothing.
import type { Store } from '../../store/database';
import type { SpecialOperationItemsTable, SpecialOperationsTable } from '../../store/schema';
import type { EoeStatus } from '../../../../shared/operaciones-especiales';

/** MH's seal in a stored answer (mh_response), null when the answer has none. */
export function sealIn(mhResponse: string | null): string | null {
  const seal = mhResponse ? (JSON.parse(mhResponse) as { selloRecibido?: unknown }).selloRecibido : null;
  return typeof seal === 'string' ? seal : null;
}

const LIVE: readonly EoeStatus[] = ['PENDING', 'APPROVED'];

/** An item of a live event, with its event's status and whether the event re-reports annulled vouchers. */
export interface LiveItem {
  readonly event_id: string;
  readonly status: string;
  readonly re_report: number;
  readonly period: string;
  readonly doc_type: string;
  readonly document: string | null;
  readonly doc_from: string | null;
  readonly doc_to: string | null;
  readonly ref_event: string | null;
}

export function specialOperationsRepo(store: Store) {
  const q = store.q;
  const changed = (r: { changes: number }) => r.changes > 0;
  return {
    byId: (id: string) => store.one(q.selectFrom('special_operations').selectAll().where('id', '=', id)),
    itemsOf: (id: string) => store.all(q.selectFrom('special_operation_items').selectAll().where('event_id', '=', id).orderBy('item')),
    /** The events, newest first; of one period when given. */
    list: (period?: string) =>
      store.all(
        q
          .selectFrom('special_operations')
          .selectAll()
          .$if(period !== undefined, (b) => b.where('period', '=', period!))
          .orderBy('created_at', 'desc')
          .orderBy('id', 'desc')
          .limit(500),
      ),
    /** Every item of a live event (waiting for MH or sealed) of these CAT-023 types. */
    liveItems: (types: readonly string[]): LiveItem[] =>
      types.length === 0
        ? []
        : store.all(
            q
              .selectFrom('special_operation_items')
              .innerJoin('special_operations', 'special_operations.id', 'special_operation_items.event_id')
              .select([
                'special_operation_items.event_id',
                'special_operations.status',
                'special_operations.re_report',
                'special_operations.period',
                'special_operation_items.doc_type',
                'special_operation_items.document',
                'special_operation_items.doc_from',
                'special_operation_items.doc_to',
                'special_operation_items.ref_event',
              ])
              .where('special_operations.status', 'in', [...LIVE])
              .where('special_operation_items.doc_type', 'in', [...types]),
          ),
    insert: (row: SpecialOperationsTable, items: readonly SpecialOperationItemsTable[]) =>
      store.tx(() => {
        store.run(q.insertInto('special_operations').values(row));
        for (const i of items) store.run(q.insertInto('special_operation_items').values(i));
      }),
    /** MH's answer, taken only by an event still PENDING and not in doubt; returns whether this call took it. */
    settle: (id: string, status: 'APPROVED' | 'REJECTED', mhResponse: string, at: string): boolean =>
      changed(
        store.run(
          q
            .updateTable('special_operations')
            .set({ status, mh_response: mhResponse, updated_at: at })
            .where('id', '=', id)
            .where('status', '=', 'PENDING')
            .where('mh_response', 'is', null),
        ),
      ),
    /** MH holds the event but its seal never reached the station: kept PENDING with MH's words, never resent. */
    doubt: (id: string, mhResponse: string, at: string): boolean =>
      changed(
        store.run(
          q
            .updateTable('special_operations')
            .set({ mh_response: mhResponse, updated_at: at })
            .where('id', '=', id)
            .where('status', '=', 'PENDING')
            .where('mh_response', 'is', null),
        ),
      ),
    /** The event signed again with the current certificate (MH refused the previous one's signature). */
    resigned: (id: string, jws: string) =>
      changed(store.run(q.updateTable('special_operations').set({ jws }).where('id', '=', id).where('status', '=', 'PENDING'))),
    /**
     * Ids of the events (of any status) with an item of this type whose voucher or first document is `number`, and
     * that re-report it against `refEvent` (null: reported as active); newest last. A homologation step cut short
     * finds the event it made by its first item (homologation/runner.ts).
     */
    reporting: (type: string, number: string, refEvent: string | null): string[] =>
      store
        .all(
          q
            .selectFrom('special_operation_items')
            .innerJoin('special_operations', 'special_operations.id', 'special_operation_items.event_id')
            .select('special_operations.id')
            .where('special_operation_items.doc_type', '=', type)
            .where((e) => e.or([e('special_operation_items.document', '=', number), e('special_operation_items.doc_from', '=', number)]))
            .where('special_operation_items.ref_event', refEvent === null ? 'is' : '=', refEvent)
            .orderBy('special_operations.created_at')
            .orderBy('special_operations.id'),
        )
        .map((r) => r.id),
    /** Ids of events still waiting for MH (not in doubt), oldest first. */
    pendingIds: () =>
      store
        .all(
          q
            .selectFrom('special_operations')
            .select('id')
            .where('status', '=', 'PENDING')
            .where('mh_response', 'is', null)
            .orderBy('created_at'),
        )
        .map((r) => r.id),
    /** Per period in [from, to] (YYYY-MM), how many events are sealed and how many are not (pending or in doubt). */
    periodsBetween: (from: string, to: string) =>
      store.all(
        q
          .selectFrom('special_operations')
          .select(['period', 'status', 'created_at'])
          .where('period', '>=', from)
          .where('period', '<=', to)
          .orderBy('period'),
      ),
  };
}

export type SpecialOperationsRepo = ReturnType<typeof specialOperationsRepo>;
