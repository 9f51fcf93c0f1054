import type { Kysely } from 'kysely';

export interface HubMigration {
  /** Recorded in hub_migrations once applied; versions are 1, 2, 3... in order. */
  readonly version: number;
  readonly name: string;
  /** Runs inside the migration's transaction; the schema is still the previous one, hence `unknown` tables. */
  up(trx: Kysely<unknown>): Promise<void>;
}
