// Factura de sujeto excluido, fe-fse-v1 (legacy): the supplier is sujetoExcluido; ivaRete1 and reteRenta.
import type { DteMap, FieldGroup, ItemField } from '../field-map';
import { IDENTIFICATION, PAYMENTS } from './shared-fields';

export const FSE_ITEM: FieldGroup<ItemField> = {
  at: 'cuerpoDocumento',
  fields: { code: 'codigo', description: 'descripcion', quantity: 'cantidad', compra: 'compra' },
};

export const FSE_V1: DteMap = {
  kind: 'FSE',
  version: 1,
  schema: 'legacy-v1-2023/fe-fse-v1.json',
  fields: {
    ...IDENTIFICATION,
    subTotal: 'resumen.subTotal',
    totalCompra: 'resumen.totalCompra',
    ivaRetenido: 'resumen.ivaRete1',
    reteRenta: 'resumen.reteRenta',
    totalPagar: 'resumen.totalPagar',
    condicionOperacion: 'resumen.condicionOperacion',
  },
  party: { at: 'sujetoExcluido', fields: { name: 'nombre', docType: 'tipoDocumento', docNumber: 'numDocumento' } },
  items: FSE_ITEM,
  related: null,
  payments: PAYMENTS,
  iva: 'none',
};
