import { COUNTRIES } from './data/countries';
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
export { COUNTRIES, DEPARTMENTS, ECONOMIC_ACTIVITIES, FISCAL_ENCLOSURES, MUNICIPALITIES, PAYMENT_METHODS, REGIMES, TAXES, UNITS };

const codes = (list: readonly CatalogEntry[]): ReadonlySet<string> => new Set(list.map((e) => e.code));

export const DEPARTMENT_CODES = codes(DEPARTMENTS);
export const ECONOMIC_ACTIVITY_CODES = codes(ECONOMIC_ACTIVITIES);
export const FISCAL_ENCLOSURE_CODES = codes(FISCAL_ENCLOSURES);
export const REGIME_CODES = codes(REGIMES);
export const COUNTRY_CODES = codes(COUNTRIES);
export const TAX_CODES = codes(TAXES);
export const PAYMENT_METHOD_CODES = codes(PAYMENT_METHODS);

/** `department/municipality` pairs: a municipality code only means something within its department. */
export const MUNICIPALITY_KEYS: ReadonlySet<string> = new Set(MUNICIPALITIES.map((m) => `${m.department}/${m.code}`));

/** The contract's `unitMeasure` values, in CAT-014 order. */
export const UNIT_KEYS = UNITS.map((u) => u.key) as [string, ...string[]];
