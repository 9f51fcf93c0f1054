// CCF v4's own rules (docs/mh.md): the v2.0 control number, a distrito only where
// it can be known, no income-tax retention, the renamed retentions; ccf-v3 keeps writing the legacy names.
import { describe, expect, it } from 'vitest';
import { CREATE_SCHEMAS, validate, type CcfBody } from '../../shared/contract';
import { buildCcfV3 } from '../../main/core/dte/mh/ccf-v3';
import { buildCcfV4 } from '../../main/core/dte/mh/ccf-v4';
import { VALID_BODIES } from '../fixtures/bodies';
import { V2_STATION } from '../support/v2-context';
import { v2KindContext } from '../support/v2-kind-context';

const ID = '1c3e5a7b-9d2f-4a6b-8c0d-2e4f6a8b0c1d';
const body = (patch: Record<string, unknown> = {}): CcfBody => {
  const r = validate(CREATE_SCHEMAS.CCF, { ...VALID_BODIES.CCF(ID), ...patch });
  if (!r.ok) throw new Error(JSON.stringify(r.errors));
  return r.value;
};
const resumen = (doc: Record<string, unknown>) => doc.resumen as Record<string, unknown>;

describe('CCF v4', () => {
  it('builds the fixture without errors: version 4, ivaPerci/ivaRete, no reteRenta nor extension', () => {
    const built = buildCcfV4(body(), v2KindContext('CCF', 1));
    expect(built.errors).toEqual([]);
    expect(built.document.identificacion).toMatchObject({ version: 4, tipoDte: '03', numeroControl: 'DTE-03-M001P001-000000000000001' });
    expect(resumen(built.document)).toMatchObject({ ivaPerci: 0, ivaRete: 0.38, observaciones: null });
    expect(Object.keys(resumen(built.document))).not.toContain('reteRenta');
    expect(Object.keys(built.document)).not.toContain('extension');
    expect(built.total.toNumber()).toBe(resumen(built.document).totalPagar);
  });

  it('writes the emisor without MH codes or tipoEstablecimiento, and ventaTercero with codDomiciliado', () => {
    const doc = buildCcfV4(body(), v2KindContext('CCF', 1)).document;
    expect(doc.emisor).toMatchObject({ codEstable: 'M001', codPuntoVenta: 'P001' });
    expect(Object.keys(doc.emisor as object)).not.toEqual(expect.arrayContaining(['codEstableMH', 'tipoEstablecimiento']));
    expect(doc.ventaTercero).toEqual({ nit: '06149876543210', nombre: 'Comercial Tercero S.A.', codDomiciliado: null });
  });

  it('refuses a station whose establishment code does not fit (M|B|S|P)NNN', () => {
    const station = { ...V2_STATION, branch: { ...V2_STATION.branch, mhCode: '0001' } };
    expect(buildCcfV4(body(), v2KindContext('CCF', 1, station)).errors).toEqual([
      expect.objectContaining({ path: 'station.branch.mhCode', code: 'INVALID_FORMAT' }),
    ]);
  });

  it('says where a distrito cannot be known (station and recipient)', () => {
    const station = { ...V2_STATION, company: { ...V2_STATION.company, address: { ...V2_STATION.company.address, municipality: '23' } } };
    const recipient = { ...body().recipient, address: { department: '06', municipality: '23', complement: 'Colonia Escalón' } };
    const paths = buildCcfV4(body({ recipient }), v2KindContext('CCF', 1, station)).errors.map((e) => e.path);
    expect(paths).toEqual(['station.company.address.district', 'recipient.address.district']);
  });

  it('refuses an income-tax retention, which fe-ccf-v4 cannot carry (v3 carries it)', () => {
    expect(buildCcfV4(body({ retentionRenta: 1 }), v2KindContext('CCF', 1)).errors.map((e) => e.path)).toEqual(['retentionRenta']);
    expect(buildCcfV3(body({ retentionRenta: 1 }), v2KindContext('CCF', 1)).errors).toEqual([]);
  });

  it('refuses a 1-digit NRC, which the contract takes and fe-ccf-v4 does not (2 to 8)', () => {
    const recipient = { ...body().recipient, nrc: '7' };
    expect(buildCcfV4(body({ recipient }), v2KindContext('CCF', 1)).errors.map((e) => e.path)).toEqual(['recipient.nrc']);
  });

  it('writes the same lines and amounts as v3', () => {
    const v3 = buildCcfV3(body(), v2KindContext('CCF', 1)).document;
    const v4 = buildCcfV4(body(), v2KindContext('CCF', 1)).document;
    expect(v4.cuerpoDocumento).toEqual(v3.cuerpoDocumento);
    const { ivaPerci1: _p, ivaRete1, reteRenta: _r, ...legacy } = resumen(v3);
    expect(resumen(v4)).toEqual({ ...legacy, ivaPerci: 0, ivaRete: ivaRete1, observaciones: null });
  });
});
