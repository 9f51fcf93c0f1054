// Exact money for the generators: shares and rates of amounts, to cents, with shared/tax's decimals (never float sums).
import { Dec, dec, round2 } from '../../../../shared/tax';

/** `d` truncated (never rounded up) to cents: a share of an amount that must not exceed it. */
export const floorCents = (d: Dec): number => Number(d.toDecimalPlaces(2, Dec.ROUND_DOWN).toFixed(2));

/** `d` rounded half up to cents, as MH rounds. */
export const roundCents = (d: Dec): number => Number(round2(d).toFixed(2));

/** `percent` % of `amount`, truncated to cents. */
export const percentOf = (amount: Dec | number, percent: number): number => floorCents(dec(amount).times(percent).div(100));

/** `total` split in proportion to `shares` into positive cent amounts adding up exactly (the last takes the rest); fewer when too small. */
export function splitCents(total: Dec, shares: readonly number[]): number[] {
  const cents = total.times(100).toDecimalPlaces(0).toNumber();
  const whole = shares.reduce((a, b) => a + b, 0);
  const out: number[] = [];
  let left = cents;
  for (const share of shares.slice(0, -1)) {
    const part = Math.floor((cents * share) / whole);
    if (part < 1 || left - part < 1) continue;
    out.push(part);
    left -= part;
  }
  out.push(left);
  return out.map((c) => c / 100);
}
