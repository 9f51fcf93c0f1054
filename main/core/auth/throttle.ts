// Failed-auth throttling: failures (a wrong API key, a wrong password) are counted per address or per login;
// past a limit that one gets 429 for a while, doubling on repeat, so keys, passwords and PINs cannot be
// guessed at speed.

export interface AuthThrottle {
  /** Seconds to wait when this address is locked out, else 0. */
  blockedFor(address: string): number;
  failed(address: string): void;
}

export function authThrottle(o: {
  now: () => number;
  maxFailures?: number;
  windowMs?: number;
  lockMs?: number;
  maxLockMs?: number;
}): AuthThrottle {
  const max = o.maxFailures ?? 10;
  const windowMs = o.windowMs ?? 60_000;
  const baseLock = o.lockMs ?? 60_000;
  const maxLock = o.maxLockMs ?? 15 * 60_000;
  const entries = new Map<string, { failures: number[]; lockedUntil: number; lockMs: number }>();
  return {
    blockedFor(address) {
      const e = entries.get(address);
      const left = e ? e.lockedUntil - o.now() : 0;
      return left > 0 ? Math.ceil(left / 1000) : 0;
    },
    failed(address) {
      const now = o.now();
      const e = entries.get(address) ?? { failures: [], lockedUntil: 0, lockMs: baseLock };
      e.failures = e.failures.filter((t) => now - t < windowMs);
      e.failures.push(now);
      if (e.failures.length >= max) {
        // Locked again after a lock already ran out: twice as long, up to the cap.
        e.lockMs = e.lockedUntil > 0 && now - e.lockedUntil < windowMs * 10 ? Math.min(maxLock, e.lockMs * 2) : baseLock;
        e.lockedUntil = now + e.lockMs;
        e.failures = [];
      }
      entries.set(address, e);
      // Bounded memory: forget the oldest address past a few thousand.
      if (entries.size > 4096) entries.delete(entries.keys().next().value as string);
    },
  };
}
