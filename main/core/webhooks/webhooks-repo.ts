// The one owner of `webhook_endpoints`, `webhook_deliveries` and `webhook_cursor` (migration 016). Every write is
// one short synchronous statement or a transaction its caller opens; nothing here waits on the network.
//   PENDING ─claim (lease)→ sent ─2xx→ DELIVERED
//                               ─410→ PENDING (its endpoint disabled) ─other→ PENDING later | FAILED after 24 h
import type { WebhookDeliveryStatus, WebhookEvent } from '../../../shared/webhooks';
import type { Store } from '../store/database';

export interface EndpointRow {
  readonly id: string;
  readonly url: string;
  readonly events: readonly WebhookEvent[];
  readonly secretSealed: string;
  readonly source: 'app' | 'file';
  readonly active: boolean;
  readonly disabledReason: string | null;
  readonly disabledAt: string | null;
  readonly fromSeq: number;
  readonly createdAt: string;
}

export interface DeliveryRow {
  readonly id: string;
  readonly endpointId: string;
  readonly eventSeq: number;
  readonly documentId: string;
  readonly event: WebhookEvent;
  readonly occurredAt: string;
  readonly body: string;
  readonly status: WebhookDeliveryStatus;
  readonly attempts: number;
  readonly nextAttemptAt: number;
  readonly giveUpAt: number;
  readonly lastAttemptAt: string | null;
  readonly lastStatus: number | null;
  readonly lastError: string | null;
  readonly deliveredAt: string | null;
}

/** A delivery claimed for sending, with where it goes. */
export interface ClaimedDelivery extends DeliveryRow {
  readonly url: string;
  readonly secretSealed: string;
}

export interface NewDelivery {
  readonly id: string;
  readonly endpointId: string;
  readonly eventSeq: number;
  readonly documentId: string;
  readonly event: WebhookEvent;
  readonly occurredAt: string;
  readonly body: string;
  readonly nowMs: number;
  readonly giveUpAt: number;
  readonly createdAt: string;
}

type EndpointDb = {
  id: string;
  url: string;
  events: string;
  secret_sealed: string;
  source: string;
  active: number;
  disabled_reason: string | null;
  disabled_at: string | null;
  from_seq: number;
  created_at: string;
};

const endpointOf = (r: EndpointDb): EndpointRow => ({
  id: r.id,
  url: r.url,
  events: JSON.parse(r.events) as WebhookEvent[],
  secretSealed: r.secret_sealed,
  source: r.source === 'file' ? 'file' : 'app',
  active: r.active === 1,
  disabledReason: r.disabled_reason,
  disabledAt: r.disabled_at,
  fromSeq: r.from_seq,
  createdAt: r.created_at,
});

type DeliveryDb = {
  id: string;
  endpoint_id: string;
  event_seq: number;
  document_id: string;
  event: string;
  occurred_at: string;
  body: string;
  status: string;
  attempts: number;
  next_attempt_at: number;
  give_up_at: number;
  last_attempt_at: string | null;
  last_status: number | null;
  last_error: string | null;
  delivered_at: string | null;
};

const deliveryOf = (r: DeliveryDb): DeliveryRow => ({
  id: r.id,
  endpointId: r.endpoint_id,
  eventSeq: r.event_seq,
  documentId: r.document_id,
  event: r.event as WebhookEvent,
  occurredAt: r.occurred_at,
  body: r.body,
  status: r.status as WebhookDeliveryStatus,
  attempts: r.attempts,
  nextAttemptAt: r.next_attempt_at,
  giveUpAt: r.give_up_at,
  lastAttemptAt: r.last_attempt_at,
  lastStatus: r.last_status,
  lastError: r.last_error,
  deliveredAt: r.delivered_at,
});

export type WebhooksRepo = ReturnType<typeof webhooksRepo>;

export function webhooksRepo(store: Store) {
  const q = store.q;

  /** Pending deliveries with no earlier pending one for the same document and endpoint: the only ones sendable. */
  const heads = (nowMs: number | null) => {
    let s = q
      .selectFrom('webhook_deliveries as d')
      .innerJoin('webhook_endpoints as e', 'e.id', 'd.endpoint_id')
      .where('d.status', '=', 'PENDING')
      .where('e.active', '=', 1)
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('webhook_deliveries as p')
              .select('p.id')
              .whereRef('p.endpoint_id', '=', 'd.endpoint_id')
              .whereRef('p.document_id', '=', 'd.document_id')
              .where('p.status', '=', 'PENDING')
              .whereRef('p.event_seq', '<', 'd.event_seq'),
          ),
        ),
      );
    if (nowMs !== null)
      s = s
        .where('d.next_attempt_at', '<=', nowMs)
        .where((eb) => eb.or([eb('d.lease_until', 'is', null), eb('d.lease_until', '<=', nowMs)]));
    return s;
  };

  return {
    endpoints(): EndpointRow[] {
      return store.all(q.selectFrom('webhook_endpoints').selectAll().orderBy('created_at').orderBy('id')).map(endpointOf);
    },
    endpoint(id: string): EndpointRow | null {
      const r = store.one(q.selectFrom('webhook_endpoints').selectAll().where('id', '=', id));
      return r ? endpointOf(r) : null;
    },
    insertEndpoint(e: Omit<EndpointRow, 'active' | 'disabledReason' | 'disabledAt'>): void {
      store.run(
        q.insertInto('webhook_endpoints').values({
          id: e.id,
          url: e.url,
          events: JSON.stringify(e.events),
          secret_sealed: e.secretSealed,
          source: e.source,
          active: 1,
          disabled_reason: null,
          disabled_at: null,
          from_seq: e.fromSeq,
          created_at: e.createdAt,
          updated_at: e.createdAt,
        }),
      );
    },
    /** A station-file endpoint's events or secret changed. */
    updateEndpoint(id: string, events: readonly WebhookEvent[], secretSealed: string, at: string): void {
      store.run(
        q
          .updateTable('webhook_endpoints')
          .set({ events: JSON.stringify(events), secret_sealed: secretSealed, updated_at: at })
          .where('id', '=', id),
      );
    },
    /** The same secret sealed under another key (station/former-secrets.ts): nothing the user changed. */
    resealSecret(id: string, secretSealed: string): void {
      store.run(q.updateTable('webhook_endpoints').set({ secret_sealed: secretSealed }).where('id', '=', id));
    },
    /** Its deliveries go with it (ON DELETE CASCADE). */
    deleteEndpoint(id: string): boolean {
      return store.run(q.deleteFrom('webhook_endpoints').where('id', '=', id)).changes > 0;
    },
    setActive(id: string, active: boolean, reason: string | null, at: string): boolean {
      return (
        store.run(
          q
            .updateTable('webhook_endpoints')
            .set({ active: active ? 1 : 0, disabled_reason: active ? null : reason, disabled_at: active ? null : at, updated_at: at })
            .where('id', '=', id)
            .where('active', '=', active ? 0 : 1),
        ).changes > 0
      );
    },
    /** Pending and failed deliveries per endpoint. */
    counts(): Map<string, { pending: number; failed: number }> {
      const rows = store.all(
        q
          .selectFrom('webhook_deliveries')
          .select(['endpoint_id', 'status', (eb) => eb.fn.countAll<number>().as('n')])
          .where('status', 'in', ['PENDING', 'FAILED'])
          .groupBy(['endpoint_id', 'status']),
      );
      const out = new Map<string, { pending: number; failed: number }>();
      for (const r of rows) {
        const c = out.get(r.endpoint_id) ?? { pending: 0, failed: 0 };
        out.set(r.endpoint_id, r.status === 'PENDING' ? { ...c, pending: Number(r.n) } : { ...c, failed: Number(r.n) });
      }
      return out;
    },

    cursor(): number {
      return store.one(q.selectFrom('webhook_cursor').select('seq').where('id', '=', 1))?.seq ?? 0;
    },
    /**
     * Before an endpoint becomes active: with none active, nothing is owed for the events so far, so the cursor
     * moves past them here instead of the sender writing for every event while no webhook is configured.
     */
    skipWhileIdle(seq: number): void {
      store.run(
        q
          .updateTable('webhook_cursor')
          .set({ seq })
          .where('id', '=', 1)
          .where('seq', '<', seq)
          .where((eb) => eb.not(eb.exists(eb.selectFrom('webhook_endpoints').select('id').where('active', '=', 1)))),
      );
    },
    /** Inside the transaction that queued the deliveries up to `seq`. */
    advanceCursor(seq: number): void {
      store.run(q.updateTable('webhook_cursor').set({ seq }).where('id', '=', 1).where('seq', '<', seq));
    },
    insertDelivery(n: NewDelivery): void {
      store.run(
        q
          .insertInto('webhook_deliveries')
          .values({
            id: n.id,
            endpoint_id: n.endpointId,
            event_seq: n.eventSeq,
            document_id: n.documentId,
            event: n.event,
            occurred_at: n.occurredAt,
            body: n.body,
            status: 'PENDING',
            next_attempt_at: n.nowMs,
            lease_until: null,
            give_up_at: n.giveUpAt,
            last_attempt_at: null,
            last_status: null,
            last_error: null,
            delivered_at: null,
            created_at: n.createdAt,
          })
          // The cursor makes this unreachable; the constraint makes it harmless.
          .onConflict((oc) => oc.columns(['endpoint_id', 'event_seq']).doNothing()),
      );
    },

    /** At start nothing of this process is in flight: a lease left by a dead one is void (its delivery goes again). */
    releaseLeases(): number {
      return store.run(q.updateTable('webhook_deliveries').set({ lease_until: null }).where('lease_until', 'is not', null)).changes;
    },
    /** The sendable deliveries due now, oldest event first, leased until `leaseUntil` (run inside a transaction). */
    claim(nowMs: number, leaseUntil: number, limit: number): ClaimedDelivery[] {
      const rows = store.all(
        heads(nowMs).selectAll('d').select(['e.url', 'e.secret_sealed']).orderBy('d.event_seq').orderBy('d.endpoint_id').limit(limit),
      );
      if (rows.length === 0) return [];
      store.run(
        q
          .updateTable('webhook_deliveries')
          .set({ lease_until: leaseUntil })
          .where(
            'id',
            'in',
            rows.map((r) => r.id),
          ),
      );
      return rows.map((r) => ({ ...deliveryOf(r), url: r.url, secretSealed: r.secret_sealed }));
    },
    /** When the next sendable delivery is due (its retry time or its lease's end); null when none waits. */
    nextDue(): number | null {
      const r = store.one(
        heads(null).select((eb) =>
          eb.fn.min<number>(eb.fn('max', ['d.next_attempt_at', eb.fn.coalesce('d.lease_until', eb.val(0))])).as('at'),
        ),
      );
      return r?.at ?? null;
    },
    delivered(id: string, status: number, at: string): void {
      store.run(
        q
          .updateTable('webhook_deliveries')
          .set((eb) => ({
            status: 'DELIVERED',
            attempts: eb('attempts', '+', 1),
            lease_until: null,
            last_attempt_at: at,
            last_status: status,
            last_error: null,
            delivered_at: at,
          }))
          .where('id', '=', id)
          .where('status', '=', 'PENDING'),
      );
    },
    /** Not delivered: again at `nextMs`, or FAILED when `failed`. */
    notDelivered(id: string, o: { status: number | null; error: string; at: string; nextMs: number; failed: boolean }): void {
      store.run(
        q
          .updateTable('webhook_deliveries')
          .set((eb) => ({
            status: o.failed ? 'FAILED' : 'PENDING',
            attempts: eb('attempts', '+', 1),
            lease_until: null,
            next_attempt_at: o.nextMs,
            last_attempt_at: o.at,
            last_status: o.status,
            last_error: o.error,
          }))
          .where('id', '=', id)
          .where('status', '=', 'PENDING'),
      );
    },
    delivery(id: string): DeliveryRow | null {
      const r = store.one(q.selectFrom('webhook_deliveries').selectAll().where('id', '=', id));
      return r ? deliveryOf(r) : null;
    },
    /** "Send again": the same delivery (same id and body) pending now, with 24 hours of its own. */
    resend(id: string, nowMs: number, giveUpAt: number): boolean {
      return (
        store.run(
          q
            .updateTable('webhook_deliveries')
            .set({ status: 'PENDING', next_attempt_at: nowMs, give_up_at: giveUpAt, lease_until: null })
            .where('id', '=', id),
        ).changes > 0
      );
    },
    /** An endpoint's deliveries, newest event first, `limit` after the cursor (an event seq). */
    deliveries(endpointId: string, limit: number, before: number | null): DeliveryRow[] {
      let s = q.selectFrom('webhook_deliveries').selectAll().where('endpoint_id', '=', endpointId);
      if (before !== null) s = s.where('event_seq', '<', before);
      return store.all(s.orderBy('event_seq', 'desc').limit(limit)).map(deliveryOf);
    },
  };
}
