// The day's close computed: a pure function over the period's documents (dte/documents-repo.ts
// `documentsInPeriod`), and the difference against an earlier close. Exact decimals (shared/tax), 2 places.
import { paymentMethodName } from '../../../shared/catalogs/display';
import type {
  ClosedDocument,
  CloseDifference,
  CloseSummary,
  DrawerReconciliation,
  FloatLine,
  PaymentTally,
  Reconciliation,
  ReconciliationLine,
  Tally,
} from '../../../shared/close';
import { kindTally } from '../../../shared/close';
import { DTE_KINDS, type DteKind } from '../../../shared/contract';
import type { DteStatus } from '../../../shared/records';
import { Dec, ZERO, dec, round2, sum } from '../../../shared/tax';
import type { CloseRow } from '../dte/documents-repo';
import { readDte, type DteReading } from '../mh-read/read-dte';

/** Sales that bring money in (or take it back, NC): the net sales and the payments. */
const SALES: readonly DteKind[] = ['FC', 'CCF', 'ND', 'NC', 'FEX'];
/** CAT-016 condicionOperacion: 1 is cash (contado), 2 a sale on credit. */
const CASH_CONDITION = 1;
const ON_CREDIT = 2;
/** CAT-017: billetes y monedas, the method that goes into the drawer. */
const CASH_METHOD = '01';

const money = (d: Dec): string => round2(d).toFixed(2);
const PENDING: readonly string[] = ['CREATED', 'PROCESSING'];

interface Acc {
  count: number;
  total: Dec;
}
const acc = (): Acc => ({ count: 0, total: ZERO });
const add = (a: Acc, amount: Dec) => {
  a.count += 1;
  a.total = a.total.plus(amount);
};
const tally = (a: Acc): Tally => ({ count: a.count, total: money(a.total) });

/** The document as MH's JSON says it, through the one reader of each schema version; null before it was built. */
const readingOf = (row: CloseRow): DteReading | null =>
  row.mh_json ? readDte(row.kind as DteKind, JSON.parse(row.mh_json) as unknown) : null;

/** The document's total as the close counts it: an NC subtracts. */
const signedTotal = (row: CloseRow): Dec => (row.kind === 'NC' ? dec(row.total).neg() : dec(row.total));

/**
 * The close's figures for these documents (those of one period and scope), and the drawer when it was counted.
 * A credit sale's payments are a promise, not money received: it counts under `onCredit` only. An NC made
 * "al contado" is money paid back from the drawer; one on credit is credited to the customer's account.
 */
/** The drawer as the close takes it: the float (recorded at the shift's start, or typed now) and the count. */
export interface DrawerInput {
  readonly openingFloat: string;
  readonly counted: string;
  readonly openedAt?: string;
  readonly openedByName?: string | null;
  /** Each float recorded in the period, as recorded and as corrected (docs/decisions/0073-money-follows-the-person.md). */
  readonly floats?: readonly FloatLine[];
  /** Cash withdrawn, handed in and handed out during the period (close/cash-movements.ts). */
  readonly movements?: { readonly withdrawn: Dec; readonly handedIn: Dec; readonly handedOut: Dec };
}

/** A return of the period as the close counts it: its value, the IVA it gives back, and whether it went back in cash. */
export interface CloseReturn {
  readonly id: string;
  readonly total: Dec;
  readonly iva: Dec;
  readonly cash: boolean;
}

/** How an NC was settled: its refund's record (close/refunds.ts), or for an NC from before, its condicionOperacion. */
export function ncMethod(refund: { readonly method: string } | undefined, condition: number | null): string {
  return refund?.method ?? (condition === CASH_CONDITION ? 'cash' : 'account');
}

export function summarize(
  rows: readonly CloseRow[],
  counted: DrawerInput | null = null,
  returns: readonly CloseReturn[] = [],
  refunds: ReadonlyMap<string, { readonly method: string }> = new Map(),
): CloseSummary {
  const byKind = Object.fromEntries(DTE_KINDS.map((k) => [k, acc()])) as Record<DteKind, Acc>;
  const payments = new Map<string, Acc>();
  const onCredit = acc();
  const debitNotes = acc();
  const ncCash = acc();
  const ncCredit = acc();
  const ncCard = acc();
  const ncUnknown = acc();
  const pending = acc();
  const pendingByKind: Partial<Record<DteKind, Acc>> = {};
  const invalidated = acc();
  const invalidatedDocs: CloseSummary['invalidated']['documents'][number][] = [];
  let rejected = 0;
  let iva = ZERO;
  const ret = { ivaRetained: ZERO, rentaRetained: ZERO, crIvaRetained: ZERO, fseIvaRetained: ZERO, fseRentaRetained: ZERO };
  const documents: ClosedDocument[] = [];

  for (const row of rows) {
    const kind = row.kind as DteKind;
    const total = signedTotal(row);
    documents.push({ id: row.id, kind, controlNumber: row.control_number, status: row.status as DteStatus, total: money(total) });
    if (PENDING.includes(row.status)) {
      add(pending, total);
      add((pendingByKind[kind] ??= acc()), total);
      continue;
    }
    if (row.status === 'REJECTED') {
      rejected += 1;
      continue;
    }
    if (row.status === 'INVALIDATED') {
      add(invalidated, total);
      invalidatedDocs.push({ id: row.id, kind, controlNumber: row.control_number, total: money(total) });
      continue;
    }
    if (row.status !== 'APPROVED') continue;
    add(byKind[kind], total);
    const mh = readingOf(row);
    if (!mh) continue;
    const a = mh.amounts;
    const sign = kind === 'NC' ? -1 : 1;
    // FE: its totalIva; CCF, NC, ND: the IVA 13 % (the reader knows each version's field).
    if (kind === 'FC' || kind === 'CCF' || kind === 'ND' || kind === 'NC') iva = iva.plus(dec(a.iva).times(sign));
    if (kind === 'FC' || kind === 'CCF' || kind === 'ND' || kind === 'NC') {
      ret.ivaRetained = ret.ivaRetained.plus(dec(a.ivaRetenido).times(sign));
      ret.rentaRetained = ret.rentaRetained.plus(dec(a.reteRenta).times(sign));
    }
    if (kind === 'CR') ret.crIvaRetained = ret.crIvaRetained.plus(dec(a.totalRetenido));
    if (kind === 'FSE') {
      ret.fseIvaRetained = ret.fseIvaRetained.plus(dec(a.ivaRetenido));
      ret.fseRentaRetained = ret.fseRentaRetained.plus(dec(a.reteRenta));
    }
    if (kind === 'NC') {
      const method = ncMethod(refunds.get(row.id), mh.condition);
      add(method === 'cash' ? ncCash : method === 'card' ? ncCard : method === 'account' ? ncCredit : ncUnknown, total);
    }
    if (kind === 'ND') add(debitNotes, total);
    if (kind === 'FC' || kind === 'CCF' || kind === 'FEX') {
      if (mh.condition === ON_CREDIT || mh.payments.length === 0) {
        add(onCredit, total);
        continue;
      }
      for (const p of mh.payments) {
        const a = payments.get(p.code) ?? acc();
        add(a, dec(p.amount));
        payments.set(p.code, a);
      }
    }
  }

  const paymentList: PaymentTally[] = [...payments.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([code, a]) => ({ code, name: paymentMethodName(code) ?? `código ${code}`, ...tally(a) }));
  // The books and the sales report take a return out of its day's sales and IVA; the close says the same.
  const returnsTotal = sum(returns.map((r) => r.total));
  const netSales = sum(SALES.map((k) => byKind[k].total)).minus(returnsTotal);
  iva = iva.minus(sum(returns.map((r) => r.iva)));
  const reconciliation = reconcile(netSales, [
    ...paymentList.map((p) => ({ key: `payment.${p.code}`, label: p.name, count: p.count, amount: p.total })),
    { key: 'onCredit', label: 'ventas al crédito (por cobrar)', ...line(onCredit) },
    { key: 'debitNotes', label: 'notas de débito', ...line(debitNotes) },
    { key: 'ncCash', label: 'notas de crédito devueltas en efectivo', ...line(ncCash) },
    { key: 'ncCard', label: 'notas de crédito devueltas a la tarjeta', ...line(ncCard) },
    { key: 'ncCredit', label: 'notas de crédito abonadas a la cuenta del cliente', ...line(ncCredit) },
    { key: 'ncUnknown', label: 'notas de crédito del POS (no dijo cómo se devolvió)', ...line(ncUnknown) },
    { key: 'returns', label: 'devoluciones de mercadería (Eventos de Retorno)', count: returns.length, amount: money(returnsTotal.neg()) },
  ]);
  const cashSales = dec(payments.get(CASH_METHOD)?.total);
  const cashReturns = sum(returns.filter((r) => r.cash).map((r) => r.total));
  return {
    byKind: Object.fromEntries(DTE_KINDS.map((k) => [k, tally(byKind[k])])),
    netSales: money(netSales),
    payments: paymentList,
    onCredit: tally(onCredit),
    iva: money(iva),
    retentions: {
      ivaRetained: money(ret.ivaRetained),
      rentaRetained: money(ret.rentaRetained),
      crIvaRetained: money(ret.crIvaRetained),
      fseIvaRetained: money(ret.fseIvaRetained),
      fseRentaRetained: money(ret.fseRentaRetained),
    },
    invalidated: { ...tally(invalidated), documents: invalidatedDocs },
    rejected: { count: rejected },
    pending: {
      ...tally(pending),
      byKind: Object.fromEntries(Object.entries(pendingByKind).map(([k, a]) => [k, tally(a)])),
    },
    documents,
    reconciliation,
    drawer: counted === null ? null : drawer(counted, cashSales, ncCash.total.minus(cashReturns)),
    returns: {
      count: returns.length,
      total: money(returnsTotal),
      cash: money(cashReturns),
      documents: returns.map((r) => ({ id: r.id, total: money(r.total), cash: r.cash })),
    },
  };
}

const line = (a: Acc) => ({ count: a.count, amount: money(a.total) });

/** The lines that are not zero, and what they leave unexplained against the net sales (nothing, normally). */
function reconcile(netSales: Dec, lines: ReconciliationLine[]): Reconciliation {
  const shown = lines.filter((l) => l.count > 0);
  const gap = netSales.minus(sum(shown.map((l) => dec(l.amount))));
  const unexplained: ReconciliationLine[] = gap.isZero()
    ? []
    : [{ key: 'unexplained', label: 'diferencia sin explicar (revise los pagos de los documentos)', count: 0, amount: money(gap) }];
  return { lines: [...shown, ...unexplained], netSales: money(netSales) };
}

/**
 * Expected cash = float + cash received − cash paid back − withdrawals − handed out + handed in (`cashRefunds` is
 * negative, as NC totals are). The movements' lines are shown only when something moved.
 */
export function drawer(counted: DrawerInput, cashSales: Dec, cashRefunds: Dec): DrawerReconciliation {
  const mv = counted.movements ?? { withdrawn: ZERO, handedIn: ZERO, handedOut: ZERO };
  const expected = dec(counted.openingFloat).plus(cashSales).plus(cashRefunds).minus(mv.withdrawn).minus(mv.handedOut).plus(mv.handedIn);
  return {
    openingFloat: money(dec(counted.openingFloat)),
    ...(counted.openedAt ? { floatOpenedAt: counted.openedAt, floatOpenedByName: counted.openedByName ?? null } : {}),
    ...(counted.floats ? { floats: counted.floats } : {}),
    cashSales: money(cashSales),
    cashRefunds: money(cashRefunds.abs()),
    ...(mv.withdrawn.isZero() ? {} : { withdrawals: money(mv.withdrawn) }),
    ...(mv.handedIn.isZero() ? {} : { handedIn: money(mv.handedIn) }),
    ...(mv.handedOut.isZero() ? {} : { handedOut: money(mv.handedOut) }),
    expected: money(expected),
    counted: money(dec(counted.counted)),
    overShort: money(dec(counted.counted).minus(expected)),
  };
}

/** Every figure of a summary by name (`byKind.FC.total`, `payments.01.count`, `iva`…), as decimal strings. */
export function figures(s: CloseSummary): Map<string, string> {
  const out = new Map<string, string>();
  const put = (name: string, t: Tally) => {
    out.set(`${name}.count`, String(t.count));
    out.set(`${name}.total`, t.total);
  };
  for (const k of DTE_KINDS) put(`byKind.${k}`, kindTally(s, k));
  out.set('netSales', s.netSales);
  for (const p of s.payments) put(`payments.${p.code}`, p);
  put('onCredit', s.onCredit);
  out.set('iva', s.iva);
  for (const [k, v] of Object.entries(s.retentions)) out.set(`retentions.${k}`, v);
  put('invalidated', s.invalidated);
  out.set('rejected.count', String(s.rejected.count));
  put('pending', s.pending);
  for (const l of s.reconciliation?.lines ?? []) out.set(`reconciliation.${l.key}`, l.amount);
  if (s.returns) {
    out.set('returns.count', String(s.returns.count));
    out.set('returns.total', s.returns.total);
    out.set('returns.cash', s.returns.cash);
  }
  // The drawer's amounts only: when and by whom the float was recorded is not a figure.
  if (s.drawer)
    for (const [k, v] of Object.entries(s.drawer) as [string, unknown][])
      if (!k.startsWith('floatOpened') && typeof v === 'string') out.set(`drawer.${k}`, v);
  return out;
}

/** What changed from `before` to `after`: each figure that moved, the new documents, the statuses that changed. */
export function difference(before: CloseSummary, after: CloseSummary): CloseDifference {
  const a = figures(before);
  const b = figures(after);
  const changed: Record<string, { before: string; after: string; change: string }> = {};
  for (const name of new Set([...a.keys(), ...b.keys()])) {
    const was = a.get(name) ?? (name.endsWith('.count') ? '0' : '0.00');
    const now = b.get(name) ?? (name.endsWith('.count') ? '0' : '0.00');
    if (new Dec(was).eq(new Dec(now))) continue;
    const d = new Dec(now).minus(new Dec(was));
    changed[name] = { before: was, after: now, change: name.endsWith('.count') ? d.toFixed(0) : d.toFixed(2) };
  }
  const earlier = new Map(before.documents.map((d) => [d.id, d]));
  return {
    figures: changed,
    newDocuments: after.documents.filter((d) => !earlier.has(d.id)),
    changed: after.documents.flatMap((d) => {
      const was = earlier.get(d.id);
      return was && was.status !== d.status ? [{ id: d.id, controlNumber: d.controlNumber, from: was.status, to: d.status }] : [];
    }),
  };
}
