// The hub's one map from "PostgreSQL did not answer" to a 503 (main/hub/database-errors.ts): every SQLSTATE and
// socket error of a restart, a failover or the connection limit, pg's own code-less words, errors wrapped in a cause
// or an AggregateError; and nothing else (a constraint, a bad name in --database) taken for an outage.
import { DatabaseError } from 'pg';
import { describe, expect, it } from 'vitest';
import { statusOf } from '../../main/http/problem';
import { asDatabaseUnavailable, DATABASE_RETRY_AFTER_S, HubDatabaseUnavailable, unavailableCause } from '../../main/hub/database-errors';

const sqlState = (code: string, message = 'x') => Object.assign(new DatabaseError(message, 0, 'error'), { code });
const socket = (code: string) => Object.assign(new Error(`connect ${code} 127.0.0.1:5432`), { code });

describe('which errors mean the hub’s database is unavailable', () => {
  it('maps the SQLSTATEs of a server going away, starting, full or read-only', () => {
    expect(unavailableCause(sqlState('57P01', 'terminating connection due to administrator command'))).toBe('down');
    expect(unavailableCause(sqlState('57P02'))).toBe('down');
    expect(unavailableCause(sqlState('57P03', 'the database system is starting up'))).toBe('starting');
    expect(unavailableCause(sqlState('53300', 'sorry, too many clients already'))).toBe('too-many-connections');
    expect(unavailableCause(sqlState('53400'))).toBe('too-many-connections');
    expect(unavailableCause(sqlState('25006'))).toBe('read-only');
    for (const code of ['08000', '08001', '08003', '08004', '08006', '08P01']) expect(unavailableCause(sqlState(code))).toBe('down');
  });

  it('maps socket errors, pg’s and pg-pool’s code-less words, causes and AggregateErrors', () => {
    for (const code of ['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'EAI_AGAIN'])
      expect(unavailableCause(socket(code))).toBe('down');
    expect(unavailableCause(new Error('Connection terminated unexpectedly'))).toBe('down');
    expect(unavailableCause(new Error('Client has encountered a connection error and is not queryable'))).toBe('down');
    expect(unavailableCause(new Error('timeout exceeded when trying to connect'))).toBe('busy');
    expect(unavailableCause(new Error('Connection terminated due to connection timeout', { cause: new Error('timeout expired') }))).toBe(
      'down',
    );
    expect(unavailableCause(new AggregateError([socket('ECONNREFUSED'), socket('ECONNREFUSED')], ''))).toBe('down');
    expect(unavailableCause(new Error('wrapped', { cause: sqlState('57P01') }))).toBe('down');
  });

  it('leaves every other error alone', () => {
    expect(unavailableCause(sqlState('23505', 'duplicate key value violates unique constraint'))).toBeNull();
    expect(unavailableCause(sqlState('42P01', 'relation "x" does not exist'))).toBeNull();
    expect(unavailableCause(sqlState('28P01', 'password authentication failed'))).toBeNull();
    // A host name that does not resolve is a mistake in --database, not an outage.
    expect(unavailableCause(socket('ENOTFOUND'))).toBeNull();
    expect(unavailableCause(new Error('Connection terminated unexpectedly, or not'))).toBeNull();
    expect(unavailableCause(new TypeError('x is undefined'))).toBeNull();
    expect(unavailableCause('ECONNREFUSED')).toBeNull();
    expect(unavailableCause(null)).toBeNull();
    expect(asDatabaseUnavailable(sqlState('23505'))).toBeNull();
  });

  it('becomes a 503 problem with Retry-After that says what to do, in Spanish', () => {
    const e = asDatabaseUnavailable(sqlState('53300', 'sorry, too many clients already'));
    expect(e).toBeInstanceOf(HubDatabaseUnavailable);
    const api = e!.toApiError();
    expect(api).toMatchObject({ code: 'SERVICE_UNAVAILABLE', retryAfter: DATABASE_RETRY_AFTER_S });
    expect(statusOf(api.code)).toBe(503);
    expect(api.detail).toMatch(/límite de conexiones.*Vuelva a intentar en 5 s/);
    expect(asDatabaseUnavailable(socket('ECONNREFUSED'))!.detail).toMatch(/no responde/);
    expect(asDatabaseUnavailable(e)).toBe(e);
  });
});
