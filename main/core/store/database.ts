import BetterSqlite3 from 'better-sqlite3';
import { DummyDriver, Kysely, SqliteAdapter, SqliteIntrospector, SqliteQueryCompiler, type Compilable } from 'kysely';
import { CoreError } from '../errors';
import { backupNow, listBackups } from './backup';
import { BACKSTOP_PAGES, startCheckpointer, type Checkpointer } from './checkpointer';
import { closeReplaced, markFile, type FileIdentity } from './file-identity';
import { migrate } from './migrate';
import { asDiskError, errorCode, isCorruption } from './start-failure';
import { MIGRATIONS } from './migrations';
import type { Database } from './schema';
import type { BindingFinding } from '../audit-findings';

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
  /**
   * A statement of plain SQL, prepared once per connection: for the create path's few statements, where building
   * and compiling a Kysely query each time costs more than running it (bench/run.ts measures it).
   */
  statement(sql: string): BetterSqlite3.Statement;
  /** Runs `fn` in one IMMEDIATE transaction (writers never deadlock on upgrade). */
  tx<T>(fn: () => T): T;
  /** The audit chain's key and who hears of each entry, set once the secret box opens it (audit-key.ts). */
  readonly chain: ChainSlot;
  /** Why the file under this connection is no longer the one it opened (file-identity.ts); null while it is. */
  replaced(): string | null;
  close(): void;
}

/** Per connection, never module-level: the key the chain's entries are keyed with (null until it is open). */
export interface ChainSlot {
  key: Buffer | null;
  /** Called after each entry is written (the head kept outside the data folder is written soon after). */
  appended: () => void;
  /** Told when a write finds its bound row no longer matching its last binding (audit-binding.ts). */
  found: (f: BindingFinding) => void;
}

export interface OpenStoreOptions {
  /** better-sqlite3's native binding, for runtimes whose ABI differs from Node's (Electron). */
  nativeBinding?: string;
  /** Where copies go; with it, a database about to be migrated is copied there first. */
  backupDir?: string;
  now?: () => Date;
  /** The caller already ran quick_check (in a worker, so a big file never freezes the app's thread). */
  integrityChecked?: boolean;
  /**
   * WAL checkpoints on a thread of their own (checkpointer.ts), for the station's long-lived connection; told
   * here when that thread fails (the connection's own checkpoints then keep the WAL bounded).
   */
  checkpoints?: { readonly onError: (message: string) => void };
  /**
   * The file is watched for being replaced under the connection (file-identity.ts): only for the one process that
   * holds the data folder's lock, since any other open marks the file anew.
   */
  watchFile?: { readonly onReplaced: (why: string) => void };
}

/** The database file was copied or moved over while the station ran: every write is refused until Sello restarts. */
export class StoreReplacedError extends CoreError {
  constructor(readonly why: string) {
    super(
      'SERVICE_UNAVAILABLE',
      'El archivo de la base de datos de Sello fue reemplazado mientras Sello estaba abierto; no se guardó nada. ' +
        'Cierre Sello. Para volver a una copia, use sello restore --from ARCHIVO con Sello cerrado.',
    );
  }
}

/** The database does not open or fails SQLite's check: say so, and which copy to restore. */
export class StoreDamagedError extends Error {
  constructor(
    readonly file: string,
    readonly problem: string,
    readonly latestBackup: string | null,
  ) {
    super(
      `La base de datos de Sello (${file}) está dañada: ${problem}. ` +
        (latestBackup
          ? `Cierre Sello y restaure la copia más reciente con: sello restore --from "${latestBackup}"`
          : 'No hay copias de respaldo en esta carpeta: busque una copia externa y restáurela con sello restore --from ARCHIVO.'),
    );
    this.name = 'StoreDamagedError';
  }
}

export function openStore(file: string, options: OpenStoreOptions = {}): Store {
  // Damaged only on SQLite's word (quick_check, SQLITE_CORRUPT, SQLITE_NOTADB); a full or failing disk is said as such.
  const damaged = (e: unknown) => {
    const code = errorCode(e);
    if (code !== null && !isCorruption(code)) return asDiskError(e, file);
    const problem = e instanceof Error ? e.message : String(e);
    return new StoreDamagedError(file, problem, options.backupDir ? (listBackups(options.backupDir)[0]?.file ?? null) : null);
  };
  let sqlite: BetterSqlite3.Database;
  try {
    sqlite = new BetterSqlite3(file, options.nativeBinding ? { nativeBinding: options.nativeBinding } : {});
  } catch (e) {
    throw damaged(e);
  }
  try {
    sqlite.pragma('journal_mode = WAL');
    // Integrity at every start: a damaged file is found before anything is issued on top of it.
    if (!options.integrityChecked) {
      const check = sqlite.pragma('quick_check', { simple: true }) as string;
      if (check !== 'ok') throw new Error(check);
    }
  } catch (e) {
    sqlite.close();
    throw damaged(e);
  }
  // An acknowledged document must survive a power cut, one of MH's own contingency causes.
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const version = sqlite.pragma('user_version', { simple: true }) as number;
  if (options.backupDir && version > 0 && version < MIGRATIONS.length) {
    // A migration changes the only copy of the station's records: keep the one before it.
    backupNow(sqlite, options.backupDir, (options.now ?? (() => new Date()))(), 'migration', `-v${version}`, options.nativeBinding);
  }
  try {
    const { from, to } = migrate(sqlite, MIGRATIONS);
    if (from > 0 && from < to) compactAfterMigration(sqlite);
  } catch (e) {
    sqlite.close();
    throw e;
  }

  let checkpointer: Checkpointer | null = null;
  if (options.checkpoints) {
    const told = options.checkpoints.onError;
    checkpointer = startCheckpointer(file, {
      nativeBinding: options.nativeBinding,
      onError: (message) => {
        // Back to SQLite's own threshold: without the thread, smaller checkpoints stall the writer less.
        if (sqlite.open) sqlite.pragma('wal_autocheckpoint = 1000');
        told(message);
      },
      onTrouble: (message) => told(message),
    });
    if (checkpointer) sqlite.pragma(`wal_autocheckpoint = ${BACKSTOP_PAGES}`);
  }
  if (!options.watchFile) return storeOver(sqlite, () => checkpointer?.stop());
  const told = options.watchFile.onReplaced;
  let identity: FileIdentity;
  try {
    identity = markFile(sqlite, file);
  } catch (e) {
    checkpointer?.stop();
    sqlite.close();
    throw damaged(e);
  }
  checkpointer?.watch(identity);
  let replaced: string | null = null;
  let ids = identity.ids;
  const watch = (): string | null => {
    if (replaced !== null) return replaced;
    const why = identity.changed();
    if (why === null) {
      // Once the header shows this open's id, the thread stops accepting the one before too.
      if (identity.ids !== ids) checkpointer?.watch(identity);
      ids = identity.ids;
      return null;
    }
    replaced = why;
    // Its checkpoints would copy this file's WAL pages into the copy laid over it.
    checkpointer?.stop();
    told(why);
    return why;
  };
  const now = options.now ?? (() => new Date());
  return storeOver(
    sqlite,
    () => {
      checkpointer?.stop();
      identity.close();
    },
    watch,
    () => {
      if (replaced === null) sqlite.close();
      else closeReplaced(sqlite, file, now().toISOString().replace(/[-:.]/g, ''), options.nativeBinding);
    },
  );
}

/**
 * A migration that shrank the rows (021 packs each document's texts) leaves the freed pages inside the file;
 * VACUUM gives them back to the disk once, when a quarter of the file or more is free.
 */
function compactAfterMigration(sqlite: BetterSqlite3.Database): void {
  const free = sqlite.pragma('freelist_count', { simple: true }) as number;
  const pages = sqlite.pragma('page_count', { simple: true }) as number;
  if (free * 4 < pages) return;
  try {
    sqlite.exec('VACUUM');
    // VACUUM wrote the whole file through the WAL: give that back too.
    sqlite.pragma('wal_checkpoint(TRUNCATE)');
  } catch {
    // The migration is committed; a full disk or a reader holding the file only postpones the space (the file
    // stays as large as before, and works): the station still opens.
  }
}

/**
 * A read-only look at a station's database, for commands that read while the app may be running (`sello books`):
 * WAL lets it read beside the app's writer; it never migrates, and its `tx` refuses.
 */
export function readOnlyStore(file: string, nativeBinding?: string): Store {
  const sqlite = new BetterSqlite3(file, { readonly: true, fileMustExist: true, ...(nativeBinding ? { nativeBinding } : {}) });
  const version = sqlite.pragma('user_version', { simple: true }) as number;
  if (version !== MIGRATIONS.length) {
    sqlite.close();
    throw new Error(
      `La base de datos está en la versión ${version} y esta versión de Sello usa la ${MIGRATIONS.length}: abra Sello una vez para actualizarla.`,
    );
  }
  return storeOver(sqlite);
}

function storeOver(
  sqlite: BetterSqlite3.Database,
  beforeClose: () => void = () => {},
  replaced: () => string | null = () => null,
  closeConnection: () => void = () => sqlite.close(),
): Store {
  // Before any write: a replaced file is refused, never written into (file-identity.ts).
  const writable = () => {
    const why = replaced();
    if (why !== null) throw new StoreReplacedError(why);
  };
  const q = new Kysely<Database>({
    dialect: {
      createAdapter: () => new SqliteAdapter(),
      createDriver: () => new DummyDriver(),
      createIntrospector: (db) => new SqliteIntrospector(db),
      createQueryCompiler: () => new SqliteQueryCompiler(),
    },
  });
  const statements = new Map<string, BetterSqlite3.Statement>();
  const statement = (text: string) => {
    let stmt = statements.get(text);
    if (!stmt) {
      stmt = sqlite.prepare(text);
      statements.set(text, stmt);
    }
    // A writing statement outside a transaction is one write of its own (audit lines, settings): looked at too.
    if (!stmt.reader && !sqlite.inTransaction) writable();
    return stmt;
  };
  // A read of a file replaced under the station may meet pages of the old one ("malformed"): said as the replacement
  // it is (a 503 with what to do), not as an unexpected error. Asked only when a read fails.
  const read = <T>(fn: () => T): T => {
    try {
      return fn();
    } catch (e) {
      const why = replaced();
      if (why !== null) throw new StoreReplacedError(why);
      throw e;
    }
  };
  const prepare = (query: Compilable<unknown>) => {
    const compiled = query.compile();
    return { stmt: statement(compiled.sql), params: compiled.parameters as unknown[] };
  };

  return {
    sqlite,
    q,
    all<R>(query: Compilable<R>) {
      return read(() => {
        const { stmt, params } = prepare(query);
        return stmt.all(...params) as R[];
      });
    },
    one<R>(query: Compilable<R>) {
      return read(() => {
        const { stmt, params } = prepare(query);
        return stmt.get(...params) as R | undefined;
      });
    },
    run(query) {
      if (!sqlite.inTransaction) writable();
      const { stmt, params } = prepare(query);
      return stmt.run(...params);
    },
    statement,
    tx<T>(fn: () => T): T {
      if (!sqlite.inTransaction) writable();
      return sqlite.transaction(fn).immediate();
    },
    chain: { key: null, appended: () => {}, found: () => {} },
    replaced,
    close() {
      // The checkpoint thread's connection closes first: the last one to close folds the WAL into the file.
      if (!sqlite.open) return;
      beforeClose();
      statements.clear();
      closeConnection();
    },
  };
}
