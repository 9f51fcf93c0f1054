// The one owner of `deliveries` and `delivery_cursor` (migration 015). Each change is one short synchronous
// statement, run inside the caller's transaction when it has one; no network call ever waits inside one.
//   pending ─claim→ sending ─→ sent | failed | pending (not taken: retry later)
//   sending left by a dead process → pending (it may have gone: a repeat carries the same Message-ID)
import { sql } from 'kysely';
import type { DeliveryMessage } from '../../../shared/delivery';
import type { Store } from '../store/database';
import type { DeliveriesTable } from '../store/schema';

export type DeliveryRow = DeliveriesTable;
export type DeliveryState = 'pending' | 'sending' | 'sent' | 'failed';

export interface NewDelivery {
  readonly id: string;
  readonly documentId: string;
  readonly message: DeliveryMessage;
  readonly eventSeq: number | null;
  readonly requestedBy: string | null;
  readonly email: string;
  readonly messageId: string;
  readonly now: Date;
  readonly createdAt: string;
  /** The Evento de Retorno a 'return' message carries. */
  readonly returnId?: string | null;
}

export function deliveriesRepo(store: Store) {
  const q = store.q;
  return {
    /** The last document_events seq turned into deliveries. */
    cursor(): number {
      return store.one(q.selectFrom('delivery_cursor').select('seq').where('id', '=', 1))?.seq ?? 0;
    },
    moveCursor(seq: number): void {
      store.run(
        q
          .insertInto('delivery_cursor')
          .values({ id: 1, seq })
          .onConflict((oc) => oc.column('id').doUpdateSet({ seq })),
      );
    },
    insert(d: NewDelivery): void {
      // Plain SQL: the feed's ingest runs it for every approved document with an address (database.ts, `statement`).
      store
        .statement(
          `INSERT INTO deliveries (id, document_id, message, event_seq, requested_by, email, message_id, state, attempts,
             next_attempt_at, last_error, smtp_response, created_at, sent_at, failed_at, return_id)
           VALUES (?, ?, ?, ?, ?, ?, ?, 'pending', 0, ?, NULL, NULL, ?, NULL, NULL, ?)`,
        )
        .run(
          d.id,
          d.documentId,
          d.message,
          d.eventSeq,
          d.requestedBy,
          d.email,
          d.messageId,
          d.now.toISOString(),
          d.createdAt,
          d.returnId ?? null,
        );
    },
    /**
     * When `actor` asked for sends since `sinceIso` (ms), for its limits (send-limit.ts): read once per actor and start,
     * so no index is kept for it. Every `created_at` carries El Salvador's fixed offset, so text order is time order.
     */
    requestedSince(actor: string, sinceIso: string): number[] {
      return store
        .all(q.selectFrom('deliveries').select('created_at').where('requested_by', '=', actor).where('created_at', '>=', sinceIso))
        .map((r) => Date.parse(r.created_at));
    },
    byId(id: string): DeliveryRow | undefined {
      return store.one(q.selectFrom('deliveries').selectAll().where('id', '=', id));
    },
    ofDocument(documentId: string): DeliveryRow[] {
      // In the order they were queued (rowid): created_at has whole seconds only.
      return store.all(
        q
          .selectFrom('deliveries')
          .selectAll()
          .where('document_id', '=', documentId)
          .orderBy(sql`rowid`),
      );
    },
    /** Takes up to `limit` due rows: they are `sending` until their outcome is written. */
    claim(now: Date, limit: number): DeliveryRow[] {
      return store.tx(() => {
        const due = store.all(
          q
            .selectFrom('deliveries')
            .selectAll()
            .where('state', '=', 'pending')
            .where('next_attempt_at', '<=', now.toISOString())
            .orderBy('next_attempt_at')
            .orderBy('id')
            .limit(limit),
        );
        if (due.length)
          store.run(
            q
              .updateTable('deliveries')
              .set({ state: 'sending' })
              .where(
                'id',
                'in',
                due.map((d) => d.id),
              ),
          );
        return due.map((d) => ({ ...d, state: 'sending' }));
      });
    },
    sent(id: string, at: string, response: string): void {
      store.run(
        q
          .updateTable('deliveries')
          .set((eb) => ({ state: 'sent', sent_at: at, smtp_response: response, last_error: null, attempts: eb('attempts', '+', 1) }))
          .where('id', '=', id)
          .where('state', '=', 'sending'),
      );
    },
    failed(id: string, at: string, reason: string): void {
      store.run(
        q
          .updateTable('deliveries')
          .set((eb) => ({ state: 'failed', failed_at: at, last_error: reason, attempts: eb('attempts', '+', 1) }))
          .where('id', '=', id)
          .where('state', '=', 'sending'),
      );
    },
    /** Not taken now: due again at `next`; `spent` counts the attempt (the server answered about this message). */
    later(id: string, next: Date, reason: string, spent: boolean): void {
      store.run(
        q
          .updateTable('deliveries')
          .set((eb) => ({
            state: 'pending',
            next_attempt_at: next.toISOString(),
            last_error: reason,
            attempts: spent ? eb('attempts', '+', 1) : eb.ref('attempts'),
          }))
          .where('id', '=', id)
          .where('state', '=', 'sending'),
      );
    },
    /** At start: a send the last process left unfinished may have reached the server; it goes again (same Message-ID). */
    recoverAll(now: Date): number {
      return Number(
        store.run(
          q
            .updateTable('deliveries')
            .set({
              state: 'pending',
              next_attempt_at: now.toISOString(),
              last_error: 'interrumpido: el envío anterior quedó sin respuesta',
            })
            .where('state', '=', 'sending'),
        ).changes,
      );
    },
    /** Failed ones queued again, from the first attempt; returns how many. */
    retryFailed(now: Date): number {
      return Number(
        store.run(
          q
            .updateTable('deliveries')
            .set({ state: 'pending', next_attempt_at: now.toISOString(), attempts: 0, failed_at: null })
            .where('state', '=', 'failed'),
        ).changes,
      );
    },
    /** The earliest pending row's time, or null when none waits. */
    nextDue(): Date | null {
      const r = store.one(
        q
          .selectFrom('deliveries')
          .select((eb) => eb.fn.min('next_attempt_at').as('at'))
          .where('state', '=', 'pending'),
      );
      return typeof r?.at === 'string' ? new Date(r.at) : null;
    },
    /** Deliveries in the states that still move (not sent): an index range. */
    liveCounts(): Omit<Record<DeliveryState, number>, 'sent'> {
      const rows = store
        .statement("SELECT state, count(*) AS n FROM deliveries WHERE state IN ('pending', 'sending', 'failed') GROUP BY state")
        .all() as { state: DeliveryState; n: number }[];
      const by = new Map(rows.map((r) => [r.state, Number(r.n)]));
      return { pending: by.get('pending') ?? 0, sending: by.get('sending') ?? 0, failed: by.get('failed') ?? 0 };
    },
    /** Every e-mail the station ever sent (a scan; deliveries.ts keeps it with cachedCount). */
    sentCount(): number {
      return Number((store.statement("SELECT count(*) AS n FROM deliveries WHERE state = 'sent'").get() as { n: number }).n);
    },
  };
}

export type DeliveriesRepo = ReturnType<typeof deliveriesRepo>;
