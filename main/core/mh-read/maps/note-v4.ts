// Nota de crédito and nota de débito, fe-nc-v4 and fe-nd-v4 (Normativa DTE v2.0): no resumen discounts (they
// go in the lines), the IVA as totalIva (ND v4's schema keys its tributos "", docs/mh.md, Schema defects we patch), ivaRete and
// ivaPerci, totalPagar, and a receptor by document type and number.
import type { DteKind } from '../../../../shared/contract';
import type { DteMap } from '../field-map';
import { BY_DOCUMENT, IDENTIFICATION, RELATED, SALE_ITEM, THIRD_PARTY } from './shared-fields';

const noteV4 = (kind: Extract<DteKind, 'NC' | 'ND'>): DteMap => ({
  kind,
  version: 4,
  schema: `v2-2026/fe-${kind.toLowerCase()}-v4.json`,
  fields: {
    ...IDENTIFICATION,
    ...THIRD_PARTY,
    totalExenta: 'resumen.totalExenta',
    totalNoSuj: 'resumen.totalNoSuj',
    totalGravada: 'resumen.totalGravada',
    totalIva: 'resumen.totalIva',
    ivaRetenido: 'resumen.ivaRete',
    ivaPercibido: 'resumen.ivaPerci',
    montoTotalOperacion: 'resumen.montoTotalOperacion',
    totalPagar: 'resumen.totalPagar',
    condicionOperacion: 'resumen.condicionOperacion',
  },
  party: { at: 'receptor', fields: BY_DOCUMENT },
  items: SALE_ITEM,
  related: RELATED,
  payments: null,
  iva: 'totalIva',
});

export const NC_V4 = noteV4('NC');
export const ND_V4 = noteV4('ND');
