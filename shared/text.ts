// A value read from JSON (MH's answers, a stored document, a form) written as text.

/** Strings as they are, numbers and booleans written out, null and undefined as '', anything else as its JSON. */
export function textOf(v: unknown): string {
  if (v == null) return '';
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean' || typeof v === 'bigint') return String(v);
  return JSON.stringify(v) ?? '';
}
