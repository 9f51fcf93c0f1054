// The quick sale's cart, as plain data and pure functions: lines at shelf prices (IVA included), the FC body
// the contract takes (net prices from shared/tax/shelf-price.ts), the total from the same tax module the core
// uses, and how the customer pays. The screen only renders and edits this.
import type { Product, ProductItemType, SaleType } from '../../../shared/catalog';
import { PAYMENT_CODES } from '../../../shared/catalogs/normative/payment-methods';
import type { Normative } from '../../../shared/normative';
import { checkQuantity } from '../../../shared/quantity';
import { computeSale, dec, netFromShelf, ZERO, type Dec } from '../../../shared/tax';

export interface CartLine {
  /** Stable for React and for focusing the line's inputs. */
  readonly key: string;
  /** The catalog product, or null for an article typed at the counter. */
  readonly productId: string | null;
  readonly code: string | null;
  readonly description: string;
  readonly unitMeasure: string;
  readonly itemType: ProductItemType;
  readonly saleType: SaleType;
  /** As typed: the quantity, and the shelf price per unit (what the consumer pays, IVA included). */
  readonly quantity: string;
  readonly shelfPrice: string;
  /** The catalog's net price while the shelf price is the catalog's; recomputed once the cashier changes it. */
  readonly netPrice: string | null;
}

/** Quantities and prices as typed: digits with a point or a comma, up to 8 decimals. */
const NUMBER = /^\d{1,11}([.,]\d{1,8})?$/;

/** A typed number as a decimal, or null when it is not one (or not above zero). */
export function typed(text: string): Dec | null {
  const t = text.trim();
  if (!NUMBER.test(t)) return null;
  const d = dec(t.replace(',', '.'));
  return d.isPositive() && !d.isZero() ? d : null;
}

/**
 * A line's quantity: whole for a counted unit, up to MH's 8 decimals for a weighed or measured one
 * (shared/quantity.ts; docs/decisions/0072-decimal-quantities.md).
 */
export function typedQuantity(line: Pick<CartLine, 'quantity' | 'unitMeasure'>): Dec | null {
  const q = checkQuantity(line.quantity, line.unitMeasure);
  return q.ok ? q.value : null;
}

/** The product scanned or picked: one more of it when it is already in the cart, else a new line of 1. */
export function addProduct(lines: readonly CartLine[], p: Product, key: string): CartLine[] {
  const i = lines.findIndex((l) => l.productId === p.id);
  if (i >= 0) {
    const line = lines[i]!;
    const q = typed(line.quantity);
    const next = { ...line, quantity: q ? q.plus(1).toString() : '1' };
    return [...lines.slice(0, i), next, ...lines.slice(i + 1)];
  }
  return [
    ...lines,
    {
      key,
      productId: p.id,
      code: p.code,
      description: p.description,
      unitMeasure: p.unitMeasure,
      itemType: p.itemType,
      saleType: p.saleType,
      quantity: '1',
      // Two decimals at least, all of the catalog's when it has more (a price per gram).
      shelfPrice: dec(p.shelfPrice).decimalPlaces() > 2 ? dec(p.shelfPrice).toString() : dec(p.shelfPrice).toFixed(2),
      netPrice: p.netPrice,
    },
  ];
}

/** An article without a catalog entry: described as typed, priced by the cashier. */
export const freeLine = (description: string, key: string): CartLine => ({
  key,
  productId: null,
  code: null,
  description: description.trim().slice(0, 1000),
  unitMeasure: 'UNIDAD',
  itemType: 'BIENES',
  saleType: 'GRAVADA',
  quantity: '1',
  shelfPrice: '',
  netPrice: null,
});

export const setQuantity = (lines: readonly CartLine[], key: string, quantity: string): CartLine[] =>
  lines.map((l) => (l.key === key ? { ...l, quantity } : l));

/** A new shelf price drops the catalog's net price: the net one is derived from what was typed. */
export const setShelfPrice = (lines: readonly CartLine[], key: string, shelfPrice: string): CartLine[] =>
  lines.map((l) => (l.key === key ? { ...l, shelfPrice, netPrice: null } : l));

export const removeLine = (lines: readonly CartLine[], key: string): CartLine[] => lines.filter((l) => l.key !== key);

/**
 * The contract's unitPrice for a line: before IVA for a taxed line (so MH's FC price is the shelf price), the
 * shelf price itself for an exempt or non-subject one (no IVA in it).
 */
export function unitPrice(line: CartLine): Dec | null {
  const shelf = typed(line.shelfPrice);
  if (!shelf) return null;
  if (line.saleType !== 'GRAVADA') return shelf;
  return line.netPrice !== null ? dec(line.netPrice) : netFromShelf(shelf);
}

export interface LineProblem {
  readonly key: string;
  readonly field: 'quantity' | 'shelfPrice' | 'description';
}

/** What stops the cart from becoming a document, line by line. */
export function problems(lines: readonly CartLine[]): LineProblem[] {
  const out: LineProblem[] = [];
  for (const l of lines) {
    if (!l.description.trim()) out.push({ key: l.key, field: 'description' });
    if (!typedQuantity(l)) out.push({ key: l.key, field: 'quantity' });
    if (!unitPrice(l)) out.push({ key: l.key, field: 'shelfPrice' });
  }
  return out;
}

const asNumber = (d: Dec): number => Number(d.toFixed(8));

/** The lines as the contract's FC items (lines with a problem are left out: `problems` says which). */
export function items(lines: readonly CartLine[]) {
  return lines.flatMap((l) => {
    const q = typedQuantity(l);
    const price = unitPrice(l);
    if (!q || !price || !l.description.trim()) return [];
    return [
      {
        type: l.itemType,
        ...(l.code ? { internalCode: l.code } : {}),
        description: l.description.trim(),
        quantity: asNumber(q),
        unitMeasure: l.unitMeasure,
        unitPrice: asNumber(price),
        saleType: l.saleType,
      },
    ];
  });
}

/** Each line's amount and the amount to pay, computed as the core computes the FC. */
export function cartTotals(lines: readonly CartLine[]): { total: Dec; byLine: ReadonlyMap<string, Dec> } {
  const valid = lines.filter((l) => typedQuantity(l) && unitPrice(l) && l.description.trim());
  if (valid.length === 0) return { total: ZERO, byLine: new Map() };
  const sale = computeSale('FC', { items: items(valid) });
  const byLine = new Map(
    valid.map((l, i) => [l.key, sale.lines[i]!.ventaGravada.plus(sale.lines[i]!.ventaExenta).plus(sale.lines[i]!.ventaNoSuj)]),
  );
  return { total: sale.totals.totalPagar, byLine };
}

// ---- Payment --------------------------------------------------------------------------------------------

/** How the customer pays at the counter; each is a CAT-017 method, or cash plus one other. */
export const PAY_METHODS = ['cash', 'debit', 'credit', 'transfer', 'mixed'] as const;
export type PayMethod = (typeof PAY_METHODS)[number];
export const OTHER_METHODS = ['debit', 'credit', 'transfer'] as const;
export type OtherMethod = (typeof OTHER_METHODS)[number];

/** CAT-017: 01 billetes y monedas, 02 tarjeta débito, 03 tarjeta crédito, 05 transferencia. */
export const CAT017: Readonly<Record<'cash' | OtherMethod, string>> = { cash: '01', debit: '02', credit: '03', transfer: '05' };

/** Whether every one of `normatives`' CAT-017 holds `m`'s code (docs/decisions/0086-catalogs-per-normative.md). */
const heldBy = (normatives: readonly Normative[], m: 'cash' | OtherMethod) => normatives.every((n) => PAYMENT_CODES[n].has(CAT017[m]));

/** The methods the counter offers under `normatives`: mixed while cash and another one are offered. */
export function methodsOffered(normatives: readonly Normative[]): { pay: readonly PayMethod[]; other: readonly OtherMethod[] } {
  const other = OTHER_METHODS.filter((m) => heldBy(normatives, m));
  const cash = heldBy(normatives, 'cash');
  const pay = PAY_METHODS.filter((m) => (m === 'mixed' ? cash && other.length > 0 : heldBy(normatives, m)));
  return { pay, other };
}

export interface Payment {
  readonly method: PayMethod;
  /** Cash handed over (cash), or the part paid in cash (mixed). */
  readonly cash: string;
  /** In a mixed payment, what pays the rest: '' until the cashier chooses (never a card by default). */
  readonly other: OtherMethod | '';
  /** The card's last digits or the transfer's number (optional). */
  readonly reference: string;
}

export const emptyPayment = (): Payment => ({ method: 'cash', cash: '', other: '', reference: '' });

/** Money a person types: up to two decimals. */
const MONEY = /^\d{1,11}([.,]\d{1,2})?$/;
const money = (text: string): Dec | null => (MONEY.test(text.trim()) ? dec(text.trim().replace(',', '.')) : null);

export type PaymentCheck =
  | {
      readonly ok: true;
      readonly payments: { method: string; amount: number; reference?: string }[];
      /** Cash back to the customer, when they handed over more than the total. */
      readonly change: Dec | null;
      /** In a mixed payment, what the other method pays. */
      readonly rest: Dec | null;
    }
  /**
   * `short`: the cash given is less than what is due in cash; `cash`: the amount typed is not money;
   * `mixedCash`: the cash part must be less than the total; `mixedOther`: how the rest is paid is not chosen.
   */
  | { readonly ok: false; readonly problem: 'short' | 'cash' | 'mixedCash' | 'mixedOther'; readonly missing?: Dec };

/**
 * The contract's `payments` and the change: cash may be left empty (exact amount); a mixed payment needs a
 * cash part below the total, the rest goes to the other method.
 */
export function checkPayment(p: Payment, total: Dec): PaymentCheck {
  const ref = p.reference.trim() ? { reference: p.reference.trim().slice(0, 50) } : {};
  const amount = (d: Dec) => Number(d.toFixed(2));
  switch (p.method) {
    case 'cash': {
      if (!p.cash.trim()) return { ok: true, payments: [{ method: CAT017.cash, amount: amount(total) }], change: null, rest: null };
      const given = money(p.cash);
      if (!given) return { ok: false, problem: 'cash' };
      if (given.lessThan(total)) return { ok: false, problem: 'short', missing: total.minus(given) };
      return { ok: true, payments: [{ method: CAT017.cash, amount: amount(total) }], change: given.minus(total), rest: null };
    }
    case 'debit':
    case 'credit':
    case 'transfer':
      return { ok: true, payments: [{ method: CAT017[p.method], amount: amount(total), ...ref }], change: null, rest: null };
    case 'mixed': {
      const cash = money(p.cash);
      if (!cash || cash.isZero()) return { ok: false, problem: 'cash' };
      if (!cash.lessThan(total)) return { ok: false, problem: 'mixedCash' };
      if (p.other === '') return { ok: false, problem: 'mixedOther' };
      return {
        ok: true,
        payments: [
          { method: CAT017.cash, amount: amount(cash) },
          { method: CAT017[p.other], amount: amount(total.minus(cash)), ...ref },
        ],
        change: null,
        rest: total.minus(cash),
      };
    }
    default: {
      const never: never = p.method;
      return never;
    }
  }
}

export { usd } from '../money';
