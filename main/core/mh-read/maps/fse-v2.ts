// Factura de sujeto excluido, fe-fse-v2 (Normativa DTE v2.0): the supplier is the receptor; no IVA retention.
import type { DteMap } from '../field-map';
import { FSE_ITEM } from './fse-v1';
import { IDENTIFICATION, PAYMENTS } from './shared-fields';

export const FSE_V2: DteMap = {
  kind: 'FSE',
  version: 2,
  schema: 'v2-2026/fe-fse-v2.json',
  fields: {
    ...IDENTIFICATION,
    subTotal: 'resumen.subTotal',
    totalCompra: 'resumen.totalCompra',
    reteRenta: 'resumen.reteRenta',
    totalPagar: 'resumen.totalPagar',
    condicionOperacion: 'resumen.condicionOperacion',
  },
  party: { at: 'receptor', fields: { name: 'nombre', docType: 'tipoDocumento', docNumber: 'numDocumento' } },
  items: FSE_ITEM,
  related: null,
  payments: PAYMENTS,
  iva: 'none',
};
