// Nota de remisión, fe-nr-v3 (legacy) and fe-nr-v4 (Normativa DTE v2.0): a sale's lines and summary without a
// payment, a receptor by document; v4 only drops the extension block and adds resumen.observaciones.
import type { DteMap } from '../field-map';
import { BY_DOCUMENT, IDENTIFICATION, RELATED, SALE_ITEM, THIRD_PARTY } from './shared-fields';

const NR_FIELDS = {
  ...IDENTIFICATION,
  ...THIRD_PARTY,
  totalExenta: 'resumen.totalExenta',
  totalNoSuj: 'resumen.totalNoSuj',
  totalGravada: 'resumen.totalGravada',
  descuExenta: 'resumen.descuExenta',
  descuNoSuj: 'resumen.descuNoSuj',
  descuGravada: 'resumen.descuGravada',
  tributos: 'resumen.tributos',
  subTotal: 'resumen.subTotal',
  montoTotalOperacion: 'resumen.montoTotalOperacion',
} as const;

export const NR_V3: DteMap = {
  kind: 'NR',
  version: 3,
  schema: 'legacy-v1-2023/fe-nr-v3.json',
  fields: NR_FIELDS,
  party: { at: 'receptor', fields: BY_DOCUMENT },
  items: SALE_ITEM,
  related: RELATED,
  payments: null,
  iva: 'tributo20',
};

export const NR_V4: DteMap = { ...NR_V3, version: 4, schema: 'v2-2026/fe-nr-v4.json' };
