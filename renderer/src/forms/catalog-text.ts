// A catalog picker's text: the entry shown as "code · name" once picked (46900 · Venta al por mayor de otros
// productos, 59 · unidad), and what a typed text stands for (a code, the contract's key, the shown text or a name).
import type { Options } from './spec';

export interface CatalogEntry {
  /** What the body carries (a CAT code, or the contract's key for units). */
  readonly value: string;
  /** MH's code as people read it on paper. */
  readonly code: string;
  readonly name: string;
}

interface Index {
  readonly codes: Readonly<Record<string, string>> | undefined;
  readonly entries: readonly CatalogEntry[];
  readonly byValue: ReadonlyMap<string, CatalogEntry>;
  readonly byText: ReadonlyMap<string, CatalogEntry>;
  /** The longest shown text, so a picker of long names is drawn wide enough to read one. */
  readonly longest: number;
}

const fold = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').replace(/\s+/g, ' ').trim().toLowerCase();

export const entryText = (e: CatalogEntry): string => `${e.code} · ${e.name}`;

// One index per catalog: the catalogs are module constants, so the cache lives as long as they do.
const cache = new WeakMap<Options, Index>();

export function catalogIndex(options: Options, codes?: Readonly<Record<string, string>>): Index {
  const hit = cache.get(options);
  if (hit && hit.codes === codes) return hit;
  const entries = options.map(([value, name]) => ({ value, code: codes?.[value] ?? value, name }));
  const byText = new Map<string, CatalogEntry>();
  // A name two entries share stands for neither; a code, a key or the shown text always stands for its own.
  const names = new Map<string, number>();
  for (const e of entries) names.set(fold(e.name), (names.get(fold(e.name)) ?? 0) + 1);
  for (const e of entries) if (names.get(fold(e.name)) === 1) byText.set(fold(e.name), e);
  for (const e of entries) {
    byText.set(fold(entryText(e)), e);
    byText.set(fold(e.value), e);
    byText.set(fold(e.code), e);
  }
  const longest = Math.max(0, ...entries.map((e) => entryText(e).length));
  const index: Index = { codes, entries, byValue: new Map(entries.map((e) => [e.value, e])), byText, longest };
  cache.set(options, index);
  return index;
}

/** The text a stored value is shown as: "code · name" when the catalog knows it, else as stored. */
export function shownText(index: Index, value: unknown): string {
  if (typeof value !== 'string') return '';
  const e = index.byValue.get(value);
  return e ? entryText(e) : value;
}

/** The value a typed text stands for; a text the catalog does not know is kept as typed (the schema names it). */
export function typedValue(index: Index, text: string): string {
  return index.byText.get(fold(text))?.value ?? text;
}
