// The hub's failed-login counts, the one owner of hub_login_throttle (migration 004), kept in PostgreSQL so every
// hub process behind a load balancer counts the same failures. The rule is the station's (core/auth/login-backoff.ts,
// decision 0065): per login at its address and per address, each check counted before scrypt runs and taken back
// when it opens, with waits that double instead of a lock. Nothing here waits on another check: an address with no
// recent failures is always checked, however many addresses guess the same login at the same time.
import { sql, type Transaction } from 'kysely';
import { LoginThrottled } from '../core/auth/people';
import {
  ADDRESS_BACKOFF,
  LOGIN_BACKOFF,
  PRESSURE_FAILURES,
  countedAddress,
  counted,
  secondsLeft,
  standing,
  type BackoffRule,
  type KeyState,
} from '../core/auth/login-backoff';
import type { Clock } from '../core/clock';
import type { HubDb } from './hub-database';
import type { HubSchema } from './schema';

const DAY_MS = 24 * 3_600_000;

/** The rows one attempt is judged by; the login's row holds the address, so only that address's guesses count. */
export const loginKey = (login: string, address: string) => `login:${login}@${countedAddress(address)}`;
export const addressKey = (address: string) => `address:${countedAddress(address)}`;
/** A login's failures from every address: past PRESSURE_FAILURES each address gets one check before it waits. */
export const pressureKey = (login: string) => `pressure:${login}`;

interface Row {
  readonly failures: number;
  readonly window_start: Date;
  readonly locked_until: Date | null;
}
const stateOf = (r: Row): KeyState => ({ failures: r.failures, last: r.window_start.getTime(), until: r.locked_until?.getTime() ?? 0 });
// lock_ms is the wait the row was given (the column must be positive): kept for someone reading the table.
const rowOf = (s: KeyState) => ({
  failures: s.failures,
  window_start: new Date(s.last),
  locked_until: s.until > 0 ? new Date(s.until) : null,
  lock_ms: Math.max(1, s.until - s.last),
});

export function hubLoginThrottle(db: HubDb, clock: Clock) {
  /** Counts this check on every key, or refuses it with the wait; nothing is counted when refused. */
  const admit = (login: string, address: string): Promise<void> =>
    db.transaction().execute(async (trx) => {
      const now = clock.now().getTime();
      const keys: { key: string; rule: BackoffRule; scope: 'login' | 'address' }[] = [
        { key: loginKey(login, address), rule: LOGIN_BACKOFF, scope: 'login' },
        { key: addressKey(address), rule: ADDRESS_BACKOFF, scope: 'address' },
      ];
      const pressure = pressureKey(login);
      // Rows exist before they are read, so two first checks never both read none: one waits for the other's insert.
      await trx
        .insertInto('hub_login_throttle')
        .values([...keys.map((k) => k.key), pressure].map((key) => ({ key, ...rowOf({ failures: 0, last: now, until: 0 }) })))
        .onConflict((oc) => oc.column('key').doNothing())
        .execute();
      // One order for every attempt (login, address, pressure): two transactions never wait on each other in a cycle.
      const states: KeyState[] = [];
      for (const k of keys) states.push(standing(k.rule, await locked(trx, k.key), now));
      const p = standing(LOGIN_BACKOFF, await locked(trx, pressure), now);
      keys.forEach((k, i) => {
        const wait = secondsLeft(states[i]!, now);
        if (wait > 0) throw new LoginThrottled(wait, k.scope);
      });
      const free = p.failures >= PRESSURE_FAILURES ? 1 : LOGIN_BACKOFF.free;
      const next = [counted(LOGIN_BACKOFF, states[0]!, now, free), counted(ADDRESS_BACKOFF, states[1]!, now)];
      for (const [i, k] of keys.entries()) await write(trx, k.key, next[i]!);
      await write(trx, pressure, { failures: p.failures + 1, last: now, until: 0 });
    });

  /** A right password: the login's count at this address is cleared, the address's and the pressure's one check taken back. */
  const refund = async (login: string, address: string): Promise<void> => {
    await db.deleteFrom('hub_login_throttle').where('key', '=', loginKey(login, address)).execute();
    await sql`UPDATE hub_login_throttle SET failures = GREATEST(failures - 1, 0),
        locked_until = CASE WHEN failures - 1 < ${ADDRESS_BACKOFF.free} THEN NULL ELSE locked_until END
        WHERE key = ${addressKey(address)}`.execute(db);
    await sql`UPDATE hub_login_throttle SET failures = GREATEST(failures - 1, 0) WHERE key = ${pressureKey(login)}`.execute(db);
  };

  /**
   * The wait, read without a lock or a transaction: a flood from a waiting address is refused here, holding no pool
   * connection while it queues on the rows' locks.
   */
  const refuseIfWaiting = async (login: string, address: string): Promise<void> => {
    const now = clock.now().getTime();
    const keys = [
      { key: loginKey(login, address), rule: LOGIN_BACKOFF, scope: 'login' as const },
      { key: addressKey(address), rule: ADDRESS_BACKOFF, scope: 'address' as const },
    ];
    const rows = await db
      .selectFrom('hub_login_throttle')
      .selectAll()
      .where(
        'key',
        'in',
        keys.map((k) => k.key),
      )
      .execute();
    for (const k of keys) {
      const row = rows.find((r) => r.key === k.key);
      const wait = secondsLeft(standing(k.rule, row && stateOf(row), now), now);
      if (wait > 0) throw new LoginThrottled(wait, k.scope);
    }
  };

  return {
    /**
     * Runs `check` (the password check, null when wrong) under the counts: refused with LoginThrottled while this
     * login at this address, or this address, must wait; counted before it runs, so checks sent at once are
     * counted one by one.
     */
    async attempt<T>(login: string, address: string, check: () => Promise<T | null>): Promise<T | null> {
      await refuseIfWaiting(login, address);
      await admit(login, address);
      const result = await check();
      if (result === null) await sweep(clock.now());
      else await refund(login, address);
      return result;
    },
  };

  /** Day-old counts go, skipping rows another transaction holds; an index would be overkill for a table this size. */
  async function sweep(now: Date): Promise<void> {
    await sql`DELETE FROM hub_login_throttle WHERE key IN (
        SELECT key FROM hub_login_throttle
        WHERE window_start < ${new Date(now.getTime() - DAY_MS)} AND (locked_until IS NULL OR locked_until < ${now})
        FOR UPDATE SKIP LOCKED)`.execute(db);
  }
}

async function locked(trx: Transaction<HubSchema>, key: string): Promise<KeyState> {
  const row = await trx.selectFrom('hub_login_throttle').selectAll().where('key', '=', key).forUpdate().executeTakeFirstOrThrow();
  return stateOf(row);
}

async function write(trx: Transaction<HubSchema>, key: string, s: KeyState): Promise<void> {
  await trx.updateTable('hub_login_throttle').set(rowOf(s)).where('key', '=', key).execute();
}

export type HubLoginThrottle = ReturnType<typeof hubLoginThrottle>;
