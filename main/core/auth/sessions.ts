// Who is logged in: sessions held in memory (a restart logs everyone out), each behind a random token the
// browser keeps in an HttpOnly cookie or the desktop shell keeps for its window. A session ends 12 hours after
// it opened, after 30 minutes without a call, at logout, or when its person is changed or made inactive.
import { createHash } from 'node:crypto';

export const SESSION_MAX_MS = 12 * 60 * 60_000;
export const SESSION_IDLE_MS = 30 * 60_000;
const MAX_SESSIONS = 1000;

export interface Sessions {
  /** A new session for `login`; the token is handed out once. */
  readonly open: (login: string) => string;
  /** The login behind a live token (the call counts as activity), or why there is none. */
  readonly resolve: (token: string) => { readonly login: string } | { readonly ended: 'unknown' | 'expired' | 'idle' };
  readonly end: (token: string) => void;
  /** Ends every session of `login` (password changed, made inactive, role changed). */
  readonly endAll: (login: string) => void;
}

const digest = (token: string) => createHash('sha256').update(token).digest('base64url');

export function sessions(
  now: () => number,
  random: (n: number) => Buffer,
  limits = { maxMs: SESSION_MAX_MS, idleMs: SESSION_IDLE_MS },
): Sessions {
  // Keyed by the token's hash: what stays in memory cannot be replayed as a cookie.
  const live = new Map<string, { login: string; openedAt: number; seenAt: number }>();
  return {
    open(login) {
      const token = random(32).toString('base64url');
      const at = now();
      live.set(digest(token), { login, openedAt: at, seenAt: at });
      if (live.size > MAX_SESSIONS) live.delete(live.keys().next().value as string);
      return token;
    },
    resolve(token) {
      const key = digest(token);
      const s = live.get(key);
      if (!s) return { ended: 'unknown' };
      const at = now();
      if (at - s.openedAt >= limits.maxMs) {
        live.delete(key);
        return { ended: 'expired' };
      }
      if (at - s.seenAt >= limits.idleMs) {
        live.delete(key);
        return { ended: 'idle' };
      }
      s.seenAt = at;
      return { login: s.login };
    },
    end: (token) => void live.delete(digest(token)),
    endAll(login) {
      for (const [key, s] of live) if (s.login === login) live.delete(key);
    },
  };
}
