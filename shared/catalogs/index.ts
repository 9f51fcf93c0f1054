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

export const DEPARTMENT_CODES = codes(DEPARTMENTS);
export const ECONOMIC_ACTIVITY_CODES = codes(ECONOMIC_ACTIVITIES);
export const FISCAL_ENCLOSURE_CODES = codes(FISCAL_ENCLOSURES);
export const REGIME_CODES = codes(REGIMES);
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
