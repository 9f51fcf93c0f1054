// The catalog codes a request carries, checked against the catalogs of the normative in force on the document's
// date (docs/decisions/0086-catalogs-per-normative.md). The schemas accept a code any normative holds; this says
// which the normative in force lacks, as a 422 naming the field and the normative, before a number is spent.
import { contractValueAllowed, notInCatalogMessage, type VersionedCatalog } from '../catalogs/normative';
import type { Normative } from '../normative';
import type { FieldError } from './issues';

/** A field's name, wherever it sits in a body, and the catalog its value belongs to. */
const BY_FIELD: Readonly<Record<string, VersionedCatalog>> = {
  unitMeasure: 'CAT-014',
  economicActivity: 'CAT-019',
  country: 'CAT-020',
  taxArea: 'CAT-027',
  taxRegimen: 'CAT-028',
  transport: 'CAT-030',
  incoterms: 'CAT-031',
  establishmentType: 'CAT-009',
};
/** Fields whose catalog depends on the list they are in. */
const BY_LIST_FIELD: Readonly<Record<string, Readonly<Record<string, VersionedCatalog>>>> = {
  payments: { method: 'CAT-017' },
};

export interface CatalogValue {
  readonly path: string;
  readonly catalog: VersionedCatalog;
  readonly value: string;
}

/** Every catalog value in `body`, with its dotted path (`payments.0.method`). */
export function catalogValues(body: unknown): CatalogValue[] {
  const found: CatalogValue[] = [];
  const walk = (node: unknown, path: readonly string[], list: string | null): void => {
    if (Array.isArray(node)) {
      node.forEach((x, i) => walk(x, [...path, String(i)], path[path.length - 1] ?? null));
      return;
    }
    if (node === null || typeof node !== 'object') return;
    for (const [key, value] of Object.entries(node)) {
      const catalog = (list !== null ? BY_LIST_FIELD[list]?.[key] : undefined) ?? BY_FIELD[key];
      if (catalog && typeof value === 'string') found.push({ path: [...path, key].join('.'), catalog, value });
      else walk(value, [...path, key], null);
    }
  };
  walk(body, [], null);
  return found;
}

/** One error per value `normative`'s catalogs lack. */
export function catalogErrors(body: unknown, normative: Normative): FieldError[] {
  return catalogValues(body)
    .filter((v) => !contractValueAllowed(v.catalog, normative, v.value))
    .map((v) => ({ path: v.path, code: 'UNKNOWN_CODE', message: notInCatalogMessage(v.catalog, normative, v.value) }));
}
