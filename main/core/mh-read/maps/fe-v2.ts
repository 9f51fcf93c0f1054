// Factura, fe-f-v2 (Normativa DTE v2.0): as fe-fc-v1, with ivaRete1 renamed ivaRete and no reteRenta.
import type { DteMap } from '../field-map';
import { BY_DOCUMENT, IDENTIFICATION, PAYMENTS, RELATED, SALE_ITEM, SALE_TOTALS, THIRD_PARTY } from './shared-fields';

export const FE_V2: DteMap = {
  kind: 'FC',
  version: 2,
  schema: 'v2-2026/fe-f-v2.json',
  fields: {
    ...IDENTIFICATION,
    ...SALE_TOTALS,
    ...THIRD_PARTY,
    totalIva: 'resumen.totalIva',
    ivaRetenido: 'resumen.ivaRete',
    subTotal: 'resumen.subTotal',
    totalPagar: 'resumen.totalPagar',
  },
  party: { at: 'receptor', fields: BY_DOCUMENT },
  items: { at: SALE_ITEM.at, fields: { ...SALE_ITEM.fields, ivaItem: 'ivaItem' } },
  related: RELATED,
  payments: PAYMENTS,
  iva: 'totalIva',
};
