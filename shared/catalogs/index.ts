import { COUNTRIES } from './data/countries';
import { DISTRICTS } from './data/districts';
import { DEPARTMENTS } from './data/departments';
import { ECONOMIC_ACTIVITIES } from './data/economic-activities';
import { FISCAL_ENCLOSURES } from './data/fiscal-enclosures';
import { MUNICIPALITIES } from './data/municipalities';
import { PAYMENT_METHODS } from './data/payment-methods';
import { REGIMES } from './data/regimes';
import { TAXES } from './data/taxes';
import { UNITS } from './data/units';
import { ACTIVITIES_ADDED_2026, ENCLOSURES_ADDED_2026, REGIMES_2026 } from './normative/data-2026';
import type { CatalogEntry } from './types';

export type { CatalogEntry, District, Municipality, TaxEntry, UnitEntry } from './types';
export {
  COUNTRIES,
  DEPARTMENTS,
  DISTRICTS,
  ECONOMIC_ACTIVITIES,
  FISCAL_ENCLOSURES,
  MUNICIPALITIES,
  PAYMENT_METHODS,
  REGIMES,
  TAXES,
  UNITS,
};

const codes = (list: readonly CatalogEntry[]): ReadonlySet<string> => new Set(list.map((e) => e.code));

/** CAT-033 of a 2026 CAT-028 code: the first digit says the regime's kind (0 tránsito, 1 to 3 exportación). */
export const regimeType = (code: string): string | undefined => ({ '0': 'TA-1', '1': 'EX-1', '2': 'EX-2', '3': 'EX-3' })[code[0] ?? ''];

/**
 * What a request may send in any normative (shared/catalogs/normative/ says which one holds it): the legacy
 * catalog's entries and those 2026 adds. A regime is sent as the legacy catalog writes it, CAT-033 type first
 * (EX-1.1000.000), which names both 2026 fields.
 */
export const ANY_ECONOMIC_ACTIVITIES: readonly CatalogEntry[] = [...ECONOMIC_ACTIVITIES, ...ACTIVITIES_ADDED_2026];
export const ANY_FISCAL_ENCLOSURES: readonly CatalogEntry[] = [...FISCAL_ENCLOSURES, ...ENCLOSURES_ADDED_2026];
export const ANY_REGIMES: readonly CatalogEntry[] = REGIMES_2026.map((r) => ({ code: `${regimeType(r.code)}.${r.code}`, name: r.name }));

export const DEPARTMENT_CODES = codes(DEPARTMENTS);
export const ECONOMIC_ACTIVITY_CODES = codes(ANY_ECONOMIC_ACTIVITIES);
export const FISCAL_ENCLOSURE_CODES = codes(ANY_FISCAL_ENCLOSURES);
export const REGIME_CODES = codes(ANY_REGIMES);
export const COUNTRY_CODES = codes(COUNTRIES);
export const TAX_CODES = codes(TAXES);
export const PAYMENT_METHOD_CODES = codes(PAYMENT_METHODS);

/** The 2024 municipalities (those some district belongs to). */
const MUNICIPALITY_KEYS_2024: ReadonlySet<string> = new Set(DISTRICTS.map((d) => `${d.department}/${d.municipality}`));

/** `department/municipality` pairs: a municipality code only means something within its department. */
export const MUNICIPALITY_KEYS: ReadonlySet<string> = new Set(MUNICIPALITIES.map((m) => `${m.department}/${m.code}`));

/**
 * The CAT-008 districts an address's municipality admits: a 2024 municipality (CAT-013) admits each of its
 * districts; a pre-2024 municipality code is itself a district and admits only its own code.
 */
export function districtsOf(department: string, municipality: string): readonly string[] {
  const own = DISTRICTS.filter((d) => d.department === department);
  const former = own.find((d) => d.code === municipality && !MUNICIPALITY_KEYS_2024.has(`${department}/${municipality}`));
  if (former) return [former.code];
  return own.filter((d) => d.municipality === municipality).map((d) => d.code);
}

/** The contract's `unitMeasure` values, in CAT-014 order. */
export const UNIT_KEYS = UNITS.map((u) => u.key) as [string, ...string[]];
