// Nota de crédito and nota de débito, fe-nc-v3 and fe-nd-v3 (legacy): a CCF's summary without payments or
// totalPagar (the note is worth its montoTotalOperacion), a receptor by NIT.
import type { DteKind } from '../../../../shared/contract';
import type { DteMap } from '../field-map';
import { IDENTIFICATION, RELATED, SALE_ITEM, SALE_TOTALS, THIRD_PARTY } from './shared-fields';

const noteV3 = (kind: Extract<DteKind, 'NC' | 'ND'>): DteMap => ({
  kind,
  version: 3,
  schema: `legacy-v1-2023/fe-${kind.toLowerCase()}-v3.json`,
  fields: {
    ...IDENTIFICATION,
    ...SALE_TOTALS,
    ...THIRD_PARTY,
    tributos: 'resumen.tributos',
    ivaRetenido: 'resumen.ivaRete1',
    ivaPercibido: 'resumen.ivaPerci1',
    reteRenta: 'resumen.reteRenta',
    subTotal: 'resumen.subTotal',
  },
  party: { at: 'receptor', fields: { name: 'nombre', nit: 'nit', nrc: 'nrc' } },
  items: SALE_ITEM,
  related: RELATED,
  payments: null,
  iva: 'tributo20',
});

export const NC_V3 = noteV3('NC');
export const ND_V3 = noteV3('ND');
