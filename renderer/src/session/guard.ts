// The API the screens use once someone is logged in: a call refused because the session ended (UNAUTHORIZED)
// is held until the same person unlocks, then sent again, so what the screen was doing (issuing a document
// typed before the lock) completes instead of failing.
import { API_METHODS, type SelloApi } from '../../../shared/api';
import type { Result } from '../../../shared/errors';

/** Calls about the session itself: their UNAUTHORIZED is the answer, not a sign that the session ended. */
const OWN: ReadonlySet<string> = new Set(['login', 'logout', 'session', 'demoUsers', 'activity']);

export interface Guarded {
  readonly api: SelloApi;
  /** The held calls go again (`retry`, after an unlock) or answer with their refusal (someone else logs in). */
  readonly release: (retry: boolean) => void;
}

/** `ended` is told of each refusal; it answers whether to hold the call (someone was logged in). */
export function guardApi(api: SelloApi, ended: () => boolean): Guarded {
  let held: ((retry: boolean) => void)[] = [];
  const guarded: Record<string, unknown> = { subscribe: api.subscribe };
  for (const method of API_METHODS) {
    const fn = api[method] as unknown as (...args: unknown[]) => Promise<Result<unknown>>;
    guarded[method] = OWN.has(method)
      ? fn
      : async (...args: unknown[]) => {
          for (;;) {
            const r = await fn(...args);
            if (r.ok || r.error.code !== 'UNAUTHORIZED' || !ended()) return r;
            if (!(await new Promise<boolean>((resolve) => held.push(resolve)))) return r;
          }
        };
  }
  return {
    api: guarded as unknown as SelloApi,
    release(retry) {
      const waiting = held;
      held = [];
      for (const go of waiting) go(retry);
    },
  };
}
