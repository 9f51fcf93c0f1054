// NC and ND v4's own rules (docs/mh.md): the v2.0 control number, a distrito
// only where it can be known, no income-tax retention, IVA per line re-adding to the resumen, global discounts
// moved into the item discounts, ND's numPagoElectronico.
import { describe, expect, it } from 'vitest';
import { CREATE_SCHEMAS, validate, type NcBody } from '../../shared/contract';
import { dec, round2, round8, sum } from '../../shared/tax';
import type { BuildContext } from '../../main/core/dte/mh/context';
import { buildNoteV4 } from '../../main/core/dte/mh/note-v4';
import { spread } from '../../main/core/dte/mh/note-amounts-v4';
import { ncBody } from '../fixtures/bodies';
import { V2_STATION } from '../support/v2-context';
import { v2KindContext } from '../support/v2-kind-context';

const CCF_ID = '1c3e5a7b-9d2f-4a6b-8c0d-2e4f6a8b0c1d';
const body = (patch: Record<string, unknown> = {}): NcBody => {
  const r = validate(CREATE_SCHEMAS.NC, { ...ncBody('3b5d7f9a-1c2e-4b4d-8e6f-8a0b2c4d6e8f', CCF_ID), ...patch });
  if (!r.ok) throw new Error(JSON.stringify(r.errors));
  return r.value;
};
const ctx = (kind: 'NC' | 'ND', station = V2_STATION): BuildContext => ({
  ...v2KindContext(kind, 1, station),
  related: (id) => (id === CCF_ID ? { kind: 'CCF', codigoGeneracion: id.toUpperCase(), issueDate: '2026-11-20' } : undefined),
});
type Line = Record<'ventaGravada' | 'totalIva' | 'ivaRete' | 'montoDescu' | 'precioUni' | 'cantidad', number>;
const parts = (doc: Record<string, unknown>) => ({ lines: doc.cuerpoDocumento as Line[], r: doc.resumen as Record<string, unknown> });
/** Three taxed lines whose 13 % has more than 2 decimals, a global discount and an IVA retention. */
const awkward = () =>
  body({
    items: [3.33, 7.77, 0.99].map((unitPrice, i) => ({
      type: 'BIENES',
      description: `Devolución ${i + 1}`,
      quantity: 3,
      unitPrice,
      saleType: 'GRAVADA',
      documentNumber: CCF_ID,
    })),
    discountGrav: 1.01,
    retentionIva: 0.27,
  });

describe('NC/ND v4', () => {
  it('builds the fixture: version 4, fusion null, receptor by tipoDocumento/numDocumento, CCF related', () => {
    const built = buildNoteV4('NC', body(), ctx('NC'));
    expect(built.errors).toEqual([]);
    const doc = built.document;
    expect(doc.identificacion).toMatchObject({ version: 4, tipoDte: '05', fusion: null, numeroControl: 'DTE-05-M001P001-000000000000001' });
    expect(doc.receptor).toMatchObject({ tipoDocumento: '36', numDocumento: '06141234567890' });
    expect(Object.keys(doc.receptor as object)).not.toContain('nit');
    expect(doc.documentoRelacionado).toEqual([
      { tipoDocumento: '03', tipoGeneracion: 2, numeroDocumento: CCF_ID.toUpperCase(), fechaEmision: '2026-11-20' },
    ]);
    expect(Object.keys(doc.emisor as object)).not.toEqual(expect.arrayContaining(['codEstable', 'tipoEstablecimiento']));
    expect(built.total.toNumber()).toBe(parts(doc).r.totalPagar);
  });

  it('refuses a station whose establishment code does not fit (M|B|S|P)NNN', () => {
    const station = { ...V2_STATION, branch: { ...V2_STATION.branch, mhCode: '0001' } };
    expect(buildNoteV4('NC', body(), ctx('NC', station)).errors).toEqual([
      expect.objectContaining({ path: 'station.branch.mhCode', code: 'INVALID_FORMAT' }),
    ]);
  });

  it('says where a distrito cannot be known (station and recipient)', () => {
    const station = { ...V2_STATION, company: { ...V2_STATION.company, address: { ...V2_STATION.company.address, municipality: '23' } } };
    const recipient = { ...body().recipient, address: { department: '06', municipality: '23', complement: 'Colonia Escalón' } };
    const paths = buildNoteV4('ND', body({ recipient }), ctx('ND', station)).errors.map((e) => e.path);
    expect(paths).toEqual(['station.company.address.district', 'recipient.address.district']);
  });

  it('refuses an income-tax retention, which fe-nc-v4 and fe-nd-v4 cannot carry', () => {
    for (const kind of ['NC', 'ND'] as const)
      expect(buildNoteV4(kind, body({ retentionRenta: 0.5 }), ctx(kind)).errors.map((e) => e.path)).toEqual(['retentionRenta']);
  });

  it('refuses a 1-digit NRC, which the contract takes and fe-nc-v4 does not (2 to 8)', () => {
    const recipient = { ...body().recipient, nrc: '7' };
    expect(buildNoteV4('NC', body({ recipient }), ctx('NC')).errors.map((e) => e.path)).toEqual(['recipient.nrc']);
  });

  it('writes each line 13 % IVA to 8 decimals and re-adds it to the resumen, rounded once', () => {
    const built = buildNoteV4('NC', awkward(), ctx('NC'));
    expect(built.errors).toEqual([]);
    const { lines, r } = parts(built.document);
    for (const l of lines) expect(l.totalIva).toBe(round8(dec(l.ventaGravada).times('0.13')).toNumber());
    const totalIva = round2(sum(lines.map((l) => dec(l.totalIva))));
    expect(r.totalIva).toBe(totalIva.toNumber());
    expect(r.tributos).toEqual([{ codigo: '20', descripcion: 'Impuesto al Valor Agregado 13%', valor: totalIva.toNumber() }]);
    expect(r.montoTotalOperacion).toBe(
      dec(r.subTotalVentas as number)
        .plus(totalIva)
        .toNumber(),
    );
    expect(r.totalPagar).toBe(
      dec(r.montoTotalOperacion as number)
        .minus('0.27')
        .toNumber(),
    );
  });

  it('moves the global discount into the item discounts and the IVA retention into the lines, exactly', () => {
    const { lines, r } = parts(buildNoteV4('NC', awkward(), ctx('NC')).document);
    expect(sum(lines.map((l) => dec(l.montoDescu))).toNumber()).toBe(1.01);
    expect(sum(lines.map((l) => dec(l.ivaRete))).toNumber()).toBe(0.27);
    for (const l of lines) expect(l.ventaGravada).toBe(dec(l.cantidad).times(l.precioUni).minus(l.montoDescu).toNumber());
    expect(r).toMatchObject({
      totalGravada: 35.26,
      totalDescu: 1.01,
      ivaRete: 0.27,
      ivaPerci: 0,
      totalNoGravado: 0,
      codigoRetencionMH: null,
    });
    for (const gone of ['descuNoSuj', 'descuExenta', 'descuGravada', 'subTotal', 'reteRenta']) expect(Object.keys(r)).not.toContain(gone);
  });

  it('spreads an amount in proportion, to 8 decimals, adding up exactly', () => {
    const shares = spread(dec('0.01'), [dec(1), dec(1), dec(1)]);
    expect(shares.map(String)).toEqual(['0.00333334', '0.00333333', '0.00333333']);
    expect(sum(shares).toString()).toBe('0.01');
    expect(spread(dec(5), [dec(0), dec(0)]).map(String)).toEqual(['0', '0']);
  });

  it('ND keeps numPagoElectronico (null); NC has none', () => {
    expect(parts(buildNoteV4('ND', body(), ctx('ND')).document).r).toMatchObject({ numPagoElectronico: null });
    expect(Object.keys(parts(buildNoteV4('NC', body(), ctx('NC')).document).r)).not.toContain('numPagoElectronico');
    expect(buildNoteV4('ND', body(), ctx('ND')).document.identificacion).toMatchObject({ tipoDte: '06', version: 4 });
  });

  it('refuses related documents of more than one type (MF2 p.37)', () => {
    const CR_ID = '5d7f9b1c-3e4a-4d6f-8a8b-0c2d4e6f8a0b';
    const mixed = body({ relatedTaxDocuments: [{ id: CCF_ID }, { id: CR_ID }] });
    const related: BuildContext['related'] = (id) => ({
      kind: id === CR_ID ? 'CR' : 'CCF',
      codigoGeneracion: id.toUpperCase(),
      issueDate: '2026-11-20',
    });
    expect(buildNoteV4('NC', mixed, { ...ctx('NC'), related }).errors.map((e) => e.path)).toEqual(['relatedTaxDocuments']);
  });

  it('reports a related document the station does not hold', () => {
    const errors = buildNoteV4('NC', body(), { ...ctx('NC'), related: () => undefined }).errors;
    expect(errors.map((e) => [e.path, e.code])).toEqual([['relatedTaxDocuments.0.id', 'UNKNOWN_CODE']]);
  });
});
