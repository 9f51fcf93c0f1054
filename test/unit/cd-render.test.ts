// The comprobante de donación on paper (docs/decisions/0082-comprobante-de-donacion.md): the letter PDF and the
// receipt of a CD of either normative, read back with pdftotext, carry the donee, the donor and its domicile, each
// line's donation type and value, the total in figures and words, and a QR that reads back.
import { describe, expect, it } from 'vitest';
import { cdBody, validate } from '../../shared/contract';
import { buildCdV1 } from '../../main/core/dte/mh/cd-v1';
import { buildCdV2 } from '../../main/core/dte/mh/cd-v2';
import { letterPdf } from '../../main/core/render/letter-pdf';
import { printable } from '../../main/core/render/model';
import { receiptPdf } from '../../main/core/render/receipt';
import { cdForeignBody, cdRichBody } from '../fixtures/cd-bodies';
import { decodeQrFile, pdfPages, pdfText } from '../support/pdf';
import { V2_STATION } from '../support/v2-context';
import { v2KindContext } from '../support/v2-kind-context';

const ID = '7b9d1f3a-5c7e-4a9b-8d1f-3a5c7e9b1d3f';
const SEAL = '2026ABCDEF0123456789ABCDEF0123456789ABCD';
const record = { type: 'CD' as const, status: 'APPROVED' as const, mhResponse: { selloRecibido: SEAL } };
const body = (raw: Record<string, unknown>) => {
  const r = validate(cdBody, raw);
  if (!r.ok) throw new Error(JSON.stringify(r.errors));
  return r.value;
};
const oneLine = (text: string) => text.replace(/\s+/g, ' ');
const BUILDERS = { v1: buildCdV1, v2: buildCdV2 } as const;

describe('CD on paper', () => {
  for (const [version, build] of Object.entries(BUILDERS)) {
    it(`${version}: the letter names donee and donor, each line's donation type and value, the total and its words`, async () => {
      const ctx = v2KindContext('CD', 4);
      const code = ctx.identity.codigoGeneracion;
      const doc = build(body(cdRichBody(ID)), ctx).document;
      const pdf = await letterPdf(printable(record, doc, false, 'cajero'));
      const text = oneLine(pdfText(pdf));
      for (const expected of [
        'COMPROBANTE DE DONACIÓN',
        code,
        'DTE-15-M001P001-000000000000004',
        SEAL,
        'DONATARIO',
        V2_STATION.company.name,
        V2_STATION.company.nit,
        'DONANTE',
        'Distribuidora El Roble S.A. de C.V.',
        '06140101901234',
        'Domiciliado',
        'El Salvador',
        'Efectivo: Aporte para el comedor',
        'Bien: Computadora portátil usada',
        'Servicio: Mantenimiento del local, 10 horas',
        '$250.12',
        '$749.88',
        '$1,000.50',
        'Donado en bien',
        'Valor total donado',
        '$1,875.38',
        'MIL OCHOCIENTOS SETENTA Y CINCO DÓLARES CON 38/100',
        'Resolución DGII 10-2025',
        'Carta de donación 2026-77',
        'Transferencia',
      ])
        expect(text, expected).toContain(expected);
      const [page] = pdfPages(pdf, `letter-cd-${version}`);
      expect(decodeQrFile(page!)).toBe(`https://admin.factura.gob.sv/consultaPublica?ambiente=00&codGen=${code}&fechaEmi=2026-11-22`);
    });

    it(`${version}: a donor from abroad reads as not domiciled, with its country`, async () => {
      const doc = build(body(cdForeignBody(ID)), v2KindContext('CD', 5)).document;
      const text = oneLine(pdfText(await letterPdf(printable(record, doc, false))));
      for (const expected of [
        'Fundación Amigos de Centroamérica',
        'No domiciliado',
        'Estados Unidos',
        'Bien: Cajas de medicamentos',
        '$1,030.00',
      ])
        expect(text, expected).toContain(expected);
    });
  }

  it('the receipt carries the donee, the donor, each line with its type, the total, its words and the QR', async () => {
    const ctx = v2KindContext('CD', 6);
    const doc = buildCdV1(body(cdRichBody(ID)), ctx).document;
    const pdf = await receiptPdf(printable(record, doc, false, 'cajero'), 80);
    const text = oneLine(pdfText(pdf));
    for (const expected of [
      'COMPROBANTE DE DONACIÓN',
      V2_STATION.company.nit,
      'Distribuidora El Roble S.A. de C.V.',
      'Bien: Computadora portátil usada',
      '3 × $333.33',
      '$749.88',
      'Valor total donado',
      '$1,875.38',
      'MIL OCHOCIENTOS SETENTA Y CINCO DÓLARES CON 38/100',
    ])
      expect(text, expected).toContain(expected);
    const [page] = pdfPages(pdf, 'receipt-cd');
    expect(decodeQrFile(page!)).toContain(`codGen=${ctx.identity.codigoGeneracion}`);
  });
});
