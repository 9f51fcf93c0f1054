// The books' cents (main/core/books/cents.ts) against decimal.js, the arithmetic they replaced: every amount MH's
// schemas accept becomes its exact cents, and back to the same text; sums of a month's size stay exact.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Dec, round2 } from '../../../shared/tax';
import {
  NO_CENTS,
  cellCents,
  cents,
  centsDec,
  centsText,
  minus,
  neg,
  percentOf,
  plus,
  total,
  type Cents,
} from '../../../main/core/books/cents';

// Up to $99,999,999,999.99: far past a document's amount, and past a month's.
const CENT_COUNTS = fc.integer({ min: -9_999_999_999_999, max: 9_999_999_999_999 });
const asJson = (n: number): number => JSON.parse(new Dec(n).div(100).toFixed(2)) as number;

describe('cents', () => {
  it('reads every two-decimal JSON amount exactly, and writes it back as the decimal writes it', () => {
    fc.assert(
      fc.property(CENT_COUNTS, (n) => {
        const json = asJson(n);
        const c = cents(json);
        expect(c).toBe(n === 0 ? 0 : n);
        expect(centsText(c)).toBe(n === 0 ? '0.00' : new Dec(n).div(100).toFixed(2));
        expect(centsDec(c).equals(new Dec(n).div(100))).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });

  it('rounds an amount with more decimals half up, as MH does (never seen in a valid document)', () => {
    expect(cents(1.005)).toBe(101);
    expect(cents(2.675)).toBe(268);
    expect(cents(-1.005)).toBe(-101);
    expect(cents(0.004)).toBe(0);
    expect(cents('12.345')).toBe(1235);
    fc.assert(
      fc.property(fc.integer({ min: -99_999_999_999, max: 99_999_999_999 }), (milli) => {
        const text = new Dec(milli).div(1000).toFixed(3);
        expect(cents(Number(text))).toBe(Number(round2(new Dec(text)).times(100).toFixed(0)));
      }),
      { numRuns: 2000 },
    );
  });

  it('takes nothing for null, undefined and zero, and never gives -0', () => {
    expect(cents(null)).toBe(0);
    expect(cents(undefined)).toBe(0);
    expect(Object.is(cents(-0), 0)).toBe(true);
    expect(Object.is(cents(-0.001), 0)).toBe(true);
    expect(Object.is(neg(NO_CENTS), 0)).toBe(true);
    expect(centsText(-0 as Cents)).toBe('0.00');
  });

  it('reads a cell only when it is an amount as the annexes write it', () => {
    expect(cellCents('1234.50')).toBe(123450);
    expect(cellCents('-0.05')).toBe(-5);
    expect(Object.is(cellCents('-0.00'), 0)).toBe(true);
    for (const bad of ['', '12', '12.5', '1,234.50', '12.345', ' 1.00', 'N/A', '1e3.00']) expect(cellCents(bad), bad).toBeNull();
  });

  it("adds a month's amounts exactly where binary floats of dollars would drift", () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: -5_000_000, max: 50_000_000 }), { minLength: 1, maxLength: 400 }), (ns) => {
        const values = ns.map((n) => cents(asJson(n)));
        const byDecimal = ns.reduce((a, n) => a.plus(new Dec(n).div(100)), new Dec(0));
        expect(centsText(total(values))).toBe(round2(byDecimal).isZero() ? '0.00' : byDecimal.toFixed(2));
        expect(minus(plus(values[0]!, total(values)), values[0]!)).toBe(total(values));
      }),
      { numRuns: 300 },
    );
    // 0.1 + 0.2 in dollars is not 0.3; in cents it is.
    expect(centsText(plus(cents(0.1), cents(0.2)))).toBe('0.30');
  });

  it('takes a percentage rounded half up, as round2(|x| × rate) does', () => {
    fc.assert(
      fc.property(CENT_COUNTS, fc.constantFrom(1, 13), (n, percent) => {
        const byDecimal = round2(new Dec(n).abs().div(100).times(percent).div(100));
        expect(centsText(percentOf(n as Cents, percent))).toBe(byDecimal.isZero() ? '0.00' : byDecimal.toFixed(2));
      }),
      { numRuns: 2000 },
    );
  });
});
