// Comprobante de crédito fiscal, fe-ccf-v4 (Normativa DTE v2.0): ivaRete and ivaPerci, no reteRenta.
import type { DteMap } from '../field-map';
import { IDENTIFICATION, PAYMENTS, RELATED, SALE_ITEM, SALE_TOTALS, THIRD_PARTY } from './shared-fields';

export const CCF_V4: DteMap = {
  kind: 'CCF',
  version: 4,
  schema: 'v2-2026/fe-ccf-v4.json',
  fields: {
    ...IDENTIFICATION,
    ...SALE_TOTALS,
    ...THIRD_PARTY,
    tributos: 'resumen.tributos',
    ivaRetenido: 'resumen.ivaRete',
    ivaPercibido: 'resumen.ivaPerci',
    subTotal: 'resumen.subTotal',
    totalPagar: 'resumen.totalPagar',
  },
  party: { at: 'receptor', fields: { name: 'nombre', nit: 'nit', nrc: 'nrc' } },
  items: SALE_ITEM,
  related: RELATED,
  payments: PAYMENTS,
  iva: 'tributo20',
};
