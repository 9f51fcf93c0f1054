// The comprobante de liquidación (CL, tipoDte 08): minimal and rich bodies under both normatives pass MH's official
// schemas, the amounts are MH's (an NC subtracted, IVA of the taxed total), and each contract rule is a 422 of its own
// (docs/decisions/0081-liquidaciones.md).
import { describe, expect, it } from 'vitest';
import { CREATE_SCHEMAS, invalidateBody, validate, type ClBody } from '../../shared/contract';
import { buildAnulacionV2 } from '../../main/core/dte/invalidation/anulacion-v2';
import { buildClV1 } from '../../main/core/dte/mh/cl-v1';
import { buildClV2 } from '../../main/core/dte/mh/cl-v2';
import type { BuildContext } from '../../main/core/dte/mh/context';
import { formatControlNumber } from '../../main/core/dte/control-number';
import { minimalCl, richCl } from '../fixtures/liquidation-bodies';
import { schemaErrors, validatorFor, validatorForV2 } from '../support/mh-schemas';
import { V2_STATION } from '../support/v2-context';
import { v2KindContext } from '../support/v2-kind-context';

const ID = '5e0c1a2b-3c4d-4e5f-8a9b-0c1d2e3f4a5b';
const parse = (raw: Record<string, unknown>): ClBody => {
  const r = validate(CREATE_SCHEMAS.CL, raw);
  if (!r.ok) throw new Error(JSON.stringify(r.errors));
  return r.value;
};
/** The errors of a body, as path → code. */
const refusal = (raw: Record<string, unknown>) => {
  const r = validate(CREATE_SCHEMAS.CL, raw);
  return r.ok ? {} : Object.fromEntries(r.errors.map((e) => [e.path, e.code]));
};
const ctx = (): BuildContext => v2KindContext('CL', 7);
/** The legacy control number keeps the 8-character block of any letters and digits. */
const legacyCtx = (): BuildContext => {
  const c = ctx();
  return { ...c, identity: { ...c.identity, numeroControl: formatControlNumber('CL', '0001', 1, 7) } };
};
const item = (raw: Record<string, unknown>, patch: Record<string, unknown>, i = 0) => ({
  ...raw,
  items: (raw.items as Record<string, unknown>[]).map((it, j) => (j === i ? { ...it, ...patch } : it)),
});
const resumen = (doc: Record<string, unknown>) => doc.resumen as Record<string, unknown>;
const lines = (doc: Record<string, unknown>) => doc.cuerpoDocumento as Record<string, unknown>[];

describe('CL serializers against MH schemas', () => {
  const v1 = validatorFor('fe-cl-v1.json');
  const v2 = validatorForV2('fe-cl-v2.json');
  for (const [name, raw] of [
    ['minimal', minimalCl(ID)],
    ['rich', richCl(ID)],
  ] as const) {
    it(`${name} body: fe-cl-v1 and fe-cl-v2 accept what the builders write`, () => {
      const b1 = buildClV1(parse(raw), legacyCtx());
      expect(b1.errors).toEqual([]);
      expect(v1(b1.document), schemaErrors(v1)).toBe(true);
      const b2 = buildClV2(parse(raw), ctx());
      expect(b2.errors).toEqual([]);
      expect(v2(b2.document), schemaErrors(v2)).toBe(true);
    });
  }

  it('writes a normal transmission only, and fe-cl-v1 has no contingency fields', () => {
    const c = { ...legacyCtx(), operation: { kind: 'contingency', type: 1, reason: null } as const };
    const id1 = buildClV1(parse(minimalCl(ID)), c).document.identificacion as Record<string, unknown>;
    expect(id1).toMatchObject({ version: 1, tipoDte: '08', tipoModelo: 1, tipoOperacion: 1 });
    expect(Object.keys(id1)).not.toContain('tipoContingencia');
    const id2 = buildClV2(parse(minimalCl(ID)), { ...ctx(), operation: c.operation }).document.identificacion;
    expect(id2).toMatchObject({ version: 2, tipoModelo: 1, tipoOperacion: 1, fusion: null });
  });
});

describe('CL amounts', () => {
  it('computes IVA 13 % of the taxed total, the total and its words (minimal)', () => {
    const built = buildClV2(parse(minimalCl(ID)), ctx());
    expect(resumen(built.document)).toMatchObject({
      totalGravada: 100,
      subTotalVentas: 100,
      tributos: [{ codigo: '20', descripcion: 'Impuesto al Valor Agregado 13%', valor: 13 }],
      montoTotalOperacion: 113,
      ivaPerci: 0,
      total: 113,
      totalLetras: 'CIENTO TRECE DÓLARES CON 00/100',
      condicionOperacion: 1,
    });
    expect(lines(built.document)[0]).toMatchObject({ tipoDte: '03', tipoGeneracion: 2, ventaGravada: 100, ivaItem: 13, tributos: ['20'] });
    expect(built.total.toString()).toBe('113');
  });

  it('subtracts a credit note, lists the exports as C3 at 0 and adds the perceived IVA (rich)', () => {
    const doc = buildClV1(parse(richCl(ID)), legacyCtx()).document;
    const nc = lines(doc)[2]!;
    expect(nc).toMatchObject({ tipoDte: '05', ventaGravada: -34.5, ivaItem: -4.485, tributos: ['20'], obsItem: 'Devolución' });
    expect(lines(doc)[1]).toMatchObject({ tipoGeneracion: 1, numeroDocumento: '21AB000123', obsItem: 'Sin observaciones' });
    expect(lines(doc)[4]).toMatchObject({ tipoDte: '11', exportaciones: 500, ventaGravada: 0, tributos: ['C3'], ivaItem: 0 });
    // 1234.56789 + 88.5 − 34.5 + 12 = 1300.56789 → 1300.57; IVA 169.07 (169.0741).
    expect(resumen(doc)).toMatchObject({
      totalNoSuj: 5.5,
      totalExenta: 10.25,
      totalGravada: 1300.57,
      totalExportacion: 500,
      subTotalVentas: 1816.32,
      tributos: [
        { codigo: '20', valor: 169.07 },
        { codigo: 'C3', valor: 0 },
      ],
      montoTotalOperacion: 1985.39,
      ivaPerci: 12.35,
      total: 1997.74,
      condicionOperacion: 2,
    });
    expect(doc.extension).toMatchObject({ observaciones: 'Liquidación de noviembre' });
  });

  it('v2 renames the line date, the observation and the exports total, and carries the receptor by document', () => {
    const doc = buildClV2(parse(richCl(ID)), ctx()).document;
    expect(lines(doc)[1]).toMatchObject({ fechaEmision: '2026-10-03', observaciones: null });
    expect(Object.keys(lines(doc)[0]!)).not.toContain('obsItem');
    expect(resumen(doc)).toMatchObject({ exportacion: 500, observaciones: 'Liquidación de noviembre' });
    expect(doc.receptor).toMatchObject({ tipoDocumento: '36', numDocumento: '06141234567890', codDomiciliado: 1, nrc: '2345678' });
    expect(Object.keys(doc)).not.toContain('extension');
  });
});

describe('CL rules, one by one', () => {
  const raw = richCl(ID);
  it('the rich body passes the contract', () => expect(refusal(raw)).toEqual({}));
  it('a FISICO number is 1 to 20 upper-case letters or digits', () =>
    expect(refusal(item(raw, { taxDocumentNumber: '21ab-1' }, 1))).toEqual({ 'items.1.taxDocumentNumber': 'INVALID_FORMAT' }));
  it('a DIGITAL number is a UUID', () =>
    expect(refusal(item(raw, { taxDocumentNumber: 'ABC123' }))).toEqual({ 'items.0.taxDocumentNumber': 'INVALID_FORMAT' }));
  it('an FEX line carries exports only', () =>
    expect(refusal(item(raw, { taxedSales: 3 }, 4))).toEqual({ 'items.4.taxedSales': 'NOT_ALLOWED' }));
  it('an FEX line needs its exports', () =>
    expect(refusal(item(raw, { exportSales: null }, 4))).toEqual({ 'items.4.exportSales': 'REQUIRED' }));
  it('only an FEX line carries exports', () =>
    expect(refusal(item(raw, { exportSales: 3 }, 1))).toEqual({ 'items.1.exportSales': 'NOT_ALLOWED' }));
  it('a line says at least one amount', () =>
    expect(refusal(item(raw, { taxedSales: null }, 1))).toEqual({ 'items.1.taxedSales': 'REQUIRED' }));
  it('amounts are positive, with at most 8 decimals', () => {
    expect(refusal(item(raw, { exemptSales: -1 }))).toEqual({ 'items.0.exemptSales': 'NOT_POSITIVE' });
    expect(refusal(item(raw, { exemptSales: 1.123456789 }))).toEqual({ 'items.0.exemptSales': 'TOO_MANY_DECIMALS' });
  });
  it('a document is reported once', () =>
    expect(refusal(item(raw, { taxDocumentNumber: 'A1B2C3D4-0000-4000-8000-000000000001', taxDocumentType: 'CCF' }, 3))).toEqual({
      'items.3.taxDocumentNumber': 'DUPLICATE',
    }));
  it('a line observation has 3 to 1000 characters', () =>
    expect(refusal(item(raw, { observations: 'ok' }))).toEqual({ 'items.0.observations': 'TOO_SHORT' }));
  it('the line date is a calendar date', () =>
    expect(refusal(item(raw, { taxDocumentGeneratedAt: '2026-02-30' }))).toEqual({ 'items.0.taxDocumentGeneratedAt': 'INVALID_DATE' }));
  it('perceived IVA needs taxed sales', () => {
    const onlyExports = { ...raw, items: [(raw.items as unknown[])[4]] };
    expect(refusal(onlyExports)).toEqual({ ivaPerceived: 'NOT_ALLOWED' });
  });
  it('perceived IVA has cents at most', () =>
    expect(refusal({ ...raw, ivaPerceived: 1.234 })).toEqual({ ivaPerceived: 'TOO_MANY_DECIMALS' }));
  it('the recipient is a NIT or a DUI', () =>
    expect(
      refusal({ ...raw, recipient: { ...(raw.recipient as object), identificationDocument: { type: 'PASAPORTE', number: 'X1234567' } } }),
    ).toEqual({
      'recipient.identificationDocument.type': 'INVALID_ENUM',
    }));
  it("the recipient's NRC has 2 to 8 digits", () =>
    expect(refusal({ ...raw, recipient: { ...(raw.recipient as object), nrc: '7' } })).toEqual({ 'recipient.nrc': 'INVALID_FORMAT' }));
  it("the recipient's trade name has 5 or more characters", () =>
    expect(refusal({ ...raw, recipient: { ...(raw.recipient as object), commercialName: 'Abc' } })).toEqual({
      'recipient.commercialName': 'TOO_SHORT',
    }));
  it('the address complement has 5 or more characters', () =>
    expect(
      refusal({
        ...raw,
        recipient: { ...(raw.recipient as object), address: { department: '06', municipality: '14', complement: 'Col' } },
      }),
    ).toEqual({ 'recipient.address.complement': 'TOO_SHORT' }));
  it('at most 500 lines', () => {
    const many = Array.from({ length: 501 }, (_, i) => ({
      documentType: 'FISICO',
      taxDocumentType: 'FC',
      taxDocumentNumber: `N${i}`,
      taxDocumentGeneratedAt: '2026-11-02',
      taxedSales: 1,
    }));
    expect(refusal({ ...raw, items: many, ivaPerceived: null })).toEqual({ items: 'TOO_MANY' });
  });
  it('unknown fields are refused', () => expect(refusal({ ...raw, totalPagar: 5 })).toEqual({ totalPagar: 'UNKNOWN_FIELD' }));
});

describe('CL rules on the computed amounts', () => {
  it('a line dated after the comprobante is refused, naming it', () => {
    const built = buildClV2(parse(item(richCl(ID), { taxDocumentGeneratedAt: '2026-11-23' }, 2)), ctx());
    expect(built.errors.map((e) => e.path)).toEqual(['items.2.taxDocumentGeneratedAt']);
  });
  it('credit notes above what is liquidated are refused (the total would be negative)', () => {
    const body = parse(item(minimalCl(ID), { taxDocumentType: 'NC' }));
    expect(buildClV1(body, legacyCtx()).errors.map((e) => e.path)).toEqual(['items']);
    expect(buildClV2(body, ctx()).errors.map((e) => e.path)).toEqual(['items']);
  });
  it('a total of 0 is only CONTADO', () => {
    const raw = minimalCl(ID);
    const two = {
      ...raw,
      paymentType: 'CREDITO',
      items: [
        ...(raw.items as object[]),
        { ...(raw.items as object[])[0], taxDocumentType: 'NC', taxDocumentNumber: 'a1b2c3d4-0000-4000-8000-0000000000ff' },
      ],
    };
    expect(buildClV1(parse(two), legacyCtx()).errors.map((e) => e.path)).toEqual(['paymentType']);
  });
  it("an issuer's 1-digit NRC is refused (MH wants 2 to 8)", () => {
    const station = { ...V2_STATION, company: { ...V2_STATION.company, nrc: '7' } };
    expect(buildClV2(parse(minimalCl(ID)), v2KindContext('CL', 7, station)).errors.map((e) => e.path)).toEqual(['station.company.nrc']);
  });
  it('v2 says where the distrito cannot be known', () => {
    const raw = minimalCl(ID);
    const recipient = { ...(raw.recipient as object), address: { department: '06', municipality: '23', complement: 'Colonia Escalón' } };
    expect(buildClV2(parse({ ...raw, recipient }), ctx()).errors.map((e) => e.path)).toEqual(['recipient.address.district']);
  });
});

describe('a legacy CL invalidated (anulacion-schema-v2)', () => {
  it('writes a negative IVA (credit notes outweighing taxed sales) as montoIva null, which the event schema takes', () => {
    const built = buildClV1(parse(richCl(ID)), legacyCtx());
    const doc = JSON.parse(JSON.stringify(built.document)) as Record<string, unknown>;
    const tributos = resumen(doc).tributos as { codigo: string; valor: number }[];
    tributos[0]!.valor = -12.5;
    const manager = V2_STATION.responsible!;
    const body = validate(invalidateBody, { dteId: ID });
    if (!body.ok) throw new Error(JSON.stringify(body.errors));
    const event = buildAnulacionV2({
      station: V2_STATION,
      ambiente: '00',
      codigoGeneracion: '9B1D3F5A-7C8E-4B0D-8ECF-4A6B8C0D2E4F',
      fecAnula: '2026-11-25',
      horAnula: '16:05:00',
      target: { doc, seal: '2026A1B2C3D4E5F6A7B8C9D0E1F2A3B4C5D6E7F8', posNumber: 1 },
      replacementCode: null,
      body: body.value,
      manager,
      requester: manager,
    });
    expect(event.documento.montoIva).toBeNull();
    const v = validatorFor('anulacion-schema-v2.json');
    expect(v(event), schemaErrors(v)).toBe(true);
    tributos[0]!.valor = 12.5;
    const positive = buildAnulacionV2({
      station: V2_STATION,
      ambiente: '00',
      codigoGeneracion: '9B1D3F5A-7C8E-4B0D-8ECF-4A6B8C0D2E4F',
      fecAnula: '2026-11-25',
      horAnula: '16:05:00',
      target: { doc, seal: '2026A1B2C3D4E5F6A7B8C9D0E1F2A3B4C5D6E7F8', posNumber: 1 },
      replacementCode: null,
      body: body.value,
      manager,
      requester: manager,
    });
    expect(positive.documento.montoIva).toBe(12.5);
  });
});
