import type { z } from 'zod';
import { toFieldErrors, type FieldError } from './issues';

export type Validated<T> = { ok: true; value: T } | { ok: false; errors: FieldError[] };

/** What to do with fields the contract does not list: refuse them (`422 UNKNOWN_FIELD`) or leave them out. */
export type UnknownFields = 'reject' | 'ignore';

/** Parses a request body; never throws for bad input. */
export function validate<S extends z.ZodType>(schema: S, input: unknown): Validated<z.output<S>> {
  const r = schema.safeParse(input);
  return r.success ? { ok: true, value: r.data } : { ok: false, errors: toFieldErrors(r.error.issues, input) };
}

/**
 * Parses a request body, leaving out the fields the contract does not list when `unknown` is 'ignore': they are
 * named in `ignored` (dotted paths) and are never part of the value. Other errors are reported as `validate`
 * does. The schemas stay strict; the unknown keys are taken out of a copy and the copy parsed again (a parent's
 * refinements only run once its own keys are known).
 */
export function validateBody<S extends z.ZodType>(
  schema: S,
  input: unknown,
  unknown: UnknownFields,
): Validated<z.output<S>> & { ignored: string[] } {
  const ignored: string[] = [];
  let body = input;
  for (;;) {
    const r = schema.safeParse(body);
    if (r.success) return { ok: true, value: r.data, ignored };
    const strays = r.error.issues.filter((i) => i.code === 'unrecognized_keys');
    if (unknown === 'reject' || strays.length === 0) return { ok: false, errors: toFieldErrors(r.error.issues, body), ignored };
    if (body === input) body = structuredClone(input);
    for (const issue of strays) {
      const parent = issue.path.reduce<unknown>((node, key) => (node as Record<PropertyKey, unknown>)[key], body) as Record<
        string,
        unknown
      >;
      for (const key of issue.keys) {
        delete parent[key];
        ignored.push([...issue.path, key].map(String).join('.'));
      }
    }
  }
}
