// The demo's shop (issue 33): a sample catalog a real counter could sell from, with barcodes a scanner would
// read (EAN-13 under El Salvador's 741 prefix, check digit right), loaded once into an empty catalog.
import { afterEach, describe, expect, it } from 'vitest';
import { CoreError } from '../../main/core/errors';
import { DEMO_PRODUCTS } from '../../main/core/catalog/demo-products';
import { derivePrices, productInput } from '../../shared/catalog';
import { validate } from '../../shared/contract/validate';
import { testCore } from '../support/core';

/** GS1's check digit, computed here on its own: weights 1 and 3 from the left over the first twelve digits. */
function ean13Valid(code: string): boolean {
  if (!/^\d{13}$/.test(code)) return false;
  const digits = [...code].map(Number);
  const sum = digits.slice(0, 12).reduce((a, d, i) => a + d * (i % 2 === 0 ? 1 : 3), 0);
  return (10 - (sum % 10)) % 10 === digits[12];
}

const cores: ReturnType<typeof testCore>[] = [];
afterEach(() => cores.splice(0).forEach((c) => c.cleanup()));

describe('the demo catalog', () => {
  it('is a shop of 30 to 60 products, each one the catalog accepts as it is', () => {
    expect(DEMO_PRODUCTS.length).toBeGreaterThanOrEqual(30);
    expect(DEMO_PRODUCTS.length).toBeLessThanOrEqual(60);
    for (const p of DEMO_PRODUCTS) {
      const parsed = validate(productInput, { ...p });
      expect(parsed.ok, `${p.code}: ${JSON.stringify(parsed.ok ? null : parsed.errors)}`).toBe(true);
      // Both prices as the server derives them from the shelf price.
      expect(derivePrices(p.saleType, { shelfPrice: p.shelfPrice }).netPrice, p.code).toBe(p.netPrice);
    }
    const codes = DEMO_PRODUCTS.map((p) => p.code.toLowerCase());
    expect(new Set(codes).size).toBe(codes.length);
    const words = DEMO_PRODUCTS.map((p) => p.description.toLowerCase()).join(' | ');
    for (const staple of [
      'arroz',
      'frijol',
      'aceite',
      'azúcar',
      'café',
      'tortillas',
      'pan dulce',
      'leche',
      'huevos',
      'jabón',
      'coca-cola',
      'agua',
      'pupusa',
    ])
      expect(words, staple).toContain(staple);
  });

  it('has exempt and non-subject examples besides the taxed ones', () => {
    const of = (t: string) => DEMO_PRODUCTS.filter((p) => p.saleType === t);
    expect(of('GRAVADA').length).toBeGreaterThan(30);
    expect(of('EXENTA').length).toBeGreaterThan(0);
    expect(of('NO_SUJETA').length).toBeGreaterThan(0);
    // Without IVA the two prices are one.
    for (const p of [...of('EXENTA'), ...of('NO_SUJETA')]) expect(p.netPrice, p.code).toBe(p.shelfPrice);
  });

  it('every barcode is an EAN-13 of El Salvador (741) with its check digit right, and no two are the same', () => {
    const barcodes = DEMO_PRODUCTS.flatMap((p) => p.barcodes);
    expect(barcodes.length).toBeGreaterThanOrEqual(30);
    for (const b of barcodes) {
      expect(b.startsWith('741'), b).toBe(true);
      expect(ean13Valid(b), b).toBe(true);
    }
    expect(new Set(barcodes).size).toBe(barcodes.length);
  });

  it('the check used above catches a wrong check digit and a swapped pair of digits', () => {
    const good = DEMO_PRODUCTS.find((p) => p.barcodes.length > 0)!.barcodes[0]!;
    expect(ean13Valid(good)).toBe(true);
    expect(ean13Valid(good.slice(0, 12) + String((Number(good[12]) + 1) % 10))).toBe(false);
    // Adjacent digits swapped: caught unless they differ by 0 or 5 (weights 1 and 3).
    const at = [...good.slice(0, 12)].findIndex((d, i) => i < 11 && ![0, 5].includes(Math.abs(Number(d) - Number(good[i + 1]))));
    expect(at).toBeGreaterThanOrEqual(0);
    expect(ean13Valid(good.slice(0, at) + good[at + 1]! + good[at]! + good.slice(at + 2))).toBe(false);
    expect(ean13Valid('4006381333931')).toBe(true);
    expect(ean13Valid('4006381333932')).toBe(false);
  });

  it('goes into an empty catalog once, with one audit entry, and is found by barcode, code and name', () => {
    const core = testCore();
    cores.push(core);
    expect(core.products.loadSamples(DEMO_PRODUCTS, 'system')).toBe(DEMO_PRODUCTS.length);
    // Loaded again (the next start): nothing doubles.
    expect(core.products.loadSamples(DEMO_PRODUCTS, 'system')).toBe(0);
    expect(core.products.list({ limit: 200 }).items).toHaveLength(DEMO_PRODUCTS.length);
    const oil = DEMO_PRODUCTS.find((p) => p.description.startsWith('Aceite'))!;
    expect(core.products.list({ barcode: oil.barcodes[0] }).items.map((p) => p.code)).toEqual([oil.code]);
    expect(core.products.list({ q: 'azucar' }).items.map((p) => p.description)).toEqual(['Azúcar blanca 2 lb']);
    expect(core.products.list({ q: 'PUP-002' }).items.map((p) => p.description)).toEqual(['Pupusa revuelta']);
  });

  it('never mixes into a catalog someone has started', () => {
    const core = testCore();
    cores.push(core);
    core.products.create({ code: 'MI-1', description: 'Mi producto', shelfPrice: '1.00' }, 'user:admin');
    expect(core.products.loadSamples(DEMO_PRODUCTS, 'system')).toBe(0);
    expect(core.products.list({}).items.map((p) => p.code)).toEqual(['MI-1']);
  });

  it('a sample that clashes with nothing else but itself is refused whole: no half catalog', () => {
    const core = testCore();
    cores.push(core);
    const clash = [...DEMO_PRODUCTS.slice(0, 3), { ...DEMO_PRODUCTS[3]!, barcodes: [...DEMO_PRODUCTS[0]!.barcodes] }];
    let refused: unknown = null;
    try {
      core.products.loadSamples(clash, 'system');
    } catch (e) {
      refused = e;
    }
    expect(refused).toBeInstanceOf(CoreError);
    expect((refused as CoreError).errors?.map((e) => e.message)).toEqual([
      `El código de barras ${DEMO_PRODUCTS[0]!.barcodes[0]!} ya es del producto ${DEMO_PRODUCTS[0]!.code}.`,
    ]);
    expect(core.products.list({}).items).toHaveLength(0);
  });
});
