// The documents room as the core offers it: the views, issuing (which wakes the engine and counts toward the
// next scheduled copy) and invalidating (which wakes the engine when MH did not answer at once).
import type { Core } from '../core-types';
import type { InvalidationService } from './invalidation/invalidate';
import { createDte, type CreateResult, type IssueDeps } from './issue';
import type { DteKind } from '../../../shared/contract';
import { relatedIds, type HubRelated } from './related-at-hub';
import type { documentViews } from './views';

export interface DocumentsDeps {
  readonly views: ReturnType<typeof documentViews>;
  readonly issue: IssueDeps;
  readonly invalidations: Pick<InvalidationService, 'invalidate'>;
  /** Something changed that MH should hear about. */
  readonly wake: () => void;
  /** A document was issued (the backup schedule waits for a quiet moment). */
  readonly issued: () => void;
  /** A document was issued at this local time (the clock check's backwards test). */
  readonly issuedAt?: (at: Date) => void;
  /** Asks the head office hub about the given documents (related-at-hub.ts lookupAtHub); null without a hub. */
  readonly askHub: (ids: readonly string[]) => Promise<HubRelated | null>;
  /** Runs a create and records its prices below the shelf (overrides/price-overrides.ts); none: the create alone. */
  readonly priceGuard?: <T extends CreateResult>(kind: DteKind, body: unknown, actor: string, run: () => T) => T;
}

export function documents(d: DocumentsDeps): Core['dtes'] {
  return {
    ...d.views,
    create(kind, body, actor, unknown, hub, extensions) {
      const run = () => createDte(d.issue, kind, body, actor, unknown, hub ?? null, extensions);
      const result = d.priceGuard ? d.priceGuard(kind, body, actor, run) : run();
      d.issued();
      if (!result.replayed) {
        d.issuedAt?.(new Date(result.record.createdAt));
        d.wake();
      }
      return result;
    },
    relatedAtHub: (kind, body) => d.askHub(relatedIds(kind, body)),
    async invalidate(body, actor, unknown) {
      const r = await d.invalidations.invalidate(body, actor, unknown);
      // MH did not answer: the engine sends it as soon as MH is back, not when the next document is issued.
      if (r.pending) d.wake();
      return r;
    },
  };
}
