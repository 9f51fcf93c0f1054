// Error codes the core raises and both front doors (HTTP problem+json, IPC envelopes) carry.
import type { FieldError } from './contract/issues';

export const ERROR_CODES = [
  'VALIDATION_FAILED',
  'MALFORMED_REQUEST',
  'UNAUTHORIZED',
  'FORBIDDEN',
  'UNSUPPORTED_API_VERSION',
  'DTE_NOT_FOUND',
  'DTE_NOT_APPROVED',
  'DTE_REJECTED',
  'DTE_ID_CONFLICT',
  'DTE_NOT_INVALIDATABLE',
  'REPLACEMENT_NOT_APPROVED',
  'INVALIDATION_WINDOW_CLOSED',
  'PAYLOAD_TOO_LARGE',
  'TOO_MANY_REQUESTS',
  'NOT_FOUND',
  'NOT_IMPLEMENTED',
  'STATION_NOT_READY',
  'STATION_CONFLICT',
  'NUMBERING_BLOCKED',
  'PRINT_FAILED',
  'PRINTER_NOT_CONFIGURED',
  'DISK_FULL',
  'SERVICE_UNAVAILABLE',
  'INTERNAL',
  'DOCUMENT_REFUSED',
  'CONTINGENCY_NOT_ALLOWED',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/** What crosses a boundary: RFC 9457 fields plus the contract's `code` and `errors`. */
export interface ApiError {
  readonly code: ErrorCode;
  readonly title: string;
  readonly detail?: string;
  readonly errors?: readonly FieldError[];
  /** TOO_MANY_REQUESTS, SERVICE_UNAVAILABLE: seconds before another try (over HTTP also the Retry-After header). */
  readonly retryAfter?: number;
  /** DOCUMENT_REFUSED: which of the hub's checks failed (shared/hub-refusals.ts), for a program to act on. */
  readonly reason?: string;
}

export type Result<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: ApiError };

export const TITLES: Record<ErrorCode, string> = {
  VALIDATION_FAILED: 'La solicitud tiene datos no válidos',
  MALFORMED_REQUEST: 'Solicitud mal formada',
  UNAUTHORIZED: 'Sesión o clave de API ausente o no válida',
  FORBIDDEN: 'Su rol o su clave no permite la operación',
  UNSUPPORTED_API_VERSION: 'Versión de API no soportada',
  DTE_NOT_FOUND: 'DTE no encontrado',
  DTE_NOT_APPROVED: 'El DTE no está aprobado por MH',
  DTE_REJECTED: 'MH rechazó el DTE',
  DTE_ID_CONFLICT: 'El id ya se usó con otro contenido',
  DTE_NOT_INVALIDATABLE: 'El DTE no se puede invalidar',
  REPLACEMENT_NOT_APPROVED: 'El DTE de reemplazo no está aprobado',
  INVALIDATION_WINDOW_CLOSED: 'Fuera del plazo de invalidación',
  PAYLOAD_TOO_LARGE: 'Cuerpo demasiado grande',
  TOO_MANY_REQUESTS: 'Demasiados intentos fallidos',
  NOT_FOUND: 'Recurso no encontrado',
  NOT_IMPLEMENTED: 'Función aún no disponible en esta versión',
  STATION_NOT_READY: 'La estación aún no puede emitir',
  STATION_CONFLICT: 'La estación no admite este cambio',
  CONTINGENCY_NOT_ALLOWED: 'MH no admite este documento en contingencia',
  NUMBERING_BLOCKED: 'La numeración de este tipo de documento está detenida',
  PRINT_FAILED: 'No se pudo imprimir',
  PRINTER_NOT_CONFIGURED: 'La estación no tiene impresora ESC/POS configurada',
  DISK_FULL: 'El disco de la estación está lleno',
  SERVICE_UNAVAILABLE: 'Servicio no disponible por el momento',
  INTERNAL: 'Error interno',
  DOCUMENT_REFUSED: 'La central no acepta el documento',
};
