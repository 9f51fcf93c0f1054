import { sql, type Kysely } from 'kysely';
import type { HubMigration } from './migrations';
import type { HubDb } from './hub-database';

export class HubMigrationError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'HubMigrationError';
  }
}

/** Any constant key shared by every hub process: pg_advisory_xact_lock(HUB_MIGRATION_LOCK) serializes migrations. */
const HUB_MIGRATION_LOCK = 0x5e110_018;

/**
 * Brings the hub's database to the newest version. PostgreSQL has no user_version: the versions applied are rows
 * of hub_migrations. Each pending migration runs in its own transaction together with its row, so a crash leaves
 * the database at the previous version, never between (PostgreSQL's DDL is transactional). Several hub processes
 * starting at once behind a load balancer take an advisory lock, so one migrates and the others find it done.
 */
export async function migrateHub(db: HubDb, migrations: readonly HubMigration[]): Promise<{ from: number; to: number }> {
  migrations.forEach((m, i) => {
    if (m.version !== i + 1) throw new HubMigrationError(`migration ${m.name} has version ${m.version}, expected ${i + 1}`);
  });
  const latest = migrations.length;
  let from: number | null = null;
  for (;;) {
    const applied = await db.transaction().execute(async (trx) => {
      await sql`SELECT pg_advisory_xact_lock(${HUB_MIGRATION_LOCK})`.execute(trx);
      // Under the lock too: two IF NOT EXISTS at once can both miss the other's table and one fail.
      await sql`CREATE TABLE IF NOT EXISTS hub_migrations (
        version integer PRIMARY KEY,
        name text NOT NULL,
        applied_at timestamptz NOT NULL DEFAULT now()
      )`.execute(trx);
      const current = await currentVersion(trx);
      from ??= current;
      if (current > latest) {
        throw new HubMigrationError(
          `the hub's database is at version ${current}, newer than this Sello (${latest}); update Sello before starting the hub`,
        );
      }
      const next = migrations[current];
      if (!next) return false;
      await next.up(trx as unknown as Kysely<unknown>);
      await trx.insertInto('hub_migrations').values({ version: next.version, name: next.name }).execute();
      return true;
    });
    if (!applied) return { from: from ?? 0, to: latest };
  }
}

async function currentVersion(db: HubDb): Promise<number> {
  const row = await db
    .selectFrom('hub_migrations')
    .select((eb) => eb.fn.max('version').as('v'))
    .executeTakeFirst();
  return Number(row?.v ?? 0);
}
