// Building blocks of the contract's schemas. Messages are Spanish (El Salvador) because the same schemas
// validate the counter forms; the machine-readable part of an error is its `code` and `path`.
import { z } from 'zod';

/** Codes carried by custom issues; the rest are derived from zod's own issue kinds (see issues.ts). */
export const CUSTOM_CODES = [
  'UNKNOWN_CODE',
  'INVALID_FORMAT',
  'INVALID_DATE',
  'TOO_MANY_DECIMALS',
  'REQUIRED',
  'NOT_ALLOWED',
  'NOT_IN_RELATED_DOCUMENTS',
  'DUPLICATE',
  'BLANK',
  'TOO_LONG',
  'TOTAL_MISMATCH',
] as const;
export type CustomCode = (typeof CUSTOM_CODES)[number];

export const custom = (code: CustomCode, message: string) => ({ error: message, params: { code } });

/** A cross-field rule broken inside a refinement. */
export function addRuleIssue(ctx: z.RefinementCtx, path: (string | number)[], code: CustomCode, message: string): void {
  ctx.addIssue({ code: 'custom', path, message, params: { code } });
}

const UUID_RE = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;
export const isUuid = (v: string): boolean => UUID_RE.test(v);

/** Any 8-4-4-4-12 hexadecimal identifier, either case (MH upper-cases it as codigoGeneracion). */
export const uuid = () => z.string().regex(UUID_RE, custom('INVALID_FORMAT', 'Debe ser un UUID (8-4-4-4-12 hexadecimal).'));

/** Trimmed text with a length range; a value of only spaces counts as empty. */
export const text = (max: number, min = 1) => z.string().trim().min(min).max(max);

const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;
export function isCalendarDate(v: string): boolean {
  const m = DATE_RE.exec(v);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}

/** `yyyy-MM-dd`, and a day that exists. */
export const isoDate = () =>
  z
    .string()
    .regex(DATE_RE, custom('INVALID_FORMAT', 'Formato de fecha: aaaa-mm-dd.'))
    .refine(isCalendarDate, custom('INVALID_DATE', 'La fecha no existe en el calendario.'));

/** Decimal places of a JSON number as written in its shortest form (1e-7 has 7). */
export function decimalPlaces(n: number): number {
  const m = /^-?\d*(?:\.(\d+))?(?:e([+-]\d+))?$/i.exec(String(n));
  if (!m) return Number.POSITIVE_INFINITY;
  return Math.max(0, (m[1]?.length ?? 0) - Number(m[2] ?? 0));
}

/** MH's amounts are below 100,000,000,000 (exclusiveMaximum in every schema). */
export const MH_MAX_AMOUNT = 100_000_000_000;

const decimals = (places: number) =>
  custom('TOO_MANY_DECIMALS', places === 2 ? 'Como máximo 2 decimales (centavos).' : `Como máximo ${places} decimales.`);

/** Item-level values: MH keeps 8 decimals. */
export const positiveDecimal = (places = 8) =>
  z
    .number()
    .positive()
    .lt(MH_MAX_AMOUNT)
    .refine((n) => decimalPlaces(n) <= places, decimals(places));

/** Document-level money: MH's resumen amounts carry cents. */
export const positiveMoney = () => positiveDecimal(2);
export const nonNegativeMoney = () =>
  z
    .number()
    .nonnegative()
    .lt(MH_MAX_AMOUNT)
    .refine((n) => decimalPlaces(n) <= 2, decimals(2));

export const positiveInt = () => z.number().int().positive().lt(MH_MAX_AMOUNT);

export const digits = (min: number, max: number) =>
  z
    .string()
    .regex(
      new RegExp(`^\\d{${min},${max}}$`),
      custom('INVALID_FORMAT', min === max ? `Debe tener exactamente ${min} dígitos.` : `Debe tener de ${min} a ${max} dígitos.`),
    );

export const email = () =>
  z
    .string()
    .trim()
    .max(100)
    .pipe(z.email(custom('INVALID_FORMAT', 'Correo electrónico no válido.')));

/** A code of one of MH's catalogs, checked against the project's copy of that catalog. */
export const catalogCode = (codes: ReadonlySet<string>, catalog: string) =>
  z.string().refine((v) => codes.has(v), custom('UNKNOWN_CODE', `No es un código del catálogo ${catalog}.`));

/** Optional field: absent and `null` mean the same (clients often send null for "not given"). */
export const optional = <T extends z.ZodType>(schema: T) => schema.nullish();

/** Optional enum with the contract's default when absent or null. */
export const enumWithDefault = <const V extends readonly [string, ...string[]]>(values: V, fallback: V[number]) =>
  z
    .enum(values)
    .nullish()
    .transform((v): V[number] => v ?? fallback);
