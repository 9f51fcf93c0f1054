// A start after a stop: this process holds the only lock on the store, so whatever was being sent belonged to
// a process that died and may have reached MH. Lotes a stop cut short are lost; every send still in flight is
// in doubt and asked about before anything is sent again (docs/decisions/0001-sync-truth.md).
import type { Clock } from '../clock';
import type { Logger } from '../logger';
import { outbox } from '../outbox/outbox';
import type { Store } from '../store/database';
import type { ContingencyStore } from './contingency';

export function recoverAfterStop(store: Store, contingencies: ContingencyStore, clock: Clock, logger: Logger): void {
  contingencies.recoverLotes(clock.now());
  const recovered = outbox(store, logger).recoverAll(clock.now());
  if (recovered) logger.warn('sends interrupted by a previous stop will be checked with MH', { documents: recovered });
}
