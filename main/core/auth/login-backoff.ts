// Failed logins answered with growing waits, never a lock that others can hold (decision 0065). Counted per login
// at one address (and, at the hub, per address too), each check counted before its password is checked and undone
// when it opens: guesses sent all at once are counted one by one without making anybody wait for another's check,
// so an address with no recent failures is always checked, whatever other addresses do. The station keeps these
// in memory (auth/people.ts); the hub in PostgreSQL with the same rule (hub/login-throttle.ts).

export interface BackoffRule {
  /** Checks a key may have counted before it waits. */
  readonly free: number;
  /** The first wait, doubling with every further check up to `maxMs`. */
  readonly baseMs: number;
  readonly maxMs: number;
  /** Failures forgotten after this long without a check (and with no wait still running). */
  readonly forgetMs: number;
}

/** One login at one address (or the desktop window): five checks, then 30 s, 1, 2, 4, 8 min, up to 15. */
export const LOGIN_BACKOFF: BackoffRule = { free: 5, baseMs: 30_000, maxMs: 15 * 60_000, forgetMs: 60 * 60_000 };
/** One address across every login (the hub): spraying many logins from one place. */
export const ADDRESS_BACKOFF: BackoffRule = { ...LOGIN_BACKOFF, free: 50 };
/**
 * Failures of one login from every network address within `forgetMs`, past which each address gets one check
 * before it waits: many addresses then guess one time each, and a fresh address is still checked.
 */
export const PRESSURE_FAILURES = 20;

/** A key's count: failures, when the last was counted, until when it waits (ms since the epoch). */
export interface KeyState {
  readonly failures: number;
  readonly last: number;
  readonly until: number;
}

const FRESH = (now: number): KeyState => ({ failures: 0, last: now, until: 0 });

/** The wait after `failures` counted checks: none within `free`, then doubling from `baseMs` up to `maxMs`. */
export function waitAfter(rule: BackoffRule, failures: number, free = rule.free): number {
  if (failures < free) return 0;
  return Math.min(rule.maxMs, rule.baseMs * 2 ** Math.min(30, failures - free));
}

/** The key as it stands at `now`: forgotten once quiet for `forgetMs` with its wait run out. */
export function standing(rule: BackoffRule, s: KeyState | undefined, now: number): KeyState {
  if (!s || (now - s.last >= rule.forgetMs && now >= s.until)) return FRESH(now);
  return s;
}

/** The key with one more check counted; its wait, if any, starts now. */
export function counted(rule: BackoffRule, s: KeyState, now: number, free = rule.free): KeyState {
  const failures = s.failures + 1;
  return { failures, last: now, until: now + waitAfter(rule, failures, free) };
}

/** The key once a counted check turned out right: that one failure taken back, and the wait it started. */
export function refunded(rule: BackoffRule, s: KeyState, free = rule.free): KeyState {
  const failures = Math.max(0, s.failures - 1);
  return { failures, last: s.last, until: failures < free ? 0 : s.until };
}

export const secondsLeft = (s: KeyState, now: number): number => (s.until > now ? Math.ceil((s.until - now) / 1000) : 0);

/** Who refused a check: this login at this address, or this address for every login. */
export type BackoffScope = 'login' | 'address';
export type Admission =
  { readonly ok: true; readonly succeeded: () => void } | { readonly ok: false; readonly wait: number; readonly scope: BackoffScope };

/** Where a check comes from that no network caller shares: the desktop window's IPC. */
export const OWN_WINDOW = 'ipc';

/**
 * The station's counts, in memory (one process): per login at its address, plus the login's pressure from network
 * addresses. The desktop window (`ipc`) has its own key and never feels the pressure: no network caller can make
 * it wait. Bounded: past `maxKeys` the oldest key is forgotten.
 */
export function memoryLoginBackoff(now: () => number, rule: BackoffRule = LOGIN_BACKOFF, maxKeys = 4096) {
  const keys = new Map<string, KeyState>();
  const pressure = new Map<string, KeyState>();
  // Past the bound, the oldest entry whose wait is over is forgotten, never one still making someone wait: a flood of
  // made-up logins must not wash out a running wait.
  const put = (map: Map<string, KeyState>, key: string, s: KeyState) => {
    map.delete(key);
    map.set(key, s);
    if (map.size <= maxKeys) return;
    const t = now();
    for (const [k, v] of map)
      if (v.until <= t) {
        map.delete(k);
        return;
      }
  };
  return {
    /** Counts a check of `login` from `from` before it runs, or says how long to wait; `succeeded` undoes the count. */
    admit(login: string, from: string): Admission {
      const t = now();
      const key = `${login}\u0000${from}`;
      const s = standing(rule, keys.get(key), t);
      const wait = secondsLeft(s, t);
      if (wait > 0) return { ok: false, wait, scope: 'login' };
      const own = from === OWN_WINDOW;
      const p = standing(rule, pressure.get(login), t);
      const free = !own && p.failures >= PRESSURE_FAILURES ? 1 : rule.free;
      put(keys, key, counted(rule, s, t, free));
      if (!own) put(pressure, login, { failures: p.failures + 1, last: t, until: 0 });
      return {
        ok: true,
        succeeded: () => {
          keys.delete(key);
          const q = pressure.get(login);
          if (!own && q) put(pressure, login, { ...q, failures: Math.max(0, q.failures - 1) });
        },
      };
    },
  };
}

export type MemoryLoginBackoff = ReturnType<typeof memoryLoginBackoff>;

/**
 * The address a caller is counted under: IPv4 as is (also when mapped into IPv6), IPv6 by its /64, the block one
 * subscriber is given, so rotating addresses inside it gains no fresh checks.
 */
export function countedAddress(ip: string): string {
  const bare = ip.replace(/%.*$/, '');
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(bare);
  if (mapped?.[1]) return mapped[1];
  if (!bare.includes(':')) return bare;
  const [head = '', tail] = bare.split('::');
  const part = (s: string) => (s ? s.split(':') : []);
  // A dotted IPv4 at the end stands for two groups.
  const width = (groups: string[]) => groups.reduce((n, g) => n + (g.includes('.') ? 2 : 1), 0);
  const h = part(head);
  const t = tail === undefined ? [] : part(tail);
  const groups = [...h, ...Array<string>(Math.max(0, 8 - width(h) - width(t))).fill('0'), ...t];
  return `${groups
    .slice(0, 4)
    .map((g) => (Number.parseInt(g, 16) || 0).toString(16))
    .join(':')}::/64`;
}
