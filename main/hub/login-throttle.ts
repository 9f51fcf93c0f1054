// The hub's failed-login throttle, the one owner of hub_login_throttle (migration 004): the station's rule
// (core/auth/throttle.ts: a number of failures within a minute locks the key for a minute, doubling on repeat up to
// 15) kept in PostgreSQL, so every hub process behind a load balancer counts the same failures. Two keys per
// attempt: the login (10 a minute: a password is not guessed at speed) and the address (100 a minute: behind a
// load balancer many people share one, and one person's typos must not lock the others out).
import type { Clock } from '../core/clock';
import type { HubDb } from './hub-database';

export interface ThrottleRule {
  readonly maxFailures: number;
  readonly windowMs: number;
  readonly lockMs: number;
  readonly maxLockMs: number;
}

export const LOGIN_RULE: ThrottleRule = { maxFailures: 10, windowMs: 60_000, lockMs: 60_000, maxLockMs: 15 * 60_000 };
export const ADDRESS_RULE: ThrottleRule = { ...LOGIN_RULE, maxFailures: 100 };

const DAY_MS = 24 * 3_600_000;

export function hubLoginThrottle(db: HubDb, clock: Clock) {
  return {
    /** Seconds until `key` may try again, 0 when it may now. */
    async blockedFor(key: string): Promise<number> {
      const row = await db.selectFrom('hub_login_throttle').select('locked_until').where('key', '=', key).executeTakeFirst();
      const left = row?.locked_until ? row.locked_until.getTime() - clock.now().getTime() : 0;
      return left > 0 ? Math.ceil(left / 1000) : 0;
    },

    /** Counts a failure of `key`; past the rule's limit within its window, locks it (twice as long if it was just locked). */
    async failed(key: string, rule: ThrottleRule): Promise<void> {
      const now = clock.now();
      await db.transaction().execute(async (trx) => {
        const row = await trx.selectFrom('hub_login_throttle').selectAll().where('key', '=', key).forUpdate().executeTakeFirst();
        const inWindow = row !== undefined && now.getTime() - row.window_start.getTime() < rule.windowMs;
        let failures = inWindow ? row.failures + 1 : 1;
        let windowStart = inWindow ? row.window_start : now;
        let lockedUntil = row?.locked_until ?? null;
        let lockMs = row?.lock_ms ?? rule.lockMs;
        if (failures >= rule.maxFailures) {
          const recent = lockedUntil !== null && now.getTime() - lockedUntil.getTime() < rule.windowMs * 10;
          lockMs = recent ? Math.min(rule.maxLockMs, lockMs * 2) : rule.lockMs;
          lockedUntil = new Date(now.getTime() + lockMs);
          failures = 0;
          windowStart = now;
        }
        const values = { failures, window_start: windowStart, locked_until: lockedUntil, lock_ms: lockMs };
        await trx
          .insertInto('hub_login_throttle')
          .values({ key, ...values })
          .onConflict((oc) => oc.column('key').doUpdateSet(values))
          .execute();
        // Old keys go; an index would be overkill for a table this size (the failures of the last day).
        await trx
          .deleteFrom('hub_login_throttle')
          .where('window_start', '<', new Date(now.getTime() - DAY_MS))
          .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', now)]))
          .execute();
      });
    },
  };
}

export type HubLoginThrottle = ReturnType<typeof hubLoginThrottle>;
