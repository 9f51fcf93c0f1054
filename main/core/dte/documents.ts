// The documents room as the core offers it: the views, issuing (which wakes the engine and counts toward the
// next scheduled copy) and invalidating (which wakes the engine when MH did not answer at once).
import type { Core } from '../core-types';
import type { InvalidationService } from './invalidation/invalidate';
import { createDte, type IssueDeps } from './issue';
import type { documentViews } from './views';

export interface DocumentsDeps {
  readonly views: ReturnType<typeof documentViews>;
  readonly issue: IssueDeps;
  readonly invalidations: Pick<InvalidationService, 'invalidate'>;
  /** Something changed that MH should hear about. */
  readonly wake: () => void;
  /** A document was issued (the backup schedule waits for a quiet moment). */
  readonly issued: () => void;
}

export function documents(d: DocumentsDeps): Core['dtes'] {
  return {
    ...d.views,
    create(kind, body, actor, unknown) {
      const result = createDte(d.issue, kind, body, actor, unknown);
      d.issued();
      if (!result.replayed) d.wake();
      return result;
    },
    async invalidate(body, actor, unknown) {
      const r = await d.invalidations.invalidate(body, actor, unknown);
      // MH did not answer: the engine sends it as soon as MH is back, not when the next document is issued.
      if (r.pending) d.wake();
      return r;
    },
  };
}
