// The one owner of the `price_overrides` table (station migration 036): a line sold below its shelf price is
// inserted with its document, in the create's transaction, and read by the close and the supervisor's list.
// Never changed afterwards (its triggers refuse UPDATE and DELETE).
import type { Selectable } from 'kysely';
import type { PriceOverride } from '../../../shared/price-overrides';
import type { Store } from '../store/database';
import type { PriceOverridesTable } from '../store/schema';

export type PriceOverrideRow = Selectable<PriceOverridesTable>;

export function insertOverride(store: Store, row: PriceOverrideRow): void {
  store.run(store.q.insertInto('price_overrides').values(row));
}

/** Who asked and when: `askedBy` an actor id (`user:ana`) or every person; `from`/`to` El Salvador time, inclusive. */
export interface OverrideFilter {
  readonly from?: string | undefined;
  readonly to?: string | undefined;
  readonly askedBy?: string | undefined;
  readonly limit: number;
}

export function listOverrides(store: Store, f: OverrideFilter): PriceOverride[] {
  let q = store.q.selectFrom('price_overrides').selectAll();
  if (f.from !== undefined) q = q.where('created_at', '>=', f.from);
  if (f.to !== undefined) q = q.where('created_at', '<=', f.to);
  if (f.askedBy !== undefined) q = q.where('asked_by', '=', f.askedBy);
  return store.all(q.orderBy('created_at').orderBy('document_id').orderBy('line').limit(f.limit)).map(toOverride);
}

const toOverride = (r: PriceOverrideRow): PriceOverride => ({
  id: r.id,
  documentId: r.document_id,
  kind: r.kind,
  controlNumber: r.control_number,
  line: r.line,
  productId: r.product_id,
  productCode: r.product_code,
  description: r.description,
  quantity: r.quantity,
  shelfPrice: r.shelf_price,
  price: r.price,
  askedBy: r.asked_by,
  askedByName: r.asked_by_name,
  approvedBy: r.approved_by,
  approvedByName: r.approved_by_name,
  approvedAt: r.approved_at,
  createdAt: r.created_at,
});

/** The overrides of a close's scope (a person's, or the whole station's) and period. */
export const overridesOfClose = (
  store: Store,
  close: { readonly scope: string; readonly from: string; readonly to: string },
): PriceOverride[] =>
  listOverrides(store, { from: close.from, to: close.to, askedBy: close.scope === 'station' ? undefined : close.scope, limit: 10_000 });
