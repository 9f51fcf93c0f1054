// The one owner of `document_events` (migration 014): what happened to documents, in order. Written inside the
// transaction that makes it happen (issue.ts for dte.created, status.ts for each status move, invalidate.ts
// for a refused invalidation), so the feed is exactly as true as the documents; deliveries read it after a
// cursor of their own and never lose an event to a crash.
import type { DteStatus } from '../../../shared/records';
import type { Store } from '../store/database';

export const DOCUMENT_EVENTS = ['dte.created', 'dte.approved', 'dte.rejected', 'dte.invalidated', 'invalidation.rejected'] as const;
export type DocumentEvent = (typeof DOCUMENT_EVENTS)[number];

export interface DocumentEventRow {
  readonly seq: number;
  readonly documentId: string;
  readonly event: DocumentEvent;
  readonly at: string;
}

/** The event a status move is, when it is one (a document going back to CREATED or PROCESSING is not). */
export function eventOfStatus(to: DteStatus): DocumentEvent | null {
  switch (to) {
    case 'APPROVED':
      return 'dte.approved';
    case 'REJECTED':
      return 'dte.rejected';
    case 'INVALIDATED':
      return 'dte.invalidated';
    case 'CREATED':
    case 'PROCESSING':
      return null;
    default: {
      const never: never = to;
      return never;
    }
  }
}

export function documentEvents(store: Store) {
  return {
    /** Appends one event; run inside the transaction that makes it true. */
    record(documentId: string, event: DocumentEvent, at: string): void {
      store.statement('INSERT INTO document_events (document_id, event, at) VALUES (?, ?, ?)').run(documentId, event, at);
    },
    /** Events after `seq`, oldest first, at most `limit`. */
    after(seq: number, limit: number): DocumentEventRow[] {
      return store
        .all(store.q.selectFrom('document_events').selectAll().where('seq', '>', seq).orderBy('seq').limit(limit))
        .map((r) => ({ seq: r.seq, documentId: r.document_id, event: r.event as DocumentEvent, at: r.at }));
    },
    /** One document's events, oldest first. */
    of(documentId: string): DocumentEventRow[] {
      return store
        .all(store.q.selectFrom('document_events').selectAll().where('document_id', '=', documentId).orderBy('seq'))
        .map((r) => ({ seq: r.seq, documentId: r.document_id, event: r.event as DocumentEvent, at: r.at }));
    },
    /** The newest seq (0 when there is none): where a new reader starts when it must not replay history. */
    last(): number {
      return store.one(store.q.selectFrom('document_events').select((eb) => eb.fn.max('seq').as('seq')))?.seq ?? 0;
    },
  };
}
