// A form line filled from a catalog product (issue 33), on the basis of the form's kind: see forms/spec.ts.
import type { Product } from '../../../shared/catalog';
import type { CatalogLine } from './spec';
import type { Value } from './values';

/** The line a product fills: its price on the kind's basis (the contract's unitPrice is net of IVA). */
export function lineFromProduct(basis: CatalogLine, p: Product, line: Value): Value {
  const base: Value = { ...line, internalCode: p.code, description: p.description, unitMeasure: p.unitMeasure };
  switch (basis) {
    case 'sale':
      return { ...base, type: p.itemType, saleType: p.saleType, unitPrice: p.netPrice };
    case 'export':
      return { ...base, unitPrice: p.netPrice };
    case 'purchase':
      // What the shop sells a product for says nothing of what it pays: the price is typed.
      return { ...base, type: p.itemType };
    default: {
      const never: never = basis;
      return never;
    }
  }
}
