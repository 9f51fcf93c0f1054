// Identification numbers and phones as people type them. NIT 0614-010190-101-3, DUI 01234567-8, NRC 123456-7
// and phones 2222-3333 are the forms printed on every card and invoice in El Salvador; the contract wants MH's
// digits only (shared/contract/common.ts: DUI 9 digits, NIT 14, NRC 1 to 8, phones 8 or more; the core adds
// the DUI's hyphen where MH's schema wants it). The separators go; anything else is left for the schema to name.

/**
 * How a text field's value is written:
 * - `nit`, `nrc`: digits, typed with hyphens or spaces;
 * - `phone`: 8 digits in El Salvador, also typed with the country code (+503);
 * - `phone-intl`: digits of any country (FEX's recipient, the station), typed with +, spaces, brackets;
 * - `document`: an identification number whose sibling `type` decides: NIT and DUI are digits, a passport or
 *   another document is kept as typed.
 */
export type IdFormat = 'nit' | 'nrc' | 'phone' | 'phone-intl' | 'document';

/** Document types whose numbers are digits only. */
const DIGIT_DOCUMENTS: ReadonlySet<string> = new Set(['NIT', 'DUI']);

// Spaces (a non-breaking one too), the hyphen and the dashes and minus sign a phone or a PDF pastes instead.
const SEPARATORS = /[\s\u00a0\u2010-\u2015\u2212-]/g;
const PHONE_SEPARATORS = /[\s\u00a0\u2010-\u2015\u2212().-]/g;
const DIGITS = /^\d+$/;

/** The value as MH wants it, when what was typed is that value with separators; otherwise as typed (trimmed). */
export function normaliseId(format: IdFormat, raw: string, documentType?: unknown): string {
  const typed = raw.trim();
  switch (format) {
    case 'nit':
    case 'nrc':
      return digitsOr(typed, typed.replace(SEPARATORS, ''));
    case 'document':
      return typeof documentType === 'string' && DIGIT_DOCUMENTS.has(documentType) ? digitsOr(typed, typed.replace(SEPARATORS, '')) : typed;
    case 'phone': {
      const bare = typed.replace(PHONE_SEPARATORS, '');
      // +503 2222-3333 or 503 2222 3333: the country code is El Salvador's, the number is its last 8 digits.
      const local = /^(?:\+|00)?503(\d{8})$/.exec(bare);
      return local ? (local[1] ?? bare) : digitsOr(typed, bare);
    }
    case 'phone-intl':
      return digitsOr(typed, typed.replace(PHONE_SEPARATORS, '').replace(/^\+/, ''));
    default: {
      const never: never = format;
      return never;
    }
  }
}

/** A search box's text: a NIT or DUI typed as printed (0614-0101…) is looked up as the digits the address book keeps. */
export function idSearch(q: string): string {
  const bare = q.replace(SEPARATORS, '');
  return DIGITS.test(bare) ? bare : q;
}

const digitsOr = (typed: string, bare: string) => (DIGITS.test(bare) ? bare : typed);
