// The paper of the two liquidations, read back with pdftotext: a CL's reported documents and totals, a DCL's period,
// amounts, commission and líquido a pagar, on the letter PDF and the receipt, with MH's QR (docs/decisions/0081).
import { describe, expect, it } from 'vitest';
import { CREATE_SCHEMAS, validate, type ClBody, type DclBody } from '../../shared/contract';
import { buildClV1 } from '../../main/core/dte/mh/cl-v1';
import { buildClV2 } from '../../main/core/dte/mh/cl-v2';
import { buildDclV1 } from '../../main/core/dte/mh/dcl-v1';
import { buildDclV2 } from '../../main/core/dte/mh/dcl-v2';
import { letterPdf } from '../../main/core/render/letter-pdf';
import { printable } from '../../main/core/render/model';
import { receiptPdf } from '../../main/core/render/receipt';
import { receiptBlocks } from '../../main/core/render/receipt-blocks';
import { richCl, richDcl } from '../fixtures/liquidation-bodies';
import { decodeQrFile, pdfPages, pdfText } from '../support/pdf';
import { v2KindContext } from '../support/v2-kind-context';

const SEAL = '2026ABCDEF0123456789ABCDEF0123456789ABCD';
const record = (type: 'CL' | 'DCL') => ({ type, status: 'APPROVED' as const, mhResponse: { selloRecibido: SEAL } });
const cl = (): ClBody => {
  const r = validate(CREATE_SCHEMAS.CL, richCl('7a2e3c4d-5e6f-4a70-8c1d-2e3f4a5b6c7d'));
  if (!r.ok) throw new Error(JSON.stringify(r.errors));
  return r.value;
};
const dcl = (): DclBody => {
  const r = validate(CREATE_SCHEMAS.DCL, richDcl('8b3f4d5e-6f70-4b81-9d2e-3f4a5b6c7d8e'));
  if (!r.ok) throw new Error(JSON.stringify(r.errors));
  return r.value;
};
/** pdftotext breaks lines where the layout does: compare with whitespace folded. */
const flat = (s: string) => s.replace(/\s+/g, ' ');

describe('CL on paper', () => {
  for (const [version, build] of [
    ['v1', () => buildClV1(cl(), v2KindContext('CL', 1)).document],
    ['v2', () => buildClV2(cl(), v2KindContext('CL', 1)).document],
  ] as const) {
    it(`${version}: the letter PDF shows each reported document, the totals and the QR`, async () => {
      const p = printable(record('CL'), build(), false);
      const pdf = await letterPdf(p);
      const text = flat(pdfText(pdf));
      expect(text).toContain('COMPROBANTE DE LIQUIDACIÓN');
      expect(text).toContain('Distribuidora El Mandante');
      for (const s of [
        'CCF electrónico, 02/10/2026',
        'Factura físico, 03/10/2026',
        '21AB000123',
        'A1B2C3D4-0000-4000-8000-000000000002',
        'Nota de crédito',
        'FEX',
        'Devolución',
      ])
        expect(text).toContain(s);
      expect(text).toContain('-$34.50');
      expect(text).toContain('$1,234.57');
      for (const [label, amount] of [
        ['Exportaciones', '$500.00'],
        ['IVA 13 %', '$169.07'],
        ['Monto total de la operación', '$1,985.39'],
        ['IVA percibido', '$12.35'],
        ['Total', '$1,997.74'],
      ])
        expect(text).toMatch(new RegExp(`${label}.*\\${amount}`));
      expect(text).toContain('MIL NOVECIENTOS NOVENTA Y SIETE DÓLARES CON 74/100');
      expect(text).toContain('Liquidación de noviembre');
      const [page] = pdfPages(pdf, `cl-${version}`);
      expect(decodeQrFile(page!)).toContain('codGen=C0FFEE00-0000-4000-8000-000000000001');
    });
  }

  it('the receipt names each document by kind and number, and the total', async () => {
    const p = printable(record('CL'), buildClV2(cl(), v2KindContext('CL', 1)).document, false);
    const text = flat(pdfText(await receiptPdf(p, 80)));
    expect(text).toContain('COMPROBANTE DE LIQUIDACIÓN');
    expect(text).toContain('Factura físico, 03/10/2026 21AB000123');
    expect(text).toContain('$1,997.74');
    const blocks = receiptBlocks(p);
    expect(blocks).toContainEqual(expect.objectContaining({ t: 'pair', left: 'Factura físico, 03/10/2026 21AB000123' }));
    expect(blocks).toContainEqual(expect.objectContaining({ t: 'qr' }));
  });
});

describe('DCL on paper', () => {
  for (const [version, build] of [
    ['v1', () => buildDclV1(dcl(), v2KindContext('DCL', 1)).document],
    ['v2', () => buildDclV2(dcl(), v2KindContext('DCL', 1)).document],
  ] as const) {
    it(`${version}: the letter PDF shows the period, the amounts, the commission and the líquido a pagar`, async () => {
      const p = printable(record('DCL'), build(), false);
      const pdf = await letterPdf(p);
      const text = flat(pdfText(pdf));
      expect(text).toContain('DOCUMENTO CONTABLE DE LIQUIDACIÓN');
      expect(text).toContain('01/09/2026 al 30/09/2026');
      expect(text).toContain('LIQ-2026-10-0042');
      expect(text).toContain('318 documentos');
      for (const [label, amount] of [
        ['Valor de las operaciones', '$15,234.67'],
        ['No sujeto a percepción', '$1,200.50'],
        ['IVA de las operaciones', '$1,614.55'],
        ['Sujeto a percepción sin IVA', '$12,419.62'],
        ['IVA percibido 2 %', '$248.39'],
        ['Comisión \\(3.25 %\\)', '$456.78'],
        ['IVA de la comisión', '$59.38'],
        ['Líquido a pagar', '$14,470.12'],
      ])
        expect(text).toMatch(new RegExp(`${label}.*\\${amount}`));
      expect(text).toContain('CATORCE MIL CUATROCIENTOS SETENTA DÓLARES CON 12/100');
      expect(text).toContain('Ana María Pérez');
      expect(text).toContain('No sujeto a percepción: Ventas exentas con tarjeta');
      const [page] = pdfPages(pdf, `dcl-${version}`);
      expect(decodeQrFile(page!)).toContain('codGen=C0FFEE00-0000-4000-8000-000000000001');
    });
  }

  it('the receipt carries the period, the commission and the líquido a pagar', async () => {
    const p = printable(record('DCL'), buildDclV2(dcl(), v2KindContext('DCL', 1)).document, false);
    const text = flat(pdfText(await receiptPdf(p, 58)));
    for (const s of ['01/09/2026 al 30/09/2026', 'Comisión (3.25 %)', '$456.78', 'Líquido a pagar', '$14,470.12'])
      expect(text).toContain(s);
  });
});
