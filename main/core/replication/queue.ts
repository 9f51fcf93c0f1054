// The replication queue: the one owner of the `replication_queue` table (migration 018). The create path, the
// status machine and a settled Evento de Retorno record here, inside their own transaction, that a document
// changed; the replicator (replicator.ts) reads the queue in order and deletes what the hub acknowledged. One row
// per document: a change of a document still waiting moves it to the end, and the hub always gets its current state.
import { sql } from 'kysely';
import type { Store } from '../store/database';

export type ReplicationReason = 'created' | 'status' | 'return';

/** A waiting document and the seq it waits under (deleted only if still that seq: a later change stays queued). */
export interface QueuedChange {
  readonly documentId: string;
  readonly seq: number;
}

export function replicationQueue(store: Store) {
  const q = store.q;
  return {
    /** Records that `documentId` changed; run inside the caller's transaction, so it is kept or rolled back with it. */
    changed(documentId: string, reason: ReplicationReason, at: string): void {
      const next = sql<number>`(SELECT COALESCE(MAX(seq), 0) + 1 FROM replication_queue)`;
      store.run(
        q
          .insertInto('replication_queue')
          .values({ document_id: documentId, seq: next, reason, queued_at: at })
          .onConflict((oc) =>
            oc.column('document_id').doUpdateSet((eb) => ({
              seq: next,
              reason: eb.ref('excluded.reason'),
              queued_at: eb.ref('excluded.queued_at'),
            })),
          ),
      );
    },
    /** The oldest `limit` waiting documents, in the order they changed. */
    head(limit: number): QueuedChange[] {
      return store
        .all(q.selectFrom('replication_queue').select(['document_id', 'seq']).orderBy('seq').limit(limit))
        .map((r) => ({ documentId: r.document_id, seq: r.seq }));
    },
    /** Removes what the hub acknowledged, unless the document changed again since it was read. */
    acknowledged(changes: readonly QueuedChange[]): void {
      store.tx(() => {
        for (const c of changes)
          store.run(q.deleteFrom('replication_queue').where('document_id', '=', c.documentId).where('seq', '=', c.seq));
      });
    },
    waiting(): number {
      return Number(store.one(q.selectFrom('replication_queue').select((eb) => eb.fn.countAll<number>().as('n')))?.n ?? 0);
    },
  };
}
