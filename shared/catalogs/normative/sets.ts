// Every MH catalog that changed with the Normativa DTE v2.0, as MH's codes under each normative
// (docs/decisions/0086-catalogs-per-normative.md; the facts in docs/mh.md, "Catalogs per normative"). A catalog a
// normative does not have is null there. Checked by test/unit/catalogs-per-normative.test.ts.
import type { Normative } from '../../normative';
import { CAT020_BY_ISO } from '../data/country-cat020';
import { COUNTRIES } from '../data/countries';
import { ECONOMIC_ACTIVITIES } from '../data/economic-activities';
import { FISCAL_ENCLOSURES } from '../data/fiscal-enclosures';
import { REGIMES } from '../data/regimes';
import { UNITS } from '../data/units';
import { PAYMENT_CODES } from './payment-methods';
import { ACTIVITIES_ADDED_2026, ENCLOSURES_ADDED_2026, REGIMES_2026, UNIT_CODES_2026 } from './data-2026';

export const VERSIONED_CATALOGS = [
  'CAT-002',
  'CAT-009',
  'CAT-014',
  'CAT-017',
  'CAT-019',
  'CAT-020',
  'CAT-023',
  'CAT-027',
  'CAT-028',
  'CAT-030',
  'CAT-031',
  'CAT-033',
] as const;
export type VersionedCatalog = (typeof VERSIONED_CATALOGS)[number];

export const CATALOG_TITLES: Readonly<Record<VersionedCatalog, string>> = {
  'CAT-002': 'Tipo de documento',
  'CAT-009': 'Tipo de establecimiento',
  'CAT-014': 'Unidad de medida',
  'CAT-017': 'Forma de pago',
  'CAT-019': 'Actividad económica',
  'CAT-020': 'País',
  'CAT-023': 'Tipo de documento en contingencia (anterior) / Operaciones especiales (2026)',
  'CAT-027': 'Recinto fiscal',
  'CAT-028': 'Régimen',
  'CAT-030': 'Transporte',
  'CAT-031': 'INCOTERMS',
  'CAT-033': 'Tipo de régimen',
};

const DOCUMENT_TYPES = ['01', '03', '04', '05', '06', '07', '08', '09', '11', '14', '15'] as const;
/** A number as MH's two-digit catalog code (CAT-014's `01`, CAT-031's `11`). */
export const pad2 = (n: number) => String(n).padStart(2, '0');
const set = (codes: Iterable<string>): ReadonlySet<string> => new Set(codes);

/** MH's codes of each catalog under each normative; CAT-014 codes as two digits ("01"), as MH's catalog writes them. */
export const CATALOG_CODES: Readonly<Record<VersionedCatalog, Readonly<Record<Normative, ReadonlySet<string> | null>>>> = {
  // The 2026 catalog adds the two events a DTE kind code was given for: 17 Operaciones Especiales, 18 Retorno.
  'CAT-002': { legacy: set(DOCUMENT_TYPES), '2026': set([...DOCUMENT_TYPES, '17', '18']) },
  // 2026 drops 20 (otro).
  'CAT-009': { legacy: set(['01', '02', '04', '07', '20']), '2026': set(['01', '02', '04', '07']) },
  // 2026 keeps 40 of the 56 units (no VARA, PIE, MANZANA, TONELADA_METRICA…).
  'CAT-014': { legacy: set(UNITS.map((u) => pad2(u.code))), '2026': set(UNIT_CODES_2026.map(pad2)) },
  'CAT-017': PAYMENT_CODES,
  // 2026 adds three activities (47120, 53201, 10006) and drops none.
  'CAT-019': {
    legacy: set(ECONOMIC_ACTIVITIES.map((a) => a.code)),
    '2026': set([...ECONOMIC_ACTIVITIES, ...ACTIVITIES_ADDED_2026].map((a) => a.code)),
  },
  // Legacy: MH's own four-digit codes; 2026: ISO 3166-1 alpha-2.
  'CAT-020': { legacy: set(Object.values(CAT020_BY_ISO).map((c) => c.code)), '2026': set(COUNTRIES.map((c) => c.code)) },
  // Legacy: the kinds a contingency event may list; 2026: the two kinds of special operations.
  'CAT-023': { legacy: set(['01', '03', '04', '05', '06', '11', '14']), '2026': set(['02', '97']) },
  // 2026 adds five enclosures (40, 41, 42, 43, 85) and drops none.
  'CAT-027': {
    legacy: set(FISCAL_ENCLOSURES.map((e) => e.code)),
    '2026': set([...FISCAL_ENCLOSURES, ...ENCLOSURES_ADDED_2026].map((e) => e.code)),
  },
  // Legacy: EX-1.1000.000; 2026: 1000.000, its EX-1 now CAT-033's tipoRegimen; 90 regimes, every legacy one among them.
  'CAT-028': { legacy: set(REGIMES.map((r) => r.code)), '2026': set(REGIMES_2026.map((r) => r.code)) },
  // 2026: 1 terrestre, 2 aéreo, 3 marítimo (2 and 3 swapped), 4 férreo, 5 multimodal, 6 correo (contract-values.ts).
  'CAT-030': { legacy: set(['1', '2', '3', '4', '5', '6', '7']), '2026': set(['1', '2', '3', '4', '5', '6']) },
  // 2026: eleven INCOTERMS, 01 EXW … 11 CIF as before; DAT, DAF, DES, DEQ and DDU are gone.
  'CAT-031': {
    legacy: set(Array.from({ length: 16 }, (_, i) => pad2(i + 1))),
    '2026': set(Array.from({ length: 11 }, (_, i) => pad2(i + 1))),
  },
  'CAT-033': { legacy: null, '2026': set(['EX-1', 'EX-2', 'EX-3', 'TA-1']) },
};

/** Whether `normative`'s version of `catalog` holds MH code `code` (a unit's as its number or two digits). */
export function catalogHas(catalog: VersionedCatalog, normative: Normative, code: string | number): boolean {
  const codes = CATALOG_CODES[catalog][normative];
  if (!codes) return false;
  return codes.has(catalog === 'CAT-014' ? pad2(Number(code)) : String(code));
}
