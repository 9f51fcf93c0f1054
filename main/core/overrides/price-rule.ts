// Whether a line's price needs a supervisor (docs/decisions/0074-price-overrides-and-scans.md): what the consumer
// pays per unit (after the line's discount) against the catalog's shelf price less the station's threshold.
import type { Product } from '../../../shared/catalog';
import { Dec, dec, round8, shelfFromNet } from '../../../shared/tax';

/** Below this, a difference is the 8-decimal rounding of a net price (shared/tax/shelf-price.ts), not a decrease. */
const NOISE = new Dec('0.000001');

/** The fields of a contract line the rule reads. */
export interface PricedLine {
  readonly internalCode?: string | null | undefined;
  readonly quantity: number | string;
  readonly unitPrice: number | string;
  readonly discountAmount?: number | string | null | undefined;
  readonly saleType: string;
}

/** What the consumer pays per unit for this line: its net price with IVA on a taxed line, less its discount. */
export function consumerPrice(line: PricedLine): Dec {
  const quantity = dec(line.quantity);
  const discount = line.discountAmount == null ? new Dec(0) : dec(line.discountAmount);
  const net = dec(line.unitPrice).minus(quantity.isZero() ? 0 : discount.div(quantity));
  return line.saleType === 'GRAVADA' ? shelfFromNet(round8(net)) : round8(net);
}

/** The lowest price per unit a cashier sells at alone: the shelf price less `threshold` percent. */
export const floorOf = (shelfPrice: string, threshold: string): Dec =>
  dec(shelfPrice)
    .times(new Dec(100).minus(dec(threshold)))
    .div(100);

/** Whether `price` (per unit, IVA included) is below what the cashier may sell `product` at alone. */
export const needsApproval = (product: Pick<Product, 'shelfPrice'>, price: Dec, threshold: string): boolean =>
  floorOf(product.shelfPrice, threshold).minus(price).greaterThan(NOISE);
