// Shelf prices include IVA; the contract's unitPrice is the price before IVA for every kind (docs/decisions/
// 0002-contract-gaps.md), and MH's FC carries round8(unitPrice × 1.13). A cashier types the shelf price: this
// finds the 8-decimal net price whose FC price is the shelf price itself, or the nearest one when no 8-decimal
// price lands exactly (then it is off by 0.00000001, which no sale of fewer than 500,000 units can carry into
// a cent), so the consumer pays exactly the shelf total.
import { Dec, WITH_IVA, dec, round8 } from './decimal';

const STEP = new Dec('0.00000001');

/** The net unit price (8 decimals) for an FC line whose consumer price is `shelf`. */
export function netFromShelf(shelf: number | string | Dec): Dec {
  const target = dec(shelf);
  const guess = round8(target.div(WITH_IVA));
  let best = guess;
  let bestGap: Dec | null = null;
  for (const candidate of [guess.minus(STEP), guess, guess.plus(STEP)]) {
    if (!candidate.isPositive()) continue;
    const gap = round8(candidate.times(WITH_IVA)).minus(target).abs();
    if (bestGap === null || gap.lessThan(bestGap)) {
      best = candidate;
      bestGap = gap;
    }
  }
  return best;
}

/** What the consumer pays per unit for an FC line priced `net` before IVA (MH's precioUni). */
export const shelfFromNet = (net: number | string | Dec): Dec => round8(dec(net).times(WITH_IVA));
