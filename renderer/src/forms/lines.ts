// A form's lines as a cashier meets them: each new line starts filled with what most lines carry (never an empty
// "—"), and each shows its total as it is typed.
import { dec, round2, type Dec } from '../../../shared/tax';
import type { Value } from './values';

/** The unit a line starts with when the first line has none. */
export const DEFAULT_UNIT = 'UNIDAD';

/** A number as typed in a form ("2", "4,50"); null when it is not one yet. */
function typed(v: unknown): Dec | null {
  if (typeof v === 'number') return Number.isFinite(v) ? dec(v) : null;
  if (typeof v !== 'string') return null;
  const s = v.trim().replace(',', '.');
  return /^-?\d+(\.\d+)?$/.test(s) ? dec(s) : null;
}

/** Quantity × unit price − discount, to the cent; null until both quantity and price are numbers. */
export function lineTotal(line: unknown): Dec | null {
  if (!line || typeof line !== 'object') return null;
  const l = line as Value;
  const quantity = typed(l.quantity);
  const price = typed(l.unitPrice);
  if (!quantity || !price) return null;
  const discount = typed(l.discountAmount);
  return round2(quantity.times(price).minus(discount ?? 0));
}

/** The unit of the list's first line, for the next ones. */
export function firstUnit(items: readonly unknown[]): string {
  const first = items[0];
  const unit = first && typeof first === 'object' ? (first as Value).unitMeasure : undefined;
  return typeof unit === 'string' && unit.trim() ? unit : DEFAULT_UNIT;
}

/** A sale line (FC, CCF, NC, ND): goods, taxed, one of them, in the first line's unit. */
export const saleLine = (items: readonly unknown[]): Value => ({
  type: 'BIENES',
  saleType: 'GRAVADA',
  quantity: '1',
  unitMeasure: firstUnit(items),
});

/** A purchase line (FSE): goods, one of them, in the first line's unit. */
export const purchaseLine = (items: readonly unknown[]): Value => ({ type: 'BIENES', quantity: '1', unitMeasure: firstUnit(items) });

/** An export line (FEX): one, in the first line's unit. */
export const exportLine = (items: readonly unknown[]): Value => ({ quantity: '1', unitMeasure: firstUnit(items) });
