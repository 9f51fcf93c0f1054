// Hand-computed examples for every kind, including awkward cents. Values are compared as decimal strings.
import { describe, expect, it } from 'vitest';
import { computeCr, computeFex, computeFse, computeSale, type Dec } from '../../shared/tax';

const s = (d: Dec | null) => (d === null ? null : d.toFixed());
const totalsOf = (t: Record<string, Dec | null>) => Object.fromEntries(Object.entries(t).map(([k, v]) => [k, s(v)]));

describe('FC: consumer prices include IVA', () => {
  it('a shelf price of $5.00 sent as 4.42477876 before IVA charges exactly $5.00 each', () => {
    const r = computeSale('FC', { items: [{ quantity: 2, unitPrice: 4.42477876, saleType: 'GRAVADA' }] });
    // 4.42477876 × 1.13 = 4.9999999988 → 5.00000000 at 8 decimals.
    expect(s(r.lines[0]!.precioUni)).toBe('5');
    expect(s(r.lines[0]!.ventaGravada)).toBe('10');
    // 10 × 13/113 = 1.150442477… → 1.15044248
    expect(s(r.lines[0]!.ivaItem)).toBe('1.15044248');
    expect(totalsOf(r.totals as never)).toMatchObject({ totalGravada: '10', iva: '1.15', montoTotalOperacion: '10', totalPagar: '10' });
    expect(r.errors).toEqual([]);
  });

  it('awkward cents: item discounts, exempt sales and income-tax retention', () => {
    const r = computeSale('FC', {
      items: [
        { quantity: 3, unitPrice: 0.99, saleType: 'GRAVADA' },
        { quantity: 1, unitPrice: 2.5, saleType: 'EXENTA', discountAmount: 0.25 },
      ],
      retentionRenta: 0.5,
    });
    // 0.99 × 1.13 = 1.1187; × 3 = 3.3561 → 3.36
    expect(s(r.lines[0]!.precioUni)).toBe('1.1187');
    expect(s(r.lines[0]!.ventaGravada)).toBe('3.3561');
    // An exempt line carries no IVA: its price and discount stay as sent. 2.5 − 0.25 = 2.25.
    expect(s(r.lines[1]!.precioUni)).toBe('2.5');
    expect(s(r.lines[1]!.montoDescu)).toBe('0.25');
    expect(s(r.lines[1]!.ivaItem)).toBe('0');
    expect(totalsOf(r.totals as never)).toMatchObject({
      totalGravada: '3.36',
      totalExenta: '2.25',
      subTotalVentas: '5.61',
      totalDescu: '0.25',
      // 3.36 × 13/113 = 0.38654… → 0.39
      iva: '0.39',
      montoTotalOperacion: '5.61',
      reteRenta: '0.5',
      totalPagar: '5.11',
    });
  });

  it('exempt and non-subject lines cost on the FC what they cost: only taxed lines carry IVA', () => {
    const r = computeSale('FC', {
      items: [
        { quantity: 1, unitPrice: 1, saleType: 'EXENTA' },
        { quantity: 2, unitPrice: 3, saleType: 'NO_SUJETA' },
        { quantity: 1, unitPrice: 10, saleType: 'GRAVADA' },
      ],
    });
    expect(r.lines.map((l) => s(l.precioUni))).toEqual(['1', '3', '11.3']);
    expect(totalsOf(r.totals as never)).toMatchObject({ totalExenta: '1', totalNoSuj: '6', totalGravada: '11.3', totalPagar: '18.3' });
  });

  it('a taxed global discount is converted like prices and lowers the IVA', () => {
    const r = computeSale('FC', { items: [{ quantity: 1, unitPrice: 100, saleType: 'GRAVADA' }], discountGrav: 10 });
    expect(totalsOf(r.totals as never)).toMatchObject({
      totalGravada: '113',
      descuGravada: '11.3',
      subTotal: '101.7',
      iva: '11.7',
      porcentajeDescuento: '10',
      totalPagar: '101.7',
    });
  });
});

describe('CCF, NC, ND: net prices plus tributo 20', () => {
  it('CCF with a tax line, a non-taxed line, a global discount and IVA retention', () => {
    const r = computeSale('CCF', {
      items: [
        { quantity: 10, unitPrice: 3.75, saleType: 'GRAVADA', psv: 3.5 },
        { quantity: 1, unitPrice: 1.2, saleType: 'GRAVADA' },
      ],
      itemsNoGrav: [{ amount: 5 }],
      discountGrav: 1,
      retentionIva: 0.38,
    });
    expect(totalsOf(r.totals as never)).toMatchObject({
      totalGravada: '38.7',
      descuGravada: '1',
      subTotal: '37.7',
      // 37.70 × 0.13 = 4.901 → 4.90
      iva: '4.9',
      montoTotalOperacion: '42.6',
      totalNoGravado: '5',
      // 42.60 − 0.38 + 5.00
      totalPagar: '47.22',
      // 1 / 38.70 = 2.5839…%
      porcentajeDescuento: '2.58',
    });
  });

  it('NC: half a cent of IVA rounds up', () => {
    const r = computeSale('NC', { items: [{ quantity: 2, unitPrice: 3.75, saleType: 'GRAVADA' }] });
    // 7.50 × 0.13 = 0.975 → 0.98
    expect(totalsOf(r.totals as never)).toMatchObject({ totalGravada: '7.5', iva: '0.98', montoTotalOperacion: '8.48' });
  });

  it('sums many small amounts without drifting (1,000 lines of $0.10)', () => {
    const r = computeSale('CCF', {
      items: Array.from({ length: 1000 }, () => ({ quantity: 1, unitPrice: 0.1, saleType: 'GRAVADA' as const })),
    });
    expect(s(r.totals.totalGravada)).toBe('100');
    expect(s(r.totals.iva)).toBe('13');
  });
});

describe('amount rules the schema cannot see', () => {
  it('an item discount above its line, a global discount above its total, retention without taxed sales', () => {
    const r = computeSale('CCF', {
      items: [
        { quantity: 1, unitPrice: 5, saleType: 'GRAVADA', discountAmount: 6 },
        { quantity: 1, unitPrice: 5, saleType: 'EXENTA' },
      ],
      discountExe: 6,
    });
    // Nothing is left to sell, so the operation total is zero too.
    expect(r.errors.map((e) => e.path)).toEqual(['items.0.discountAmount', 'discountExe', 'items']);
    const noTaxed = computeSale('FC', { items: [{ quantity: 1, unitPrice: 5, saleType: 'EXENTA' }], retentionIva: 1 });
    expect(noTaxed.errors.map((e) => e.path)).toEqual(['retentionIva']);
    const negative = computeSale('CCF', { items: [{ quantity: 1, unitPrice: 5, saleType: 'GRAVADA' }], retentionRenta: 10 });
    expect(negative.errors.map((e) => e.path)).toEqual(['retentionRenta']);
  });
});

describe('FSE, FEX, CR', () => {
  it('FSE: fractional quantities, no IVA, income-tax retention', () => {
    const r = computeFse({
      items: [
        { quantity: 2.5, unitPrice: 32 },
        { quantity: 0.333, unitPrice: 1.5, discountAmount: 0.0005 },
      ],
      retentionRenta: 8,
    });
    // 0.333 × 1.5 = 0.4995 − 0.0005 = 0.499 → lines sum 80.499 → 80.50
    expect(s(r.lines[1]!.amount)).toBe('0.499');
    expect(totalsOf(r.totals as never)).toMatchObject({ totalCompra: '80.5', subTotal: '80.5', reteRenta: '8', totalPagar: '72.5' });
  });

  it('FEX: insurance and freight join the operation, non-taxed amounts the payment', () => {
    const r = computeFex({
      items: [{ quantity: 40, unitPrice: 6.85 }],
      itemsNoGrav: [{ amount: 35 }],
      insurance: 120,
      freight: 850.5,
      discount: 4,
    });
    expect(totalsOf(r.totals as never)).toMatchObject({
      totalGravada: '274',
      descuento: '4',
      porcentajeDescuento: '1.46',
      montoTotalOperacion: '1240.5',
      totalNoGravado: '35',
      totalPagar: '1275.5',
    });
  });

  it('CR: sums of subject amounts and IVA retained', () => {
    const r = computeCr([
      { amountSubject: 500, ivaRetained: 5 },
      { amountSubject: 150.5, ivaRetained: 1.51 },
    ]);
    expect({ a: s(r.totalSujetoRetencion), b: s(r.totalIVAretenido) }).toEqual({ a: '650.5', b: '6.51' });
  });
});
