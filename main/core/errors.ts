import type { FieldError } from '../../shared/contract';
import { TITLES, type ApiError, type ErrorCode } from '../../shared/errors';
import { DISK_FULL_DETAIL, isOutOfSpace } from './store/out-of-space';

/** The one error type the core throws on purpose; anything else is a bug and becomes INTERNAL. */
export class CoreError extends Error {
  readonly code: ErrorCode;
  readonly detail: string | undefined;
  readonly errors: readonly FieldError[] | undefined;

  constructor(code: ErrorCode, detail?: string, errors?: readonly FieldError[]) {
    super(detail ?? TITLES[code]);
    this.name = 'CoreError';
    this.code = code;
    this.detail = detail;
    this.errors = errors;
  }

  toApiError(): ApiError {
    return {
      code: this.code,
      title: TITLES[this.code],
      ...(this.detail === undefined ? {} : { detail: this.detail }),
      ...(this.errors === undefined ? {} : { errors: this.errors }),
    };
  }
}

export const validationFailed = (errors: readonly FieldError[], detail = 'Corrija los campos indicados y envíe de nuevo.') =>
  new CoreError('VALIDATION_FAILED', detail, errors);

/** What a front door answers: a CoreError as it is, a full disk as DISK_FULL (decision 0026), anything else INTERNAL. */
export function toApiError(e: unknown): ApiError {
  if (e instanceof CoreError) return e.toApiError();
  if (isOutOfSpace(e)) return { code: 'DISK_FULL', title: TITLES.DISK_FULL, detail: DISK_FULL_DETAIL };
  return { code: 'INTERNAL', title: TITLES.INTERNAL, detail: 'Error inesperado; el detalle quedó en el registro de la estación.' };
}
