// Decimal quantities (docs/decisions/0072-decimal-quantities.md): the spec's integer without the opt-in, up to MH's
// 8 decimals with it; the units that take them at Sello's screens; and the arithmetic of a fractional line, built
// by each normative's serializer, exact to MH's rounding and valid for MH's official schema.
import { describe, expect, it } from 'vitest';
import { ALL_EXTENSIONS, CREATE_SCHEMAS, SPEC_ONLY, createSchema, parseExtensions, validate, type DteKind } from '../../shared/contract';
import { checkQuantity, countedUnitErrors, isMeasured, quantityStep, stepQuantity } from '../../shared/quantity';
import { computeSale, netFromShelf } from '../../shared/tax';
import type { Normative } from '../../shared/normative';
import type { BuildContext } from '../../main/core/dte/mh/context';
import { serializerFor } from '../../main/core/dte/mh/serializers';
import { totalsProblems } from '../../main/mh-sim/totals';
import { addProduct, cartTotals, items, setQuantity } from '../../renderer/src/sale/cart';
import { ccfBody, fcBody, fexBody, ncBody } from '../fixtures/bodies';
import { schemaErrors, validatorFor, validatorForV2 } from '../support/mh-schemas';
import { v2KindContext } from '../support/v2-kind-context';

const ID = '0072d0c0-0000-4000-8000-000000000001';
const CCF_ID = '0072d0c0-0000-4000-8000-000000000002';
type Body = Record<string, unknown>;

/** Each kind whose spec quantity is whole, a valid body of it, and a way to set its first line's quantity. */
const BODIES: Record<'FC' | 'CCF' | 'NC' | 'ND' | 'FEX', () => Body> = {
  FC: () => fcBody(ID),
  CCF: () => ccfBody(ID),
  NC: () => ncBody(ID, CCF_ID),
  ND: () => ncBody(ID, CCF_ID),
  FEX: () => fexBody(ID),
};
const withQuantity = (b: Body, quantity: unknown): Body => {
  const [first, ...rest] = b.items as Body[];
  return { ...b, items: [{ ...first, quantity }, ...rest] };
};

describe('the contract: integer by default, decimals only with the opt-in', () => {
  for (const [kind, body] of Object.entries(BODIES) as [keyof typeof BODIES, () => Body][]) {
    it(`${kind}: 1.5 is the spec's 422 NOT_INTEGER at items.0.quantity; with decimal-quantity it is taken`, () => {
      expect(validate(CREATE_SCHEMAS[kind], body()).ok).toBe(true);
      const spec = validate(createSchema(kind, SPEC_ONLY), withQuantity(body(), 1.5));
      expect(spec.ok).toBe(false);
      expect(!spec.ok && spec.errors).toEqual([expect.objectContaining({ path: 'items.0.quantity', code: 'NOT_INTEGER' })]);
      // The spec's schema object itself is the default: nothing changed for a POS written against it.
      expect(createSchema(kind, SPEC_ONLY)).toBe(CREATE_SCHEMAS[kind]);
      for (const q of [1.5, 0.333, 0.12345678, 2]) {
        const r = validate(createSchema(kind, ALL_EXTENSIONS), withQuantity(body(), q));
        expect(r.ok, `${q} ${JSON.stringify(!r.ok && r.errors)}`).toBe(true);
        expect(r.ok && (r.value.items as { quantity: number }[])[0]!.quantity).toBe(q);
      }
    });

    it(`${kind}: with the opt-in, 9 decimals, zero, a negative and text are still 422 at items.0.quantity`, () => {
      const cases: [unknown, string][] = [
        [0.123456789, 'TOO_MANY_DECIMALS'],
        [0, 'NOT_POSITIVE'],
        [-1.5, 'NOT_POSITIVE'],
        ['1.5', 'INVALID_TYPE'],
      ];
      for (const [q, code] of cases) {
        const r = validate(createSchema(kind, ALL_EXTENSIONS), withQuantity(body(), q));
        expect(!r.ok && r.errors.find((e) => e.path === 'items.0.quantity')?.code, String(q)).toBe(code);
      }
    });
  }

  it('FSE and CR are as the spec says, with or without the opt-in (FSE was decimal already)', () => {
    for (const kind of ['FSE', 'CR'] as const) expect(createSchema(kind, ALL_EXTENSIONS)).toBe(CREATE_SCHEMAS[kind]);
  });
});

describe('the Sello-Extensions header', () => {
  it('absent or empty: the spec', () => {
    for (const h of [undefined, '', ' , ']) expect(parseExtensions(h)).toEqual({ ok: true, extensions: SPEC_ONLY, applied: [] });
  });
  it('decimal-quantity, in any case, listed or repeated', () => {
    for (const h of ['decimal-quantity', 'Decimal-Quantity', ' decimal-quantity , decimal-quantity', ['decimal-quantity']]) {
      expect(parseExtensions(h)).toEqual({ ok: true, extensions: ALL_EXTENSIONS, applied: ['decimal-quantity'] });
    }
  });
  it('a name Sello does not know is refused, naming the header (never silently the spec)', () => {
    for (const h of ['decimal-quantities', 'decimal-quantity, fractions']) {
      const parsed = parseExtensions(h);
      expect(parsed.ok).toBe(false);
      expect(!parsed.ok && parsed.error).toMatchObject({ path: 'Sello-Extensions', code: 'UNKNOWN_CODE' });
    }
  });
});

describe('units: weighed or measured take decimals, counted ones whole numbers', () => {
  it('which units are measured, and their steps', () => {
    for (const u of ['LIBRA', 'KILOGRAMO', 'LITRO', 'METRO', 'GALON', 'ONZA', 'GRAMO', 'KILOWATT_HORA'])
      expect(isMeasured(u), u).toBe(true);
    for (const u of ['UNIDAD', 'DOCENA', 'BOTELLA', 'CIENTO', 'MILLAR', 'MEDIO_MILLAR', 'OTRA', 'NO_SUCH_UNIT'])
      expect(isMeasured(u), u).toBe(false);
    expect(quantityStep('LIBRA')).toBe('0.01');
    expect(quantityStep('KILOGRAMO')).toBe('0.001');
    expect(quantityStep('GRAMO')).toBe('1');
    expect(quantityStep('UNIDAD')).toBe('1');
  });

  it('checks a typed quantity against its unit', () => {
    expect(checkQuantity('1,5', 'LIBRA')).toMatchObject({ ok: true });
    expect(checkQuantity('1.5', 'LIBRA').ok && checkQuantity('1.5', 'LIBRA').ok).toBe(true);
    expect(checkQuantity('0.12345678', 'KILOGRAMO')).toMatchObject({ ok: true });
    expect(checkQuantity('0.123456789', 'KILOGRAMO')).toEqual({ ok: false, problem: 'decimals' });
    expect(checkQuantity('1.5', 'UNIDAD')).toEqual({ ok: false, problem: 'whole' });
    expect(checkQuantity('1.0', 'UNIDAD')).toMatchObject({ ok: true });
    for (const bad of ['', '0', '0.000', '-1', 'abc', '1e3', '1.'])
      expect(checkQuantity(bad, 'LIBRA'), bad).toEqual({ ok: false, problem: 'number' });
  });

  it('↑/↓ move by the unit step and never below it', () => {
    expect(stepQuantity('1.5', 'LIBRA', 1)).toBe('1.51');
    expect(stepQuantity('1.5', 'KILOGRAMO', -1)).toBe('1.499');
    expect(stepQuantity('0.01', 'LIBRA', -1)).toBe('0.01');
    expect(stepQuantity('2', 'UNIDAD', 1)).toBe('3');
    expect(stepQuantity('x', 'LIBRA', 1)).toBe('x');
  });

  it('Emitir names a fraction of a counted unit, and leaves FSE and measured units alone', () => {
    const body = {
      items: [{ quantity: 1.5, unitMeasure: 'UNIDAD' }, { quantity: 1.5, unitMeasure: 'LIBRA' }, { quantity: 2 }, { quantity: 0.5 }],
    };
    expect(countedUnitErrors('FC', body).map((e) => e.path)).toEqual(['items.0.quantity', 'items.3.quantity']);
    expect(countedUnitErrors('FSE', body)).toEqual([]);
  });
});

/** A body through the decimal schema and the normative's serializer: the MH document, valid and summing. */
function built(kind: DteKind, normative: Normative, body: Body) {
  const parsed = validate(createSchema(kind, ALL_EXTENSIONS), body);
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
  const serializer = serializerFor(normative, kind);
  const related: BuildContext['related'] = (id) => ({ kind: 'CCF', codigoGeneracion: id.toUpperCase(), issueDate: '2026-11-22' });
  const out = serializer.build(parsed.value, { ...v2KindContext(kind, 1), related });
  expect(out.errors).toEqual([]);
  const validator = normative === 'legacy' ? validatorFor(serializer.schema) : validatorForV2(serializer.schema);
  expect(validator(out.document), `${kind} ${normative}: ${schemaErrors(validator)}`).toBe(true);
  expect(totalsProblems(kind, out.document)).toEqual([]);
  return out.document as { cuerpoDocumento: Record<string, unknown>[]; resumen: Record<string, unknown> };
}

const line = (description: string, quantity: number, unitMeasure: string, unitPrice: number) => ({
  type: 'BIENES',
  description,
  quantity,
  unitMeasure,
  unitPrice,
  saleType: 'GRAVADA',
});
const consumerSale = (...lines: Body[]): Body => ({ id: ID, items: lines });
/** The fixture's CCF with only these lines: no tax line, non-taxed amount, discount or retention. */
const taxpayerSale = (...lines: Body[]): Body => ({
  ...ccfBody(ID),
  items: lines,
  itemsNoGrav: undefined,
  discountGrav: undefined,
  retentionIva: undefined,
});

describe.each(['legacy', '2026'] as const)('the arithmetic of a fractional line (%s normative)', (normative) => {
  it('FC: 1.5 lb at a shelf price of $2.99 is $4.485 on the line and $4.49 to pay (half up at the cent)', () => {
    const net = Number(netFromShelf('2.99').toFixed(8));
    const doc = built('FC', normative, consumerSale(line('Queso duro por libra', 1.5, 'LIBRA', net)));
    const item = doc.cuerpoDocumento[0]!;
    expect(item.cantidad).toBe(1.5);
    expect(item.uniMedida).toBe(36);
    expect(item.precioUni).toBe(2.99);
    expect(item.ventaGravada).toBe(4.485);
    expect(doc.resumen.totalGravada).toBe(4.49);
    expect(doc.resumen.totalPagar).toBe(4.49);
    // IVA contained: 4.49 × 13/113 = 0.51654… → 0.52.
    expect(doc.resumen.totalIva).toBe(0.52);
  });

  it('FC: the counter cart says the same total as the signed document', () => {
    const product = {
      id: 'p1',
      code: 'QUE-001',
      barcodes: [],
      description: 'Queso duro por libra',
      unitMeasure: 'LIBRA',
      itemType: 'BIENES' as const,
      saleType: 'GRAVADA' as const,
      shelfPrice: '2.99',
      netPrice: netFromShelf('2.99').toFixed(8),
      active: true,
      createdAt: '',
      updatedAt: '',
    };
    const cart = setQuantity(addProduct([], product, 'k1'), 'k1', '1,5');
    expect(cartTotals(cart).total.toFixed(2)).toBe('4.49');
    const doc = built('FC', normative, { id: ID, items: items(cart) });
    expect(doc.cuerpoDocumento[0]!.cantidad).toBe(1.5);
    expect(doc.resumen.totalPagar).toBe(4.49);
  });

  it('CCF: 0.333 kg at $3.25 net is $1.08225 on the line, $1.08 taxed, $0.14 IVA, $1.22 to pay', () => {
    const b = taxpayerSale(line('Detergente a granel', 0.333, 'KILOGRAMO', 3.25));
    const doc = built('CCF', normative, b);
    expect(doc.cuerpoDocumento[0]!.cantidad).toBe(0.333);
    expect(doc.cuerpoDocumento[0]!.ventaGravada).toBe(1.08225);
    expect(doc.resumen.totalGravada).toBe(1.08);
    expect(doc.resumen.tributos).toEqual([expect.objectContaining({ codigo: '20', valor: 0.14 })]);
    expect(doc.resumen.montoTotalOperacion).toBe(1.22);
    expect(doc.resumen.totalPagar).toBe(1.22);
  });

  it('8 decimals: 0.12345678 × $1.50 is exactly 0.18518517; 0.33333333 × $0.03 rounds half up at the 8th to 0.01', () => {
    const doc = built('CCF', normative, taxpayerSale(line('Hilo', 0.12345678, 'METRO', 1.5), line('Tinta', 0.33333333, 'MILILITRO', 0.03)));
    expect(doc.cuerpoDocumento.map((i) => i.cantidad)).toEqual([0.12345678, 0.33333333]);
    expect(doc.cuerpoDocumento.map((i) => i.ventaGravada)).toEqual([0.18518517, 0.01]);
    // 0.18518517 + 0.01 = 0.19518517 → 0.20 taxed; IVA 0.026 → 0.03.
    expect(doc.resumen.totalGravada).toBe(0.2);
    expect(doc.resumen.totalPagar).toBe(0.23);
  });

  it("at MH's cent boundary: 2.5 × $1.01 = 2.525 goes up to 2.53; 2.5 × $1.009 = 2.5225 goes down to 2.52", () => {
    const up = built('CCF', normative, taxpayerSale(line('Cable', 2.5, 'METRO', 1.01)));
    expect(up.resumen.totalGravada).toBe(2.53);
    const down = built('CCF', normative, taxpayerSale(line('Cable', 2.5, 'METRO', 1.009)));
    expect(down.resumen.totalGravada).toBe(2.52);
  });

  it('FEX: 1.5 kg of coffee exported, cantidad 1.5 and the line exact', () => {
    const b = { ...fexBody(ID), items: [{ description: 'Café oro', quantity: 1.5, unitMeasure: 'KILOGRAMO', unitPrice: 6.85 }] };
    const doc = built('FEX', normative, b);
    expect(doc.cuerpoDocumento[0]!.cantidad).toBe(1.5);
    expect(doc.cuerpoDocumento[0]!.ventaGravada).toBe(10.275);
  });

  it("the core's own sum agrees with computeSale (the counter's) for the same fractional lines", () => {
    const sale = computeSale('FC', { items: [{ quantity: 1.5, unitPrice: Number(netFromShelf('2.99').toFixed(8)), saleType: 'GRAVADA' }] });
    expect(sale.totals.totalPagar.toFixed(2)).toBe('4.49');
  });
});
