// Who is logged in: sessions held in memory (a restart logs everyone out), each behind a random token the
// browser keeps in an HttpOnly cookie or the desktop shell keeps for its window. A session ends 12 hours after
// it opened, after 30 minutes without a call, at logout, or when its person is changed or made inactive.
import { createHash } from 'node:crypto';

export const SESSION_MAX_MS = 12 * 60 * 60_000;
export const SESSION_IDLE_MS = 30 * 60_000;
/** Open sessions kept at most: past it the ended ones go first, then the oldest of whoever holds the most. */
const MAX_SESSIONS = 1000;
/** A person's open sessions (browsers, windows); a new one past it ends that person's oldest, nobody else's. */
const PER_PERSON = 20;

export interface Sessions {
  /** A new session for `login`; the token is handed out once. */
  readonly open: (login: string) => string;
  /** The login behind a live token, or why there is none; a call counts as activity unless `touch` is false. */
  readonly resolve: (token: string, touch?: boolean) => { readonly login: string } | { readonly ended: 'unknown' | 'expired' | 'idle' };
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
      const mine = [...live].filter(([, s]) => s.login === login);
      if (mine.length >= PER_PERSON) live.delete(mine[0]![0]);
      if (live.size >= MAX_SESSIONS) {
        for (const [key, s] of live) if (at - s.openedAt >= limits.maxMs || at - s.seenAt >= limits.idleMs) live.delete(key);
      }
      if (live.size >= MAX_SESSIONS) {
        // Still full of live sessions: the oldest of whoever holds the most gives one up.
        const counts = new Map<string, number>();
        for (const s of live.values()) counts.set(s.login, (counts.get(s.login) ?? 0) + 1);
        const most = [...counts].sort((a, b) => b[1] - a[1])[0]![0];
        const oldest = [...live].find(([, s]) => s.login === most)!;
        live.delete(oldest[0]);
      }
      live.set(digest(token), { login, openedAt: at, seenAt: at });
      return token;
    },
    resolve(token, touch = true) {
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
      if (touch) s.seenAt = at;
      return { login: s.login };
    },
    end: (token) => void live.delete(digest(token)),
    endAll(login) {
      for (const [key, s] of live) if (s.login === login) live.delete(key);
    },
  };
}
