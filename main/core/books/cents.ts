// The books' amounts as whole cents (docs/decisions/0051-books-in-cents.md). Every amount a book or an annex sums
// is a summary value of MH's schemas (resumen, and a CR's lines), all `multipleOf 0.01`: as integer cents they add
// exactly, and a month's sums stay far below 2^53 cents. A document line's values carry 8 decimals and stay decimal.
import { Dec, round2 } from '../../../shared/tax';

declare const unit: unique symbol;
/** An amount in cents: a safe integer, made only here, so a decimal or a dollar figure can never be added to it. */
export type Cents = number & { readonly [unit]: 'cents' };

export const NO_CENTS = 0 as Cents;

/**
 * A JSON amount in cents. A value with two decimals (every one MH's schemas accept) is exact through the double:
 * n × 100 lies within an ulp of its integer, and that integer ÷ 100 is n again. Anything else is rounded half up
 * as MH rounds, through the exact decimal.
 */
export function cents(v: number | string | null | undefined): Cents {
  if (v == null || v === 0) return NO_CENTS;
  const n = typeof v === 'number' ? v : Number(v);
  const c = Math.round(n * 100);
  if (Number.isSafeInteger(c) && c / 100 === n) return (c === 0 ? 0 : c) as Cents;
  return Number(round2(new Dec(v)).times(100).toFixed(0)) as Cents;
}

/** An amount cell as MH's annex checks accept it (annex-check.ts): a sum never counts a cell the check refuses. */
export const AMOUNT_CELL = /^-?\d{1,10}\.\d{2}$/;

/** An annex or book cell ('1234.50', '-0.05') in cents; null when the cell is not an amount. */
export function cellCents(text: string): Cents | null {
  if (!AMOUNT_CELL.test(text)) return null;
  const c = Number(text.slice(0, -3) + text.slice(-2));
  return (c === 0 ? 0 : c) as Cents;
}

export const plus = (a: Cents, b: Cents): Cents => (a + b) as Cents;
export const minus = (a: Cents, b: Cents): Cents => (a - b) as Cents;
export const neg = (a: Cents): Cents => (a === 0 ? a : -(a as number)) as Cents;
export const total = (values: readonly Cents[]): Cents => values.reduce(plus, NO_CENTS);

/** Two decimals and a point, no separator; `0.00` for nothing (never `-0.00`). */
export function centsText(c: Cents): string {
  if (c === 0) return '0.00';
  const digits = String(Math.abs(c)).padStart(3, '0');
  return `${c < 0 ? '-' : ''}${digits.slice(0, -2)}.${digits.slice(-2)}`;
}

/** The exact decimal, for the few sums that are then multiplied (the IVA contained in a month's sales). */
export const centsDec = (c: Cents): Dec => new Dec(c).div(100);

/** round-half-up(|c| × percent ÷ 100), exact in integers: the IVA (13) or the 1 % of an amount. */
export const percentOf = (c: Cents, percent: number): Cents => Math.floor((Math.abs(c) * percent + 50) / 100) as Cents;
