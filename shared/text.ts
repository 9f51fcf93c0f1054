// A value read from JSON (MH's answers, a stored document, a form) written as text.

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** Half a character (a UTF-16 surrogate without its pair): no text anyone typed has one. */
export const hasLoneSurrogate = (s: string): boolean => s.search(LONE_SURROGATE) !== -1;

/** The text with each half character replaced by U+FFFD, so it can be encoded. */
export const wellFormed = (s: string): string => s.replace(LONE_SURROGATE, '\uFFFD');

/** Strings as they are, numbers and booleans written out, null and undefined as '', anything else as its JSON. */
export function textOf(v: unknown): string {
  if (v == null) return '';
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean' || typeof v === 'bigint') return String(v);
  return JSON.stringify(v) ?? '';
}
