// Documents made from documents (issue 14, items 3 and 5): a note's form from the lines of its original, and a
// rejected document's form to issue it again.
import { describe, expect, it } from 'vitest';
import { CREATE_SCHEMAS, validate } from '../../shared/contract';
import type { DteDetail, DteRecord } from '../../shared/records';
import {
  askedBySaleType,
  correctionOf,
  correctionValue,
  noteValue,
  overLimit,
  pickProblems,
  sourceLines,
  type Pick,
} from '../../renderer/src/documents/from-document';
import { FORM_SPECS } from '../../renderer/src/forms/spec';
import { toBody } from '../../renderer/src/forms/values';
import { ccfBody, crBody } from '../fixtures/bodies';

const CCF = 'c1000000-0000-4000-8000-000000000001';
const NOTE = 'c1000000-0000-4000-8000-0000000000aa';
const none: Pick = { checked: false, quantity: '' };

/** The fixture's CCF with one discounted line added: 3 units at $10.00 less $1.00. */
const ccf = (): Record<string, unknown> => {
  const body = ccfBody(CCF);
  const items = body.items as Record<string, unknown>[];
  return {
    ...body,
    items: [
      ...items,
      { type: 'BIENES', description: 'Caja de clips', quantity: 3, unitPrice: 10, discountAmount: 1, saleType: 'GRAVADA', psv: 2 },
    ],
  };
};

describe("a note's lines from its original", () => {
  it("a CCF's lines as sold: price before IVA as a decimal string, sale type, discount", () => {
    const lines = sourceLines('CCF', ccf());
    expect(lines.map((l) => [l.description, l.quantity, l.unitPrice, l.saleType])).toEqual(
      (ccf().items as Record<string, unknown>[]).map((i) => [i.description, i.quantity, String(i.unitPrice), i.saleType]),
    );
    expect(lines.at(-1)).toMatchObject({ discount: '1', copied: { type: 'BIENES', description: 'Caja de clips' } });
    // A note has no psv, and names its original itself.
    expect(lines.at(-1)?.copied).not.toHaveProperty('psv');
  });

  it("a CR's retained documents as one unit each at the amount subject", () => {
    const lines = sourceLines('CR', crBody('c1000000-0000-4000-8000-000000000201'));
    const [first] = crBody('x').items as Record<string, unknown>[];
    expect(lines[0]).toMatchObject({
      description: first?.description,
      quantity: 1,
      unitPrice: String(first?.amountSubject),
      saleType: 'GRAVADA',
    });
  });

  it('numbers never reach the form in exponent form', () => {
    const [line] = sourceLines('CCF', { items: [{ description: 'x', quantity: 1, unitPrice: 0.00000001, saleType: 'GRAVADA' }] });
    expect(line?.unitPrice).toBe('0.00000001');
  });

  it('the form: the customer, the chosen lines with their quantities, the original related and named by each line', () => {
    const body = ccf();
    const lines = sourceLines('CCF', body);
    const picks = lines.map((l, i): Pick =>
      i === 0 ? { checked: true, quantity: '2' } : i === lines.length - 1 ? { checked: true, quantity: '1' } : none,
    );
    const value = noteValue('NC', { id: CCF, body }, lines, picks, NOTE);
    expect(value).toMatchObject({ id: NOTE, recipient: { name: 'Distribuidora La Ceiba, S.A. de C.V.', nrc: '1234567' } });
    expect(value.relatedTaxDocuments).toEqual([{ id: CCF }]);
    const [first] = body.items as Record<string, unknown>[];
    expect(value.items).toEqual([
      {
        type: 'BIENES',
        description: first?.description,
        unitMeasure: first?.unitMeasure,
        quantity: '2',
        unitPrice: String(first?.unitPrice),
        saleType: 'GRAVADA',
        documentNumber: CCF,
      },
      // One of three units gives back a third of the $1.00 discount, at MH's 8 decimals.
      {
        type: 'BIENES',
        description: 'Caja de clips',
        quantity: '1',
        unitPrice: '10',
        discountAmount: '0.33333333',
        saleType: 'GRAVADA',
        documentNumber: CCF,
      },
    ]);
    // What the form sends is a valid credit note.
    const sent = validate(CREATE_SCHEMAS.NC, toBody(FORM_SPECS.NC, value));
    expect(sent.ok ? [] : sent.errors).toEqual([]);
  });

  it('all units of a line give back its whole discount', () => {
    const body = ccf();
    const lines = sourceLines('CCF', body);
    const picks = lines.map((_, i): Pick => (i === lines.length - 1 ? { checked: true, quantity: '3' } : none));
    expect(noteValue('ND', { id: CCF, body }, lines, picks, NOTE).items).toEqual([
      expect.objectContaining({ quantity: '3', discountAmount: '1' }),
    ]);
  });

  it('quantities: whole, from 1 to what was sold; at least one line', () => {
    const lines = sourceLines('CCF', ccf());
    const last = lines.length - 1;
    const with_ = (p: Pick) => lines.map((_, i) => (i === last ? p : none));
    expect(
      pickProblems(
        lines,
        lines.map(() => none),
      ),
    ).toEqual({ none: true, badQuantity: [] });
    expect(pickProblems(lines, with_({ checked: true, quantity: '3' }))).toEqual({ none: false, badQuantity: [] });
    for (const q of ['4', '0', '1.5', '', 'dos'])
      expect(pickProblems(lines, with_({ checked: true, quantity: q })).badQuantity).toEqual([last]);
    // An unchecked line's quantity is not read.
    expect(pickProblems(lines, with_({ checked: false, quantity: '99' })).badQuantity).toEqual([]);
  });

  it('what the chosen lines give back per sale type, against what remains', () => {
    const lines = sourceLines('CCF', ccf());
    const picks = lines.map((_, i): Pick => (i === lines.length - 1 ? { checked: true, quantity: '1' } : none));
    const asked = askedBySaleType(lines, picks);
    // $10.00 less $0.33333333, to the cent.
    expect(asked.GRAVADA.toFixed(2)).toBe('9.67');
    expect(asked.EXENTA.isZero()).toBe(true);
    expect(overLimit(asked, { GRAVADA: '9.67', EXENTA: '0.00', NO_SUJETA: '0.00' })).toEqual([]);
    expect(overLimit(asked, { GRAVADA: '9.66', EXENTA: '0.00', NO_SUJETA: '0.00' })).toEqual(['GRAVADA']);
    // Debit notes and notes on a CR have no limit to show.
    expect(overLimit(asked, null)).toEqual([]);
  });

  it('an original without a stored body gives one empty line naming it', () => {
    expect(noteValue('NC', { id: CCF, body: null }, [], [], NOTE).items).toEqual([
      { type: 'BIENES', saleType: 'GRAVADA', documentNumber: CCF },
    ]);
  });
});

describe('a rejected document corrected', () => {
  it('the same data under a new id, issued today', () => {
    const body = ccf();
    const value = correctionValue(body, NOTE);
    expect(value.id).toBe(NOTE);
    expect(value).not.toHaveProperty('generatedAt');
    expect(value.recipient).toEqual(body.recipient);
    // Numbers as decimal strings; the body the form sends is the original's but for id and date.
    expect((value.items as Record<string, unknown>[])[0]).toMatchObject({ quantity: '10', unitPrice: '3.75' });
    const { generatedAt: _date, ...rest } = body;
    expect(toBody(FORM_SPECS.CCF, value)).toEqual({ ...rest, id: NOTE });
  });

  it("MH's observations beside the fields they name, the rest above the form", () => {
    const record = {
      id: CCF,
      type: 'CCF',
      status: 'REJECTED',
      controlNumber: 'DTE-03-M001P001-000000000000001',
      mhResponse: {
        estado: 'RECHAZADO',
        descripcionMsg: 'DOCUMENTO NO CUMPLE EL ESQUEMA',
        observaciones: ['[receptor.nrc] NRC NO REGISTRADO', '[resumen.totalLetras] VALOR INCORRECTO'],
      },
    } as unknown as DteRecord;
    const detail = { record, body: ccf(), creditLeft: null } as unknown as DteDetail;
    const made = correctionOf(detail, NOTE);
    expect(made?.kind).toBe('CCF');
    expect(made?.correcting).toEqual({
      kind: 'CCF',
      controlNumber: 'DTE-03-M001P001-000000000000001',
      summary: 'DOCUMENTO NO CUMPLE EL ESQUEMA',
      fields: [{ path: 'recipient.nrc', message: 'NRC NO REGISTRADO' }],
      general: ['[resumen.totalLetras] VALOR INCORRECTO'],
    });
    expect(correctionOf({ ...detail, body: null }, NOTE)).toBeNull();
    // MH's message may name the field itself: beside it too, and not twice above the form.
    const late = { ...record, mhResponse: { descripcionMsg: '[identificacion.fecEmi] FECHA FUERA DEL RANGO PERMITIDO (2026-11-01)' } };
    expect(correctionOf({ ...detail, record: late }, NOTE)?.correcting).toMatchObject({
      fields: [{ path: 'generatedAt', message: 'FECHA FUERA DEL RANGO PERMITIDO (2026-11-01)' }],
      general: [],
    });
    const duplicate = { ...record, mhResponse: { descripcionMsg: '[identificacion.codigoGeneracion] YA EXISTE' } };
    expect(correctionOf({ ...detail, record: duplicate }, NOTE)?.correcting).toMatchObject({ fields: [], general: [] });
  });
});
