// The counter receipt waits a short moment for MH's seal when MH is reachable, so the customer leaves with a
// sealed paper (docs/decisions/0037-final-paper.md); the wait ends the moment the document leaves the queue.
import type { DteRecord } from '../../../shared/records';
import type { TimerHandle, Timers } from '../timers';

/** Measured: the MH simulator seals a counter sale in well under 1 s on this machine; 2 s leaves room for MH. */
export const SEAL_WAIT_MS = 2_000;

export interface SealWaitDeps {
  readonly get: (id: string) => DteRecord;
  /** True while the engine last reached MH (no contingency, no refusal): only then is a seal expected soon. */
  readonly online: () => boolean;
  /** Resolves at the document's next change or after `ms` (sync/engine.ts). */
  readonly waitForDocument: (id: string, ms: number) => Promise<void>;
  readonly timers: Timers;
  readonly waitMs?: number;
}

const inFlight = (r: DteRecord) => r.status === 'CREATED' || r.status === 'PROCESSING';

/** Resolves once the document has MH's answer, MH is not reachable, or `waitMs` has passed, whichever comes first. */
export async function awaitSeal(d: SealWaitDeps, id: string): Promise<void> {
  const ms = d.waitMs ?? SEAL_WAIT_MS;
  if (!inFlight(d.get(id)) || !d.online()) return;
  let expired = false;
  let timer: TimerHandle | undefined;
  const expiry = new Promise<void>((resolve) => {
    timer = d.timers.set(() => {
      expired = true;
      resolve();
    }, ms);
  });
  try {
    while (!expired && d.online() && inFlight(d.get(id))) await Promise.race([d.waitForDocument(id, ms), expiry]);
  } finally {
    if (timer) d.timers.clear(timer);
  }
}
