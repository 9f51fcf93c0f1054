// Documento contable de liquidación, fe-dcl-v1 (legacy) and fe-dcl-v2 (Normativa DTE v2.0): one liquidation in
// cuerpoDocumento (an object, not lines), what the collection agent pays in liquidoApagar.
import type { DteMap } from '../field-map';
import { IDENTIFICATION } from './shared-fields';

export const DCL_V1: DteMap = {
  kind: 'DCL',
  version: 1,
  schema: 'legacy-v1-2023/fe-dcl-v1.json',
  fields: {
    ...IDENTIFICATION,
    montoTotalOperacion: 'cuerpoDocumento.valorOperaciones',
    ivaPercibido: 'cuerpoDocumento.ivaPercibido',
    totalPagar: 'cuerpoDocumento.liquidoApagar',
  },
  party: { at: 'receptor', fields: { name: 'nombre', nit: 'nit', nrc: 'nrc' } },
  items: null,
  related: null,
  payments: null,
  iva: 'none',
};

export const DCL_V2: DteMap = { ...DCL_V1, version: 2, schema: 'v2-2026/fe-dcl-v2.json' };
