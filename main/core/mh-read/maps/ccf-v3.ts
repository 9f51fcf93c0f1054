// Comprobante de crédito fiscal, fe-ccf-v3 (legacy): IVA as tributo 20, ivaRete1 and ivaPerci1, a receptor by NIT.
import type { DteMap } from '../field-map';
import { IDENTIFICATION, PAYMENTS, RELATED, SALE_ITEM, SALE_TOTALS, THIRD_PARTY } from './shared-fields';

export const CCF_V3: DteMap = {
  kind: 'CCF',
  version: 3,
  schema: 'legacy-v1-2023/fe-ccf-v3.json',
  fields: {
    ...IDENTIFICATION,
    ...SALE_TOTALS,
    ...THIRD_PARTY,
    tributos: 'resumen.tributos',
    ivaRetenido: 'resumen.ivaRete1',
    ivaPercibido: 'resumen.ivaPerci1',
    reteRenta: 'resumen.reteRenta',
    subTotal: 'resumen.subTotal',
    totalPagar: 'resumen.totalPagar',
  },
  party: { at: 'receptor', fields: { name: 'nombre', nit: 'nit', nrc: 'nrc' } },
  items: SALE_ITEM,
  related: RELATED,
  payments: PAYMENTS,
  iva: 'tributo20',
};
