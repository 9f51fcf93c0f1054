// FEX v3's own rules (docs/mh.md): ISO countries, CAT-033 from the régimen, C3 listed at
// $0.00, descuGravada, seguro never null, motivoContin, the v2.0 control number and the shorter texts of fe-fex-v3.
import { describe, expect, it } from 'vitest';
import { COUNTRIES } from '../../shared/catalogs';
import { CAT020_BY_ISO } from '../../shared/catalogs/data/country-cat020';
import { CREATE_SCHEMAS, validate, type FexBody } from '../../shared/contract';
import { buildFexV1 } from '../../main/core/dte/mh/fex-v1';
import { buildFexV3 } from '../../main/core/dte/mh/fex-v3';
import { fexBody } from '../fixtures/bodies';
import { schemaErrors, validatorForV2 } from '../support/mh-schemas';
import { V2_STATION } from '../support/v2-context';
import { v2KindContext } from '../support/v2-kind-context';

const ID = '7f9b1d3e-5a6c-4f8b-8cad-2e4f6a8b0c2d';
const body = (patch: Record<string, unknown> = {}): FexBody => {
  const r = validate(CREATE_SCHEMAS.FEX, { ...fexBody(ID), ...patch });
  if (!r.ok) throw new Error(JSON.stringify(r.errors));
  return r.value;
};
/** The fixture's recipient, to patch one field. */
const recipient = fexBody(ID).recipient as Record<string, unknown>;
const ctx = () => v2KindContext('FEX', 1);
type Doc = {
  identificacion: Record<string, unknown>;
  emisor: Record<string, unknown>;
  receptor: Record<string, unknown>;
  cuerpoDocumento: Record<string, unknown>[];
  resumen: Record<string, unknown>;
};
const doc = (b: FexBody, c = ctx()) => buildFexV3(b, c).document as Doc;
const validator = validatorForV2('fe-fex-v3.json');
const expectValid = (d: unknown) => expect(validator(d), schemaErrors(validator)).toBe(true);

describe('FEX v3', () => {
  it('writes the contract ISO alpha-2 country as is: CAT-020 of v2.0 is ISO 3166-1 alpha-2 (249 codes)', () => {
    // docs/mh.md (Catalogs): the v2.0 CAT-020 has 249 ISO alpha-2 countries, the list the contract validates against.
    expect(COUNTRIES).toHaveLength(249);
    for (const country of ['US', 'GT', 'DE', 'JP']) {
      const d = doc(body({ recipient: { ...recipient, country } }));
      expect(d.receptor.codPais).toBe(country);
      expect(d.receptor.nombrePais).toBe(COUNTRIES.find((c) => c.code === country)?.name);
      expectValid(d);
    }
    // fex-v1 keeps the legacy 4-digit CAT-020 code of the same country.
    expect((buildFexV1(body(), ctx()).document.receptor as { codPais: string }).codPais).toBe(CAT020_BY_ISO.US?.code);
  });

  it('splits the régimen into CAT-033 tipoRegimen and the 2026 CAT-028 code; an export of services has neither, nor recinto', () => {
    expect(doc(body()).emisor).toMatchObject({ tipoRegimen: 'EX-1', regimen: '1000.000', recintoFiscal: '02', tipoItemExpor: 1 });
    const ex3 = doc(body({ taxRegimen: 'EX-3.3050.000' })).emisor;
    expect(ex3).toMatchObject({ tipoRegimen: 'EX-3', regimen: '3050.000' });
    // A régimen only the 2026 catalog has, and customs transit (TA-1).
    expect(doc(body({ taxRegimen: 'EX-2.2100.065' })).emisor).toMatchObject({ tipoRegimen: 'EX-2', regimen: '2100.065' });
    expect(doc(body({ taxRegimen: 'TA-1.0000.000' })).emisor).toMatchObject({ tipoRegimen: 'TA-1', regimen: '0000.000' });
    const services = doc(body({ itemType: 'SERVICIOS', taxArea: undefined, taxRegimen: undefined }));
    expect(services.emisor).toMatchObject({ tipoItemExpor: 2, recintoFiscal: null, tipoRegimen: null, regimen: null });
    expect(services.cuerpoDocumento.map((l) => l.tipoItem)).toEqual([2, 2]);
    expectValid(services);
    // No MH codes nor tipoEstablecimiento in the emisor of v2.0.
    for (const gone of ['codEstableMH', 'codPuntoVentaMH', 'tipoEstablecimiento']) expect(doc(body()).emisor).not.toHaveProperty(gone);
  });

  it('lists C3 at $0.00 in the resumen (MF2 §XIV) and on each exported line, never on a non-taxed charge', () => {
    const d = doc(body());
    expect(d.resumen.tributos).toEqual([{ codigo: 'C3', descripcion: 'Impuesto al Valor Agregado (exportaciones) 0%', valor: 0 }]);
    expect(d.cuerpoDocumento.map((l) => l.tributos)).toEqual([['C3'], null]);
    expect(d.cuerpoDocumento[0]).toMatchObject({ numeroDocumento: null, codTributo: null, tipoItem: 1 });
  });

  it('names the global discount descuGravada; seguro is $0.00 when absent, flete stays null; new amounts are 0', () => {
    const d = doc(body({ discount: 20, insurance: undefined, freight: undefined }));
    expect(d.resumen).toMatchObject({
      totalGravada: 274,
      descuGravada: 20,
      totalDescu: 20,
      seguro: 0,
      flete: null,
      montoTotalOperacion: 254,
      totalNoOnerosas: 0,
      saldoFavor: 0,
      totalPagar: 289,
    });
    expect(d.resumen).not.toHaveProperty('descuento');
    expectValid(d);
  });

  it('writes contingency in motivoContin (v1 spelled it motivoContigencia)', () => {
    const c = { ...ctx(), operation: { kind: 'contingency' as const, type: 5 as const, reason: 'Corte prolongado del proveedor' } };
    const d = doc(body(), c);
    expect(d.identificacion).toMatchObject({
      tipoModelo: 2,
      tipoOperacion: 2,
      tipoContingencia: 5,
      motivoContin: 'Corte prolongado del proveedor',
    });
    expect(d.identificacion).not.toHaveProperty('motivoContigencia');
    expectValid(d);
  });

  it('sells on behalf of a third party with codDomiciliado; never a compraTercero (the contract has none)', () => {
    const thirdPartySale = { name: 'Cooperativa Cafetalera', identificationDocument: { type: 'NIT', number: '06140101001012' } };
    const d = buildFexV3(body({ thirdPartySale }), ctx()).document;
    expect(d.ventaTercero).toEqual({ nit: '06140101001012', nombre: 'Cooperativa Cafetalera', codDomiciliado: null });
    expect(d.compraTercero).toBeNull();
    expect(d.documentoRelacionado).toBeNull();
    expectValid(d);
  });

  it('refuses what fe-fex-v3 cannot carry: a long address, a short attachment detail, a legacy establishment code', () => {
    const long = body({ recipient: { ...recipient, address: 'x'.repeat(250) } });
    expect(buildFexV3(long, ctx()).errors.map((e) => e.path)).toEqual(['recipient.address']);
    const short = body({ attachments: [{ code: 'RECEPTOR', details: 'AB' }] });
    expect(buildFexV3(short, ctx()).errors.map((e) => e.path)).toEqual(['attachments.0.details']);
    const station = { ...V2_STATION, branch: { ...V2_STATION.branch, mhCode: '0001' } };
    expect(buildFexV3(body(), v2KindContext('FEX', 1, station)).errors).toEqual([
      expect.objectContaining({ path: 'station.branch.mhCode', code: 'INVALID_FORMAT' }),
    ]);
  });
});
