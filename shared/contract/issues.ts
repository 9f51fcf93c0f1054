// Turns zod's issues into the contract's field errors: one entry per broken rule, with the dotted path.
import type { z } from 'zod';
import { CUSTOM_CODES, type CustomCode } from './primitives';

export type FieldErrorCode =
  | CustomCode
  | 'INVALID_TYPE'
  | 'INVALID_ENUM'
  | 'TOO_LONG'
  | 'TOO_SHORT'
  | 'TOO_MANY'
  | 'TOO_FEW'
  | 'TOO_LARGE'
  | 'TOO_SMALL'
  | 'NOT_POSITIVE'
  | 'NEGATIVE'
  | 'NOT_INTEGER'
  | 'UNKNOWN_FIELD';

export interface FieldError {
  /** Dotted path into the request body, e.g. `items.0.quantity`; empty for the body itself. */
  readonly path: string;
  readonly code: FieldErrorCode;
  readonly message: string;
}

const joinPath = (path: readonly PropertyKey[]): string => path.map(String).join('.');

function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let v: unknown = input;
  for (const key of path) {
    if (v === null || typeof v !== 'object') return undefined;
    v = (v as Record<PropertyKey, unknown>)[key];
  }
  return v;
}

const TYPE_NAMES: Record<string, string> = {
  string: 'texto',
  number: 'número',
  int: 'número entero',
  boolean: 'verdadero o falso',
  object: 'objeto',
  array: 'lista',
};

const isCustomCode = (c: unknown): c is CustomCode => typeof c === 'string' && (CUSTOM_CODES as readonly string[]).includes(c);

function convert(issue: z.core.$ZodIssue, input: unknown): FieldError[] {
  const path = joinPath(issue.path);
  switch (issue.code) {
    case 'invalid_type': {
      if (valueAt(input, issue.path) === undefined) return [{ path, code: 'REQUIRED', message: 'Campo obligatorio.' }];
      if (issue.expected === 'int') return [{ path, code: 'NOT_INTEGER', message: 'Debe ser un número entero.' }];
      return [{ path, code: 'INVALID_TYPE', message: `Debe ser ${TYPE_NAMES[issue.expected] ?? issue.expected}.` }];
    }
    case 'too_big': {
      const max = String(issue.maximum);
      if (issue.origin === 'string' && issue.exact) return [{ path, code: 'TOO_LONG', message: `Exactamente ${max} caracteres.` }];
      if (issue.origin === 'string') return [{ path, code: 'TOO_LONG', message: `Como máximo ${max} caracteres.` }];
      if (issue.origin === 'array') return [{ path, code: 'TOO_MANY', message: `Como máximo ${max} elementos.` }];
      return [{ path, code: 'TOO_LARGE', message: issue.inclusive ? `Como máximo ${max}.` : `Debe ser menor que ${max}.` }];
    }
    case 'too_small': {
      const min = Number(issue.minimum);
      if (issue.origin === 'string' && issue.exact) return [{ path, code: 'TOO_SHORT', message: `Exactamente ${min} caracteres.` }];
      if (issue.origin === 'string') {
        return min === 1
          ? [{ path, code: 'BLANK', message: 'No puede estar vacío.' }]
          : [{ path, code: 'TOO_SHORT', message: `Al menos ${min} caracteres.` }];
      }
      if (issue.origin === 'array') return [{ path, code: 'TOO_FEW', message: `Al menos ${min} elemento${min === 1 ? '' : 's'}.` }];
      if (min === 0 && !issue.inclusive) return [{ path, code: 'NOT_POSITIVE', message: 'Debe ser mayor que cero.' }];
      if (min === 0) return [{ path, code: 'NEGATIVE', message: 'No puede ser negativo.' }];
      return [{ path, code: 'TOO_SMALL', message: `Como mínimo ${min}.` }];
    }
    case 'invalid_value':
      if (valueAt(input, issue.path) === undefined) return [{ path, code: 'REQUIRED', message: 'Campo obligatorio.' }];
      return [{ path, code: 'INVALID_ENUM', message: `Valor no permitido. Valores: ${issue.values.map(String).join(', ')}.` }];
    case 'unrecognized_keys':
      return issue.keys.map((key) => ({
        path: joinPath([...issue.path, key]),
        code: 'UNKNOWN_FIELD' as const,
        message: 'Campo no reconocido en este tipo de documento.',
      }));
    case 'invalid_format':
    case 'custom': {
      const code = (issue as { params?: { code?: unknown } }).params?.code;
      return [{ path, code: isCustomCode(code) ? code : 'INVALID_FORMAT', message: issue.message }];
    }
    case 'not_multiple_of':
      return [{ path, code: 'NOT_INTEGER', message: 'Debe ser un número entero.' }];
    case 'invalid_union':
    case 'invalid_key':
    case 'invalid_element':
      return [{ path, code: 'INVALID_TYPE', message: 'Valor no válido.' }];
    default: {
      const unexpected: never = issue;
      return [{ path, code: 'INVALID_TYPE', message: String((unexpected as { message?: string }).message) }];
    }
  }
}

export function toFieldErrors(issues: readonly z.core.$ZodIssue[], input: unknown): FieldError[] {
  return issues.flatMap((i) => convert(i, input));
}
