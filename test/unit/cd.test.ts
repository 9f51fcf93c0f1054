// The comprobante de donación (docs/decisions/0082-comprobante-de-donacion.md): its bodies built as MH's fe-cd-v1
// and fe-cd-v2 and judged by the official schemas, each contract and amount rule on its own, and the 2026
// numeroControl, which fe-cd-v2 alone still takes with the legacy 8-character block.
import { catalogErrors } from '../../shared/contract/catalog-fields';
import { describe, expect, it } from 'vitest';
import { cdBody, validate, type CdBody } from '../../shared/contract';
import { buildCdV1 } from '../../main/core/dte/mh/cd-v1';
import { buildCdV2 } from '../../main/core/dte/mh/cd-v2';
import { controlNumberRule, formatControlNumber } from '../../main/core/dte/control-number';
import type { BuildContext, Built } from '../../main/core/dte/mh/context';
import { cdForeignBody, cdMinimalBody, cdRichBody } from '../fixtures/cd-bodies';
import { schemaErrors, validatorFor, validatorForV2 } from '../support/mh-schemas';
import { V2_STATION } from '../support/v2-context';
import { v2KindContext } from '../support/v2-kind-context';

const ID = '5d7f9b1c-3e5a-4c7e-9a1b-3c5e7a9b1d3f';

const parse = (raw: Record<string, unknown>): CdBody => {
  const r = validate(cdBody, raw);
  if (!r.ok) throw new Error(JSON.stringify(r.errors));
  return r.value;
};
/** The contract's verdict on a body: the paths and codes of its errors, [] when it passes. */
const refusal = (raw: Record<string, unknown>) => {
  const r = validate(cdBody, raw);
  return r.ok ? [] : r.errors.map((e) => `${e.path} ${e.code}`);
};
const ctx = (n = 1, station = V2_STATION): BuildContext => v2KindContext('CD', n, station);
const v1 = validatorFor('fe-cd-v1.json');
const v2 = validatorForV2('fe-cd-v2.json');
const fitsV1 = (b: Built) => (v1(b.document) ? '' : schemaErrors(v1));
const fitsV2 = (b: Built) => (v2(b.document) ? '' : schemaErrors(v2));

const rich = () => cdRichBody(ID) as { recipient: Record<string, unknown>; items: Record<string, unknown>[] } & Record<string, unknown>;
const minimal = () =>
  cdMinimalBody(ID) as { recipient: Record<string, unknown>; items: Record<string, unknown>[] } & Record<string, unknown>;
const withItem = (item: Record<string, unknown>) => ({ ...minimal(), items: [{ ...minimal().items[0], ...item }] });
const withDonor = (donor: Record<string, unknown>) => ({ ...minimal(), recipient: { ...minimal().recipient, ...donor } });

describe('CD under both normatives, judged by MH’s schemas', () => {
  for (const [name, body] of [
    ['minimal', cdMinimalBody],
    ['rich', cdRichBody],
    ['foreign donor', cdForeignBody],
  ] as const) {
    it(`builds the ${name} body as fe-cd-v1 and fe-cd-v2 without errors`, () => {
      const b1 = buildCdV1(parse(body(ID)), ctx());
      const b2 = buildCdV2(parse(body(ID)), ctx());
      expect(b1.errors).toEqual([]);
      expect(b2.errors).toEqual([]);
      expect(fitsV1(b1)).toBe('');
      expect(fitsV2(b2)).toBe('');
    });
  }

  it('names the parties donatario/donante in v1 and emisor/receptor in v2.0, the donee by its NIT', () => {
    const d1 = buildCdV1(parse(cdRichBody(ID)), ctx()).document;
    const d2 = buildCdV2(parse(cdRichBody(ID)), ctx()).document;
    expect(Object.keys(d1)).toEqual(expect.arrayContaining(['donatario', 'donante']));
    expect(Object.keys(d2)).toEqual(expect.arrayContaining(['emisor', 'receptor']));
    expect(d1.donatario).toMatchObject({ tipoDocumento: '36', numDocumento: V2_STATION.company.nit, codEstableMH: 'M001' });
    expect(d2.emisor).toMatchObject({ tipoDocumento: '36', numDocumento: V2_STATION.company.nit, codEstable: 'M001' });
    expect(d2.emisor).not.toHaveProperty('nit');
    expect(d1.identificacion).toMatchObject({ version: 1, tipoDte: '15', tipoModelo: 1, tipoOperacion: 1 });
    expect(d2.identificacion).toMatchObject({ version: 2, tipoDte: '15', tipoModelo: 1, tipoOperacion: 1 });
  });

  it('writes the donor: CAT-022 type, NRC, activity, CAT-032 domicile, CAT-020 country in v1 and ISO in v2.0', () => {
    const d1 = buildCdV1(parse(cdRichBody(ID)), ctx()).document;
    const d2 = buildCdV2(parse(cdRichBody(ID)), ctx()).document;
    expect(d1.donante).toMatchObject({
      tipoDocumento: '36',
      numDocumento: '06140101901234',
      nrc: '123456',
      codActividad: '47190',
      codDomiciliado: 1,
      codPais: '9300',
      direccion: { departamento: '06', municipio: '14', complemento: 'Colonia Escalón, Calle El Mirador 4520' },
    });
    expect(d2.receptor).toMatchObject({
      codDomiciliado: 1,
      codPais: 'SV',
      direccion: { departamento: '06', municipio: '23', distrito: '14' },
    });
    const f1 = buildCdV1(parse(cdForeignBody(ID)), ctx()).document;
    const f2 = buildCdV2(parse(cdForeignBody(ID)), ctx()).document;
    expect(f1.donante).toMatchObject({ tipoDocumento: '03', codDomiciliado: 2, codPais: '9450', direccion: null, descActividad: null });
    expect(f2.receptor).toMatchObject({ codDomiciliado: 2, codPais: 'US', direccion: null, codActividad: null });
  });

  it('values each line exactly (quantity × unit value − depreciation) and totals it in cents, in words', () => {
    const built = buildCdV1(parse(cdRichBody(ID)), ctx());
    const lines = built.document.cuerpoDocumento as Record<string, unknown>[];
    expect(lines.map((l) => [l.tipoDonacion, l.uniMedida, l.valorUni, l.depreciacion, l.valor])).toEqual([
      [1, 99, 1000.5, 0, 1000.5],
      [2, 59, 333.33333333, 250.12345678, 749.87654321],
      [3, 99, 12.5, 0, 125],
    ]);
    expect(built.document.resumen).toEqual({
      valorTotal: 1875.38,
      totalLetras: 'MIL OCHOCIENTOS SETENTA Y CINCO DÓLARES CON 38/100',
      pagos: [
        { codigo: '05', montoPago: 800, referencia: 'Transferencia 998877' },
        { codigo: '01', montoPago: 200.5, referencia: null },
      ],
    });
    expect(built.total.toFixed(2)).toBe('1875.38');
    const lines2 = buildCdV2(parse(cdRichBody(ID)), ctx()).document.cuerpoDocumento as Record<string, unknown>[];
    expect(lines2[1]).toMatchObject({ tipoDepreciacion: 250.12345678, valor: 749.87654321 });
    expect(lines2[1]).not.toHaveProperty('depreciacion');
  });

  it('writes the associated documents as otrosDocumentos (CAT-021 1 emisor, 2 receptor), and pagos null without payments', () => {
    const doc = buildCdV2(parse(cdRichBody(ID)), ctx()).document;
    expect(doc.otrosDocumentos).toEqual([
      { codDocAsociado: 1, descDocumento: 'Resolución DGII 10-2025', detalleDocumento: 'Calificación como entidad donataria' },
      { codDocAsociado: 2, descDocumento: 'Carta de donación 2026-77', detalleDocumento: 'Carta del donante con el detalle de lo donado' },
    ]);
    expect((buildCdV1(parse(cdMinimalBody(ID)), ctx()).document.resumen as { pagos: unknown }).pagos).toBeNull();
  });

  it('is never a contingency document: an open contingency still writes tipoModelo and tipoOperacion 1', () => {
    const c: BuildContext = { ...ctx(), operation: { kind: 'contingency', type: 1, reason: null } };
    const b1 = buildCdV1(parse(cdMinimalBody(ID)), c);
    expect(b1.document.identificacion).toMatchObject({ tipoModelo: 1, tipoOperacion: 1 });
    expect(b1.document.identificacion).not.toHaveProperty('tipoContingencia');
    expect(fitsV1(b1)).toBe('');
    expect(fitsV2(buildCdV2(parse(cdMinimalBody(ID)), c))).toBe('');
  });
});

describe('the CD’s numeroControl under 2026', () => {
  const legacyStation = { ...V2_STATION, branch: { ...V2_STATION.branch, mhCode: '0001' } };

  it('takes the legacy 8-character block for the CD alone, and v2.0’s (M|B|S|P)NNNPNNN for the other kinds', () => {
    const legacyBlock = formatControlNumber('CD', '0001', 1, 7);
    expect(legacyBlock).toBe('DTE-15-0001P001-000000000000007');
    expect(controlNumberRule('CD', '2026').test(legacyBlock)).toBe(true);
    expect(controlNumberRule('CCF', '2026').test(formatControlNumber('CCF', '0001', 1, 7))).toBe(false);
    expect(controlNumberRule('CCF', '2026').test(formatControlNumber('CCF', 'M001', 1, 7))).toBe(true);
    expect(controlNumberRule('CD', 'legacy').test(legacyBlock)).toBe(true);
    expect(controlNumberRule('CD', '2026').test('DTE-15-m001P001-000000000000007')).toBe(false);
  });

  it('builds a CD v2 for an establishment code outside (M|B|S|P)NNN, as fe-cd-v2 allows', () => {
    const built = buildCdV2(parse(cdMinimalBody(ID)), ctx(3, legacyStation));
    expect(built.errors).toEqual([]);
    expect(built.document.identificacion).toMatchObject({ numeroControl: 'DTE-15-0001P001-000000000000003' });
    expect(fitsV2(built)).toBe('');
  });

  it('refuses a number fe-cd-v2’s pattern does not take', () => {
    const base = ctx();
    const c = { ...base, identity: { ...base.identity, numeroControl: 'DTE-15-M01P001-0000000000000003' } };
    expect(buildCdV2(parse(cdMinimalBody(ID)), c).errors).toEqual([
      expect.objectContaining({ path: 'station.branch.mhCode', code: 'INVALID_FORMAT' }),
    ]);
  });
});

describe('the CD’s contract rules, one by one (each a 422 naming the field)', () => {
  it('passes the fixtures', () => {
    expect(refusal(cdMinimalBody(ID))).toEqual([]);
    expect(refusal(cdRichBody(ID))).toEqual([]);
    expect(refusal(cdForeignBody(ID))).toEqual([]);
  });

  it('wants the donor, one associated document at least and ten at most, one line at least', () => {
    const { recipient: _r, ...noDonor } = minimal();
    expect(refusal(noDonor)).toEqual(['recipient REQUIRED']);
    expect(refusal({ ...minimal(), attachments: [] })).toEqual(['attachments TOO_FEW']);
    const { attachments: _a, ...noAttachments } = minimal();
    expect(refusal(noAttachments)).toEqual(['attachments REQUIRED']);
    const one = (minimal().attachments as unknown[])[0];
    expect(refusal({ ...minimal(), attachments: Array.from({ length: 11 }, () => one) })).toEqual(['attachments TOO_MANY']);
    expect(refusal({ ...minimal(), items: [] })).toEqual(['items TOO_FEW']);
  });

  it('checks each associated document: CAT-021 emisor or receptor, 3–100 and 3–300 characters', () => {
    const att = (a: Record<string, unknown>) => ({
      ...minimal(),
      attachments: [{ code: 'EMISOR', name: 'Res. 1', details: 'Calificación', ...a }],
    });
    expect(refusal(att({}))).toEqual([]);
    expect(refusal(att({ code: 'DOCTOR' }))).toEqual(['attachments.0.code INVALID_ENUM']);
    expect(refusal(att({ name: 'ab' }))).toEqual(['attachments.0.name TOO_SHORT']);
    expect(refusal(att({ name: 'x'.repeat(101) }))).toEqual(['attachments.0.name TOO_LONG']);
    expect(refusal(att({ details: 'ab' }))).toEqual(['attachments.0.details TOO_SHORT']);
    expect(refusal(att({ details: 'x'.repeat(301) }))).toEqual(['attachments.0.details TOO_LONG']);
  });

  it('wants a domiciled donor’s address, and refuses one for a donor not domiciled', () => {
    const { address: _a, ...donor } = minimal().recipient;
    expect(refusal({ ...minimal(), recipient: donor })).toEqual(['recipient.address REQUIRED']);
    expect(refusal(withDonor({ domiciled: false, country: 'US' }))).toEqual(['recipient.address NOT_ALLOWED']);
  });

  it('refuses an activity for a donor not domiciled, and wants its country', () => {
    const foreign = (cdForeignBody(ID) as { recipient: Record<string, unknown> }).recipient;
    const body = (donor: Record<string, unknown>) => ({ ...cdForeignBody(ID), recipient: { ...foreign, ...donor } });
    expect(refusal(body({ economicActivity: '47190' }))).toEqual(['recipient.economicActivity NOT_ALLOWED']);
    expect(refusal(body({ country: null }))).toEqual(['recipient.country REQUIRED']);
  });

  it('refuses a country that is not ISO alpha-2; one the legacy CAT-020 has no code for only under that normative', () => {
    expect(refusal(withDonor({ country: 'XX' }))).toEqual(['recipient.country UNKNOWN_CODE']);
    expect(refusal(withDonor({ country: 'SS' }))).toEqual([]);
    const parsed = validate(cdBody, withDonor({ country: 'SS' }));
    if (!parsed.ok) throw new Error('expected valid');
    expect(catalogErrors(parsed.value, 'legacy').map((e) => `${e.path} ${e.code}`)).toEqual(['recipient.country UNKNOWN_CODE']);
    expect(catalogErrors(parsed.value, '2026')).toEqual([]);
  });

  it('checks the donor’s document, NRC, activity, phone and e-mail', () => {
    expect(refusal(withDonor({ identificationDocument: { type: 'DUI', number: '1234' } }))).toEqual([
      'recipient.identificationDocument.number INVALID_FORMAT',
    ]);
    expect(refusal(withDonor({ nrc: '7' }))).toEqual(['recipient.nrc INVALID_FORMAT']);
    expect(refusal(withDonor({ nrc: '123456789' }))).toEqual(['recipient.nrc INVALID_FORMAT']);
    expect(refusal(withDonor({ economicActivity: '99999' }))).toEqual(['recipient.economicActivity UNKNOWN_CODE']);
    expect(refusal(withDonor({ phone: '2250123' }))).toEqual(['recipient.phone INVALID_FORMAT']);
    expect(refusal(withDonor({ email: 'no-es-correo' }))).toEqual(['recipient.email INVALID_FORMAT']);
    expect(refusal(withDonor({ name: ' ' }))).toEqual(['recipient.name BLANK']);
    expect(refusal(withDonor({ domiciled: 'si' }))).toEqual(['recipient.domiciled INVALID_TYPE']);
  });

  it('knows the three CAT-026 donation types only', () => {
    expect(refusal(withItem({ donationType: 'BIEN' }))).toEqual([]);
    expect(refusal(withItem({ donationType: 'SERVICIO' }))).toEqual([]);
    expect(refusal(withItem({ donationType: 'ESPECIE' }))).toEqual(['items.0.donationType INVALID_ENUM']);
  });

  it('gives a unit of measure only to a good (money and services are OTRA)', () => {
    expect(refusal(withItem({ donationType: 'BIEN', unitMeasure: 'LIBRA' }))).toEqual([]);
    expect(refusal(withItem({ unitMeasure: 'LIBRA' }))).toEqual(['items.0.unitMeasure NOT_ALLOWED']);
    expect(refusal(withItem({ donationType: 'SERVICIO', unitMeasure: 'UNIDAD' }))).toEqual(['items.0.unitMeasure NOT_ALLOWED']);
    expect(refusal(withItem({ unitMeasure: 'OTRA' }))).toEqual([]);
    expect(refusal(withItem({ donationType: 'BIEN', unitMeasure: 'CAJA' }))).toEqual(['items.0.unitMeasure INVALID_ENUM']);
  });

  it('gives a depreciation only to a good: zero or more, 8 decimals at most', () => {
    expect(refusal(withItem({ donationType: 'BIEN', depreciation: 10 }))).toEqual([]);
    expect(refusal(withItem({ depreciation: 10 }))).toEqual(['items.0.depreciation NOT_ALLOWED']);
    expect(refusal(withItem({ donationType: 'SERVICIO', depreciation: 0.01 }))).toEqual(['items.0.depreciation NOT_ALLOWED']);
    expect(refusal(withItem({ depreciation: 0 }))).toEqual([]);
    expect(refusal(withItem({ donationType: 'BIEN', depreciation: -1 }))).toEqual(['items.0.depreciation NEGATIVE']);
    expect(refusal(withItem({ donationType: 'BIEN', depreciation: 0.123456789 }))).toEqual(['items.0.depreciation TOO_MANY_DECIMALS']);
  });

  it('wants a positive quantity and unit value of 8 decimals at most, and a description of 1 to 1000 characters', () => {
    expect(refusal(withItem({ quantity: 0 }))).toEqual(['items.0.quantity NOT_POSITIVE']);
    expect(refusal(withItem({ quantity: 1.123456789 }))).toEqual(['items.0.quantity TOO_MANY_DECIMALS']);
    expect(refusal(withItem({ quantity: 2.5 }))).toEqual([]);
    expect(refusal(withItem({ unitValue: 0 }))).toEqual(['items.0.unitValue NOT_POSITIVE']);
    expect(refusal(withItem({ unitValue: 1e11 }))).toEqual(['items.0.unitValue TOO_LARGE']);
    expect(refusal(withItem({ description: 'x'.repeat(1001) }))).toEqual(['items.0.description TOO_LONG']);
    expect(refusal(withItem({ internalCode: 'x'.repeat(26) }))).toEqual(['items.0.internalCode TOO_LONG']);
  });

  it('refuses fields it does not list', () => {
    expect(refusal({ ...minimal(), paymentType: 'CONTADO' })).toEqual(['paymentType UNKNOWN_FIELD']);
    expect(refusal(withItem({ unitPrice: 1 }))).toEqual(['items.0.unitPrice UNKNOWN_FIELD']);
  });
});

describe('the CD’s amount rules (a 422 naming the field, before a number is spent)', () => {
  const errors = (raw: Record<string, unknown>) => [
    buildCdV1(parse(raw), ctx()).errors.map((e) => `${e.path} ${e.code}`),
    buildCdV2(parse(raw), ctx()).errors.map((e) => `${e.path} ${e.code}`),
  ];

  it('refuses a depreciation above quantity × unit value, and takes one equal to it', () => {
    expect(errors(withItem({ donationType: 'BIEN', quantity: 2, unitValue: 10, depreciation: 20.00000001 }))).toEqual([
      ['items.0.depreciation NOT_ALLOWED'],
      ['items.0.depreciation NOT_ALLOWED'],
    ]);
    expect(errors(withItem({ donationType: 'BIEN', quantity: 2, unitValue: 10, depreciation: 20 }))).toEqual([[], []]);
  });

  it('refuses payments without money among the lines', () => {
    const goods = { ...withItem({ donationType: 'BIEN' }), payments: [{ method: '01', amount: 150 }] };
    expect(errors(goods)).toEqual([['payments NOT_ALLOWED'], ['payments NOT_ALLOWED']]);
  });

  it('wants the payments to add up to the money donated, not to the whole donation', () => {
    const body = (amounts: number[]) => ({ ...rich(), payments: amounts.map((amount) => ({ method: '01', amount })) });
    expect(errors(body([1875.38]))).toEqual([['payments TOTAL_MISMATCH'], ['payments TOTAL_MISMATCH']]);
    expect(errors(body([1000.5]))).toEqual([[], []]);
    expect(refusal({ ...rich(), payments: [{ method: '07', amount: 1000.5 }] })).toEqual(['payments.0.method UNKNOWN_CODE']);
  });

  it('says where the 2026 distrito of the donor cannot be known, and needs none for a donor from abroad', () => {
    const body = withDonor({ address: { department: '06', municipality: '23', complement: 'Colonia Escalón' } });
    expect(errors(body)).toEqual([[], ['recipient.address.district REQUIRED']]);
    expect(errors(cdForeignBody(ID))).toEqual([[], []]);
  });
});
