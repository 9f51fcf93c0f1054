// The replication queue: the one owner of the `replication_queue` table (migrations 018, 019). The create path,
// the status machine and a settled Evento de Retorno record here, inside their own transaction, that a document
// changed; the station's other records (contingency events, invalidations, returns, deliveries, day closes) are
// queued by migration 019's triggers. The replicator (replicator.ts) reads the queue in order and deletes what the
// hub acknowledged. One row per entity: a change of one still waiting moves it to the end, and the hub always
// gets its current state.
import type { Store } from '../store/database';

/** 'resigned': a document re-signed into a contingency event (its signed JSON changed, not its status). */
export type ReplicationReason = 'created' | 'status' | 'return' | 'resigned';

export const REPLICATED_ENTITIES = ['document', 'contingency_event', 'invalidation', 'return', 'delivery', 'day_close'] as const;
export type ReplicatedEntity = (typeof REPLICATED_ENTITIES)[number];
export type RecordEntity = Exclude<ReplicatedEntity, 'document'>;

/** A waiting entity and the seq it waits under (deleted only if still that seq: a later change stays queued). */
export interface QueuedChange {
  readonly entity: ReplicatedEntity;
  readonly ref: string;
  readonly seq: number;
}

const isEntity = (v: string): v is ReplicatedEntity => (REPLICATED_ENTITIES as readonly string[]).includes(v);

export function replicationQueue(store: Store) {
  const q = store.q;
  return {
    /** Records that `documentId` changed; run inside the caller's transaction, so it is kept or rolled back with it. */
    changed(documentId: string, reason: ReplicationReason, at?: string): void {
      // Plain SQL: every document's create runs it (store/database.ts, `statement`). Without a time (a re-signing
      // path has no clock), the document's own last change; a change gives a refused document another chance.
      store
        .statement(
          `INSERT INTO replication_queue (entity, ref, seq, reason, queued_at)
           VALUES ('document', @id, (SELECT COALESCE(MAX(seq), 0) + 1 FROM replication_queue), @reason,
                   COALESCE(@at, (SELECT updated_at FROM documents WHERE id = @id)))
           ON CONFLICT (entity, ref) DO UPDATE SET seq = (SELECT COALESCE(MAX(seq), 0) + 1 FROM replication_queue),
             reason = excluded.reason, queued_at = excluded.queued_at, parked_at = NULL, parked_error = NULL`,
        )
        .run({ id: documentId, reason, at: at ?? null });
    },
    /** The oldest `limit` waiting entities, in the order they changed; parked ones wait aside. */
    head(limit: number): QueuedChange[] {
      return store
        .all(q.selectFrom('replication_queue').select(['entity', 'ref', 'seq']).where('parked_at', 'is', null).orderBy('seq').limit(limit))
        .flatMap((r) => (isEntity(r.entity) ? [{ entity: r.entity, ref: r.ref, seq: r.seq }] : []));
    },
    /** Removes what the hub acknowledged, unless the entity changed again since it was read. */
    acknowledged(changes: readonly QueuedChange[]): void {
      store.tx(() => {
        for (const c of changes)
          store.run(q.deleteFrom('replication_queue').where('entity', '=', c.entity).where('ref', '=', c.ref).where('seq', '=', c.seq));
      });
    },
    /** Sets aside an entity the hub refused for good (unless it changed since it was read). */
    park(change: QueuedChange, error: string, at: string): void {
      store.run(
        q
          .updateTable('replication_queue')
          .set({ parked_at: at, parked_error: error })
          .where('entity', '=', change.entity)
          .where('ref', '=', change.ref)
          .where('seq', '=', change.seq),
      );
    },
    /**
     * Gives the parked entities refused for one of `reasons` (the hub's code, kept in brackets by the replicator)
     * another chance; returns how many. A refusal for any other reason waits for a change of its own.
     */
    unparkCurable(reasons: readonly string[], legacyWords: readonly string[] = []): number {
      if (reasons.length === 0) return 0;
      const patterns = [...reasons.map((r) => `%[${r}]%`), ...legacyWords.map((w) => `%${w}%`)];
      return Number(
        store.run(
          q
            .updateTable('replication_queue')
            .set({ parked_at: null, parked_error: null })
            .where('parked_at', 'is not', null)
            .where((eb) => eb.or(patterns.map((p) => eb('parked_error', 'like', p)))),
        ).changes,
      );
    },
    /** The parked entities, newest refusal first: what the sync screen lists (`limit` of them). */
    parkedList(limit: number): { entity: string; ref: string; error: string | null; at: string | null }[] {
      return store
        .all(
          q
            .selectFrom('replication_queue')
            .select(['entity', 'ref', 'parked_error', 'parked_at'])
            .where('parked_at', 'is not', null)
            .orderBy('parked_at', 'desc')
            .limit(limit),
        )
        .map((r) => ({ entity: r.entity, ref: r.ref, error: r.parked_error, at: r.parked_at }));
    },
    /** How many the hub refused, and the latest refusal. */
    parked(): { count: number; lastError: string | null } {
      const count = Number(
        store.one(
          q
            .selectFrom('replication_queue')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('parked_at', 'is not', null),
        )?.n ?? 0,
      );
      if (count === 0) return { count, lastError: null };
      const last = store.one(
        q
          .selectFrom('replication_queue')
          .select(['entity', 'ref', 'parked_error'])
          .where('parked_at', 'is not', null)
          .orderBy('parked_at', 'desc')
          .limit(1),
      );
      return { count, lastError: last ? `${last.entity} ${last.ref}: ${last.parked_error ?? ''}` : null };
    },
    /** The newest change's seq (0 when none waits); a queue the hub emptied numbers the next from 1 again. */
    lastSeq(): number {
      return Number(store.one(q.selectFrom('replication_queue').select((eb) => eb.fn.max('seq').as('seq')))?.seq ?? 0);
    },
    /** How many wait their turn (parked ones not counted). */
    ready(): number {
      return Number(
        store.one(
          q
            .selectFrom('replication_queue')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('parked_at', 'is', null),
        )?.n ?? 0,
      );
    },
    waiting(): number {
      return Number(store.one(q.selectFrom('replication_queue').select((eb) => eb.fn.countAll<number>().as('n')))?.n ?? 0);
    },
  };
}
