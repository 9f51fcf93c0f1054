// The contract's value of a catalog field as MH's code under each normative, and the 422 message when the
// normative in force has none (docs/decisions/0086-catalogs-per-normative.md). Where the contract sends MH's code
// (payments, activities, enclosures, regimes) the value is the code; where it sends a name (units, INCOTERMS,
// transports, a DCL's establishment type) or an ISO country, it is mapped here.
import { NORMATIVE_NAMES, type Normative } from '../../normative';
import { CAT020_BY_ISO } from '../data/country-cat020';
import { UNITS } from '../data/units';
import { regimeType } from '../index';
import { INCOTERMS, TRANSPORTS } from '../../contract/fex';
import { CATALOG_CODES, CATALOG_TITLES, catalogHas, pad2, type VersionedCatalog } from './sets';

const UNIT_CODE: ReadonlyMap<string, string> = new Map(UNITS.map((u) => [u.key, pad2(u.code)]));

/** The contract's INCOTERMS are in CAT-031 order (01 EXW … 16 DDU), its transports in the legacy CAT-030's (1 … 7). */
const INCOTERM_ORDER: readonly string[] = INCOTERMS;
const TRANSPORT_ORDER: readonly string[] = TRANSPORTS;
const ISO_BY_CAT020: ReadonlyMap<string, string> = new Map(Object.entries(CAT020_BY_ISO).map(([iso, c]) => [c.code, iso]));

/** The ISO country of a legacy four-digit CAT-020 code (the inverse of mhCodeFor's CAT-020 under legacy). */
export const isoOfCat020 = (code: string): string | undefined => ISO_BY_CAT020.get(code);
/** 2026's CAT-030: 2 is aéreo and 3 marítimo (the legacy order swapped); every combination is 5, multimodal. */
const TRANSPORT_2026: Readonly<Record<string, string>> = {
  TERRESTRE: '1',
  AEREO: '2',
  MARITIMO: '3',
  TERRESTRE_MARITIMO: '5',
  TERRESTRE_AEREO: '5',
  MARITIMO_AEREO: '5',
  TERRESTRE_MARITIMO_AEREO: '5',
};
const ESTABLISHMENT: Readonly<Record<string, string>> = { SUCURSAL: '01', CASA_MATRIZ: '02', BODEGA: '04', PATIO: '07' };

/** MH's code for the contract's `value` of `catalog` under `normative`; null when that normative writes none. */
export function mhCodeFor(catalog: VersionedCatalog, normative: Normative, value: string): string | null {
  switch (catalog) {
    case 'CAT-014':
      return UNIT_CODE.get(value) ?? null;
    case 'CAT-020':
      return normative === 'legacy' ? (CAT020_BY_ISO[value]?.code ?? null) : value;
    case 'CAT-030':
      if (normative === '2026') return TRANSPORT_2026[value] ?? null;
      return TRANSPORT_ORDER.includes(value) ? String(TRANSPORT_ORDER.indexOf(value) + 1) : null;
    case 'CAT-031':
      return INCOTERM_ORDER.includes(value) ? pad2(INCOTERM_ORDER.indexOf(value) + 1) : null;
    case 'CAT-009':
      return ESTABLISHMENT[value] ?? value;
    case 'CAT-028': {
      // The contract sends EX-1.1000.000; 2026 writes 1000.000 (and EX-1 as CAT-033's tipoRegimen).
      if (normative === 'legacy') return value;
      const dot = value.indexOf('.');
      const code = value.slice(dot + 1);
      return dot > 0 && regimeType(code) === value.slice(0, dot) ? code : null;
    }
    case 'CAT-002':
    case 'CAT-017':
    case 'CAT-019':
    case 'CAT-023':
    case 'CAT-027':
    case 'CAT-033':
      return value;
    default: {
      const never: never = catalog;
      return never;
    }
  }
}

/** Whether the contract's `value` of `catalog` is one `normative`'s catalog holds. */
export function contractValueAllowed(catalog: VersionedCatalog, normative: Normative, value: string): boolean {
  const code = mhCodeFor(catalog, normative, value);
  return code !== null && catalogHas(catalog, normative, code);
}

const NORMATIVE_WORD: Readonly<Record<Normative, string>> = { legacy: 'anterior', '2026': '2026' };

/** The values a request may send instead, where the list is short enough to say in a message. */
const SHORT_LISTS: Partial<Record<VersionedCatalog, (n: Normative) => readonly string[]>> = {
  'CAT-017': (n) => [...(CATALOG_CODES['CAT-017'][n] ?? [])],
  'CAT-030': (n) => TRANSPORT_ORDER.filter((v) => contractValueAllowed('CAT-030', n, v)),
  'CAT-031': (n) => INCOTERM_ORDER.filter((v) => contractValueAllowed('CAT-031', n, v)),
};

/** "El código 06 no existe en el catálogo CAT-017 de la normativa 2026 (Forma de pago) …", with what to send instead. */
export function notInCatalogMessage(catalog: VersionedCatalog, normative: Normative, value: string): string {
  const code = mhCodeFor(catalog, normative, value);
  const what = code === null || code === value ? `El código ${value}` : `${value} (código ${code})`;
  const short = SHORT_LISTS[catalog]?.(normative);
  const instead = !CATALOG_CODES[catalog][normative]
    ? `La ${NORMATIVE_NAMES[normative]} no tiene ese catálogo.`
    : short
      ? `Use uno de: ${short.join(', ')}.`
      : 'Elija otro valor de ese catálogo.';
  return `${what} no existe en el catálogo ${catalog} de la normativa ${NORMATIVE_WORD[normative]} (${CATALOG_TITLES[catalog]}). ${instead}`;
}
