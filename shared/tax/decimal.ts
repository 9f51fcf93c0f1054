// Exact decimal arithmetic for money: never binary floats. MH rounds half up (item values to 8 decimals,
// summary values to 2).
import Decimal from 'decimal.js';

export const Dec = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_HALF_UP });
export type Dec = InstanceType<typeof Dec>;

export const ZERO = new Dec(0);
export const IVA_RATE = new Dec('0.13');
/** IVA contained in an IVA-inclusive amount: x × 13/113. */
export const IVA_INCLUDED = new Dec(13).div(113);
export const WITH_IVA = new Dec('1.13');

/** A JSON number as the exact decimal it was written as (a number's shortest form round-trips). */
// Zero is most of a document's amounts (ventaExenta, descuNoSuj…): a decimal is immutable, so they share one.
export const dec = (n: number | string | Dec | null | undefined): Dec => (n == null || n === 0 ? ZERO : new Dec(n));

export const round8 = (d: Dec): Dec => d.toDecimalPlaces(8, Dec.ROUND_HALF_UP);
export const round2 = (d: Dec): Dec => d.toDecimalPlaces(2, Dec.ROUND_HALF_UP);

export const sum = (values: readonly Dec[]): Dec => values.reduce((a, b) => a.plus(b), ZERO);

/** For JSON output: the double whose shortest form is exactly the decimal (fine up to 15 significant digits). */
export const num = (d: Dec): number => Number(d.toFixed());
