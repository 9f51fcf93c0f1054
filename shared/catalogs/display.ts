// Catalog names as people read them (accents, capitals); MH's codes, and MH's text wherever it goes to MH, stay
// as MH wrote them in ./data/.
import { ECONOMIC_ACTIVITIES_SHOWN } from './data/economic-activities-shown';
import { PAYMENT_METHODS_SHOWN } from './data/payment-methods-shown';
import { ACTIVITIES_ADDED_2026 } from './normative/data-2026';
import type { CatalogEntry } from './types';

export { ECONOMIC_ACTIVITIES_SHOWN, PAYMENT_METHODS_SHOWN };

const byCode = (list: readonly CatalogEntry[]): ReadonlyMap<string, string> => new Map(list.map((e) => [e.code, e.name]));
/** Every activity a request may name, under either normative (the 2026 catalog adds three). */
export const ANY_ACTIVITIES_SHOWN: readonly CatalogEntry[] = [...ECONOMIC_ACTIVITIES_SHOWN, ...ACTIVITIES_ADDED_2026];
const ACTIVITIES = byCode(ANY_ACTIVITIES_SHOWN);

export { paymentMethodName } from './payment-names';

/** `Venta al por mayor de café oro y uva` for CAT-019 `46293`; undefined for a code MH does not list. */
export const activityName = (code: string): string | undefined => ACTIVITIES.get(code);
