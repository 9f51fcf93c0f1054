// What the day's close prints, on the receipt printer (close-receipt.ts) and on letter paper: its header and its
// sections of label/value lines, in Spanish, amounts as on every other paper (format.ts).
import { kindTally, type DayClose, type DrawerPulse, type FloatLine, type RecordedRefundMethod, type Tally } from '../../../shared/close';
import { DTE_KINDS, type DteKind } from '../../../shared/contract';
import type { StoredStation } from '../station/profile';
import type { PriceOverride } from '../../../shared/price-overrides';
import { date, money } from './format';

export interface ClosePaper {
  readonly close: DayClose;
  readonly station: StoredStation;
  /** The prices sold below the shelf in the close's scope and period (docs/decisions/0074-price-overrides-and-scans.md). */
  readonly priceOverrides?: readonly PriceOverride[];
}

export interface CloseSection {
  readonly title: string;
  readonly lines: readonly (readonly [string, string])[];
}

export interface CloseSheet {
  readonly company: readonly string[];
  readonly title: string;
  readonly demo: boolean;
  readonly header: readonly (readonly [string, string])[];
  readonly sections: readonly CloseSection[];
  readonly footer: readonly (readonly [string, string])[];
}

export const KIND_NAMES: Readonly<Record<DteKind, string>> = {
  FC: 'Facturas (FC)',
  CCF: 'Créditos fiscales (CCF)',
  NC: 'Notas de crédito (NC)',
  ND: 'Notas de débito (ND)',
  CR: 'Comprobantes de retención (CR)',
  FSE: 'Sujeto excluido (FSE)',
  FEX: 'Exportación (FEX)',
  NR: 'Notas de remisión (NR)',
  CL: 'Comprobantes de liquidación (CL)',
  DCL: 'Documentos contables de liquidación (DCL)',
  CD: 'Comprobantes de donación (CD)',
};

const RETENTIONS: Readonly<Record<string, string>> = {
  ivaRetained: 'IVA retenido por clientes',
  rentaRetained: 'Renta retenida por clientes',
  crIvaRetained: 'IVA retenido a proveedores (CR)',
  fseIvaRetained: 'IVA retenido a sujetos excluidos (FSE)',
  fseRentaRetained: 'Renta retenida a sujetos excluidos (FSE)',
};

const DRAWER: Readonly<Record<string, string>> = {
  openingFloat: 'fondo inicial',
  cashSales: 'ventas en efectivo',
  cashRefunds: 'devoluciones en efectivo',
  withdrawals: 'retiros de efectivo',
  handedIn: 'recibido de otra persona',
  handedOut: 'entregado a otra persona',
  expected: 'efectivo esperado',
  counted: 'efectivo contado',
  overShort: 'sobrante (+) o faltante (−)',
};

/** 2026-11-22T08:05:00-06:00 → 22/11/2026 08:05:00. */
export const localStamp = (iso: string): string => `${date(iso)} ${iso.slice(11, 19)}`;

const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const counted = (t: Tally) => `${t.count} · ${money(t.total)}`;

/** A figure's name (`byKind.FC.total`, `payments.01.count`) in words. */
export function figureLabel(name: string, close: DayClose): string {
  const [head = '', key = '', part = ''] = name.split('.');
  const what = (p: string) => (p === 'count' ? 'cantidad' : 'total');
  if (head === 'byKind') return `${KIND_NAMES[key as DteKind] ?? key}: ${what(part)}`;
  if (head === 'payments') {
    const p = close.summary.payments.find((x) => x.code === key);
    return `${capital(p?.name ?? `forma de pago ${key}`)}: ${what(part)}`;
  }
  if (head === 'retentions') return RETENTIONS[key] ?? key;
  if (head === 'reconciliation') {
    const l = close.summary.reconciliation?.lines.find((x) => x.key === name.slice('reconciliation.'.length));
    return `Cuadre: ${l?.label ?? key}`;
  }
  if (head === 'drawer') return `Efectivo en caja: ${DRAWER[key] ?? key}`;
  const names: Record<string, string> = {
    netSales: 'Venta neta',
    iva: 'IVA',
    onCredit: 'Al crédito',
    invalidated: 'Invalidados',
    rejected: 'Rechazados',
    pending: 'Pendientes de MH',
  };
  return key ? `${names[head] ?? head}: ${what(key)}` : (names[head] ?? head);
}

const isCount = (name: string) => name.endsWith('.count');
const shown = (name: string, v: string) => (isCount(name) ? v : money(v));
const signed = (name: string, v: string) => (v.startsWith('-') ? shown(name, v) : `+${shown(name, v)}`);

/** How the money adds up to the net sales, line by line, and the drawer when it was counted. */
function reconciliationSections(c: DayClose): CloseSection[] {
  const r = c.summary.reconciliation;
  const dr = c.summary.drawer;
  const out: CloseSection[] = [];
  if (r) {
    out.push({
      title: 'Cuadre con la venta neta',
      lines: [...r.lines.map((l) => [`${capital(l.label)} (${l.count})`, money(l.amount)] as const), ['= Venta neta', money(r.netSales)]],
    });
  }
  if (dr) {
    out.push({
      title: 'Efectivo en caja',
      lines: [
        ...floatLines(dr.floats ?? []),
        ['Fondo inicial', money(dr.openingFloat)],
        ['+ Ventas en efectivo', money(dr.cashSales)],
        ['− Devoluciones en efectivo (NC y devoluciones)', money(dr.cashRefunds)],
        // Cash moved during the shift, only when something moved (close/cash-movements.ts).
        ...(dr.withdrawals ? [['− Retiros de efectivo', money(dr.withdrawals)] as const] : []),
        ...(dr.handedOut ? [['− Entregado a otra persona', money(dr.handedOut)] as const] : []),
        ...(dr.handedIn ? [['+ Recibido de otra persona', money(dr.handedIn)] as const] : []),
        ['= Efectivo esperado', money(dr.expected)],
        ['Efectivo contado', money(dr.counted)],
        [overShortLabel(dr.overShort), money(dr.overShort)],
      ],
    });
  }
  // Who paid each refund and how (docs/decisions/0073-money-follows-the-person.md).
  const refunds = c.summary.refunds ?? [];
  if (refunds.length)
    out.push({
      title: 'Devoluciones y notas de crédito',
      lines: refunds.map(
        (r) =>
          [
            `${r.kind === 'NC' ? 'NC' : 'Devolución'} · ${REFUND_METHOD_WORDS[r.method]} · ${r.paidByName ?? r.paidBy ?? 'sin registro'}`,
            money(r.amount),
          ] as const,
      ),
    });
  // Every pulse of the drawer, with what started it; a close from before lists only those with no sale.
  const pulses = c.summary.drawerPulses;
  if (pulses?.length)
    out.push({
      title: 'Aperturas de gaveta',
      lines: pulses.map((k) => [`${localStamp(k.at)} ${PULSE_WORDS[k.cause]}`, k.byName ?? k.by] as const),
    });
  const kicks = c.summary.drawerKicks ?? [];
  if (!pulses && kicks.length)
    out.push({ title: 'Aperturas de gaveta sin venta', lines: kicks.map((k) => [localStamp(k.at), k.byName ?? k.by] as const) });
  return out;
}

/** How a refund was settled, in the words of the close (screen and paper). */
export const REFUND_METHOD_WORDS: Record<RecordedRefundMethod, string> = {
  cash: 'efectivo',
  card: 'tarjeta',
  account: 'abono a la cuenta',
  unknown: 'POS, sin decir cómo',
};
export const PULSE_WORDS: Record<DrawerPulse['cause'], string> = { sale: 'venta', refund: 'devolución', manual: 'sin venta' };

/** Each float recorded, and when a supervisor corrected it, both figures and why. */
function floatLines(floats: readonly FloatLine[]): (readonly [string, string])[] {
  return floats.flatMap((f) => {
    const who = f.name ?? f.scope;
    const recorded = [`Fondo registrado (${who})`, money(f.recorded)] as const;
    if (!f.correction) return [recorded];
    return [
      recorded,
      [`Fondo corregido por ${f.correction.correctedByName ?? f.correction.correctedBy}`, money(f.correction.amount)] as const,
      [`Motivo: ${f.correction.reason}`, ''] as const,
    ];
  });
}

/** Each price sold below the shelf: the document and product, both prices, who asked and who approved. */
function overrideSection(list: readonly PriceOverride[]): CloseSection {
  return {
    title: 'Precios bajo el de estante',
    lines: list.flatMap((o) => [
      [`${o.controlNumber.slice(-6)} ${o.productCode} × ${o.quantity}`, `${money(o.shelfPrice)} → ${money(o.price)}`] as const,
      [`Pidió ${o.askedByName ?? o.askedBy}`, `aprobó ${o.approvedByName ?? o.approvedBy}`] as const,
    ]),
  };
}

/** Over/short in words: a shortage is what the drawer lacks. */
export const overShortLabel = (v: string): string => (v.startsWith('-') ? 'Faltante' : /^0(\.0+)?$/.test(v) ? 'Cuadra exacto' : 'Sobrante');

export function closeSheet(p: ClosePaper): CloseSheet {
  const c = p.close;
  const s = c.summary;
  const co = p.station.company;
  const sections: CloseSection[] = [
    {
      title: 'Documentos aprobados',
      lines: DTE_KINDS.filter((k) => kindTally(s, k).count > 0).map((k) => [KIND_NAMES[k], counted(kindTally(s, k))] as const),
    },
    { title: 'Venta neta', lines: [['FC + CCF + ND + FEX − NC', money(s.netSales)]] },
    {
      title: 'Formas de pago',
      lines: [
        ...s.payments.map((x) => [`${x.code} ${capital(x.name)}`, counted(x)] as const),
        ['Al crédito', counted(s.onCredit)] as const,
      ],
    },
    ...reconciliationSections(c),
    { title: 'Impuestos', lines: [['IVA', money(s.iva)]] },
    { title: 'Retenciones', lines: Object.entries(s.retentions).map(([k, v]) => [RETENTIONS[k] ?? k, money(v)] as const) },
    {
      title: 'Invalidados',
      lines: [['Invalidados', counted(s.invalidated)], ...s.invalidated.documents.map((d) => [d.controlNumber, money(d.total)] as const)],
    },
    ...(s.returns && s.returns.count > 0
      ? [
          {
            title: 'Devoluciones (Eventos de Retorno)',
            lines: [
              ['Devoluciones', counted(s.returns)],
              ['De ellas, en efectivo de la caja', money(s.returns.cash)],
            ] as const,
          },
        ]
      : []),
    {
      title: 'Otros',
      lines: [
        ['Rechazados por MH', String(s.rejected.count)],
        ['Pendientes de MH', counted(s.pending)],
      ],
    },
  ];
  if (p.priceOverrides?.length) sections.push(overrideSection(p.priceOverrides));
  if (c.difference) {
    const d = c.difference;
    sections.push({
      title: 'Diferencia con el cierre anterior',
      lines: [
        ['Cierre anterior', c.previous ?? ''],
        ...Object.entries(d.figures).map(
          ([name, f]) => [figureLabel(name, c), `${signed(name, f.change)} (${shown(name, f.before)} → ${shown(name, f.after)})`] as const,
        ),
        ['Documentos nuevos', String(d.newDocuments.length)],
        ...d.newDocuments.map((x) => [x.controlNumber, `${x.status} ${money(x.total)}`] as const),
        ['Cambiaron de estado', String(d.changed.length)],
        ...d.changed.map((x) => [x.controlNumber, `${x.from} → ${x.to}`] as const),
      ],
    });
  }
  return {
    company: [co.commercialName ?? co.name, co.name, `NIT ${co.nit} · NRC ${co.nrc}`].filter((v, i, a) => a.indexOf(v) === i),
    title: 'CORTE DE CAJA',
    demo: p.station.demo === true,
    header: [
      ['Caja', c.scope === 'station' ? `Estación completa (${c.scopeName})` : `${c.scopeName} (${c.scope.slice('user:'.length)})`],
      ['Sucursal y punto de venta', `${p.station.branch.mhCode} / ${p.station.branch.posNumber}`],
      ['Desde', localStamp(c.from)],
      ['Hasta', localStamp(c.to)],
      ['Cerrado', localStamp(c.closedAt)],
      ['Cerró', c.closedByName ?? c.closedBy],
    ],
    sections,
    footer: [
      ['Cierre', c.id],
      ['Huella SHA-256', c.hash],
    ],
  };
}
