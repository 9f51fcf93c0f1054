// The IPC front door: the front door's calls behind the SelloApi shape, each answer in a Result envelope. The
// desktop window logs in like the browser does; its session token stays here, in the main process, never in
// the renderer.
import { API_METHODS, type SelloApi } from '../../shared/api';
import type { Result } from '../../shared/errors';
import type { Actor } from './auth/actor';
import type { ActorCall } from './auth/permissions';
import type { CoreHost } from './core-host';
import type { Core } from './core-types';
import { CoreError } from './errors';
import { answerFailure } from './front-failure';
import { frontDoor, type FrontDoor } from './front-door';
import type { Logger } from './logger';

/**
 * Runs a core call and answers in an envelope; unexpected errors are logged, never thrown across IPC. `diskFull`
 * tells the station's disk watcher that a write failed for space (front-failure.ts).
 */
export function envelope(logger: Logger, diskFull: () => void = () => {}) {
  return async <T>(fn: () => T | Promise<T>): Promise<Result<T>> => {
    try {
      return { ok: true, value: await fn() };
    } catch (e) {
      return { ok: false, error: answerFailure(e, logger, diskFull) };
    }
  };
}

const SESSION_CALLS = new Set<string>(['login', 'logout', 'session', 'demoUsers']);

/** The desktop window's API: one session at a time, opened by `login`. `actor` is who is logged in now. */
export function coreApi(source: Core | CoreHost | FrontDoor, logger: Logger): SelloApi & { readonly actor: () => Actor } {
  const door = 'calls' in source ? source : frontDoor(source);
  const wrap = envelope(logger, () => door.core().disk.writeFailed());
  let token: string | null = null;
  const live = (): string => {
    if (token === null) throw new CoreError('UNAUTHORIZED', 'Inicie sesión para continuar.');
    return token;
  };
  const actor = (): Actor => door.actor(live());
  const api: Partial<Record<string, (...args: never[]) => Promise<Result<unknown>>>> = {};
  for (const m of API_METHODS) {
    if (SESSION_CALLS.has(m)) continue;
    api[m] = (...args: unknown[]) =>
      wrap(() => {
        const call = door.calls(actor())[m as ActorCall] as (...a: unknown[]) => Promise<unknown>;
        return call(...args);
      });
  }
  return {
    ...(api as Omit<SelloApi, 'login' | 'logout' | 'session' | 'demoUsers' | 'subscribe'>),
    login: (login, password) =>
      wrap(async () => {
        const r = await door.login({ login, password }, 'ipc');
        token = r.token;
        return r.session;
      }),
    logout: () =>
      wrap(() => {
        if (token !== null) door.logout(token);
        token = null;
        return { loggedOut: true as const };
      }),
    session: () => wrap(() => door.session(live())),
    demoUsers: () => wrap(() => door.demoUsers()),
    subscribe: door.onEvent,
    actor,
  };
}
