import type { z } from 'zod';
import { toFieldErrors, type FieldError } from './issues';

export type Validated<T> = { ok: true; value: T } | { ok: false; errors: FieldError[] };

/** Parses a request body; never throws for bad input. */
export function validate<S extends z.ZodType>(schema: S, input: unknown): Validated<z.output<S>> {
  const r = schema.safeParse(input);
  return r.success ? { ok: true, value: r.data } : { ok: false, errors: toFieldErrors(r.error.issues, input) };
}
