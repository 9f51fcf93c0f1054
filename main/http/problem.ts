// RFC 9457 problem+json: the one place where core errors become HTTP statuses.
import type { FastifyReply } from 'fastify';
import { TITLES, type ApiError, type ErrorCode } from '../../shared/errors';

export function statusOf(code: ErrorCode): number {
  switch (code) {
    case 'VALIDATION_FAILED':
    case 'INVALIDATION_WINDOW_CLOSED':
    case 'DOCUMENT_REFUSED':
      return 422;
    case 'MALFORMED_REQUEST':
    case 'UNSUPPORTED_API_VERSION':
      return 400;
    case 'UNAUTHORIZED':
      return 401;
    case 'FORBIDDEN':
      return 403;
    case 'DTE_NOT_FOUND':
    case 'DTE_NOT_APPROVED':
    case 'NOT_FOUND':
      return 404;
    case 'DTE_REJECTED':
    case 'DTE_ID_CONFLICT':
    case 'DTE_NOT_INVALIDATABLE':
    case 'REPLACEMENT_NOT_APPROVED':
    case 'STATION_CONFLICT':
    case 'NUMBERING_BLOCKED':
    case 'CONTINGENCY_NOT_ALLOWED':
    case 'PRINTER_NOT_CONFIGURED':
      return 409;
    case 'PAYLOAD_TOO_LARGE':
      return 413;
    case 'TOO_MANY_REQUESTS':
      return 429;
    case 'NOT_IMPLEMENTED':
      return 501;
    case 'STATION_NOT_READY':
    case 'PRINT_FAILED':
    case 'SERVICE_UNAVAILABLE':
      return 503;
    // Insufficient Storage (RFC 4918): waiting does not clear it, someone must free space (decision 0026).
    case 'DISK_FULL':
      return 507;
    case 'INTERNAL':
      return 500;
    default: {
      const unknownCode: never = code;
      throw new Error(`unmapped error code ${String(unknownCode)}`);
    }
  }
}

export function sendProblem(reply: FastifyReply, error: ApiError): FastifyReply {
  const status = statusOf(error.code);
  if (error.retryAfter !== undefined) void reply.header('retry-after', String(error.retryAfter));
  // Also here: an answer to a URL that cannot be routed (frameworkErrors) skips the servers' onSend hooks.
  void reply.header('x-content-type-options', 'nosniff');
  void reply.header('x-request-id', reply.request.id);
  return reply
    .code(status)
    .type('application/problem+json; charset=utf-8')
    .send({
      type: `urn:sello:problem:${error.code.toLowerCase().replace(/_/g, '-')}`,
      title: error.title,
      status,
      ...(error.detail === undefined ? {} : { detail: error.detail }),
      code: error.code,
      ...(error.errors === undefined ? {} : { errors: error.errors }),
      ...(error.retryAfter === undefined ? {} : { retryAfter: error.retryAfter }),
      ...(error.reason === undefined ? {} : { reason: error.reason }),
    });
}

/**
 * What Fastify says of a body it could not read, in the problem's language: its own messages are English, and a
 * detail half in each language reads as a fault (issue 56). Unknown codes get the generic sentence, never the message.
 */
const BODY_DETAILS: Readonly<Record<string, string>> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Envíe el cuerpo con Content-Type: application/json.',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'El cuerpo está vacío: envíe un objeto JSON.',
  FST_ERR_CTP_INVALID_JSON_BODY: 'El cuerpo no es JSON válido (o trae __proto__ o constructor.prototype, que no se aceptan).',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'El cuerpo no mide lo que dice Content-Length.',
};

/** A body Fastify could not take (too large, not JSON, wrong media type) as the client's problem; null for anything else. */
export function bodyProblem(error: { code?: string; statusCode?: number; message?: string }, limit: number): ApiError | null {
  if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE')
    return { code: 'PAYLOAD_TOO_LARGE', title: TITLES.PAYLOAD_TOO_LARGE, detail: `El cuerpo supera ${limit} bytes.` };
  if (error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500) {
    const detail = BODY_DETAILS[error.code ?? ''] ?? 'No se pudo leer el cuerpo de la solicitud: envíe un objeto JSON válido.';
    return { code: 'MALFORMED_REQUEST', title: TITLES.MALFORMED_REQUEST, detail };
  }
  return null;
}

/** A URL Fastify cannot route (a stray %, a bad encoding), said in Spanish with the path as sent, never Fastify's words. */
export function urlProblem(url: string): ApiError {
  const path = url.split('?')[0] ?? '';
  return {
    code: 'MALFORMED_REQUEST',
    title: TITLES.MALFORMED_REQUEST,
    detail: `La dirección ${path.slice(0, 200)} no es válida: revise las secuencias % (cada una con dos dígitos hexadecimales, UTF-8).`,
  };
}
