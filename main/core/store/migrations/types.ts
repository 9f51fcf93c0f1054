import type BetterSqlite3 from 'better-sqlite3';

export interface Migration {
  /** Becomes PRAGMA user_version once applied; versions are 1, 2, 3... in order. */
  readonly version: number;
  readonly name: string;
  up(db: BetterSqlite3.Database): void;
}
