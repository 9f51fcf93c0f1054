// The IPC front door: the front door's calls behind the SelloApi shape, each answer in a Result envelope.
import { API_METHODS, type RequestMethod, type SelloApi, type StationCalls } from '../../shared/api';
import type { Result } from '../../shared/errors';
import type { CoreHost } from './core-host';
import type { Core } from './core-types';
import { CoreError, toApiError } from './errors';
import { frontDoor, type FrontDoor } from './front-door';
import type { Logger } from './logger';

/** Runs a core call and answers in an envelope; unexpected errors are logged, never thrown across IPC. */
export function envelope(logger: Logger) {
  return async <T>(fn: () => T | Promise<T>): Promise<Result<T>> => {
    try {
      return { ok: true, value: await fn() };
    } catch (e) {
      if (!(e instanceof CoreError)) logger.error('unexpected error', { error: e instanceof Error ? e.stack : String(e) });
      return { ok: false, error: toApiError(e) };
    }
  };
}

/** Every call of `calls`, enveloped. */
export function enveloped(calls: StationCalls, logger: Logger): Omit<SelloApi, 'subscribe'> {
  const wrap = envelope(logger);
  const api: Partial<Record<RequestMethod, (...args: never[]) => Promise<Result<unknown>>>> = {};
  for (const m of API_METHODS) {
    const call = calls[m] as (...args: unknown[]) => Promise<unknown>;
    api[m] = (...args: unknown[]) => wrap(() => call(...args));
  }
  return api as Omit<SelloApi, 'subscribe'>;
}

export function coreApi(source: Core | CoreHost | FrontDoor, logger: Logger, actor = 'desktop'): SelloApi {
  const door = 'calls' in source ? source : frontDoor(source);
  return { ...enveloped(door.calls(actor), logger), subscribe: door.onEvent };
}
