import BetterSqlite3 from 'better-sqlite3';
import {
  DummyDriver,
  Kysely,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  type Compilable,
} from 'kysely';
import { migrate } from './migrate';
import { MIGRATIONS } from './migrations';
import type { Database } from './schema';

export type Sqlite = BetterSqlite3.Database;

/**
 * Kysely builds the typed SQL; better-sqlite3 runs it synchronously. A synchronous transaction can never
 * await anything (let alone the network), and the create path stays a few hundred microseconds.
 */
export interface Store {
  readonly sqlite: Sqlite;
  readonly q: Kysely<Database>;
  all<R>(query: Compilable<R>): R[];
  one<R>(query: Compilable<R>): R | undefined;
  run(query: Compilable<unknown>): BetterSqlite3.RunResult;
  /** Runs `fn` in one IMMEDIATE transaction (writers never deadlock on upgrade). */
  tx<T>(fn: () => T): T;
  close(): void;
}

export interface OpenStoreOptions {
  /** better-sqlite3's native binding, for runtimes whose ABI differs from Node's (Electron). */
  nativeBinding?: string;
}

export function openStore(file: string, options: OpenStoreOptions = {}): Store {
  const sqlite = new BetterSqlite3(file, options.nativeBinding ? { nativeBinding: options.nativeBinding } : {});
  sqlite.pragma('journal_mode = WAL');
  // An acknowledged document must survive a power cut, one of MH's own contingency causes.
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  migrate(sqlite, MIGRATIONS);

  const q = new Kysely<Database>({
    dialect: {
      createAdapter: () => new SqliteAdapter(),
      createDriver: () => new DummyDriver(),
      createIntrospector: (db) => new SqliteIntrospector(db),
      createQueryCompiler: () => new SqliteQueryCompiler(),
    },
  });
  const statements = new Map<string, BetterSqlite3.Statement>();
  const prepare = (query: Compilable<unknown>) => {
    const compiled = query.compile();
    let stmt = statements.get(compiled.sql);
    if (!stmt) {
      stmt = sqlite.prepare(compiled.sql);
      statements.set(compiled.sql, stmt);
    }
    return { stmt, params: compiled.parameters as unknown[] };
  };

  return {
    sqlite,
    q,
    all<R>(query: Compilable<R>) {
      const { stmt, params } = prepare(query);
      return stmt.all(...params) as R[];
    },
    one<R>(query: Compilable<R>) {
      const { stmt, params } = prepare(query);
      return stmt.get(...params) as R | undefined;
    },
    run(query) {
      const { stmt, params } = prepare(query);
      return stmt.run(...params);
    },
    tx<T>(fn: () => T): T {
      return sqlite.transaction(fn).immediate();
    },
    close() {
      statements.clear();
      sqlite.close();
    },
  };
}
