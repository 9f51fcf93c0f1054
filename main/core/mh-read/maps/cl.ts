// Comprobante de liquidación, fe-cl-v1 (legacy) and fe-cl-v2 (Normativa DTE v2.0): its lines are the documents
// the agent issued for the principal; v1 names the receptor by NIT, v2 by document type and number.
import type { DteMap, FieldGroup, ItemField } from '../field-map';
import { BY_DOCUMENT, IDENTIFICATION } from './shared-fields';

const CL_FIELDS = {
  ...IDENTIFICATION,
  totalExenta: 'resumen.totalExenta',
  totalNoSuj: 'resumen.totalNoSuj',
  totalGravada: 'resumen.totalGravada',
  tributos: 'resumen.tributos',
  ivaPercibido: 'resumen.ivaPerci',
  montoTotalOperacion: 'resumen.montoTotalOperacion',
  totalPagar: 'resumen.total',
  condicionOperacion: 'resumen.condicionOperacion',
} as const;

const clItem = (description: string): FieldGroup<ItemField> => ({
  at: 'cuerpoDocumento',
  fields: { description, gravada: 'ventaGravada', exenta: 'ventaExenta', noSuj: 'ventaNoSuj', ivaItem: 'ivaItem' },
});

export const CL_V1: DteMap = {
  kind: 'CL',
  version: 1,
  schema: 'legacy-v1-2023/fe-cl-v1.json',
  fields: CL_FIELDS,
  party: { at: 'receptor', fields: { name: 'nombre', nit: 'nit', nrc: 'nrc' } },
  items: clItem('obsItem'),
  related: null,
  payments: null,
  iva: 'tributo20',
};

export const CL_V2: DteMap = {
  ...CL_V1,
  version: 2,
  schema: 'v2-2026/fe-cl-v2.json',
  party: { at: 'receptor', fields: BY_DOCUMENT },
  items: clItem('observaciones'),
};
