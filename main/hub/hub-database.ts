// The hub's connection: Kysely's built-in PostgresDialect over a pg Pool. Unlike the station's SQLite, every
// query is asynchronous and a transaction holds one pooled connection for as long as it lasts.
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
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

export function openHubDatabase(url: string, options: { maxConnections?: number } = {}): HubDatabase {
  const pool = new pg.Pool({ connectionString: checkedDatabaseUrl(url), max: options.maxConnections ?? 10, types });
  const q = new Kysely<HubSchema>({ dialect: new PostgresDialect({ pool }) });
  return {
    q,
    // Kysely's destroy ends the pool too.
    close: () => q.destroy(),
  };
}
