// The outbox: the one owner of the `outbox` table. The create path enqueues here (dte/issue.ts); the sync
// engine claims, answers and re-queues here (sync/engine.ts). Every change is one short synchronous
// transaction, never a network call inside one. Document statuses move only through dte/status.ts.
//   pending ─claim→ sending ─(answer)→ done | failed | pending (not sent: retry later) | unknown (ask MH first)
//   sending whose lease expired, or left by a dead process (not in a lote MH took) → unknown
import { unpackDocument } from '../dte/packing/packed-document';
import { audit } from '../audit';
import { isoLocal } from '../clock';
import { statusesOf } from '../dte/documents-repo';
import { moveStatus, moveStatuses } from '../dte/status';
import type { Logger } from '../logger';
import type { Store } from '../store/database';
import { settingsRepo } from '../store/settings-repo';
import { lotesRepo } from '../sync/lotes-repo';
import { MAX_SENDS } from '../sync/send-cap';

export interface Claimed {
  readonly outboxId: number;
  readonly documentId: string;
  readonly kind: string;
  readonly version: number;
  readonly jws: string;
  readonly attempts: number;
  /** Sends alone without a conclusive answer (migration 035): past the cap a person decides (sync/send-cap.ts). */
  readonly sends: number;
  /** Why its last try ended without a verdict; null for a row that never met MH (engine.ts, controlNumberTaken). */
  readonly lastError: string | null;
  /** It may have reached MH (sent without a conclusive answer): ask MH before anything else. */
  readonly reconcile: boolean;
  readonly idEnvio: number;
  /** A contingency document (it travels in lotes after its event; one by one only to be asked about). */
  readonly contingency: boolean;
}

export type DocumentRef = Pick<Claimed, 'documentId' | 'outboxId'>;

const ID_ENVIO_KEY = 'mh.idEnvio';
/** MH processes a lote in 1–3 minutes: a lote's documents are not asked about one by one before that. */
export const LOTE_PROCESSING_MS = 3 * 60_000;

/**
 * No lease or retry is ever set this far ahead (the longest, a lote MH took, is ten lote polls): one that is was
 * set by a clock that has since been put back (decision 0028), and it is due now rather than hours or days later.
 */
export const CLOCK_PUT_BACK_MS = 2 * 60 * 60_000;
const putBackBound = (now: Date) => new Date(now.getTime() + CLOCK_PUT_BACK_MS).toISOString();
/** A moment set ahead of `now` by more than that was set by a clock since put back: it is `now`. */
export const dueByNow = (at: number, now: number): number => (at > now + CLOCK_PUT_BACK_MS ? now : at);

/** MH's idEnvio: a correlative of the sender's own, never reused (docs/mh.md). */
export function takeIdEnvio(store: Store): number {
  return store.tx(() => settingsRepo(store).increment(ID_ENVIO_KEY));
}

/** How the related documents an NC/ND waits for stand: all settled by MH, one ended badly, or still on their way. */
type Dependency = { state: 'ready' } | { state: 'waiting' } | { state: 'failed'; id: string; status: string };

export function outbox(store: Store, logger: Logger) {
  const q = store.q;

  /** MH sealed the document: its status, seal and answer, and the audit entry when it moved. */
  const sealDocument = (documentId: string, now: Date, seal: string, response: unknown): boolean => {
    const at = isoLocal(now);
    const r = moveStatus(store, logger, {
      id: documentId,
      to: 'APPROVED',
      at,
      set: { seal, sealed_at: now.toISOString(), mh_response: JSON.stringify(response) },
      cause: 'MH sealed it',
    });
    if (r === 'moved') audit(store, at, 'sync', 'dte.approved', documentId, { seal });
    return r === 'moved';
  };
  /** Rows whose document MH settled as sealed: done, whatever the status move said (a repeated verdict changes nothing). */
  const doneRows = (ids: readonly number[]): void => {
    if (ids.length)
      store
        .statement(
          `UPDATE outbox SET state = 'done', lease_until = NULL, lote_id = NULL, last_error = NULL
           WHERE id IN (SELECT value FROM json_each(?))`,
        )
        .run(JSON.stringify(ids));
  };

  /** Lotes MH took: their documents wait for the lote's poll, never for a lease or a restart. */
  const submittedLotes = lotesRepo(store).submittedIds;

  /** An expired lease (due at its very instant, or a timer set for it would find nothing) means the sender died or hung: the document may have reached MH. */
  function recoverExpired(now: Date): number {
    // Documents of a lote MH took wait for its result (the lote's own poll settles them), never for a lease.
    const submitted = submittedLotes();
    let upd = q
      .updateTable('outbox')
      .set({ state: 'unknown', lease_until: null, lote_id: null, next_attempt_at: now.toISOString() })
      .where('state', '=', 'sending')
      .where((eb) => eb.or([eb('lease_until', '<=', now.toISOString()), eb('lease_until', '>', putBackBound(now))]));
    if (submitted.length) upd = upd.where((eb) => eb.or([eb('lote_id', 'is', null), eb('lote_id', 'not in', submitted)]));
    return Number(store.run(upd).changes);
  }

  function dependency(dependsOn: string | null): Dependency {
    if (!dependsOn) return { state: 'ready' };
    const ids = JSON.parse(dependsOn) as string[];
    const rows = statusesOf(store, ids);
    const bad = rows.find((r) => r.status === 'REJECTED');
    if (bad) return { state: 'failed', id: bad.id, status: bad.status };
    return rows.length === ids.length && rows.every((r) => r.status === 'APPROVED' || r.status === 'INVALIDATED')
      ? { state: 'ready' }
      : { state: 'waiting' };
  }

  /**
   * Rows the engine could send (or ask about) once due: not a contingency document before its event is sealed
   * (unless in doubt after it), not an NC/ND whose related document MH has not settled.
   */
  function claimable() {
    return (
      q
        .selectFrom('outbox')
        .innerJoin('documents', 'documents.id', 'outbox.document_id')
        .leftJoin('contingency_events', 'contingency_events.id', 'documents.contingency_id')
        .where('outbox.topic', '=', 'dte')
        .where('outbox.state', 'in', ['pending', 'unknown'])
        // A document MH settled is never sent or asked about again, whatever its queue row says.
        .where('documents.status', 'in', ['CREATED', 'PROCESSING'])
        .where((eb) =>
          eb.or([
            eb('documents.contingency_id', 'is', null),
            eb.and([eb('outbox.state', '=', 'unknown'), eb('contingency_events.status', 'in', ['sealed', 'done'])]),
          ]),
        )
    );
  }

  /**
   * An NC/ND whose related document MH rejected is never sent: it ends REJECTED here with the reason, so it
   * neither waits forever nor blocks the queue (MH would refuse it anyway).
   */
  function failOrphans(now: Date): string[] {
    const waiting = store.all(
      claimable()
        .select(['outbox.id as outboxId', 'outbox.document_id as documentId', 'outbox.depends_on'])
        .where('outbox.depends_on', 'is not', null)
        .where('outbox.state', '=', 'pending'),
    );
    const failed: string[] = [];
    for (const w of waiting) {
      const dep = dependency(w.depends_on);
      if (dep.state !== 'failed') continue;
      const reason = `No se envió a MH: el documento relacionado ${dep.id.toUpperCase()} fue rechazado por MH. Emita el ajuste contra un documento aprobado.`;
      const at = isoLocal(now);
      const response = { estado: 'NO ENVIADO', descripcionMsg: reason, observaciones: [] };
      if (
        moveStatus(store, logger, {
          id: w.documentId,
          to: 'REJECTED',
          at,
          set: { mh_response: JSON.stringify(response) },
          cause: 'related document rejected',
        }) === 'moved'
      ) {
        store.run(q.updateTable('outbox').set({ state: 'failed', lease_until: null, last_error: reason }).where('id', '=', w.outboxId));
        audit(store, at, 'sync', 'dte.rejected', w.documentId, { reason });
        failed.push(w.documentId);
      }
    }
    return failed;
  }

  return {
    /** The create path's half: a new document waits to be sent (inside the create transaction). */
    enqueue(p: { documentId: string; now: Date; dependsOn: readonly string[] }): void {
      // Plain SQL: every create runs it (store/database.ts, `statement`).
      const at = p.now.toISOString();
      store
        .statement(
          `INSERT INTO outbox (document_id, topic, state, attempts, next_attempt_at, lease_until, last_error, created_at, depends_on, lote_id)
           VALUES (?, 'dte', 'pending', 0, ?, NULL, NULL, ?, ?, NULL)`,
        )
        .run(p.documentId, at, at, p.dependsOn.length ? JSON.stringify(p.dependsOn) : null);
    },

    /**
     * At start, holding the data-dir lock: every send still marked in flight belonged to a dead process, so
     * it is in doubt; documents of a lote MH took wait for the lote's result instead.
     */
    recoverAll(now: Date): number {
      return store.tx(() => {
        const submitted = submittedLotes();
        // A lote cut short may still be processed by MH (1–3 minutes): its documents are asked about after that.
        const later = new Date(now.getTime() + LOTE_PROCESSING_MS).toISOString();
        let lote = q
          .updateTable('outbox')
          .set({ state: 'unknown', lease_until: null, lote_id: null, next_attempt_at: later })
          .where('state', '=', 'sending')
          .where('lote_id', 'is not', null);
        if (submitted.length) lote = lote.where('lote_id', 'not in', submitted);
        const fromLotes = Number(store.run(lote).changes);
        const single = q
          .updateTable('outbox')
          .set({ state: 'unknown', lease_until: null, next_attempt_at: now.toISOString() })
          .where('state', '=', 'sending')
          .where('lote_id', 'is', null);
        return fromLotes + Number(store.run(single).changes);
      });
    },

    /** Takes up to `limit` due rows under a lease; their documents become PROCESSING. Also fails orphans. */
    claim(now: Date, limit: number, leaseMs: number): { claimed: Claimed[]; failed: string[] } {
      return store.tx(() => {
        recoverExpired(now);
        const failed = failOrphans(now);
        const due = claimable()
          .select([
            'outbox.id as outboxId',
            'outbox.document_id as documentId',
            'outbox.state',
            'outbox.attempts',
            'outbox.sends',
            'outbox.last_error',
            'outbox.depends_on',
            'documents.kind',
            'documents.version',
            'documents.packed',
            'documents.contingency_id',
          ])
          .where((eb) =>
            eb.or([eb('outbox.next_attempt_at', '<=', now.toISOString()), eb('outbox.next_attempt_at', '>', putBackBound(now))]),
          )
          .orderBy('outbox.id');
        // Rows free to go (no related document, or in doubt: asked about whatever their CCF's fate), then the
        // NC/NDs waiting on theirs, filtered here: waiting ones never block the rows behind them.
        const free = store.all(
          due.where((eb) => eb.or([eb('outbox.depends_on', 'is', null), eb('outbox.state', '=', 'unknown')])).limit(limit),
        );
        const gated = store
          .all(due.where('outbox.depends_on', 'is not', null).where('outbox.state', '=', 'pending'))
          .filter((r) => dependency(r.depends_on).state === 'ready');
        const ready = [...free, ...gated].sort((a, b) => a.outboxId - b.outboxId).slice(0, limit);
        const lease = new Date(now.getTime() + leaseMs).toISOString();
        const at = isoLocal(now);
        // One idEnvio each, taken from the correlative in this same transaction.
        let idEnvio = ready.length ? settingsRepo(store).increment(ID_ENVIO_KEY, ready.length) - ready.length : 0;
        const claimed = ready.map((r): Claimed => {
          store.run(q.updateTable('outbox').set({ state: 'sending', lease_until: lease }).where('id', '=', r.outboxId));
          moveStatus(store, logger, { id: r.documentId, to: 'PROCESSING', at, cause: 'claimed to send' });
          idEnvio += 1;
          return {
            outboxId: r.outboxId,
            documentId: r.documentId,
            kind: r.kind,
            version: r.version,
            jws: unpackDocument(r.packed).jws ?? '',
            attempts: r.attempts,
            sends: r.sends,
            lastError: r.last_error,
            reconcile: r.state === 'unknown',
            idEnvio,
            contingency: r.contingency_id !== null,
          };
        });
        return { claimed, failed };
      });
    },

    /** Not handed to MH after all (it joins a contingency event): queued again, out of any lote. */
    backToPending(documentId: string): void {
      store.run(
        q
          .updateTable('outbox')
          .set({ state: 'pending', lease_until: null, lote_id: null })
          .where('document_id', '=', documentId)
          .where('topic', '=', 'dte'),
      );
    },

    /** MH holds it sealed. Returns whether the document's status changed. */
    approved(c: DocumentRef, now: Date, seal: string, response: unknown): boolean {
      return store.tx(() => {
        const moved = sealDocument(c.documentId, now, seal, response);
        doneRows([c.outboxId]);
        return moved;
      });
    },

    /**
     * A document MH sealed in a lote's result: its status and audit entry as `approved` writes them, inside the
     * caller's transaction; its queue row is settled with the lote's others by `settledInLote`.
     */
    sealedInLote: (documentId: string, now: Date, seal: string, response: unknown): boolean =>
      sealDocument(documentId, now, seal, response),

    /** The rows of a lote's sealed documents done, one write per 500 (whatever each status move said). */
    settledInLote: (outboxIds: readonly number[]): void => doneRows(outboxIds),

    /** MH refused it (never a duplicate answer: that means MH has it). Returns whether the status changed. */
    rejected(c: DocumentRef, now: Date, response: unknown, reason: string): boolean {
      return store.tx(() => {
        const at = isoLocal(now);
        const r = moveStatus(store, logger, {
          id: c.documentId,
          to: 'REJECTED',
          at,
          set: { mh_response: JSON.stringify(response) },
          cause: reason,
        });
        store
          .statement(`UPDATE outbox SET state = 'failed', lease_until = NULL, lote_id = NULL, last_error = ? WHERE id = ?`)
          .run(reason, c.outboxId);
        if (r === 'moved') audit(store, at, 'sync', 'dte.rejected', c.documentId, { reason });
        return r === 'moved';
      });
    },

    /** Not sent (MH unreachable, busy, or refusing the login): due again at `next`; no attempt is spent. */
    notSent(c: Pick<Claimed, 'outboxId' | 'documentId' | 'reconcile'>, now: Date, next: Date, reason: string): void {
      store.tx(() => {
        store.run(
          q
            .updateTable('outbox')
            .set({ state: c.reconcile ? 'unknown' : 'pending', lease_until: null, next_attempt_at: next.toISOString(), last_error: reason })
            .where('id', '=', c.outboxId)
            .where('state', '=', 'sending'),
        );
        // A document in doubt stays PROCESSING: it may be at MH.
        if (!c.reconcile) moveStatus(store, logger, { id: c.documentId, to: 'CREATED', at: isoLocal(now), cause: 'not sent' });
      });
    },

    /**
     * Sent, but no conclusive answer (or MH says it already has it): ask MH before anything else. `sent`: this
     * follows a send of its own (not a query), counted toward the cap on sends (sync/send-cap.ts).
     */
    inDoubt(c: Pick<Claimed, 'outboxId' | 'attempts'>, next: Date, reason: string, sent = false): void {
      // Only a row on its way: a late answer never reopens one that is done or failed.
      store
        .statement(
          `UPDATE outbox SET state = 'unknown', lease_until = NULL, lote_id = NULL, attempts = ?, next_attempt_at = ?, last_error = ?,
             sends = sends + ?
           WHERE id = ? AND state IN ('sending', 'unknown')`,
        )
        .run(c.attempts + 1, next.toISOString(), reason, sent ? 1 : 0, c.outboxId);
    },

    /** A send whose answer settles nothing by itself (a 004 on the control number, asked about next): counted. */
    countSend(c: Pick<Claimed, 'outboxId'>): void {
      store.run(
        q
          .updateTable('outbox')
          .set((eb) => ({ sends: eb('sends', '+', 1) }))
          .where('id', '=', c.outboxId),
      );
    },

    /** A supervisor's word that a document held past the cap on sends may go again (sync/send-cap.ts). */
    allowSends(documentId: string, now: Date): boolean {
      return (
        store.run(
          q
            .updateTable('outbox')
            // A fresh start on a person's word: its tries so far no longer list it as unclear (sync/send-cap.ts).
            .set({ sends: 0, attempts: 0, next_attempt_at: now.toISOString(), last_error: null })
            .where('document_id', '=', documentId)
            .where('topic', '=', 'dte')
            .where('state', '=', 'unknown')
            .where('sends', '>=', MAX_SENDS),
        ).changes > 0
      );
    },

    /** Documents in doubt outside any contingency: asked about at the cese. */
    inDoubtOutsideContingency(): { documentId: string; outboxId: number; kind: string; attempts: number }[] {
      return store.all(
        q
          .selectFrom('outbox')
          .innerJoin('documents', 'documents.id', 'outbox.document_id')
          .select(['outbox.document_id as documentId', 'outbox.id as outboxId', 'documents.kind', 'outbox.attempts'])
          .where('outbox.topic', '=', 'dte')
          .where('outbox.state', '=', 'unknown')
          .where('documents.contingency_id', 'is', null),
      );
    },

    outboxIdOf(documentId: string): number | undefined {
      return store.one(q.selectFrom('outbox').select('id').where('document_id', '=', documentId).where('topic', '=', 'dte'))?.id;
    },

    /** The queue row of each of these documents (whatever lote it is in now), read 500 at a time. */
    outboxIdsOf(documentIds: readonly string[]): Map<string, number> {
      const rows = new Map<string, number>();
      if (!documentIds.length) return rows;
      const found = store
        .statement(`SELECT id, document_id FROM outbox WHERE document_id IN (SELECT value FROM json_each(?)) AND topic = 'dte'`)
        .all(JSON.stringify(documentIds)) as { id: number; document_id: string }[];
      for (const r of found) if (!rows.has(r.document_id)) rows.set(r.document_id, r.id);
      return rows;
    },

    /** A lote is about to leave: its documents are in flight (in doubt if the answer never comes). */
    loteLeaving(loteId: string, documentIds: readonly string[], now: Date, leaseMs: number): void {
      const lease = new Date(now.getTime() + leaseMs).toISOString();
      const at = isoLocal(now);
      store
        .statement(
          `UPDATE outbox SET state = 'sending', lease_until = ?, lote_id = ?
           WHERE document_id IN (SELECT value FROM json_each(?)) AND topic = 'dte'`,
        )
        .run(lease, loteId, JSON.stringify(documentIds));
      moveStatuses(store, logger, documentIds, { to: 'PROCESSING', at, cause: 'sent in a lote' });
    },

    /** MH took the lote: its documents wait for the result under a lease long enough for MH's processing. */
    loteTaken(loteId: string, now: Date, leaseMs: number): void {
      store.run(
        q
          .updateTable('outbox')
          .set({ lease_until: new Date(now.getTime() + leaseMs).toISOString() })
          .where('lote_id', '=', loteId)
          .where('state', '=', 'sending'),
      );
    },

    /** The lote never reached MH (refused before processing): its documents are plain pending again. */
    loteNotTaken(loteId: string, now: Date, next: Date, reason: string): void {
      const rows = store.all(
        q.selectFrom('outbox').select(['id', 'document_id']).where('lote_id', '=', loteId).where('state', '=', 'sending'),
      );
      for (const r of rows) {
        store.run(
          q
            .updateTable('outbox')
            .set({ state: 'pending', lease_until: null, lote_id: null, next_attempt_at: next.toISOString(), last_error: reason })
            .where('id', '=', r.id),
        );
        moveStatus(store, logger, { id: r.document_id, to: 'CREATED', at: isoLocal(now), cause: 'lote not taken' });
      }
    },

    /** The lote may have reached MH (no answer, a crash, a result never recorded): ask about each document. */
    loteInDoubt(loteId: string, next: Date, reason: string): void {
      store.run(
        q
          .updateTable('outbox')
          .set({ state: 'unknown', lease_until: null, lote_id: null, next_attempt_at: next.toISOString(), last_error: reason })
          .where('lote_id', '=', loteId)
          .where('state', '=', 'sending'),
      );
    },

    /** When the engine next has something it can do with the queue; null when nothing it can send waits. */
    nextDue(now: Date): Date | null {
      const times: number[] = [];
      const plain = store.one(
        claimable()
          .select((eb) => eb.fn.min('outbox.next_attempt_at').as('at'))
          .where((eb) => eb.or([eb('outbox.depends_on', 'is', null), eb('outbox.state', '=', 'unknown')])),
      );
      const due = (at: number) => dueByNow(at, now.getTime());
      if (typeof plain?.at === 'string') times.push(due(Date.parse(plain.at)));
      // NC/ND: only those whose related documents MH has settled (or rejected: they are failed at once).
      for (const r of store.all(
        claimable()
          .select(['outbox.next_attempt_at', 'outbox.depends_on'])
          .where('outbox.depends_on', 'is not', null)
          .where('outbox.state', '=', 'pending'),
      )) {
        const dep = dependency(r.depends_on);
        if (dep.state === 'ready') times.push(due(Date.parse(r.next_attempt_at)));
        else if (dep.state === 'failed') times.push(now.getTime());
      }
      // Leases that will expire (rows of a lote MH took wait for the lote's poll instead, as in recoverExpired).
      const submitted = submittedLotes();
      let leases = q
        .selectFrom('outbox')
        .select((eb) => eb.fn.min('lease_until').as('at'))
        .where('state', '=', 'sending');
      if (submitted.length) leases = leases.where((eb) => eb.or([eb('lote_id', 'is', null), eb('lote_id', 'not in', submitted)]));
      const lease = store.one(leases);
      if (typeof lease?.at === 'string') times.push(due(Date.parse(lease.at)));
      return times.length ? new Date(Math.min(...times)) : null;
    },

    /** Rows in the states that still move (not done): an index range, however long the station has run. */
    liveCounts(): Record<string, number> {
      const rows = store
        .statement("SELECT state, count(*) AS n FROM outbox WHERE state IN ('pending', 'sending', 'unknown', 'failed') GROUP BY state")
        .all() as { state: string; n: number }[];
      return Object.fromEntries(rows.map((r) => [r.state, Number(r.n)]));
    },
    /** Rows MH settled: every document the station ever sent (a scan; engine.ts keeps it with cachedCount). */
    doneCount(): number {
      return Number((store.statement("SELECT count(*) AS n FROM outbox WHERE state = 'done'").get() as { n: number }).n);
    },
    counts(): Record<string, number> {
      const rows = store.all(
        q
          .selectFrom('outbox')
          .select(['state', (eb) => eb.fn.countAll<number>().as('n')])
          .groupBy('state'),
      );
      return Object.fromEntries(rows.map((r) => [r.state, Number(r.n)]));
    },
  };
}

export type Outbox = ReturnType<typeof outbox>;
