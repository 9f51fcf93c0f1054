// Factura de exportación, fe-fex-v1 (legacy): the destination's country by CAT-020's 4-digit codes.
import type { DteMap, FieldGroup, ItemField } from '../field-map';
import { IDENTIFICATION, PAYMENTS, THIRD_PARTY } from './shared-fields';

export const FEX_ITEM: FieldGroup<ItemField> = {
  at: 'cuerpoDocumento',
  fields: { code: 'codigo', description: 'descripcion', quantity: 'cantidad', gravada: 'ventaGravada' },
};

export const FEX_V1: DteMap = {
  kind: 'FEX',
  version: 1,
  schema: 'legacy-v1-2023/fe-fex-v1.json',
  fields: {
    ...IDENTIFICATION,
    ...THIRD_PARTY,
    totalGravada: 'resumen.totalGravada',
    montoTotalOperacion: 'resumen.montoTotalOperacion',
    totalPagar: 'resumen.totalPagar',
    condicionOperacion: 'resumen.condicionOperacion',
    exportItems: 'emisor.tipoItemExpor',
  },
  party: {
    at: 'receptor',
    fields: { name: 'nombre', docType: 'tipoDocumento', docNumber: 'numDocumento', country: 'codPais' },
    countryCodes: 'cat020',
  },
  items: FEX_ITEM,
  related: null,
  payments: PAYMENTS,
  iva: 'none',
};
