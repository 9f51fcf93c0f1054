// The month (or the day) at a glance: sales by day and by kind, IVA, retentions, the products that sold most,
// and the documents that need someone (waiting for MH, rejected). Sales count from issue, not from MH's seal:
// pending documents are in, rejected and invalidated ones out; an NC subtracts.
import type { AttentionDocument, KindFigures, ProductFigures, ReportQuery, SalesReport } from '../../../shared/books';
import { DTE_KINDS, type DteKind } from '../../../shared/contract';
import { ZERO, type Dec } from '../../../shared/tax';
import type { BookDocument } from './book-document';
import { money } from './book-columns';
import { daysBetween } from './period';

const SALES: readonly DteKind[] = ['FC', 'CCF', 'ND', 'NC', 'FEX'];
const PENDING = new Set(['CREATED', 'PROCESSING']);
const TOP = 10;
const ATTENTION_LIST = 50;

/** A description as a person means it: no case, no accents, one space between words. */
const foldName = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().trim().replace(/\s+/g, ' ');
const counts = (d: BookDocument) => d.status !== 'REJECTED' && d.status !== 'INVALIDATED';
const signed = (d: BookDocument, v: Dec) => (d.kind === 'NC' ? v.neg() : v);

/** `docs`: every document issued in the query's dates; the point and cashier filters are applied here. */
export function salesReport(docs: readonly BookDocument[], q: ReportQuery): SalesReport {
  const points = [...new Set(docs.map((d) => d.point))].sort();
  const cashiers = new Map<string, string>();
  for (const d of docs) if (d.issuedBy) cashiers.set(d.issuedBy, d.issuedByName ?? d.issuedBy);
  const mine = docs.filter((d) => (!q.pos || d.point === q.pos) && (!q.cashier || d.issuedBy === q.cashier));
  const sales = mine.filter((d) => SALES.includes(d.kind) && counts(d));

  const day = new Map(daysBetween(q.from, q.to).map((date) => [date, { sales: ZERO, iva: ZERO, documents: 0 }]));
  for (const d of sales) {
    const f = day.get(d.date);
    if (!f) continue;
    f.sales = f.sales.plus(signed(d, d.total));
    f.iva = f.iva.plus(signed(d, d.iva));
    f.documents += 1;
  }
  const byKind: KindFigures[] = DTE_KINDS.map((kind) => {
    const of = mine.filter((d) => d.kind === kind && counts(d));
    return {
      kind,
      count: of.length,
      total: money(of.reduce((a, d) => a.plus(signed(d, d.total)), ZERO)),
      iva: money(of.reduce((a, d) => a.plus(signed(d, d.iva)), ZERO)),
    };
  });
  // Sales first; an NC then takes back from the products it names (a line of its own is not a product sold).
  // One product is one code; a line typed without a code joins the coded product of the same description. All
  // amounts net of IVA, so an FC's shelf prices and a CCF's net prices add up on one basis (decision 0039).
  const products = new Map<string, { code: string | null; description: string; quantity: Dec; total: Dec }>();
  const named = new Map<string, { key: string; code: string; description: string }>();
  for (const d of sales)
    for (const l of d.lines)
      if (l.code && !named.has(foldName(l.description)))
        named.set(foldName(l.description), { key: `#${l.code.trim().toLowerCase()}`, code: l.code, description: l.description });
  const keyOf = (l: BookDocument['lines'][number]) =>
    l.code ? `#${l.code.trim().toLowerCase()}` : (named.get(foldName(l.description))?.key ?? `~${foldName(l.description)}`);
  for (const d of sales.filter((x) => x.kind !== 'NC'))
    for (const l of d.lines.filter((x) => !x.amount.isZero())) {
      const key = keyOf(l);
      const byName = named.get(foldName(l.description));
      const p = products.get(key) ?? {
        code: l.code ?? byName?.code ?? null,
        description: l.code ? l.description : (byName?.description ?? l.description),
        quantity: ZERO,
        total: ZERO,
      };
      p.quantity = p.quantity.plus(l.quantity);
      p.total = p.total.plus(l.net);
      products.set(key, p);
    }
  for (const d of sales.filter((x) => x.kind === 'NC'))
    for (const l of d.lines) {
      const p = products.get(keyOf(l));
      if (!p) continue;
      p.quantity = p.quantity.minus(l.quantity);
      p.total = p.total.minus(l.net);
    }
  const topProducts: ProductFigures[] = [...products.values()]
    .filter((p) => p.total.greaterThan(0))
    .sort((a, b) => b.total.comparedTo(a.total) || a.description.localeCompare(b.description))
    .slice(0, TOP)
    .map((p) => ({ code: p.code, description: p.description, quantity: p.quantity.toFixed(), total: money(p.total) }));
  const waiting = mine.filter((d) => PENDING.has(d.status) || d.status === 'REJECTED');
  const attention: AttentionDocument[] = waiting.slice(0, ATTENTION_LIST).map((d) => ({
    id: d.id,
    kind: d.kind,
    controlNumber: d.controlNumber,
    status: d.status,
    date: d.date,
    total: money(d.total),
  }));
  const sum = (pick: (d: BookDocument) => Dec) => money(sales.reduce((a, d) => a.plus(signed(d, pick(d))), ZERO));
  return {
    query: q,
    byDay: [...day].map(([date, f]) => ({ date, sales: money(f.sales), iva: money(f.iva), documents: f.documents })),
    byKind,
    totals: {
      sales: sum((d) => d.total),
      iva: sum((d) => d.iva),
      retained: sum((d) => d.ivaRetenido),
      perceived: sum((d) => d.ivaPercibido),
      documents: sales.length,
    },
    topProducts,
    attention: {
      pending: waiting.filter((d) => PENDING.has(d.status)).length,
      rejected: waiting.filter((d) => d.status === 'REJECTED').length,
      documents: attention,
    },
    options: { points, cashiers: [...cashiers].map(([id, name]) => ({ id, name })).sort((a, b) => a.name.localeCompare(b.name)) },
  };
}
