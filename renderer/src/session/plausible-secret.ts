// What the lock screen sends to the station (docs/decisions/0074-price-overrides-and-scans.md): only an Enter that
// ends a plausible PIN or password, typed at a person's pace. A scanner's burst while the screen is locked (a code
// read on its own, the next customer's product) never reaches the station, so it never counts as a wrong PIN.
// The lengths are shared/people.ts's MIN_PIN and MIN_PASSWORD (a test keeps them equal; that module brings zod).
import { BurstWatch } from '../sale/entry-queue';

export const LOCK_MIN_PIN = 6;
export const LOCK_MIN_PASSWORD = 8;

/** A secret the station could hold: a PIN's digits, or a password's length. */
export function plausibleSecret(secret: string): boolean {
  return /^\d+$/.test(secret) ? secret.length >= LOCK_MIN_PIN : secret.length >= LOCK_MIN_PASSWORD;
}

/** Watches the password box's keys; `judge` at Enter says whether to send it, or why not. */
export function lockKeys() {
  const burst = new BurstWatch();
  return {
    key: (at: number, value: string) => burst.key(at, value),
    judge(at: number, secret: string): 'send' | 'scan' | 'short' {
      const scan = burst.isScan(at);
      burst.reset();
      if (scan) return 'scan';
      return plausibleSecret(secret) ? 'send' : 'short';
    },
  };
}
