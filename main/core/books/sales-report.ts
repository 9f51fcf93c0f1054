// The month (or the day) at a glance: sales by day and by kind, IVA, retentions, the products that sold most,
// and the documents that need someone (waiting for MH, rejected). Sales count from issue, not from MH's seal:
// pending documents are in, rejected and invalidated ones out; an NC subtracts.
import type { AttentionDocument, KindFigures, ProductFigures, ReportQuery, SalesReport } from '../../../shared/books';
import { DTE_KINDS, type DteKind } from '../../../shared/contract';
import { ZERO, type Dec } from '../../../shared/tax';
import { decimalAmount } from './annex-cells';
import type { BookDocument, BookLine } from './book-document';
import { money } from './book-columns';
import { NO_CENTS, minus, neg, plus, type Cents } from './cents';
import { daysBetween } from './period';

const SALES: readonly DteKind[] = ['FC', 'CCF', 'ND', 'NC', 'FEX'];
const PENDING = new Set(['CREATED', 'PROCESSING']);
const TOP = 10;
const ATTENTION_LIST = 50;

/** A description as a person means it: no case, no accents, one space between words. */
const foldName = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().trim().replace(/\s+/g, ' ');
const counts = (d: BookDocument) => d.status !== 'REJECTED' && d.status !== 'INVALIDATED';
const signed = (d: BookDocument, v: Cents) => (d.kind === 'NC' ? neg(v) : v);

type Product = { code: string | null; description: string; quantity: Dec; total: Dec };

/** `docs`: every document issued in the query's dates; the point and cashier filters are applied here. */
export function salesReport(docs: readonly BookDocument[], q: ReportQuery): SalesReport {
  const fold = salesReportFold(q);
  docs.forEach((d) => fold.add(d));
  return fold.result();
}

/**
 * The report summed as the period's documents go by (docs/decisions/0043-books-in-constant-memory.md): what it
 * holds grows with the days, points, people and products, never with the documents.
 */
export function salesReportFold(q: ReportQuery) {
  const points = new Set<string>();
  const cashiers = new Map<string, string>();
  const day = new Map(daysBetween(q.from, q.to).map((date) => [date, { sales: NO_CENTS, iva: NO_CENTS, documents: 0 }]));
  const byKind = new Map(DTE_KINDS.map((kind) => [kind, { count: 0, total: NO_CENTS, iva: NO_CENTS }]));
  const totals = {
    sales: NO_CENTS,
    iva: NO_CENTS,
    retained: NO_CENTS,
    perceived: NO_CENTS,
    documents: 0,
    returns: NO_CENTS,
    returnsCount: 0,
  };
  // Sales first; an NC then takes back from the products it names (a line of its own is not a product sold).
  // One product is one code; a line typed without a code joins the coded product of the same description, which may
  // come later in the period: lines are kept by what they say (`#code`, `~description`) and joined at the end. All
  // amounts net of IVA, so an FC's shelf prices and a CCF's net prices add up on one basis (decision 0039).
  const sold = new Map<string, Product>();
  const returned = new Map<string, { quantity: Dec; total: Dec }>();
  const named = new Map<string, { key: string; code: string; description: string }>();
  const attention: AttentionDocument[] = [];
  let pending = 0;
  let rejected = 0;
  const said = (l: BookLine) => (l.code ? `#${l.code.trim().toLowerCase()}` : `~${foldName(l.description)}`);

  const add = (d: BookDocument) => {
    points.add(d.point);
    if (d.issuedBy) cashiers.set(d.issuedBy, d.issuedByName ?? d.issuedBy);
    if ((q.pos && d.point !== q.pos) || (q.cashier && d.issuedBy !== q.cashier)) return;
    if (PENDING.has(d.status) || d.status === 'REJECTED') {
      if (PENDING.has(d.status)) pending += 1;
      else rejected += 1;
      if (attention.length < ATTENTION_LIST)
        attention.push({ id: d.id, kind: d.kind, controlNumber: d.controlNumber, status: d.status, date: d.date, total: money(d.total) });
    }
    if (!counts(d)) return;
    const k = byKind.get(d.kind)!;
    k.count += 1;
    k.total = plus(k.total, signed(d, d.total));
    k.iva = plus(k.iva, signed(d, d.iva));
    if (!SALES.includes(d.kind)) return;
    const f = day.get(d.date);
    if (f) {
      f.sales = plus(f.sales, signed(d, d.total));
      f.iva = plus(f.iva, signed(d, d.iva));
      f.documents += 1;
    }
    totals.sales = plus(totals.sales, signed(d, d.total));
    totals.iva = plus(totals.iva, signed(d, d.iva));
    totals.retained = plus(totals.retained, signed(d, d.ivaRetenido));
    totals.perceived = plus(totals.perceived, signed(d, d.ivaPercibido));
    totals.documents += 1;
    for (const l of d.lines()) {
      if (l.code && !named.has(foldName(l.description)))
        named.set(foldName(l.description), { key: `#${l.code.trim().toLowerCase()}`, code: l.code, description: l.description });
      if (d.kind === 'NC') {
        const r = returned.get(said(l)) ?? { quantity: ZERO, total: ZERO };
        returned.set(said(l), { quantity: r.quantity.plus(l.quantity), total: r.total.plus(l.net) });
      } else if (!l.amount.isZero()) {
        const p = sold.get(said(l)) ?? { code: l.code, description: l.description, quantity: ZERO, total: ZERO };
        p.quantity = p.quantity.plus(l.quantity);
        p.total = p.total.plus(l.net);
        sold.set(said(l), p);
      }
    }
  };

  /**
   * An Evento de Retorno on an FE or FEX (books/book-return.ts): its value and IVA come out of its day's sales and
   * the period's. It names no cashier (a supervisor makes it), so a report of one cashier leaves returns out.
   */
  const addReturn = (r: BookDocument) => {
    if ((r.kind !== 'FC' && r.kind !== 'FEX') || r.invalidatedOn !== null || q.cashier || (q.pos && r.point !== q.pos)) return;
    const f = day.get(r.date);
    if (f) {
      f.sales = minus(f.sales, r.total);
      f.iva = minus(f.iva, r.iva);
    }
    totals.sales = minus(totals.sales, r.total);
    totals.iva = minus(totals.iva, r.iva);
    totals.returns = plus(totals.returns, r.total);
    totals.returnsCount += 1;
  };

  const products = (): Product[] => {
    // A description typed without a code joins the coded product of that description, under its code and name.
    const keyOf = (key: string) => (key.startsWith('~') ? (named.get(key.slice(1))?.key ?? key) : key);
    const joined = new Map<string, Product>();
    for (const [key, p] of sold) {
      const byName = key.startsWith('~') ? named.get(key.slice(1)) : undefined;
      const j = joined.get(keyOf(key)) ?? {
        code: p.code ?? byName?.code ?? null,
        description: byName ? byName.description : p.description,
        quantity: ZERO,
        total: ZERO,
      };
      j.quantity = j.quantity.plus(p.quantity);
      j.total = j.total.plus(p.total);
      joined.set(keyOf(key), j);
    }
    for (const [key, r] of returned) {
      const p = joined.get(keyOf(key));
      if (!p) continue;
      p.quantity = p.quantity.minus(r.quantity);
      p.total = p.total.minus(r.total);
    }
    return [...joined.values()];
  };

  return {
    add,
    addReturn,
    result(): SalesReport {
      const topProducts: ProductFigures[] = products()
        .filter((p) => p.total.greaterThan(0))
        .sort((a, b) => b.total.comparedTo(a.total) || a.description.localeCompare(b.description))
        .slice(0, TOP)
        .map((p) => ({ code: p.code, description: p.description, quantity: p.quantity.toFixed(), total: decimalAmount(p.total) }));
      return {
        query: q,
        byDay: [...day].map(([date, f]) => ({ date, sales: money(f.sales), iva: money(f.iva), documents: f.documents })),
        byKind: [...byKind].map(([kind, k]): KindFigures => ({ kind, count: k.count, total: money(k.total), iva: money(k.iva) })),
        totals: {
          sales: money(totals.sales),
          iva: money(totals.iva),
          retained: money(totals.retained),
          perceived: money(totals.perceived),
          documents: totals.documents,
          returns: money(totals.returns),
          returnsCount: totals.returnsCount,
        },
        topProducts,
        attention: { pending, rejected, documents: attention },
        options: {
          points: [...points].sort(),
          cashiers: [...cashiers].map(([id, name]) => ({ id, name })).sort((a, b) => a.name.localeCompare(b.name)),
        },
      };
    },
  };
}
