import type BetterSqlite3 from 'better-sqlite3';
import type { Migration } from './migrations';

export class MigrationError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'MigrationError';
  }
}

/**
 * Brings the database to the newest version: each pending migration runs in its own transaction together
 * with the PRAGMA user_version bump, so a crash leaves the database at the previous version, never between.
 */
export function migrate(db: BetterSqlite3.Database, migrations: readonly Migration[]): { from: number; to: number } {
  migrations.forEach((m, i) => {
    if (m.version !== i + 1) throw new MigrationError(`migration ${m.name} has version ${m.version}, expected ${i + 1}`);
  });
  const from = db.pragma('user_version', { simple: true }) as number;
  const latest = migrations.length;
  if (from > latest) {
    throw new MigrationError(`the database is at version ${from}, newer than this Sello (${latest}); update Sello before opening it`);
  }
  for (const m of migrations.slice(from)) {
    db.transaction(() => {
      m.up(db);
      db.pragma(`user_version = ${m.version}`);
    }).immediate();
  }
  return { from, to: latest };
}
