// The trigram index's filler (migration 022): documents are queued in `search_pending` by the transaction that
// stores them, and moved into `documents_search` here, right after, a batch per transaction. Owner of both tables'
// writes. Searches never wait for it: they read the queue as well (documents-repo.ts listDocuments).
import type { Logger } from '../logger';
import type { Store } from '../store/database';
import { errorBackoff } from '../sync/error-backoff';
import { realTimers, type TimerHandle, type Timers } from '../timers';

/** Documents indexed per transaction: a backlog (a migrated store, a long crash) never holds the thread long. */
const BATCH = 2000;
/** Creates within this long are indexed together. */
const WAKE_COALESCE_MS = 200;

/** Moves up to `limit` queued documents into the index, oldest first, in one transaction; returns how many. */
export function indexPending(store: Store, limit = BATCH): number {
  return store.tx(() => {
    const last = store.statement('SELECT max(rowid) AS r FROM (SELECT rowid FROM search_pending ORDER BY rowid LIMIT ?)').get(limit) as {
      r: number | null;
    };
    if (last.r === null) return 0;
    // The same text as migration 007 indexed: recipient (folded), control number and id.
    store
      .statement(
        `INSERT INTO documents_search (body, doc_id)
         SELECT coalesce(d.recipient_fold, '') || ' ' || d.control_number || ' ' || d.id, d.id
         FROM search_pending p JOIN documents d ON d.id = p.doc_id WHERE p.rowid <= ? ORDER BY p.rowid`,
      )
      .run(last.r);
    return store.statement('DELETE FROM search_pending WHERE rowid <= ?').run(last.r).changes;
  });
}

export interface SearchIndexer {
  /** A document was stored: index it soon. */
  wake(): void;
  /** Indexes everything queued now (tests, and the bench before it measures). */
  flush(): void;
  stop(): void;
}

export function searchIndexer(d: { store: Store; logger: Logger; random: () => number; timers?: Timers }): SearchIndexer {
  const timers = d.timers ?? realTimers;
  // A batch that failed (a full disk) is tried again after a growing wait, and creates meanwhile do not retry it.
  const errors = errorBackoff({ timers, random: d.random });
  let timer: TimerHandle | null = null;
  let stopped = false;
  const run = () => {
    timer = null;
    if (stopped) return;
    try {
      // One batch per turn of the event loop: requests go between batches.
      const indexed = indexPending(d.store);
      errors.succeeded();
      if (indexed === BATCH) timer = timers.set(run, 0);
    } catch (e) {
      // The queue stays, and searches read it meanwhile (documents-repo.ts).
      const wait = errors.failed(run);
      d.logger.error('search index catch-up failed', { error: e instanceof Error ? e.message : String(e), retryInMs: wait });
    }
  };
  const wake = () => {
    if (!stopped && timer === null && !errors.waiting()) timer = timers.set(run, WAKE_COALESCE_MS);
  };
  return {
    wake,
    flush() {
      while (indexPending(d.store) > 0);
    },
    stop() {
      stopped = true;
      if (timer) timers.clear(timer);
      errors.stop();
    },
  };
}
