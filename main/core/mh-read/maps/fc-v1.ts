// Factura, fe-fc-v1 (legacy): IVA inside the prices (totalIva), the retention ivaRete1 and reteRenta.
import type { DteMap } from '../field-map';
import { BY_DOCUMENT, IDENTIFICATION, PAYMENTS, RELATED, SALE_ITEM, SALE_TOTALS, THIRD_PARTY } from './shared-fields';

export const FC_V1: DteMap = {
  kind: 'FC',
  version: 1,
  schema: 'legacy-v1-2023/fe-fc-v1.json',
  fields: {
    ...IDENTIFICATION,
    ...SALE_TOTALS,
    ...THIRD_PARTY,
    totalIva: 'resumen.totalIva',
    ivaRetenido: 'resumen.ivaRete1',
    reteRenta: 'resumen.reteRenta',
    subTotal: 'resumen.subTotal',
    totalPagar: 'resumen.totalPagar',
  },
  party: { at: 'receptor', fields: BY_DOCUMENT },
  items: { at: SALE_ITEM.at, fields: { ...SALE_ITEM.fields, ivaItem: 'ivaItem' } },
  related: RELATED,
  payments: PAYMENTS,
  iva: 'totalIva',
};
