// The one place where the hub's PostgreSQL failing to answer becomes a typed error (docs/decisions/0023-hub-outlives-its-database.md):
// a restart, a failover, a crash or the connection limit is a 503 with Retry-After that the caller can retry, never a
// 500. Anything else (a constraint, a bug in a query) is not this module's and stays what it was.
import type { ApiError } from '../../shared/errors';
import { CoreError } from '../core/errors';

/** Seconds a caller waits before trying again: a fast restart takes a second or two, a failover a few. */
export const DATABASE_RETRY_AFTER_S = 5;

export type UnavailableCause = 'down' | 'starting' | 'too-many-connections' | 'busy' | 'read-only';

/** SQLSTATEs (PostgreSQL's appendix A) of a server that is going away, not there yet, or full. */
const BY_SQLSTATE: Readonly<Record<string, UnavailableCause>> = {
  '57P01': 'down', // admin_shutdown: pg_ctl stop/restart, or pg_terminate_backend
  '57P02': 'down', // crash_shutdown: another backend crashed and the server resets every connection
  '57P03': 'starting', // cannot_connect_now: starting up, shutting down or in recovery
  '57P05': 'down', // idle_session_timeout
  '53300': 'too-many-connections', // too_many_connections: max_connections reached
  '53400': 'too-many-connections', // configuration_limit_exceeded (a role's or database's CONNECTION LIMIT)
  '25006': 'read-only', // read_only_sql_transaction: the hub reached a standby during a failover
};

/**
 * Socket errors of a server that is not there now. ENOTFOUND is left out on purpose: a name that does not resolve is
 * a mistake in --database, not an outage (EAI_AGAIN, a resolver that did not answer, is one).
 */
const NETWORK = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN']);

/** pg's and pg-pool's own errors carry no code, only these words (node_modules/pg/lib/client.js, pg-pool/index.js). */
const BY_MESSAGE: readonly (readonly [RegExp, UnavailableCause])[] = [
  [/^timeout exceeded when trying to connect$/, 'busy'],
  [/^Connection terminated due to connection timeout$/, 'down'],
  [/^Connection terminated( unexpectedly)?$/, 'down'],
  [/^Client has encountered a connection error and is not queryable$/, 'down'],
  [/^Client was closed and is not queryable$/, 'down'],
  // Kysely's connection after a failed rollback on a dead socket (node_modules/kysely/.../postgres-driver.js).
  [/^Postgres connection has been discarded$/, 'down'],
];

/** Why the database did not answer, or null when `e` is not about reaching it. Looks through causes and AggregateErrors. */
export function unavailableCause(e: unknown, depth = 0): UnavailableCause | null {
  if (depth > 4 || typeof e !== 'object' || e === null) return null;
  const { code, message, cause, errors } = e as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
  if (typeof code === 'string') {
    const bySqlState = BY_SQLSTATE[code];
    if (bySqlState) return bySqlState;
    // Class 08: connection exceptions (08000, 08003, 08006 connection_failure, 08001, 08004 rejected …).
    if (/^08[0-9A-Z]{3}$/.test(code)) return 'down';
    if (NETWORK.has(code)) return 'down';
  }
  if (typeof message === 'string') for (const [re, c] of BY_MESSAGE) if (re.test(message)) return c;
  if (Array.isArray(errors))
    for (const inner of errors) {
      const c = unavailableCause(inner, depth + 1);
      if (c) return c;
    }
  return unavailableCause(cause, depth + 1);
}

function detailOf(cause: UnavailableCause, seconds: number): string {
  switch (cause) {
    case 'down':
    case 'starting':
      return `La base de datos de la central no responde (se reinicia o cambia de servidor). Vuelva a intentar en ${seconds} s; si sigue así, avise al administrador de la central.`;
    case 'too-many-connections':
      return `La base de datos de la central llegó a su límite de conexiones. Vuelva a intentar en ${seconds} s; si se repite, el administrador debe subir max_connections o reducir las conexiones de la central.`;
    case 'busy':
      return `La central está ocupada y no obtuvo a tiempo una conexión a su base de datos. Vuelva a intentar en ${seconds} s.`;
    case 'read-only':
      return `La base de datos de la central está en solo lectura (un cambio de servidor en curso). Vuelva a intentar en ${seconds} s; si sigue así, avise al administrador de la central.`;
    default: {
      const unknownCause: never = cause;
      throw new Error(`unmapped cause ${String(unknownCause)}`);
    }
  }
}

export class HubDatabaseUnavailable extends CoreError {
  constructor(
    readonly why: UnavailableCause,
    readonly retryAfter = DATABASE_RETRY_AFTER_S,
  ) {
    super('SERVICE_UNAVAILABLE', detailOf(why, retryAfter));
    this.name = 'HubDatabaseUnavailable';
  }

  override toApiError(): ApiError {
    return { ...super.toApiError(), retryAfter: this.retryAfter };
  }
}

/** `e` as a HubDatabaseUnavailable when it says the database cannot be reached now; null for any other error. */
export function asDatabaseUnavailable(e: unknown): HubDatabaseUnavailable | null {
  if (e instanceof HubDatabaseUnavailable) return e;
  const cause = unavailableCause(e);
  return cause ? new HubDatabaseUnavailable(cause) : null;
}
