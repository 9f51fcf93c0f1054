import { sql } from 'kysely';
import type { HubMigration } from './types';

/**
 * Failed logins counted in PostgreSQL (login-throttle.ts), not in a process's memory: behind a load balancer
 * every hub process sees the same count, and a restart forgets nothing. One row per key (`login:ana`,
 * `address:10.0.0.5`); a day-old row is deleted by the next failure.
 */
export const m004LoginThrottle: HubMigration = {
  version: 4,
  name: 'login throttle',
  async up(trx) {
    await sql
      .raw(
        `CREATE TABLE hub_login_throttle (
          key text PRIMARY KEY,
          failures integer NOT NULL CHECK (failures >= 0),
          window_start timestamptz NOT NULL,
          locked_until timestamptz,
          lock_ms integer NOT NULL CHECK (lock_ms > 0)
        )`,
      )
      .execute(trx);
  },
};
