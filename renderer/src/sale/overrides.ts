// Which lines of the cart need a supervisor before F12 issues (docs/decisions/0074-price-overrides-and-scans.md):
// a catalog product typed below its shelf price by more than the station's threshold, and not yet approved at
// that price or lower. The station checks the same rule (main/core/overrides/price-rule.ts); this only asks first.
import type { Product } from '../../../shared/catalog';
import { Dec, dec } from '../../../shared/tax';
import { typed, type CartLine } from './cart';

/** A line that needs the supervisor: its product and the price per unit typed (IVA included). */
export interface OverrideAsk {
  readonly productId: string;
  readonly code: string;
  readonly description: string;
  readonly shelfPrice: string;
  readonly price: string;
}

/** Below this, a difference is rounding, not a decrease (as the station reads it). */
const NOISE = new Dec('0.000001');

export function overrideAsks(
  lines: readonly CartLine[],
  catalog: ReadonlyMap<string, Pick<Product, 'code' | 'description' | 'shelfPrice'>>,
  threshold: string,
  approved: ReadonlyMap<string, Dec>,
): OverrideAsk[] {
  const out: OverrideAsk[] = [];
  for (const l of lines) {
    const p = l.productId ? catalog.get(l.productId) : undefined;
    const price = typed(l.shelfPrice);
    if (!l.productId || !p || !price) continue;
    const floor = dec(p.shelfPrice)
      .times(new Dec(100).minus(dec(threshold)))
      .div(100);
    if (!floor.minus(price).greaterThan(NOISE)) continue;
    const ok = approved.get(l.productId);
    if (ok && !ok.minus(price).greaterThan(NOISE)) continue;
    out.push({ productId: l.productId, code: p.code, description: p.description, shelfPrice: p.shelfPrice, price: price.toString() });
  }
  return out;
}
