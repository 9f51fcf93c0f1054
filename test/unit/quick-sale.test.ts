// The quick sale's cart (renderer/src/sale/cart.ts): shelf prices in, the exact FC body and total out, and how
// the customer pays.
import { describe, expect, it } from 'vitest';
import type { Product } from '../../shared/catalog';
import { fcBody as fcSchema } from '../../shared/contract/fc';
import { computeSale, dec, netFromShelf } from '../../shared/tax';
import {
  addProduct,
  cartTotals,
  checkPayment,
  emptyPayment,
  freeLine,
  items,
  problems,
  setQuantity,
  setShelfPrice,
  typed,
  typedQuantity,
  usd,
  type CartLine,
} from '../../renderer/src/sale/cart';

const product = (id: string, shelf: string, saleType: Product['saleType'] = 'GRAVADA'): Product => ({
  id,
  code: `P-${id}`,
  barcodes: [],
  description: `Producto ${id}`,
  unitMeasure: 'UNIDAD',
  itemType: 'BIENES',
  saleType,
  shelfPrice: shelf,
  netPrice: saleType === 'GRAVADA' ? netFromShelf(shelf).toFixed(8) : shelf,
  active: true,
  createdAt: '',
  updatedAt: '',
});
let k = 0;
const key = () => `k${++k}`;
const cart = (...ps: Product[]): CartLine[] => ps.reduce<CartLine[]>((lines, p) => addProduct(lines, p, key()), []);

describe('the cart', () => {
  it('two screws at $0.25 and a hammer at $8.50 total $9.00, as the core computes the FC', () => {
    const screw = product('screw', '0.25');
    const lines = cart(screw, screw, product('hammer', '8.50'));
    expect(lines).toHaveLength(2);
    expect(lines[0]!.quantity).toBe('2');
    const { total, byLine } = cartTotals(lines);
    expect(total.toFixed(2)).toBe('9.00');
    expect(usd(byLine.get(lines[0]!.key)!)).toBe('$0.50');
    // The body passes the contract and the core's own computation gives the same total.
    const body = { id: '11111111-1111-4111-8111-111111111111', items: items(lines) };
    const parsed = fcSchema.safeParse(body);
    expect(parsed.success).toBe(true);
    expect(computeSale('FC', body).totals.totalPagar.toFixed(2)).toBe('9.00');
  });

  it('any shelf prices and quantities: the consumer pays exactly the shelf total', () => {
    // A deterministic walk over prices from $0.01 to $999.99 and quantities 1–40.
    let seed = 7;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31);
    for (let i = 0; i < 400; i += 1) {
      const n = 1 + (next() % 4);
      const ps = Array.from({ length: n }, (_, j) => product(`${i}-${j}`, (1 + (next() % 99999)) / 100 + ''));
      let lines = cart(...ps);
      const quantities = lines.map(() => 1 + (next() % 40));
      lines = lines.reduce((ls, l, j) => setQuantity(ls, l.key, String(quantities[j])), lines);
      const expected = ps.reduce((s, p, j) => s.plus(dec(p.shelfPrice).times(quantities[j]!)), dec(0));
      expect(cartTotals(lines).total.toFixed(2), ps.map((p) => p.shelfPrice).join(',')).toBe(expected.toFixed(2));
    }
  });

  it('a changed shelf price is converted; exempt lines carry no IVA; a free line needs its price', () => {
    let lines = cart(product('a', '1.00'), product('b', '2.00', 'EXENTA'));
    lines = setShelfPrice(lines, lines[0]!.key, '1.50');
    expect(cartTotals(lines).total.toFixed(2)).toBe('3.50');
    const free = freeLine('Llave inglesa', key());
    lines = [...lines, free];
    expect(problems(lines)).toEqual([{ key: free.key, field: 'shelfPrice' }]);
    lines = setShelfPrice(lines, free.key, '4,25');
    expect(problems(lines)).toEqual([]);
    // An article typed at the counter is counted (UNIDAD): whole units (docs/decisions/0072-decimal-quantities.md).
    expect(problems(setQuantity(lines, free.key, '1.5'))).toEqual([{ key: free.key, field: 'quantity' }]);
    expect(cartTotals(lines).total.toFixed(2)).toBe('7.75');
    expect(items(lines)[1]).toMatchObject({ saleType: 'EXENTA', unitPrice: 2 });
  });

  it('reads typed numbers strictly', () => {
    expect(typed('2')?.toString()).toBe('2');
    expect(typed('1,5')?.toString()).toBe('1.5');
    expect(typedQuantity({ quantity: '1,5', unitMeasure: 'UNIDAD' })).toBeNull();
    expect(typedQuantity({ quantity: '1,5', unitMeasure: 'LIBRA' })?.toString()).toBe('1.5');
    expect(typedQuantity({ quantity: '3', unitMeasure: 'UNIDAD' })?.toString()).toBe('3');
    for (const bad of ['', '0', '-1', 'abc', '1.123456789', '1e3']) expect(typed(bad)).toBeNull();
  });
});

describe('the payment', () => {
  const total = dec('9.00');
  it('cash: empty is the exact amount; $10.00 gives $1.00 change; too little says how much is missing', () => {
    expect(checkPayment(emptyPayment(), total)).toMatchObject({ ok: true, payments: [{ method: '01', amount: 9 }], change: null });
    const ten = checkPayment({ ...emptyPayment(), cash: '10' }, total);
    expect(ten.ok && usd(ten.change!)).toBe('$1.00');
    const short = checkPayment({ ...emptyPayment(), cash: '5.5' }, total);
    expect(short).toMatchObject({ ok: false, problem: 'short' });
    expect(!short.ok && usd(short.missing!)).toBe('$3.50');
    expect(checkPayment({ ...emptyPayment(), cash: '10.555' }, total)).toMatchObject({ ok: false, problem: 'cash' });
  });

  it('card, transfer and mixed become CAT-017 payments adding up to the total', () => {
    expect(checkPayment({ ...emptyPayment(), method: 'debit', reference: ' 4242 ' }, total)).toMatchObject({
      ok: true,
      payments: [{ method: '02', amount: 9, reference: '4242' }],
    });
    expect(checkPayment({ ...emptyPayment(), method: 'transfer' }, total)).toMatchObject({ payments: [{ method: '05', amount: 9 }] });
    const mixed = checkPayment({ ...emptyPayment(), method: 'mixed', cash: '4', other: 'credit' }, total);
    expect(mixed).toMatchObject({
      ok: true,
      payments: [
        { method: '01', amount: 4 },
        { method: '03', amount: 5 },
      ],
    });
    expect(mixed.ok && usd(mixed.rest!)).toBe('$5.00');
    expect(checkPayment({ ...emptyPayment(), method: 'mixed', cash: '9' }, total)).toMatchObject({ ok: false, problem: 'mixedCash' });
    // The rest is the cashier's choice: never a card by default.
    expect(emptyPayment().other).toBe('');
    expect(checkPayment({ ...emptyPayment(), method: 'mixed', cash: '4' }, total)).toMatchObject({ ok: false, problem: 'mixedOther' });
  });

  it('shows money with two decimals and thousands', () => {
    expect(usd(dec('1234567.5'))).toBe('$1,234,567.50');
    expect(usd(dec('0.005'))).toBe('$0.01');
    expect(usd('-3.5')).toBe('-$3.50');
    expect(usd('-0.001')).toBe('$0.00');
  });
});
