// The hub's failed-login throttle, the one owner of hub_login_throttle (migration 004), kept in PostgreSQL so every
// hub process behind a load balancer counts the same failures (decision 0032). Two counters per attempt: the login
// at its address (10 a minute: a password is not guessed at speed, and nobody elsewhere can lock the person out),
// and the address alone (100 a minute: password spraying across many logins). The station's rule
// (core/auth/throttle.ts): past the limit within a minute the key is locked for a minute, doubling on repeat up
// to 15. And one password check in flight per login, at every hub process: a lease row (`checking:<login>`)
// claimed before scrypt runs and deleted once the failure is counted, so parallel guesses cannot all pass the
// count before the first answer. A lease rather than a lock held on a connection: no pool connection waits on
// scrypt, and a process killed mid-check leaves a row that expires after LEASE_MS.
import { sql, type Kysely, type Transaction } from 'kysely';
import { LoginThrottled } from '../core/auth/people';
import type { Clock } from '../core/clock';
import type { HubDb } from './hub-database';
import type { HubSchema } from './schema';

export interface ThrottleRule {
  readonly maxFailures: number;
  readonly windowMs: number;
  readonly lockMs: number;
  readonly maxLockMs: number;
}

export const LOGIN_RULE: ThrottleRule = { maxFailures: 10, windowMs: 60_000, lockMs: 60_000, maxLockMs: 15 * 60_000 };
export const ADDRESS_RULE: ThrottleRule = { ...LOGIN_RULE, maxFailures: 100 };
/** How long a check may hold its login: far beyond one scrypt, short enough that a killed process frees it soon. */
export const LEASE_MS = 10_000;

const DAY_MS = 24 * 3_600_000;

/** The counters one attempt is judged by; the login key holds the address, so only that address's guesses count. */
export const loginKey = (login: string, address: string) => `login:${login}@${address}`;
export const addressKey = (address: string) => `address:${address}`;
const leaseKey = (login: string) => `checking:${login}`;

type Exec = Kysely<HubSchema> | Transaction<HubSchema>;

export function hubLoginThrottle(db: HubDb, clock: Clock) {
  const blockedFor = async (key: string): Promise<number> => {
    const row = await db.selectFrom('hub_login_throttle').select('locked_until').where('key', '=', key).executeTakeFirst();
    const left = row?.locked_until ? row.locked_until.getTime() - clock.now().getTime() : 0;
    return left > 0 ? Math.ceil(left / 1000) : 0;
  };

  /** Counts a failure of `key`; past the rule's limit within its window, locks it (twice as long if it was just locked). */
  const count = async (trx: Exec, key: string, rule: ThrottleRule, now: Date): Promise<void> => {
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
  };

  /**
   * The lease on `login`'s check, as the start that names it; null while another check of that login runs. Its
   * times are PostgreSQL's (to the millisecond, so the start reads back equal): one clock for every hub process,
   * whatever theirs say.
   */
  const claim = async (login: string): Promise<Date | null> => {
    const r = await sql<{ window_start: Date }>`
      INSERT INTO hub_login_throttle (key, failures, window_start, locked_until, lock_ms)
      SELECT ${leaseKey(login)}, 0, t, t + make_interval(secs => ${LEASE_MS / 1000}), ${LEASE_MS}
      FROM (SELECT date_trunc('milliseconds', clock_timestamp()) AS t) clock
      ON CONFLICT (key) DO UPDATE SET window_start = EXCLUDED.window_start, locked_until = EXCLUDED.locked_until
      WHERE hub_login_throttle.locked_until <= EXCLUDED.window_start
      RETURNING window_start`.execute(db);
    return r.rows[0]?.window_start ?? null;
  };
  // Only our own lease: one that expired and was taken over by another process carries another start.
  const release = (login: string, claimed: Date) =>
    db.deleteFrom('hub_login_throttle').where('key', '=', leaseKey(login)).where('window_start', '=', claimed).execute();

  return {
    blockedFor,

    /**
     * Runs `check` (the password check, null when wrong) under the throttle: refused with LoginThrottled while
     * the login at this address or the address is locked, or while another check of the login runs anywhere; a
     * wrong answer is counted before the next check of that login may start.
     */
    async attempt<T>(login: string, address: string, check: () => Promise<T | null>): Promise<T | null> {
      const keys = [
        { key: loginKey(login, address), rule: LOGIN_RULE, scope: 'login' as const },
        { key: addressKey(address), rule: ADDRESS_RULE, scope: 'address' as const },
      ];
      const judge = async () => {
        for (const k of keys) {
          const wait = await blockedFor(k.key);
          if (wait > 0) throw new LoginThrottled(wait, k.scope);
        }
      };
      // Judged before the lease too, so a locked address's flood never holds the login's lease from its owner.
      await judge();
      const claimed = await claim(login);
      if (!claimed) throw new LoginThrottled(1, 'busy');
      try {
        await judge();
        const result = await check();
        if (result === null) {
          const now = clock.now();
          // One order for every attempt (the login's row, then the address's): two transactions never wait on each other in a cycle.
          await db.transaction().execute(async (trx) => {
            for (const k of keys) await count(trx, k.key, k.rule, now);
          });
          await sweep(now);
        }
        return result;
      } finally {
        await release(login, claimed);
      }
    },
  };

  /** Day-old counters go, skipping rows another transaction holds; an index would be overkill for a table this size. */
  async function sweep(now: Date): Promise<void> {
    await sql`DELETE FROM hub_login_throttle WHERE key IN (
        SELECT key FROM hub_login_throttle
        WHERE window_start < ${new Date(now.getTime() - DAY_MS)} AND (locked_until IS NULL OR locked_until < ${now})
        FOR UPDATE SKIP LOCKED)`.execute(db);
  }
}

export type HubLoginThrottle = ReturnType<typeof hubLoginThrottle>;
