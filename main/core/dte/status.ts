// The one owner of a document's status (docs/decisions/0001-sync-truth.md). Every change goes through
// `moveStatus`: an UPDATE guarded by the statuses allowed to lead to the new one, so a late or repeated answer
// from MH can never move a document backwards. A refused move is logged and audited, never applied.
import type { DteStatus } from '../../../shared/records';
import { audit } from '../audit';
import type { Logger } from '../logger';
import { replicationQueue } from '../replication/queue';
import type { Store } from '../store/database';
import { documentEvents, eventOfStatus } from './document-events';
import { setStatusesFrom, setStatusFrom, statusOf } from './documents-repo';

/** Where each status may go. APPROVED only to INVALIDATED; REJECTED and INVALIDATED are final. */
export const DTE_TRANSITIONS: Readonly<Record<DteStatus, readonly DteStatus[]>> = {
  CREATED: ['PROCESSING', 'APPROVED', 'REJECTED'],
  PROCESSING: ['CREATED', 'APPROVED', 'REJECTED'],
  APPROVED: ['INVALIDATED'],
  REJECTED: [],
  INVALIDATED: [],
};

const PREDECESSORS = new Map(
  (Object.keys(DTE_TRANSITIONS) as DteStatus[]).map((to) => [
    to,
    (Object.keys(DTE_TRANSITIONS) as DteStatus[]).filter((from) => DTE_TRANSITIONS[from].includes(to)),
  ]),
);

/** The statuses a document may be in to move to `to` (worked out once: every status move asks). */
export function predecessors(to: DteStatus): DteStatus[] {
  return [...(PREDECESSORS.get(to) ?? [])];
}

interface Extra {
  readonly seal?: string | null;
  readonly sealed_at?: string | null;
  readonly mh_response?: string | null;
}

export interface StatusMove {
  readonly id: string;
  readonly to: DteStatus;
  /** El Salvador time of the change (isoLocal). */
  readonly at: string;
  /** Columns that change with the status (MH's seal and answer). */
  readonly set?: Extra;
  /** What asked for it, for the log when it is refused. */
  readonly cause: string;
}

export type MoveResult = 'moved' | 'already' | 'refused' | 'missing';

/** Moves one document's status if its current status allows it; run inside the caller's transaction. */
export function moveStatus(store: Store, logger: Logger, m: StatusMove): MoveResult {
  if (setStatusFrom(store, m.id, predecessors(m.to), m.to, m.at, m.set ?? {})) {
    // In the same transaction: the feed deliveries read is never behind the documents (document-events.ts).
    const event = eventOfStatus(m.to);
    if (event) documentEvents(store).record(m.id, event, m.at);
    replicationQueue(store).changed(m.id, 'status', m.at);
    return 'moved';
  }
  return notMoved(store, logger, m);
}

/**
 * The same move for many documents (a lote's), as moveStatus makes it for each in turn: one guarded UPDATE for
 * all of them, then, document by document in the order given, the event and the replication row of a move, or
 * the log and audit entry of a refused one. Returns each document's result, in that order.
 */
export function moveStatuses(store: Store, logger: Logger, ids: readonly string[], m: Omit<StatusMove, 'id' | 'set'>): MoveResult[] {
  const moved = setStatusesFrom(store, ids, predecessors(m.to), m.to, m.at);
  const event = eventOfStatus(m.to);
  return ids.map((id) => {
    // Deleted once taken: the same id again finds its status already moved, as a second moveStatus would.
    if (moved.delete(id)) {
      if (event) documentEvents(store).record(id, event, m.at);
      replicationQueue(store).changed(id, 'status', m.at);
      return 'moved';
    }
    return notMoved(store, logger, { ...m, id });
  });
}

/** A move the guard did not apply: the document is missing, already there, or the move is refused (logged, audited). */
function notMoved(store: Store, logger: Logger, m: StatusMove): MoveResult {
  const current = statusOf(store, m.id);
  if (!current) return 'missing';
  // The same answer twice (a query after a lost answer, a lote result after a query) changes nothing.
  if (current === m.to) return 'already';
  logger.warn('status change refused', { document: m.id, from: current, to: m.to, cause: m.cause });
  audit(store, m.at, 'sync', 'dte.status.refused', m.id, { from: current, to: m.to, cause: m.cause });
  return 'refused';
}

/**
 * The one way back from INVALIDATED, outside DTE_TRANSITIONS so no answer from MH can take it: a supervisor
 * checked MH's public lookup and MH does not hold the invalidation the station was in doubt about
 * (invalidation/settle-doubt.ts, docs/decisions/0024-event-answer-lost.md). Run inside the caller's transaction.
 */
export function undoInvalidationInDoubt(store: Store, m: Omit<StatusMove, 'to' | 'set'>): boolean {
  if (!setStatusFrom(store, m.id, ['INVALIDATED'], 'APPROVED', m.at, {})) return false;
  const event = eventOfStatus('APPROVED');
  if (event) documentEvents(store).record(m.id, event, m.at);
  replicationQueue(store).changed(m.id, 'status', m.at);
  return true;
}
