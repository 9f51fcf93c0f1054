// The documento contable de liquidación (DCL, tipoDte 09): minimal and rich bodies under both normatives pass MH's
// official schemas, Sello computes the IVA, the 2 % perception, the commission's IVA and the líquido a pagar, and each
// contract rule is a 422 of its own (docs/decisions/0081-liquidaciones.md).
import { describe, expect, it } from 'vitest';
import { CREATE_SCHEMAS, validate, type DclBody } from '../../shared/contract';
import type { BuildContext } from '../../main/core/dte/mh/context';
import { buildDclV1 } from '../../main/core/dte/mh/dcl-v1';
import { buildDclV2 } from '../../main/core/dte/mh/dcl-v2';
import { formatControlNumber } from '../../main/core/dte/control-number';
import { minimalDcl, richDcl } from '../fixtures/liquidation-bodies';
import { schemaErrors, validatorFor, validatorForV2 } from '../support/mh-schemas';
import { V2_STATION } from '../support/v2-context';
import { v2KindContext } from '../support/v2-kind-context';

const ID = '6f1d2b3c-4d5e-4f60-9b0c-1d2e3f4a5b6c';
const parse = (raw: Record<string, unknown>): DclBody => {
  const r = validate(CREATE_SCHEMAS.DCL, raw);
  if (!r.ok) throw new Error(JSON.stringify(r.errors));
  return r.value;
};
const refusal = (raw: Record<string, unknown>) => {
  const r = validate(CREATE_SCHEMAS.DCL, raw);
  return r.ok ? {} : Object.fromEntries(r.errors.map((e) => [e.path, e.code]));
};
const ctx = (station = V2_STATION): BuildContext => v2KindContext('DCL', 3, station);
const legacyCtx = (station = V2_STATION): BuildContext => {
  const c = ctx(station);
  return { ...c, identity: { ...c.identity, numeroControl: formatControlNumber('DCL', '0001', 1, 3) } };
};
const cuerpo = (doc: Record<string, unknown>) => doc.cuerpoDocumento as Record<string, unknown>;

describe('DCL serializers against MH schemas', () => {
  const v1 = validatorFor('fe-dcl-v1.json');
  const v2 = validatorForV2('fe-dcl-v2.json');
  for (const [name, raw] of [
    ['minimal', minimalDcl(ID)],
    ['rich', richDcl(ID)],
  ] as const) {
    it(`${name} body: fe-dcl-v1 and fe-dcl-v2 accept what the builders write`, () => {
      const b1 = buildDclV1(parse(raw), legacyCtx());
      expect(b1.errors).toEqual([]);
      expect(v1(b1.document), schemaErrors(v1)).toBe(true);
      const b2 = buildDclV2(parse(raw), ctx());
      expect(b2.errors).toEqual([]);
      expect(v2(b2.document), schemaErrors(v2)).toBe(true);
    });
  }

  it('writes a normal transmission only, with no contingency fields in either version', () => {
    const operation = { kind: 'contingency', type: 3, reason: null } as const;
    for (const doc of [
      buildDclV1(parse(minimalDcl(ID)), { ...legacyCtx(), operation }).document,
      buildDclV2(parse(minimalDcl(ID)), { ...ctx(), operation }).document,
    ]) {
      const id = doc.identificacion as Record<string, unknown>;
      expect(id).toMatchObject({ tipoDte: '09', tipoModelo: 1, tipoOperacion: 1 });
      expect(Object.keys(id)).not.toContain('tipoContingencia');
      expect(Object.keys(id)).not.toContain('fusion');
    }
  });
});

describe('DCL amounts', () => {
  it('minimal: $1,130 of operations contain $130 IVA; 2 % of $1,000 perceived; líquido $1,110', () => {
    const built = buildDclV2(parse(minimalDcl(ID)), ctx());
    expect(cuerpo(built.document)).toMatchObject({
      valorOperaciones: 1130,
      montoSinPercepcion: 0,
      subTotal: 1130,
      iva: 130,
      montoSujetoPercepcion: 1000,
      ivaPercibido: 20,
      comision: 0,
      porcentComision: 0,
      ivaComision: 0,
      liquidoApagar: 1110,
      totalLetras: 'MIL CIENTO DIEZ DÓLARES CON 00/100',
      codLiquidacion: null,
      cantidadDoc: null,
    });
    expect(built.total.toString()).toBe('1110');
    expect(cuerpo(buildDclV1(parse(minimalDcl(ID)), legacyCtx()).document).porcentComision).toBeNull();
  });

  it('rich: the part without perception, the commission and its IVA come off', () => {
    // 15234.67 − 1200.50 = 14034.17; IVA 14034.17 × 13/113 = 1614.549… → 1614.55; base 12419.62; 2 % = 248.3924 → 248.39;
    // commission IVA 456.78 × 0.13 = 59.3814 → 59.38; líquido 15234.67 − 248.39 − 456.78 − 59.38 = 14470.12.
    const c = cuerpo(buildDclV1(parse(richDcl(ID)), legacyCtx()).document);
    expect(c).toMatchObject({
      subTotal: 14034.17,
      iva: 1614.55,
      montoSujetoPercepcion: 12419.62,
      ivaPercibido: 248.39,
      comision: 456.78,
      porcentComision: '3.25 %',
      ivaComision: 59.38,
      liquidoApagar: 14470.12,
      codLiquidacion: 'LIQ-2026-10-0042',
      cantidadDoc: 318,
      descripSinPercepcion: 'Ventas exentas con tarjeta',
    });
    expect(cuerpo(buildDclV2(parse(richDcl(ID)), ctx()).document).porcentComision).toBe(3.25);
  });

  it('who issues it: the body, else the station responsible, else the company', () => {
    expect(buildDclV2(parse(richDcl(ID)), ctx()).document.extension).toEqual({
      nombEntrega: 'Ana María Pérez',
      docuEntrega: '012345678',
      codEmpleado: 'E-042',
    });
    const responsible = { name: 'Carlos Gómez', identificationDocument: { type: 'DUI' as const, number: '098765432' } };
    expect(buildDclV2(parse(minimalDcl(ID)), ctx({ ...V2_STATION, responsible })).document.extension).toEqual({
      nombEntrega: 'Carlos Gómez',
      docuEntrega: '098765432',
      codEmpleado: null,
    });
    expect(buildDclV2(parse(minimalDcl(ID)), ctx({ ...V2_STATION, responsible: null })).document.extension).toMatchObject({
      docuEntrega: V2_STATION.company.nit,
    });
  });

  it('v1 and v2 name the issuer establishment their own way; the affiliate carries its CAT-009 type', () => {
    const e1 = buildDclV1(parse(richDcl(ID)), legacyCtx()).document;
    expect(e1.emisor).toMatchObject({ codigoMH: 'M001', codigo: 'M001', puntoVentaMH: 'P001', puntoVentaContri: 'P001' });
    expect(e1.receptor).toMatchObject({ tipoEstablecimiento: '01', codigoMH: null, puntoVentaMH: null });
    const e2 = buildDclV2(parse(richDcl(ID)), ctx()).document;
    expect(e2.emisor).toMatchObject({ codigo: 'M001', puntoVenta: 'P001' });
    expect(e2.receptor).toMatchObject({ tipoEstablecimiento: '01', direccion: { distrito: '14' } });
  });
});

describe('DCL rules, one by one', () => {
  const raw = richDcl(ID);
  it('the rich body passes the contract', () => expect(refusal(raw)).toEqual({}));
  it('the period does not end before it starts', () =>
    expect(refusal({ ...raw, periodEnd: '2026-08-31' })).toEqual({ periodEnd: 'NOT_ALLOWED' }));
  it('period dates are calendar dates', () =>
    expect(refusal({ ...raw, periodStart: '2026-02-29' })).toEqual({ periodStart: 'INVALID_DATE' }));
  it('the value of the operations is positive money', () => {
    expect(refusal({ ...raw, operationsValue: 0 })).toMatchObject({ operationsValue: 'NOT_POSITIVE' });
    expect(refusal({ ...raw, operationsValue: 10.005 })).toMatchObject({ operationsValue: 'TOO_MANY_DECIMALS' });
  });
  it('the part without perception is less than the operations', () =>
    expect(refusal({ ...raw, amountWithoutPerception: 15234.67 })).toEqual({ amountWithoutPerception: 'NOT_ALLOWED' }));
  it('the part without perception needs its description', () =>
    expect(refusal({ ...raw, withoutPerceptionDescription: null })).toEqual({ withoutPerceptionDescription: 'REQUIRED' }));
  it('a description without that part is refused', () =>
    expect(refusal({ ...raw, amountWithoutPerception: null })).toEqual({ withoutPerceptionDescription: 'NOT_ALLOWED' }));
  it('a commission needs its percentage', () =>
    expect(refusal({ ...raw, commissionPercent: null })).toEqual({ commissionPercent: 'REQUIRED' }));
  it('a percentage without a commission is refused', () =>
    expect(refusal({ ...raw, commission: null })).toEqual({ commissionPercent: 'NOT_ALLOWED' }));
  it('the percentage is 0 to 100 with 2 decimals', () => {
    expect(refusal({ ...raw, commissionPercent: 100.5 })).toEqual({ commissionPercent: 'TOO_LARGE' });
    expect(refusal({ ...raw, commissionPercent: 3.255 })).toEqual({ commissionPercent: 'TOO_MANY_DECIMALS' });
  });
  it('the liquidation code has at most 30 characters', () =>
    expect(refusal({ ...raw, liquidationCode: 'X'.repeat(31) })).toEqual({ liquidationCode: 'TOO_LONG' }));
  it('the document count is a positive integer', () =>
    expect(refusal({ ...raw, documentCount: 2.5 })).toEqual({ documentCount: 'NOT_INTEGER' }));
  it('observations have at most 200 characters', () =>
    expect(refusal({ ...raw, observations: 'x'.repeat(201) })).toEqual({ observations: 'TOO_LONG' }));
  it('who issues it has a name of 5 or more characters', () =>
    expect(refusal({ ...raw, deliveredBy: { name: 'Ana', documentNumber: '012345678' } })).toEqual({ 'deliveredBy.name': 'TOO_SHORT' }));
  it('the affiliate has an establishment type of CAT-009', () =>
    expect(refusal({ ...raw, recipient: { ...(raw.recipient as object), establishmentType: 'OTRO' } })).toEqual({
      'recipient.establishmentType': 'INVALID_ENUM',
    }));
  it("the affiliate's NRC has 2 to 8 digits", () =>
    expect(refusal({ ...raw, recipient: { ...(raw.recipient as object), nrc: '123456789' } })).toEqual({
      'recipient.nrc': 'INVALID_FORMAT',
    }));
});

describe('DCL rules on the computed amounts', () => {
  it('a period ending after the issue date is refused', () => {
    expect(buildDclV2(parse({ ...minimalDcl(ID), periodEnd: '2026-11-23' }), ctx()).errors.map((e) => e.path)).toEqual(['periodEnd']);
  });
  it('a perception that rounds to 0 is refused (MH wants it above 0)', () => {
    expect(buildDclV1(parse({ ...minimalDcl(ID), operationsValue: 0.2 }), legacyCtx()).errors.map((e) => e.path)).toEqual([
      'operationsValue',
    ]);
  });
  it('a commission that leaves nothing to pay is refused, without failing on the words', () => {
    const b = buildDclV2(parse({ ...minimalDcl(ID), commission: 1100, commissionPercent: 97 }), ctx());
    expect(b.errors.map((e) => e.path)).toEqual(['commission']);
  });
  it("v1 refuses an issuer's telephone that is not 8 digits; v2 takes it", () => {
    const station = { ...V2_STATION, company: { ...V2_STATION.company, phone: '5032222333344' } };
    expect(buildDclV1(parse(minimalDcl(ID)), legacyCtx(station)).errors.map((e) => e.path)).toEqual(['station.company.phone']);
    expect(buildDclV2(parse(minimalDcl(ID)), ctx(station)).errors).toEqual([]);
  });
  it('v1 refuses an issuing person whose document is shorter than 5 characters', () => {
    const responsible = { name: 'Carlos Gómez', identificationDocument: { type: 'PASAPORTE' as const, number: 'A12' } };
    expect(buildDclV1(parse(minimalDcl(ID)), legacyCtx({ ...V2_STATION, responsible })).errors.map((e) => e.path)).toEqual(['deliveredBy']);
  });
});
