// Prices as the catalog screens show and take them: the same derivation as the server (shared/catalog.ts's
// derivePrices over shared/tax/shelf-price.ts), decimal strings throughout, cents on screen.
import { derivePrices, priceFromCell, type SaleType } from '../../../shared/catalog';
import { UNITS } from '../../../shared/catalogs';
import { Dec } from '../../../shared/tax';

/** Which of the two prices the person typed; the other one is derived from it. */
export type PriceSource = 'shelf' | 'net';

// The server's own shape for a price (shared/catalog.ts): up to 12 integer digits, at most 8 decimals.
const PRICE = /^\d{1,12}(\.\d{1,8})?$/;

/**
 * What a typed price sends: "$0.25", "0,25" and "1,234.50" read as a spreadsheet cell is read, so the form and an
 * imported file agree. Empty text is no price (null); anything else goes as normalized, for the schema to judge.
 */
export const typedPrice = (text: string): string | null => (text.trim() === '' ? null : priceFromCell(text.trim()));

/** The other price, exactly as the server will store it; null while the typed one is not a usable price. */
export function derivedPrice(source: PriceSource, text: string, saleType: SaleType): string | null {
  const typed = typedPrice(text);
  if (typed === null || !PRICE.test(typed) || !new Dec(typed).greaterThan(0)) return null;
  const both = derivePrices(saleType, source === 'shelf' ? { shelfPrice: typed } : { netPrice: typed });
  return source === 'shelf' ? both.netPrice : both.shelfPrice;
}

/** Money on screen: two decimals, half up (the stored value may carry up to 8). */
export const cents = (amount: string): string => new Dec(amount).toFixed(2);

/** Whether the stored value says more than its two decimals on screen. */
export const hasMoreThanCents = (amount: string): boolean => new Dec(amount).decimalPlaces() > 2;

const UNIT_BY_KEY: ReadonlyMap<string, { code: number; name: string }> = new Map(UNITS.map((u) => [u.key, u]));

/** A CAT-014 unit as people read it: MH's code and its name ("59 · Unidad"). */
export function unitLabel(key: string): string {
  const u = UNIT_BY_KEY.get(key);
  if (!u) return key;
  return `${u.code} · ${u.name.charAt(0).toUpperCase()}${u.name.slice(1)}`;
}
