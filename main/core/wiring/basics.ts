// The dependencies every room reads, with their defaults: the real clock, randomness, fetch and a silent logger.
import { randomBytes as nodeRandomBytes } from 'node:crypto';
import { systemClock, type Clock } from '../clock';
import type { CoreDeps } from '../core-types';
import { uuidV4 } from '../ids';
import { silentLogger, type Logger } from '../logger';

export interface Basics {
  readonly deps: CoreDeps;
  readonly clock: Clock;
  readonly random: (n: number) => Buffer;
  readonly logger: Logger;
  readonly fetchFn: typeof fetch;
  readonly newId: () => string;
}

export function basics(deps: CoreDeps): Basics {
  const random = deps.random ?? nodeRandomBytes;
  return {
    deps,
    clock: deps.clock ?? systemClock,
    random,
    logger: deps.logger ?? silentLogger,
    fetchFn: deps.fetch ?? fetch,
    newId: () => uuidV4(random),
  };
}
