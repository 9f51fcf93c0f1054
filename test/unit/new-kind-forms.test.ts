// Emitir's forms for the NR, CL, DCL and CD (docs/decisions/0084-emitir-new-kinds.md): what a cashier fills in
// becomes a body the contract takes, each kind's own fields included; the NR to another branch is one pick.
import { describe, expect, it } from 'vitest';
import { CREATE_SCHEMAS, validate, type DteKind } from '../../shared/contract';
import { FORM_SPECS, emptyValue, type Field } from '../../renderer/src/forms/spec';
import { setAt, toBody, type Value } from '../../renderer/src/forms/values';
import { addressText } from '../../renderer/src/forms/branch-text';
import { DEMO_BRANCHES } from '../../main/core/station/demo';

const ID = '0e570000-0000-4000-8000-000000000001';
const SANTA_ANA = DEMO_BRANCHES.find((b) => b.code === 'S002')!;

/** Sets each dotted path of `fields` on the form's value, as typing would. */
function fill(value: Value, fields: Record<string, unknown>): Value {
  return Object.entries(fields).reduce<Value>(
    (v, [path, x]) =>
      setAt(
        v,
        path.split('.').map((k) => (/^\d+$/.test(k) ? Number(k) : k)),
        x,
      ) as Value,
    value,
  );
}
const bodyOf = (kind: DteKind, value: Value) => toBody(FORM_SPECS[kind], value);
const check = (kind: DteKind, value: Value) => validate(CREATE_SCHEMAS[kind], bodyOf(kind, value));
const errorPaths = (kind: DteKind, value: Value) => {
  const r = check(kind, value);
  return r.ok ? [] : r.errors.map((e) => e.path);
};
const fieldKeys = (kind: DteKind): string[] => {
  const walk = (fields: readonly Field[]): string[] =>
    fields.flatMap((f) => [f.key, ...(f.type === 'group' ? walk(f.fields) : f.type === 'list' ? walk(f.item) : [])]);
  return walk(FORM_SPECS[kind].flatMap((s) => s.fields));
};

const coffee = { 'items.0.description': 'Café de altura 1 lb', 'items.0.quantity': '12', 'items.0.unitPrice': '6.50' };

describe('NR: goods to another branch in one step', () => {
  it('starts as a transfer (TRASLADO), the destination still to pick, with the first line from the catalog', () => {
    const v = emptyValue('NR', ID);
    expect(v.goodsTitle).toBe('TRASLADO');
    expect(v.recipient).toBeUndefined();
    const list = FORM_SPECS.NR.flatMap((s) => s.fields).find((f) => f.key === 'items');
    expect(list?.type === 'list' && list.catalog).toBe('sale');
  });

  it('the branch picked travels whole as destinationBranch; no receptor is typed', () => {
    const v = fill(emptyValue('NR', ID), { destinationBranch: SANTA_ANA, ...coffee });
    const r = check('NR', v);
    expect(r.ok, JSON.stringify(r.ok ? null : r.errors)).toBe(true);
    const body = bodyOf('NR', v);
    expect(body.destinationBranch).toEqual(SANTA_ANA);
    expect(body.goodsTitle).toBe('TRASLADO');
    expect(body.recipient).toBeUndefined();
  });

  it('with neither a branch nor a receptor, the form says where to look', () => {
    expect(errorPaths('NR', fill(emptyValue('NR', ID), coffee))).toContain('recipient');
  });

  it('to anyone else: the receptor instead of a branch, and the reason changed', () => {
    const v = fill(emptyValue('NR', ID), {
      ...coffee,
      goodsTitle: 'CONSIGNACION',
      'recipient.name': 'Tienda La Esquina',
      'recipient.identificationDocument.type': 'DUI',
      'recipient.identificationDocument.number': '01234567-8',
      'recipient.email': 'esquina@example.com',
      'recipient.address.department': '06',
      'recipient.address.municipality': '23',
      'recipient.address.complement': 'Calle Arce 10',
    });
    const r = check('NR', v);
    expect(r.ok, JSON.stringify(r.ok ? null : r.errors)).toBe(true);
    expect(bodyOf('NR', v).goodsTitle).toBe('CONSIGNACION');
  });

  it('a branch shows where the goods go', () => {
    expect(addressText(SANTA_ANA.address)).toBe('Avenida Independencia Sur 15, SANTA ANA CENTRO, Santa Ana');
  });
});

const taxpayer = {
  'recipient.name': 'Distribuidora El Mandante, S.A. de C.V.',
  'recipient.identificationDocument.number': '0614-010190-101-3',
  'recipient.nrc': '123456',
  'recipient.economicActivity': '46900',
  'recipient.email': 'cuentas@mandante.example',
  'recipient.address.department': '06',
  'recipient.address.municipality': '23',
  'recipient.address.complement': 'Colonia Escalón, pasaje 3',
};

describe('CL: the documents sold for the principal', () => {
  it('its lines are the liquidated documents, each with its type, number, date and amounts', () => {
    for (const key of ['documentType', 'taxDocumentType', 'taxDocumentNumber', 'taxDocumentGeneratedAt', 'taxedSales', 'exportSales'])
      expect(fieldKeys('CL')).toContain(key);
  });
  it('filled, the contract takes it', () => {
    const v = fill(emptyValue('CL', ID), {
      ...taxpayer,
      'items.0.taxDocumentNumber': '3f2b6c1e-8a4d-4f0b-9c2e-5d7a1b3c4e01',
      'items.0.taxDocumentGeneratedAt': '2026-11-30',
      'items.0.taxedSales': '100.00',
    });
    const r = check('CL', v);
    expect(r.ok, JSON.stringify(r.ok ? null : r.errors)).toBe(true);
    expect(bodyOf('CL', v).items).toEqual([expect.objectContaining({ documentType: 'DIGITAL', taxDocumentType: 'FC', taxedSales: 100 })]);
  });
  it('a line without an amount is named', () => {
    const v = fill(emptyValue('CL', ID), {
      ...taxpayer,
      'items.0.taxDocumentNumber': 'A123',
      'items.0.taxDocumentGeneratedAt': '2026-11-30',
    });
    expect(errorPaths('CL', v).some((p) => p.startsWith('items.0.'))).toBe(true);
  });
});

describe('DCL: the liquidation period and amounts', () => {
  it('asks for the period, the operations and the commission', () => {
    for (const key of ['periodStart', 'periodEnd', 'operationsValue', 'commission', 'commissionPercent', 'establishmentType'])
      expect(fieldKeys('DCL')).toContain(key);
  });
  it('filled, the contract takes it; a period ending before it starts is named', () => {
    const base = fill(emptyValue('DCL', ID), {
      ...taxpayer,
      periodStart: '2026-11-01',
      periodEnd: '2026-11-30',
      operationsValue: '1130.00',
      commission: '20.00',
      commissionPercent: '2',
    });
    const r = check('DCL', base);
    expect(r.ok, JSON.stringify(r.ok ? null : r.errors)).toBe(true);
    expect(bodyOf('DCL', base).recipient).toMatchObject({ establishmentType: 'CASA_MATRIZ' });
    expect(errorPaths('DCL', fill(base, { periodEnd: '2026-10-31' }))).toContain('periodEnd');
  });
});

describe('CD: the donor and what was donated (CAT-026)', () => {
  const donor = {
    'recipient.name': 'María Elena Campos',
    'recipient.identificationDocument.number': '01234567-8',
    'recipient.address.department': '06',
    'recipient.address.municipality': '23',
    'recipient.address.complement': 'Colonia Médica, calle 2',
    'attachments.0.name': 'Resolución 123-2026',
    'attachments.0.details': 'Calificación de la entidad donataria',
  };
  it('starts with money donated by a domiciled donor, and one document', () => {
    const v = emptyValue('CD', ID);
    expect(v.items).toEqual([{ donationType: 'EFECTIVO', quantity: '1', unitMeasure: 'OTRA' }]);
    expect((v.recipient as Value).domiciled).toBe(true);
    expect(v.attachments).toEqual([{ code: 'EMISOR' }]);
  });
  it('filled, the contract takes it; domiciled travels as a boolean, false included', () => {
    const v = fill(emptyValue('CD', ID), { ...donor, 'items.0.description': 'Donación en efectivo', 'items.0.unitValue': '250' });
    const r = check('CD', v);
    expect(r.ok, JSON.stringify(r.ok ? null : r.errors)).toBe(true);
    expect((bodyOf('CD', v).recipient as Value).domiciled).toBe(true);
    const abroad = fill(v, { 'recipient.domiciled': false });
    expect((bodyOf('CD', abroad).recipient as Value).domiciled).toBe(false);
    // Not domiciled: no address in El Salvador, and a country (MH's rule, said by the contract).
    expect(errorPaths('CD', abroad)).toEqual(expect.arrayContaining(['recipient.address', 'recipient.country']));
  });
  it('a good donated is a second line, in a unit of its own', () => {
    const add = FORM_SPECS.CD.flatMap((s) => s.fields).find((f) => f.key === 'items');
    const fresh = add?.type === 'list' ? add.fresh : undefined;
    expect(fresh?.([{ donationType: 'EFECTIVO', unitMeasure: 'OTRA' }])).toEqual({
      donationType: 'BIEN',
      quantity: '1',
      unitMeasure: 'UNIDAD',
    });
    expect(fresh?.([{ donationType: 'EFECTIVO' }, { donationType: 'BIEN', unitMeasure: 'LIBRA' }])).toMatchObject({ unitMeasure: 'LIBRA' });
  });
});
