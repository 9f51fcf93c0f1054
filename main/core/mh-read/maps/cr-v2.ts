// Comprobante de retención, fe-cr-v2 (Normativa DTE v2.0): totalIVAretenido renamed totalIvaRetenido.
import type { DteMap } from '../field-map';
import { CR_ITEM_V1 } from './cr-v1';
import { BY_DOCUMENT, IDENTIFICATION } from './shared-fields';

export const CR_V2: DteMap = {
  kind: 'CR',
  version: 2,
  schema: 'v2-2026/fe-cr-v2.json',
  fields: { ...IDENTIFICATION, totalRetenido: 'resumen.totalIvaRetenido' },
  party: { at: 'receptor', fields: BY_DOCUMENT },
  items: CR_ITEM_V1,
  related: null,
  payments: null,
  iva: 'none',
};
