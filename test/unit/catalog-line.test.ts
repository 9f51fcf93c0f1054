// Emitir's lines from the catalog (issue 33): every kind whose lines are products picks them, and the line a
// demo product fills is one the kind's own schema takes, its price on the kind's basis.
import { describe, expect, it } from 'vitest';
import { DEMO_PRODUCTS } from '../../main/core/catalog/demo-products';
import { lineFromProduct } from '../../renderer/src/forms/catalog-line';
import { FORM_SPECS, emptyValue, type CatalogLine, type Field } from '../../renderer/src/forms/spec';
import { setAt, toBody, type Value } from '../../renderer/src/forms/values';
import type { Product } from '../../shared/catalog';
import { CREATE_SCHEMAS, DTE_KINDS, validate } from '../../shared/contract';

const product = (code: string): Product => ({ ...DEMO_PRODUCTS.find((p) => p.code === code)!, id: code, createdAt: '', updatedAt: '' });
const itemsList = (kind: (typeof DTE_KINDS)[number]) =>
  FORM_SPECS[kind].flatMap((s) => s.fields).find((f): f is Extract<Field, { type: 'list' }> => f.type === 'list' && f.key === 'items');

describe('lines from the catalog', () => {
  it('every kind with product lines picks them; a retention (CR), a liquidation or a donation has none', () => {
    const bases = Object.fromEntries(DTE_KINDS.map((k) => [k, itemsList(k)?.catalog ?? null]));
    // An NR's goods are the company's own; a CL's and a DCL's lines are documents and amounts, a CD's are donated to it.
    expect(bases).toEqual({
      FC: 'sale',
      CCF: 'sale',
      NC: 'sale',
      ND: 'sale',
      FSE: 'purchase',
      FEX: 'export',
      CR: null,
      NR: 'sale',
      CL: null,
      DCL: null,
      CD: null,
    });
  });

  it('a sale line takes the code, name, unit, sale type and the net price, and keeps its quantity', () => {
    const rice = product('ABA-001');
    const line = lineFromProduct('sale', rice, { quantity: '4', unitMeasure: 'UNIDAD' });
    expect(line).toEqual({
      quantity: '4',
      internalCode: 'ABA-001',
      description: 'Arroz blanco precocido 1 lb',
      unitMeasure: 'LIBRA',
      type: 'BIENES',
      saleType: 'GRAVADA',
      unitPrice: '0.84070796',
    });
    // Exempt and non-subject products keep their sale type; their one price is both.
    expect(lineFromProduct('sale', product('SRV-001'), {})).toMatchObject({ saleType: 'EXENTA', type: 'SERVICIOS', unitPrice: '1.00' });
    expect(lineFromProduct('sale', product('SRV-003'), {})).toMatchObject({ saleType: 'NO_SUJETA', unitPrice: '1.00' });
  });

  it('an export takes the net price; a purchase takes no price (what the shop pays is typed)', () => {
    expect(lineFromProduct('export', product('ABA-007'), {})).toEqual({
      internalCode: 'ABA-007',
      description: 'Café molido tostado 200 g',
      unitMeasure: 'UNIDAD',
      unitPrice: '2.74336283',
    });
    const bought = lineFromProduct('purchase', product('PUP-001'), { unitPrice: '0.40' });
    expect(bought).toMatchObject({ internalCode: 'PUP-001', description: 'Pupusa de queso con loroco', unitPrice: '0.40' });
  });

  it.each(['FC', 'CCF', 'NC', 'ND', 'FSE', 'FEX'] as const)('%s: the line a product fills is one its schema takes', (kind) => {
    const basis = itemsList(kind)!.catalog as CatalogLine;
    let value = emptyValue(kind, '6f1d2c3b-4a5e-4f60-8a7b-9c0d1e2f3a4b') as Value;
    const first = ((value.items as Value[] | undefined) ?? [{}])[0]!;
    value = setAt(value, ['items', 0], {
      ...lineFromProduct(basis, product('LAC-001'), first),
      ...(basis === 'purchase' ? { unitPrice: '1' } : {}),
    }) as Value;
    const r = validate(CREATE_SCHEMAS[kind], toBody(FORM_SPECS[kind], value));
    // A note's line names the document it adjusts, which the person picks: no product fills it (required since
    // docs/decisions/0076-fields-said-in-two-languages.md).
    const lineErrors = r.ok ? [] : r.errors.filter((e) => e.path.startsWith('items.0') && e.path !== 'items.0.documentNumber');
    expect(lineErrors).toEqual([]);
    // The check sees a bad line: without its description the same line is refused.
    const bad = setAt(value, ['items', 0, 'description'], undefined) as Value;
    const refused = validate(CREATE_SCHEMAS[kind], toBody(FORM_SPECS[kind], bad));
    expect(refused.ok ? [] : refused.errors.map((e) => e.path)).toContain('items.0.description');
  });
});
