// The contract's extensions a caller opts into (docs/decisions/0072-decimal-quantities.md). Without the header a
// request is checked exactly as the service spec says, so a POS written against the spec sees no change.
import type { FieldError } from './issues';

/** The request header that names the extensions, comma-separated (`Sello-Extensions: decimal-quantity`). */
export const EXTENSIONS_HEADER = 'Sello-Extensions';
/** The answer's header naming the extensions applied to the request. */
export const EXTENSIONS_APPLIED_HEADER = 'Sello-Extensions-Applied';

/** `decimal-quantity`: an item's `quantity` may carry up to MH's 8 decimals (the spec's is a positive integer). */
export const CONTRACT_EXTENSIONS = ['decimal-quantity'] as const;
export type ContractExtension = (typeof CONTRACT_EXTENSIONS)[number];

export interface Extensions {
  readonly decimalQuantity: boolean;
}

/** The spec as written: no extension. */
export const SPEC_ONLY: Extensions = { decimalQuantity: false };
/** Sello's own screens, which sell weighed goods: every extension. */
export const ALL_EXTENSIONS: Extensions = { decimalQuantity: true };

export type ParsedExtensions = { ok: true; extensions: Extensions; applied: ContractExtension[] } | { ok: false; error: FieldError };

const isExtension = (v: string): v is ContractExtension => (CONTRACT_EXTENSIONS as readonly string[]).includes(v);

/** Reads the header (absent means none); a name Sello does not know is refused, never silently dropped. */
export function parseExtensions(header: string | readonly string[] | undefined): ParsedExtensions {
  const names = (typeof header === 'string' ? [header] : (header ?? []))
    .flatMap((h) => h.split(','))
    .map((n) => n.trim().toLowerCase())
    .filter((n) => n !== '');
  const applied: ContractExtension[] = [];
  for (const name of names) {
    if (!isExtension(name)) {
      return {
        ok: false,
        error: {
          path: EXTENSIONS_HEADER,
          code: 'UNKNOWN_CODE',
          message: `Extensión desconocida: ${name.slice(0, 40)}. Las extensiones son: ${CONTRACT_EXTENSIONS.join(', ')}.`,
        },
      };
    }
    if (!applied.includes(name)) applied.push(name);
  }
  return { ok: true, extensions: { decimalQuantity: applied.includes('decimal-quantity') }, applied };
}
