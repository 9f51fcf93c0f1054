// The outbox's state changes, each one short synchronous transaction: never a network call inside one.
//   pending ─claim→ sending ─(answer)→ done | failed | pending (retry later) | unknown (query before resend)
//   sending with an expired lease (the process died mid-send) → unknown
import { audit } from '../audit';
import { isoLocal } from '../clock';
import type { Store } from '../store/database';

export interface Claimed {
  readonly outboxId: number;
  readonly documentId: string;
  readonly kind: string;
  readonly version: number;
  readonly jws: string;
  readonly attempts: number;
  /** It was sent before without a conclusive answer: query MH before sending again. */
  readonly reconcile: boolean;
  readonly idEnvio: number;
}

const ID_ENVIO_KEY = 'mh.idEnvio';

/** MH's idEnvio: a correlative of the sender's own, never reused (REFERENCE.md §3). */
export function takeIdEnvio(store: Store): number {
  return store.tx(() => {
    const next = Number(store.one(store.q.selectFrom('settings').select('value').where('key', '=', ID_ENVIO_KEY))?.value ?? 0) + 1;
    const value = String(next);
    store.run(store.q.insertInto('settings').values({ key: ID_ENVIO_KEY, value }).onConflict((oc) => oc.column('key').doUpdateSet({ value })));
    return next;
  });
}

export function outbox(store: Store) {
  const q = store.q;

  /** An expired lease means the sender died or hung: the document may have reached MH. */
  function recoverExpired(now: Date): number {
    return Number(
      store.run(q.updateTable('outbox').set({ state: 'unknown', lease_until: null, next_attempt_at: now.toISOString() }).where('state', '=', 'sending').where('lease_until', '<', now.toISOString())).changes,
    );
  }

  function dependenciesApproved(dependsOn: string | null): boolean {
    if (!dependsOn) return true;
    const ids = JSON.parse(dependsOn) as string[];
    const approved = store.all(q.selectFrom('documents').select('id').where('id', 'in', ids).where('status', 'in', ['APPROVED', 'INVALIDATED']));
    return approved.length === ids.length;
  }

  return {
    recoverExpired: (now: Date) => store.tx(() => recoverExpired(now)),

    /** At start, holding the data-dir lock: every send still marked in flight belonged to a dead process. */
    recoverAll(now: Date): number {
      return Number(store.run(q.updateTable('outbox').set({ state: 'unknown', lease_until: null, next_attempt_at: now.toISOString() }).where('state', '=', 'sending')).changes);
    },

    /** Takes up to `limit` due rows under a lease; their documents become PROCESSING. */
    claim(now: Date, limit: number, leaseMs: number): Claimed[] {
      return store.tx(() => {
        recoverExpired(now);
        const due = store.all(
          q
            .selectFrom('outbox')
            .innerJoin('documents', 'documents.id', 'outbox.document_id')
            .leftJoin('contingency_events', 'contingency_events.id', 'documents.contingency_id')
            .select(['outbox.id as outboxId', 'outbox.document_id as documentId', 'outbox.state', 'outbox.attempts', 'outbox.depends_on', 'documents.kind', 'documents.version', 'documents.jws'])
            .where('outbox.topic', '=', 'dte')
            .where('outbox.state', 'in', ['pending', 'unknown'])
            .where('outbox.next_attempt_at', '<=', now.toISOString())
            // Contingency documents travel in lotes after their event is sealed; one by one only to reconcile.
            .where((eb) =>
              eb.or([
                eb('documents.contingency_id', 'is', null),
                eb.and([eb('outbox.state', '=', 'unknown'), eb('contingency_events.status', 'in', ['sealed', 'done'])]),
              ]),
            )
            .orderBy('outbox.id')
            .limit(limit * 4),
        );
        const ready = due.filter((r) => dependenciesApproved(r.depends_on)).slice(0, limit);
        const lease = new Date(now.getTime() + leaseMs).toISOString();
        const at = isoLocal(now);
        let idEnvio = Number(store.one(q.selectFrom('settings').select('value').where('key', '=', ID_ENVIO_KEY))?.value ?? 0);
        const claimed = ready.map((r): Claimed => {
          store.run(q.updateTable('outbox').set({ state: 'sending', lease_until: lease }).where('id', '=', r.outboxId));
          store.run(q.updateTable('documents').set({ status: 'PROCESSING', updated_at: at }).where('id', '=', r.documentId).where('status', 'in', ['CREATED', 'PROCESSING']));
          idEnvio += 1;
          return { outboxId: r.outboxId, documentId: r.documentId, kind: r.kind, version: r.version, jws: r.jws ?? '', attempts: r.attempts, reconcile: r.state === 'unknown', idEnvio };
        });
        if (claimed.length) {
          const value = String(idEnvio);
          store.run(q.insertInto('settings').values({ key: ID_ENVIO_KEY, value }).onConflict((oc) => oc.column('key').doUpdateSet({ value })));
        }
        return claimed;
      });
    },

    approved(c: Pick<Claimed, 'documentId' | 'outboxId'>, now: Date, seal: string, response: unknown): void {
      store.tx(() => {
        const at = isoLocal(now);
        store.run(q.updateTable('documents').set({ status: 'APPROVED', seal, sealed_at: now.toISOString(), mh_response: JSON.stringify(response), updated_at: at }).where('id', '=', c.documentId));
        store.run(q.updateTable('outbox').set({ state: 'done', lease_until: null, last_error: null }).where('id', '=', c.outboxId));
        audit(store, at, 'sync', 'dte.approved', c.documentId, { seal });
      });
    },

    rejected(c: Pick<Claimed, 'documentId' | 'outboxId'>, now: Date, response: unknown, reason: string): void {
      store.tx(() => {
        const at = isoLocal(now);
        store.run(q.updateTable('documents').set({ status: 'REJECTED', mh_response: JSON.stringify(response), updated_at: at }).where('id', '=', c.documentId));
        store.run(q.updateTable('outbox').set({ state: 'failed', lease_until: null, last_error: reason }).where('id', '=', c.outboxId));
        audit(store, at, 'sync', 'dte.rejected', c.documentId, { reason });
      });
    },

    /** Not sent (MH unreachable or busy): back to CREATED, due again at `next`; attempts only count real sends. */
    notSent(c: Claimed, now: Date, next: Date, reason: string): void {
      store.tx(() => {
        store.run(q.updateTable('outbox').set({ state: c.reconcile ? 'unknown' : 'pending', lease_until: null, next_attempt_at: next.toISOString(), last_error: reason }).where('id', '=', c.outboxId));
        if (!c.reconcile) store.run(q.updateTable('documents').set({ status: 'CREATED', updated_at: isoLocal(now) }).where('id', '=', c.documentId).where('status', '=', 'PROCESSING'));
      });
    },

    /** Sent, but no conclusive answer: query MH before any resend. */
    inDoubt(c: Claimed, next: Date, reason: string): void {
      store.run(q.updateTable('outbox').set({ state: 'unknown', lease_until: null, attempts: c.attempts + 1, next_attempt_at: next.toISOString(), last_error: reason }).where('id', '=', c.outboxId));
    },

    /** MH does not have it after all: send the same JWS again. */
    resend(c: Claimed, now: Date): void {
      store.run(q.updateTable('outbox').set({ state: 'pending', lease_until: null, next_attempt_at: now.toISOString() }).where('id', '=', c.outboxId));
    },

    /** Documents sent before and not answered conclusively, outside any contingency: queried at the cese. */
    inDoubtOutsideContingency(): { documentId: string; outboxId: number; kind: string }[] {
      return store.all(
        q
          .selectFrom('outbox')
          .innerJoin('documents', 'documents.id', 'outbox.document_id')
          .select(['outbox.document_id as documentId', 'outbox.id as outboxId', 'documents.kind'])
          .where('outbox.topic', '=', 'dte')
          .where('outbox.state', 'in', ['unknown', 'sending'])
          .where('documents.contingency_id', 'is', null),
      );
    },

    outboxIdOf(documentId: string): number | undefined {
      return store.one(q.selectFrom('outbox').select('id').where('document_id', '=', documentId).where('topic', '=', 'dte'))?.id;
    },

    /** When the next row becomes due (or a lease expires), for the loop's timer; null when nothing waits. */
    nextDue(): Date | null {
      const pending = store.one(q.selectFrom('outbox').select((eb) => eb.fn.min('next_attempt_at').as('at')).where('state', 'in', ['pending', 'unknown']));
      const lease = store.one(q.selectFrom('outbox').select((eb) => eb.fn.min('lease_until').as('at')).where('state', '=', 'sending'));
      const times = [pending?.at, lease?.at].filter((x): x is string => typeof x === 'string').map((x) => new Date(x).getTime());
      return times.length ? new Date(Math.min(...times)) : null;
    },

    counts(): Record<string, number> {
      const rows = store.all(q.selectFrom('outbox').select(['state', (eb) => eb.fn.countAll<number>().as('n')]).groupBy('state'));
      return Object.fromEntries(rows.map((r) => [r.state, Number(r.n)]));
    },
  };
}

export type Outbox = ReturnType<typeof outbox>;
