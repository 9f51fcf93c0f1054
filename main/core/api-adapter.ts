// The core behind the SelloApi shape, for the IPC front door: errors become Result envelopes here.
import type { SelloApi } from '../../shared/api';
import type { Result } from '../../shared/errors';
import type { Core } from './create-core';
import { toApiError } from './errors';
import type { Logger } from './logger';
import { CoreError } from './errors';

export function coreApi(core: Core, logger: Logger, actor = 'desktop'): SelloApi {
  const wrap = <T>(fn: () => T): Promise<Result<T>> => {
    try {
      return Promise.resolve({ ok: true, value: fn() });
    } catch (e) {
      if (!(e instanceof CoreError)) logger.error('unexpected error', { error: e instanceof Error ? e.stack : String(e) });
      return Promise.resolve({ ok: false, error: toApiError(e) });
    }
  };
  return {
    health: () => wrap(() => core.health()),
    listDtes: (query) => wrap(() => core.dtes.list(query)),
    getDte: (id) => wrap(() => core.dtes.get(id)),
    createDte: (kind, body) => wrap(() => core.dtes.create(kind, body, actor).record),
    syncStatus: () => wrap(() => core.sync.status()),
    subscribe: (listener) => core.sync.onEvent(listener),
  };
}
