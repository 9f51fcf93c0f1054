// The hub's connection: Kysely's built-in PostgresDialect over a pg Pool. Unlike the station's SQLite, every
// query is asynchronous and a transaction holds one pooled connection for as long as it lasts.
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { Logger } from '../core/logger';
import { silentLogger } from '../core/logger';
import { unavailableCause } from './database-errors';
import type { HubSchema } from './schema';

export type HubDb = Kysely<HubSchema>;

export interface HubDatabase {
  readonly q: HubDb;
  close(): Promise<void>;
}

const DATE_OID = 1082;

/**
 * pg turns a `date` into a Date at local midnight, which shifts a day in any time zone west of UTC (El Salvador
 * is UTC-6). An issue date is a calendar day: keep pg's text. Set on this pool only, never on pg's globals.
 */
const types = {
  getTypeParser: ((oid: number, format: 'text' | 'binary' = 'text') => {
    if (oid === DATE_OID && format === 'text') return (v: string) => v;
    return pg.types.getTypeParser(oid, format) as unknown;
  }) as typeof pg.types.getTypeParser,
} satisfies pg.CustomTypesConfig;

/** A `postgres://` or `postgresql://` URL; anything else is refused before a connection is tried. */
export function checkedDatabaseUrl(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new Error(`--database ${url}: no es una URL (postgres://usuario@servidor:5432/base).`);
  }
  if (parsed.protocol !== 'postgres:' && parsed.protocol !== 'postgresql:')
    throw new Error(`--database: se esperaba una URL postgres://, no ${parsed.protocol}`);
  return url;
}

export interface HubDatabaseOptions {
  readonly maxConnections?: number;
  /** How long a request waits for a connection (a new one, or a free one of the pool) before a 503. */
  readonly connectTimeoutMs?: number;
  readonly logger?: Logger;
}

/** A checkout waits this long at most: a server that swallows packets during a failover must not hang requests. */
export const CONNECT_TIMEOUT_MS = 5_000;

export function openHubDatabase(url: string, options: HubDatabaseOptions = {}): HubDatabase {
  const logger = options.logger ?? silentLogger;
  const pool = new pg.Pool({
    connectionString: checkedDatabaseUrl(url),
    max: options.maxConnections ?? 10,
    connectionTimeoutMillis: options.connectTimeoutMs ?? CONNECT_TIMEOUT_MS,
    // TCP keepalive: a connection to a server that vanished (failover, cable) is noticed, not kept as idle forever.
    keepAlive: true,
    types,
  });
  // An idle pooled connection the server closed (restart, failover, crash): pg-pool drops it and emits 'error' on
  // the pool, which kills the process when nobody listens. The next checkout opens a new one.
  pool.on('error', (err) =>
    logger.warn('hub database: idle connection lost', { cause: unavailableCause(err) ?? 'other', error: err.message }),
  );
  // A connection checked out between two queries (inside a transaction) gets the same 'error' on the client, where
  // pg-pool listens only while it is idle: without this it kills the process too. Its next query fails instead
  // (logged by whoever ran it, a 503 over HTTP) and pg-pool drops it on release.
  pool.on('connect', (client) => client.on('error', () => undefined));
  const q = new Kysely<HubSchema>({ dialect: new PostgresDialect({ pool }) });
  return {
    q,
    // Kysely's destroy ends the pool too.
    close: () => q.destroy(),
  };
}
