// The one owner of the `returns`, `return_lines` (migration 017) and `return_invalidations` (032) tables: Eventos de
// Retorno, PENDING until MH answers, the lines each gives back, and the invalidations asked for them. An ER counts
// (gives back, blocks its documents' invalidation) while PENDING or APPROVED and not invalidated by MH. Each write
// binds the ER (its lines folded in) and its invalidations into the keyed audit chain: the books read them
// (docs/decisions/0062-audit-binds-what-the-books-read.md).
import { sql } from 'kysely';
import { invalidationDate } from '../../mh-read/read-event';
import { bindRow, boundWrite } from '../../audit-binding';
import { RETURNS, RETURN_INVALIDATIONS } from '../../audit-bound-tables';
import type { Store } from '../../store/database';
import type { ReturnInvalidationsTable, ReturnLinesTable, ReturnsTable } from '../../store/schema';
import type { ReturnInvalidationStatus, ReturnStatus } from '../../../../shared/retorno';

/** MH's seal in a stored answer (mh_response), null when the answer has none. */
export function sealIn(mhResponse: string | null): string | null {
  const seal = mhResponse ? (JSON.parse(mhResponse) as { selloRecibido?: unknown }).selloRecibido : null;
  return typeof seal === 'string' ? seal : null;
}

/** Statuses whose lines count against what a document may still give back, and that block its invalidation. */
const LIVE: readonly ReturnStatus[] = ['PENDING', 'APPROVED'];

export function returnsRepo(store: Store) {
  const q = store.q;
  /** ERs MH invalidated: they count for nothing any more. */
  const invalidated = () => q.selectFrom('return_invalidations').select('return_id').where('status', '=', 'APPROVED');
  const changed = (r: { changes: number }) => r.changes > 0;
  /** The ER's row touched with its invalidation, so the hub receives the return again (migration 019's triggers). */
  const touch = (returnId: string, at: string) =>
    boundWrite(store, RETURNS, returnId, () =>
      changed(store.run(q.updateTable('returns').set({ updated_at: at }).where('id', '=', returnId))),
    );
  return {
    byId: (id: string) => store.one(q.selectFrom('returns').selectAll().where('id', '=', id)),
    linesOf: (id: string) =>
      store.all(q.selectFrom('return_lines').selectAll().where('return_id', '=', id).orderBy('dte_id').orderBy('item')),
    /** The events that cover a document, oldest first. */
    ofDocument: (dteId: string) =>
      store.all(
        q
          .selectFrom('returns')
          .selectAll()
          .where('id', 'in', q.selectFrom('return_lines').select('return_id').where('dte_id', '=', dteId))
          .orderBy('created_at')
          .orderBy('id'),
      ),
    /** What live events (waiting for MH or sealed) already give back of a document, line by line. */
    liveLinesOf: (dteId: string) =>
      store.all(
        q
          .selectFrom('return_lines')
          .innerJoin('returns', 'returns.id', 'return_lines.return_id')
          .select(['return_lines.item', 'return_lines.quantity', 'return_lines.amount', 'returns.mh_json', 'returns.id'])
          .where('return_lines.dte_id', '=', dteId)
          .where('returns.status', 'in', [...LIVE])
          .where('returns.id', 'not in', invalidated()),
      ),
    /** Every document a live event (waiting for MH or sealed) gives goods back on. */
    liveDocuments: (): Set<string> =>
      new Set(
        store
          .all(
            q
              .selectFrom('return_lines')
              .innerJoin('returns', 'returns.id', 'return_lines.return_id')
              .select('return_lines.dte_id')
              .distinct()
              .where('returns.status', 'in', [...LIVE])
              .where('returns.id', 'not in', invalidated()),
          )
          .map((r) => r.dte_id),
      ),
    /** The live events on a document, by status (an ER waiting for MH or sealed blocks its invalidation). */
    liveStatusesOf: (dteId: string): ReturnStatus[] =>
      store
        .all(
          q
            .selectFrom('returns')
            .select('status')
            .where('id', 'in', q.selectFrom('return_lines').select('return_id').where('dte_id', '=', dteId))
            .where('status', 'in', [...LIVE])
            .where('id', 'not in', invalidated()),
        )
        .map((r) => r.status as ReturnStatus),
    insert: (row: ReturnsTable, lines: readonly ReturnLinesTable[]) =>
      store.tx(() => {
        store.run(q.insertInto('returns').values(row));
        for (const l of lines) store.run(q.insertInto('return_lines').values(l));
        bindRow(store, RETURNS, row.id);
      }),
    /** The event signed again with the current certificate (MH refused the previous one's signature). */
    resigned: (id: string, jws: string) =>
      boundWrite(store, RETURNS, id, () =>
        changed(store.run(q.updateTable('returns').set({ jws }).where('id', '=', id).where('status', '=', 'PENDING'))),
      ),
    /** MH's answer, taken only by an event still PENDING; returns whether this call took it. */
    settle: (id: string, status: ReturnStatus, mhResponse: string, at: string): boolean =>
      boundWrite(store, RETURNS, id, () =>
        changed(
          store.run(
            q
              .updateTable('returns')
              .set({ status, mh_response: mhResponse, updated_at: at })
              .where('id', '=', id)
              .where('status', '=', 'PENDING')
              // One in doubt is a person's to settle (settleDoubt).
              .where('mh_response', 'is', null),
          ),
        ),
      ),
    /**
     * MH holds the event but its seal never reached the station (an answer lost, the resend refused as a repeat):
     * kept PENDING with MH's words in mh_response, which marks it in doubt; never sent again, a person settles it
     * (docs/decisions/0070-station-faults-said-aloud.md). Returns whether this call put it in doubt.
     */
    doubt: (id: string, mhResponse: string, at: string): boolean =>
      boundWrite(store, RETURNS, id, () =>
        changed(
          store.run(
            q
              .updateTable('returns')
              .set({ mh_response: mhResponse, updated_at: at })
              .where('id', '=', id)
              .where('status', '=', 'PENDING')
              .where('mh_response', 'is', null),
          ),
        ),
      ),
    /** The ERs in doubt, oldest first (PENDING with MH's answer kept: `doubt`). */
    inDoubt: () =>
      store.all(
        q.selectFrom('returns').selectAll().where('status', '=', 'PENDING').where('mh_response', 'is not', null).orderBy('created_at'),
      ),
    /** A person settled a doubt from MH's portal: APPROVED with the seal MH shows, or REJECTED. */
    settleDoubt: (id: string, status: 'APPROVED' | 'REJECTED', mhResponse: string, at: string): boolean =>
      boundWrite(store, RETURNS, id, () =>
        changed(
          store.run(
            q
              .updateTable('returns')
              .set({ status, mh_response: mhResponse, updated_at: at })
              .where('id', '=', id)
              .where('status', '=', 'PENDING')
              .where('mh_response', 'is not', null),
          ),
        ),
      ),
    /**
     * Ids of events still waiting for MH that may go now, oldest first: one made in contingency goes only once MH
     * sealed the contingency event that lists it (MF2 §VIII), like the documents of that event. One in doubt does not.
     */
    pendingIds: () =>
      store
        .all(
          q
            .selectFrom('returns')
            .select('id')
            .where('status', '=', 'PENDING')
            .where('mh_response', 'is', null)
            .where((eb) =>
              eb.or([
                eb('contingency_id', 'is', null),
                eb('contingency_id', 'in', eb.selectFrom('contingency_events').select('id').where('status', 'in', ['sealed', 'done'])),
              ]),
            )
            .orderBy('created_at'),
        )
        .map((r) => r.id),
    /** Whether an ER waits for its contingency event's seal before it may go to MH. */
    waitsForEvent: (id: string): boolean =>
      store.one(
        q
          .selectFrom('returns')
          .innerJoin('contingency_events', 'contingency_events.id', 'returns.contingency_id')
          .select('returns.id')
          .where('returns.id', '=', id)
          .where('contingency_events.status', 'not in', ['sealed', 'done']),
      ) !== undefined,
    /** The ERs a contingency event lists that MH has not answered yet, oldest first (as the event's documents). */
    unsettledOfEvent: (eventId: string) =>
      store.all(
        q
          .selectFrom('returns')
          .select(['id', 'generated_at'])
          .where('contingency_id', '=', eventId)
          .where('status', '=', 'PENDING')
          .where('mh_response', 'is', null)
          .orderBy('generated_at'),
      ),
    /** Of these contingency events, those that still list an ER waiting for MH. */
    eventsWaiting: (eventIds: readonly string[]): Set<string> =>
      eventIds.length === 0
        ? new Set()
        : new Set(
            store
              .all(
                q
                  .selectFrom('returns')
                  .select('contingency_id')
                  .distinct()
                  .where('contingency_id', 'in', [...eventIds])
                  .where('status', '=', 'PENDING')
                  .where('mh_response', 'is', null),
              )
              .map((r) => r.contingency_id ?? ''),
          ),
    /**
     * ERs moved to another contingency event (an event split past 1,000 items, or corrected); with `from`, only
     * those still in that event. Not bound: the binding leaves contingency_id out (audit-bound-tables.ts).
     */
    moveToEvent: (ids: readonly string[], eventId: string, from?: string) => {
      if (!ids.length) return;
      let update = q
        .updateTable('returns')
        .set({ contingency_id: eventId })
        .where('id', 'in', [...ids]);
      if (from !== undefined) update = update.where('contingency_id', '=', from);
      store.run(update);
    },

    // ---- Invalidations of ERs --------------------------------------------------------------------------------------
    invalidationById: (id: string) => store.one(q.selectFrom('return_invalidations').selectAll().where('id', '=', id)),
    /** The latest invalidation asked for an ER, whatever its status. */
    latestInvalidation: (returnId: string) =>
      store.one(
        q
          .selectFrom('return_invalidations')
          .selectAll()
          .where('return_id', '=', returnId)
          // The live one (waiting or taken) stands for the ER; else the last asked (rowid: created_at has whole seconds).
          .orderBy(sql`status IN ('PENDING', 'APPROVED')`, 'desc')
          .orderBy(sql`rowid`, 'desc')
          .limit(1),
      ),
    /** The one that stands for an ER: waiting for MH, or taken by MH. */
    liveInvalidation: (returnId: string) =>
      store.one(
        q.selectFrom('return_invalidations').selectAll().where('return_id', '=', returnId).where('status', 'in', ['PENDING', 'APPROVED']),
      ),
    insertInvalidation: (row: ReturnInvalidationsTable) =>
      store.tx(() => {
        store.run(q.insertInto('return_invalidations').values(row));
        bindRow(store, RETURN_INVALIDATIONS, row.id);
        touch(row.return_id, row.created_at);
      }),
    resignedInvalidation: (id: string, jws: string) =>
      boundWrite(store, RETURN_INVALIDATIONS, id, () =>
        changed(store.run(q.updateTable('return_invalidations').set({ jws }).where('id', '=', id).where('status', '=', 'PENDING'))),
      ),
    /** MH's answer, taken only by an invalidation still PENDING; returns whether this call took it. */
    settleInvalidation: (id: string, status: ReturnInvalidationStatus, mhResponse: string, at: string): boolean =>
      store.tx(() => {
        const took = boundWrite(store, RETURN_INVALIDATIONS, id, () =>
          changed(
            store.run(
              q
                .updateTable('return_invalidations')
                .set({ status, mh_response: mhResponse, updated_at: at })
                .where('id', '=', id)
                .where('status', '=', 'PENDING'),
            ),
          ),
        );
        // The ER's row changes with it, so the hub receives the return again with its invalidation's outcome.
        const returnId = took
          ? store.one(q.selectFrom('return_invalidations').select('return_id').where('id', '=', id))?.return_id
          : undefined;
        if (returnId !== undefined) touch(returnId, at);
        return took;
      }),
    /** Ids of ER invalidations still waiting for MH, oldest first. */
    pendingInvalidationIds: () =>
      store.all(q.selectFrom('return_invalidations').select('id').where('status', '=', 'PENDING').orderBy('created_at')).map((r) => r.id),

    /**
     * The ERs made between two local dates (their fecEmi), REJECTED ones left out, with the date of the invalidation
     * MH took, if it did: the signed event's own date, as the hub reads it (books/book-return.ts reads them).
     */
    forBooks: (from: string, to: string) =>
      store
        .all(
          q
            .selectFrom('returns')
            .select((eb) => [
              'returns.id',
              'returns.status',
              'returns.mh_json',
              'returns.mh_response',
              // At most one stands (return_invalidations_live, migration 032).
              eb
                .selectFrom('return_invalidations')
                .select('return_invalidations.mh_json')
                .whereRef('return_invalidations.return_id', '=', 'returns.id')
                .where('return_invalidations.status', '=', 'APPROVED')
                .limit(1)
                .as('invalidation_json'),
            ])
            .where('returns.status', 'in', [...LIVE])
            .where((eb) => eb.fn<string>('substr', ['returns.generated_at', eb.val(1), eb.val(10)]), '>=', from)
            .where((eb) => eb.fn<string>('substr', ['returns.generated_at', eb.val(1), eb.val(10)]), '<=', to)
            .orderBy('returns.generated_at'),
        )
        .map(({ invalidation_json, ...r }) => ({ ...r, invalidated_on: invalidation_json ? invalidationDate(invalidation_json) : null })),

    /**
     * The ERs on sales (FE, FEX) made between two instants (isoLocal), REJECTED and invalidated ones left out, with a
     * document they cover: money a customer gets back (an FSE's return is the seller's refund to the company).
     */
    madeBetween: (from: string, to: string) =>
      store.all(
        q
          .selectFrom('returns')
          .select([
            'id',
            'total',
            'mh_json',
            (eb) => eb.selectFrom('return_lines').select('dte_id').whereRef('return_id', '=', 'returns.id').limit(1).as('dte_id'),
          ])
          .where('status', 'in', [...LIVE])
          .where('kind', 'in', ['FC', 'FEX'])
          .where('id', 'not in', invalidated())
          .where('generated_at', '>=', from)
          .where('generated_at', '<=', to)
          .orderBy('generated_at'),
      ),
  };
}
