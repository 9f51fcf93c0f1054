// Which lines ask a supervisor (renderer/src/sale/overrides.ts) and the station's own rule
// (main/core/overrides/price-rule.ts), rule by rule (decision 0074).
import { describe, expect, it } from 'vitest';
import { consumerPrice, needsApproval } from '../../main/core/overrides/price-rule';
import { overrideAsks } from '../../renderer/src/sale/overrides';
import type { CartLine } from '../../renderer/src/sale/cart';
import { dec, netFromShelf } from '../../shared/tax';

const product = { code: 'ACE-750', description: 'Aceite', shelfPrice: '2.50' };
const catalog = new Map([['p1', product]]);
const line = (shelfPrice: string, productId: string | null = 'p1'): CartLine => ({
  key: 'k',
  productId,
  code: productId ? 'ACE-750' : null,
  description: 'Aceite',
  unitMeasure: 'BOTELLA',
  itemType: 'BIENES',
  saleType: 'GRAVADA',
  quantity: '1',
  shelfPrice,
  netPrice: null,
});

describe('the counter asks first', () => {
  it('any decrease asks with the default threshold; the shelf price or more never does', () => {
    expect(overrideAsks([line('2.49')], catalog, '0', new Map())).toEqual([
      { productId: 'p1', code: 'ACE-750', description: 'Aceite', shelfPrice: '2.50', price: '2.49' },
    ]);
    expect(overrideAsks([line('2.50'), line('3.00')], catalog, '0', new Map())).toEqual([]);
  });

  it('within the threshold a cashier sells alone', () => {
    expect(overrideAsks([line('2.25')], catalog, '10', new Map())).toEqual([]);
    expect(overrideAsks([line('2.24')], catalog, '10', new Map())).toHaveLength(1);
  });

  it('an approval covers its price and more, never less; an article without a code is not asked about', () => {
    const approved = new Map([['p1', dec('2.00')]]);
    expect(overrideAsks([line('2.00')], catalog, '0', approved)).toEqual([]);
    expect(overrideAsks([line('1.99')], catalog, '0', approved)).toHaveLength(1);
    expect(overrideAsks([line('0.01', null)], catalog, '0', new Map())).toEqual([]);
  });
});

describe("the station's rule", () => {
  const sold = (shelf: string, discount?: number) =>
    consumerPrice({ quantity: 2, unitPrice: Number(netFromShelf(shelf).toFixed(8)), saleType: 'GRAVADA', discountAmount: discount });

  it('reads the net price back as the consumer pays it, and a discount lowers it', () => {
    expect(sold('2.50').toFixed(2)).toBe('2.50');
    expect(needsApproval(product, sold('2.50'), '0')).toBe(false);
    expect(needsApproval(product, sold('2.49'), '0')).toBe(true);
    // 2 × 2.50 with 0.50 off the line (net) is less than the shelf per unit.
    expect(needsApproval(product, sold('2.50', 0.5), '0')).toBe(true);
  });

  it('an exempt line is its own price; the threshold is a percent of the shelf price', () => {
    expect(consumerPrice({ quantity: 1, unitPrice: 2.25, saleType: 'EXENTA' }).toString()).toBe('2.25');
    expect(needsApproval(product, dec('2.25'), '10')).toBe(false);
    expect(needsApproval(product, dec('2.24'), '10')).toBe(true);
    expect(needsApproval(product, dec('0.01'), '100')).toBe(false);
  });
});
