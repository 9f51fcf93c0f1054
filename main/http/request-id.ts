// `X-Request-Id` (issue 56): every answer carries one, the caller's own when it sent a sane one, and every log line of
// a failed request names it, so a POS developer can quote it to support and support can find the line.
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Logger } from '../core/logger';

export const REQUEST_ID_HEADER = 'x-request-id';

/** What a caller's id may be: printable ASCII, no spaces, at most 128 characters (never a line break in a log). */
const SANE = /^[\x21-\x7e]{1,128}$/;

/** The caller's `X-Request-Id` when sane; otherwise a new UUID. */
export function requestIdOf(req: IncomingMessage, fresh: () => string = randomUUID): string {
  const given = req.headers[REQUEST_ID_HEADER];
  return typeof given === 'string' && SANE.test(given) ? given : fresh();
}

/** The same logger, each line with the request's id. */
export function loggerFor(logger: Logger, requestId: string): Logger {
  return {
    info: (message, fields) => logger.info(message, { ...fields, requestId }),
    warn: (message, fields) => logger.warn(message, { ...fields, requestId }),
    error: (message, fields) => logger.error(message, { ...fields, requestId }),
  };
}
