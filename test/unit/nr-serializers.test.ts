// The nota de remisión under both normatives (docs/decisions/0080-nota-de-remision.md): minimal and rich bodies
// validate against MH's fe-nr-v3 and fe-nr-v4, the amounts follow the CCF's arithmetic, and each builder rule.
import { describe, expect, it } from 'vitest';
import { nrBody, nrBodyOf, validate, type NrBody } from '../../shared/contract';
import type { BuildContext, Built } from '../../main/core/dte/mh/context';
import { buildNrV3 } from '../../main/core/dte/mh/nr-v3';
import { buildNrV4 } from '../../main/core/dte/mh/nr-v4';
import { nrMinimalBody, nrRichBody } from '../fixtures/nr-bodies';
import { totalsProblems } from '../../main/mh-sim/totals';
import { schemaErrors, validatorFor, validatorForV2 } from '../support/mh-schemas';
import { V2_STATION } from '../support/v2-context';
import { v2KindContext } from '../support/v2-kind-context';

const ID = '5e7a9c1b-3d5f-4a7b-9c1d-3e5f7a9b1c2d';
const CCF_ID = '1c3e5a7b-9d2f-4a6b-8c0d-2e4f6a8b0c1d';
const FEX_ID = '2d4f6b8c-0e1a-4b3c-9d5e-7f9a1b3c5d7e';
const related: BuildContext['related'] = (id) =>
  id === CCF_ID
    ? { kind: 'CCF', codigoGeneracion: id.toUpperCase(), issueDate: '2026-11-20' }
    : id === FEX_ID
      ? { kind: 'FEX', codigoGeneracion: id.toUpperCase(), issueDate: '2026-11-21' }
      : undefined;
const ctx = (station = V2_STATION): BuildContext => ({ ...v2KindContext('NR', 1, station), related });

const parse = (raw: Record<string, unknown>, schema = nrBody): NrBody => {
  const r = validate(schema, raw);
  if (!r.ok) throw new Error(JSON.stringify(r.errors));
  return r.value;
};
const minimal = (patch: Record<string, unknown> = {}) => parse({ ...nrMinimalBody(ID), ...patch });
const rich = (patch: Record<string, unknown> = {}) => parse({ ...nrRichBody(ID, CCF_ID), ...patch });

const VERSIONS = [
  ['fe-nr-v3', buildNrV3, validatorFor('fe-nr-v3.json')],
  ['fe-nr-v4', buildNrV4, validatorForV2('fe-nr-v4.json')],
] as const;

function valid(built: Built, validator: (typeof VERSIONS)[number][2]) {
  expect(built.errors).toEqual([]);
  expect(validator(built.document), schemaErrors(validator)).toBe(true);
}
type Json = Record<string, unknown>;
interface NrDoc {
  receptor: Json & { direccion: Json };
  apendice: Json[] | null;
  documentoRelacionado: Json[] | null;
  resumen: Json;
  cuerpoDocumento: Json[];
  ventaTercero: Json | null;
  extension?: Json | null;
}
const doc = (b: Built) => b.document as unknown as NrDoc;

describe.each(VERSIONS)('NR as %s', (_name, build, validator) => {
  it('a minimal branch transfer validates: the company itself at the destination, bienTitulo 04', () => {
    const built = build(minimal(), ctx());
    valid(built, validator);
    const c = V2_STATION.company;
    expect(doc(built).receptor).toMatchObject({ tipoDocumento: '36', numDocumento: c.nit, nrc: c.nrc, nombre: c.name, bienTitulo: '04' });
    expect(doc(built).receptor.direccion.complemento).toBe('Avenida Independencia 12');
    expect(doc(built).apendice).toEqual([
      { campo: 'sucursalDestino', etiqueta: 'Establecimiento de destino', valor: 'S044 Sucursal Santa Ana' },
    ]);
    expect(doc(built).documentoRelacionado).toBeNull();
    // 24 × 3.10 = 74.40 net, IVA 9.67: the total carries the IVA as the CCF's does.
    expect(doc(built).resumen).toMatchObject({ totalGravada: 74.4, subTotal: 74.4, montoTotalOperacion: 84.07 });
    expect(built.total.toString()).toBe('84.07');
  });

  it('a rich consignment validates: related CCF, three sale types, a tax line, discounts', () => {
    const built = build(rich(), ctx());
    valid(built, validator);
    expect(doc(built).documentoRelacionado).toEqual([
      { tipoDocumento: '03', tipoGeneracion: 2, numeroDocumento: CCF_ID.toUpperCase(), fechaEmision: '2026-11-20' },
    ]);
    expect(doc(built).receptor).toMatchObject({ tipoDocumento: '36', nrc: '1234567', bienTitulo: '03', codActividad: '46900' });
    const lines = doc(built).cuerpoDocumento;
    expect(lines[0]).toMatchObject({ numeroDocumento: CCF_ID.toUpperCase(), ventaGravada: 36, tributos: ['20'] });
    expect(lines[1]).toMatchObject({ ventaExenta: 37.2, tributos: null });
    expect(lines[3]).toMatchObject({ tipoItem: 4, codTributo: 'A8', uniMedida: 99 });
    // Taxed 36 + 1.20 − 1 discount = 36.20 → IVA 4.71; exempt 37.20 − 0.40; non-subject 0.02.
    expect(doc(built).resumen).toMatchObject({
      totalGravada: 37.2,
      totalExenta: 37.2,
      totalNoSuj: 0.02,
      descuGravada: 1,
      descuExenta: 0.4,
      totalDescu: 2.9,
      subTotal: 73.02,
      tributos: [{ codigo: '20', descripcion: 'Impuesto al Valor Agregado 13%', valor: 4.71 }],
      montoTotalOperacion: 77.73,
    });
    expect(doc(built).ventaTercero).toMatchObject({ nit: '06149876543210', nombre: 'Comercial Tercero S.A.' });
  });

  it('decimal quantities (the decimal-quantity extension) validate', () => {
    const raw = nrMinimalBody(ID) as { items: Record<string, unknown>[] };
    const body = parse({ ...raw, items: [{ ...raw.items[0], quantity: 2.125 }] }, nrBodyOf('decimal'));
    const built = build(body, ctx());
    valid(built, validator);
    expect(doc(built).cuerpoDocumento[0]).toMatchObject({ cantidad: 2.125, ventaGravada: 6.5875 });
  });

  it('a recipient identified by DUI is written ########-# and carries no NRC', () => {
    const recipient = {
      ...(nrRichBody(ID, CCF_ID).recipient as object),
      identificationDocument: { type: 'DUI', number: '012345678' },
      nrc: null,
    };
    const built = build(rich({ recipient }), ctx());
    valid(built, validator);
    expect(doc(built).receptor).toMatchObject({ tipoDocumento: '13', numDocumento: '01234567-8', nrc: null });
  });

  it('refuses a destination that is the issuing establishment', () => {
    const destinationBranch = { ...(nrMinimalBody(ID).destinationBranch as object), code: V2_STATION.branch.mhCode };
    expect(build(minimal({ destinationBranch }), ctx()).errors.map((e) => e.path)).toEqual(['destinationBranch.code']);
  });

  it('refuses a discount that leaves nothing to send (montoTotalOperacion must be above zero)', () => {
    const raw = nrMinimalBody(ID) as { items: Record<string, unknown>[] };
    const body = minimal({ items: [{ ...raw.items[0], quantity: 1, discountAmount: 3.1 }] });
    expect(build(body, ctx()).errors.map((e) => e.path)).toEqual(['items']);
  });
});

describe('NR: what differs between the versions', () => {
  it('v3 carries who delivers and receives, and the observations, in extension; v4 has no extension', () => {
    const v3 = doc(buildNrV3(rich(), ctx()));
    expect(v3.extension).toEqual({
      nombEntrega: 'José Antonio Rivas',
      docuEntrega: 'DUI 01234567-8',
      nombRecibe: 'Ana Gabriela Flores',
      docuRecibe: 'DUI 09876543-2',
      observaciones: 'Mercadería en consignación por 30 días; devolver lo no vendido.',
    });
    expect(v3.apendice).toBeNull();
    expect(Object.keys(v3.resumen)).not.toContain('observaciones');
    expect(doc(buildNrV3(minimal(), ctx())).extension).toBeNull();
  });

  it('v4 puts them in the apéndice and the observations in the resumen', () => {
    const v4 = doc(buildNrV4(rich(), ctx()));
    expect(Object.keys(v4)).not.toContain('extension');
    expect(v4.apendice).toEqual([
      { campo: 'entrega', etiqueta: 'Entrega', valor: 'José Antonio Rivas (DUI 01234567-8)' },
      { campo: 'recibe', etiqueta: 'Recibe', valor: 'Ana Gabriela Flores (DUI 09876543-2)' },
    ]);
    expect(v4.resumen.observaciones).toBe('Mercadería en consignación por 30 días; devolver lo no vendido.');
    expect(v4.ventaTercero).toMatchObject({ codDomiciliado: null });
  });

  it('both write the same lines and amounts', () => {
    const v3 = doc(buildNrV3(rich(), ctx()));
    const v4 = doc(buildNrV4(rich(), ctx()));
    expect(v4.cuerpoDocumento).toEqual(v3.cuerpoDocumento);
    const { observaciones: _o, ...v4Resumen } = v4.resumen;
    expect(v4Resumen).toEqual(v3.resumen);
  });

  it('v4 relates an FEX (its enum adds 11); v3 refuses it (01 and 03 only)', () => {
    const raw = rich();
    const body = { ...raw, relatedTaxDocuments: [{ id: FEX_ID }], items: raw.items.map((i) => ({ ...i, documentNumber: null })) };
    const v4 = buildNrV4(body, ctx());
    valid(v4, validatorForV2('fe-nr-v4.json'));
    expect(doc(v4).documentoRelacionado).toEqual([expect.objectContaining({ tipoDocumento: '11' })]);
    expect(buildNrV3(body, ctx()).errors).toEqual([expect.objectContaining({ path: 'relatedTaxDocuments.0.id', code: 'NOT_ALLOWED' })]);
  });

  it('v4 requires the recipient economic activity, which v3 leaves optional', () => {
    const recipient = { ...(nrRichBody(ID, CCF_ID).recipient as object), economicActivity: null };
    valid(buildNrV3(rich({ recipient }), ctx()), validatorFor('fe-nr-v3.json'));
    expect(buildNrV4(rich({ recipient }), ctx()).errors.map((e) => e.path)).toEqual(['recipient.economicActivity']);
  });

  it('v4 refuses an establishment code outside (M|B|S|P)NNN, and a destination whose distrito cannot be known', () => {
    const station = { ...V2_STATION, branch: { ...V2_STATION.branch, mhCode: '0001' } };
    expect(buildNrV4(minimal(), ctx(station)).errors.map((e) => e.path)).toEqual(['station.branch.mhCode']);
    const destinationBranch = {
      code: 'S044',
      name: 'Sucursal Centro',
      address: { department: '06', municipality: '23', complement: 'Colonia Escalón' },
    };
    expect(buildNrV4(minimal({ destinationBranch }), ctx()).errors.map((e) => e.path)).toEqual(['destinationBranch.address.district']);
  });

  it('a related document the store does not know is reported on its path', () => {
    const other = '9f8e7d6c-5b4a-4c3d-8e2f-1a0b9c8d7e6f';
    const raw = rich();
    const body = { ...raw, relatedTaxDocuments: [{ id: other }], items: raw.items.map((i) => ({ ...i, documentNumber: null })) };
    for (const build of [buildNrV3, buildNrV4])
      expect(build(body, ctx()).errors).toEqual([expect.objectContaining({ path: 'relatedTaxDocuments.0.id', code: 'UNKNOWN_CODE' })]);
  });
});

describe('the simulator re-adds an NR as MH would', () => {
  it.each(VERSIONS)('%s: rich NR adds up; a wrong total is an observation', (_name, build) => {
    const built = build(rich(), ctx());
    expect(totalsProblems('NR', built.document)).toEqual([]);
    const doc = JSON.parse(JSON.stringify(built.document)) as { resumen: { montoTotalOperacion: number } };
    doc.resumen.montoTotalOperacion += 1;
    expect(totalsProblems('NR', doc)).toEqual([expect.stringMatching(/^montoTotalOperacion/)]);
  });
});
