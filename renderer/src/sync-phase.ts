// One reading of the sync state for every place that words it (the banner, the sync screen), so the steps of a
// recovery never contradict each other: MH back while an ended contingency's event and documents still go.
import type { Connectivity, ContingencySummary, SyncStatus } from '../../shared/records';

export type SyncPhase = Connectivity | 'recovering';

/** `recovering` once no contingency is still open (MH answers again) while the state is still contingency. */
export function syncPhase(status: Pick<SyncStatus, 'state' | 'contingencies'> | null): SyncPhase {
  if (!status) return 'online';
  return status.state === 'contingency' && status.contingencies.every((c) => c.status !== 'open') ? 'recovering' : status.state;
}

/**
 * The deadlines still to meet for a contingency: the event's until MH accepts it (open, ended, rejected), the
 * documents' until the contingency is closed; none for one that is done.
 */
export function deadlinesDue(c: Pick<ContingencySummary, 'status' | 'eventDeadline' | 'documentsDeadline'>): {
  readonly event: string | null;
  readonly documents: string | null;
} {
  const eventPending = c.status === 'open' || c.status === 'ended' || c.status === 'rejected';
  return {
    event: eventPending ? c.eventDeadline : null,
    documents: c.status === 'done' ? null : c.documentsDeadline,
  };
}
