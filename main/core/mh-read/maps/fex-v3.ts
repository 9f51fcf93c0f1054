// Factura de exportación, fe-fex-v3 (Normativa DTE v2.0): CAT-020 as ISO 3166-1 alpha-2 codes (GT, HN, US).
import type { DteMap } from '../field-map';
import { FEX_ITEM } from './fex-v1';
import { IDENTIFICATION, PAYMENTS, RELATED, THIRD_PARTY } from './shared-fields';

export const FEX_V3: DteMap = {
  kind: 'FEX',
  version: 3,
  schema: 'v2-2026/fe-fex-v3.json',
  fields: {
    ...IDENTIFICATION,
    ...THIRD_PARTY,
    totalGravada: 'resumen.totalGravada',
    descuGravada: 'resumen.descuGravada',
    montoTotalOperacion: 'resumen.montoTotalOperacion',
    totalPagar: 'resumen.totalPagar',
    condicionOperacion: 'resumen.condicionOperacion',
    exportItems: 'emisor.tipoItemExpor',
  },
  party: {
    at: 'receptor',
    fields: { name: 'nombre', docType: 'tipoDocumento', docNumber: 'numDocumento', country: 'codPais' },
    countryCodes: 'iso',
  },
  items: FEX_ITEM,
  related: RELATED,
  payments: PAYMENTS,
  iva: 'none',
};
