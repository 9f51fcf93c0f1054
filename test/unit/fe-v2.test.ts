// FE v2's own rules (docs/mh.md): no $1,095 identification, the v2.0 control
// number, a distrito only where it can be known, no income-tax retention; fc-v1 keeps its legacy rule.
import { describe, expect, it } from 'vitest';
import { CREATE_SCHEMAS, validate, type FcBody } from '../../shared/contract';
import { buildFcV1 } from '../../main/core/dte/mh/fc-v1';
import { buildFeV2 } from '../../main/core/dte/mh/fe-v2';
import { direccionV2 } from '../../main/core/dte/mh/direccion-v2';
import { SERIALIZERS, SERIALIZERS_2026 } from '../../main/core/dte/mh/serializers';
import { fcBody } from '../fixtures/bodies';
import { V2_STATION, v2Context } from '../support/v2-context';

const body = (patch: Record<string, unknown> = {}): FcBody => {
  const r = validate(CREATE_SCHEMAS.FC, { ...fcBody('2a4c6e8f-0b1d-4f3a-9c5e-7a9b1c3d5e7f'), ...patch });
  if (!r.ok) throw new Error(JSON.stringify(r.errors));
  return r.value;
};
/** $2,260 of one taxed line, to a consumer who gave no identity. */
const large = () =>
  body({
    recipient: undefined,
    items: [{ type: 'BIENES', description: 'Refrigeradora', quantity: 1, unitMeasure: 'UNIDAD', unitPrice: 2260, saleType: 'GRAVADA' }],
  });

describe('FE v2', () => {
  it('never asks a final consumer for an identity: no $1,095 rule (fc-v1 still has it)', () => {
    expect(buildFeV2(large(), v2Context(1)).errors).toEqual([]);
    expect(buildFeV2(large(), v2Context(1)).document.receptor).toBeNull();
    expect(buildFcV1(large(), v2Context(1)).errors.map((e) => e.path)).toEqual(['recipient']);
  });

  it('refuses a station whose establishment code does not fit (M|B|S|P)NNN', () => {
    const station = { ...V2_STATION, branch: { ...V2_STATION.branch, mhCode: '0001' } };
    expect(buildFeV2(body(), v2Context(1, station)).errors).toEqual([
      expect.objectContaining({ path: 'station.branch.mhCode', code: 'INVALID_FORMAT' }),
    ]);
  });

  it('writes the 2024 municipio and the distrito of a pre-2024 code; says so when a 2024 code hides it', () => {
    expect(direccionV2({ department: '06', municipality: '14', complement: 'x' })).toEqual({
      departamento: '06',
      municipio: '23',
      distrito: '14',
      complemento: 'x',
    });
    // Santa Ana Centro (02/15) holds one district only, so it is known.
    expect(direccionV2({ department: '02', municipality: '15', complement: 'x' })?.distrito).toBe('10');
    expect(direccionV2({ department: '06', municipality: '23', complement: 'x' })).toBeNull();
    const station = { ...V2_STATION, company: { ...V2_STATION.company, address: { ...V2_STATION.company.address, municipality: '23' } } };
    const recipient = {
      ...(fcBody('2a4c6e8f-0b1d-4f3a-9c5e-7a9b1c3d5e7f').recipient as object),
      address: { department: '06', municipality: '23', complement: 'Colonia Escalón' },
    };
    const paths = buildFeV2(body({ recipient }), v2Context(1, station)).errors.map((e) => e.path);
    expect(paths).toEqual(['station.company.address.district', 'recipient.address.district']);
  });

  it('writes the district an address names (contract `district`), and the contract refuses one of another municipality', () => {
    const recipient = {
      ...(fcBody('2a4c6e8f-0b1d-4f3a-9c5e-7a9b1c3d5e7f').recipient as object),
      address: { department: '06', municipality: '23', district: '14', complement: 'Colonia Escalón' },
    };
    const built = buildFeV2(body({ recipient }), v2Context(1));
    expect(built.errors).toEqual([]);
    expect((built.document.receptor as { direccion: unknown }).direccion).toEqual({
      departamento: '06',
      municipio: '23',
      distrito: '14',
      complemento: 'Colonia Escalón',
    });
    // District 01 of San Salvador (Aguilares) belongs to San Salvador Norte (06/20), not Centro (06/23).
    const wrong = { ...recipient, address: { ...recipient.address, district: '01' } };
    const r = validate(CREATE_SCHEMAS.FC, { ...fcBody('2a4c6e8f-0b1d-4f3a-9c5e-7a9b1c3d5e7f'), recipient: wrong });
    expect(!r.ok && r.errors.map((e) => [e.path, e.code])).toEqual([['recipient.address.district', 'UNKNOWN_CODE']]);
    // A pre-2024 code is its own district: it admits only itself.
    const own = { ...recipient, address: { ...recipient.address, municipality: '14', district: '15' } };
    const r2 = validate(CREATE_SCHEMAS.FC, { ...fcBody('2a4c6e8f-0b1d-4f3a-9c5e-7a9b1c3d5e7f'), recipient: own });
    expect(!r2.ok && r2.errors.map((e) => e.path)).toEqual(['recipient.address.district']);
  });

  it('refuses an income-tax retention, which fe-f-v2 cannot carry', () => {
    expect(buildFeV2(body({ retentionRenta: 1 }), v2Context(1)).errors.map((e) => e.path)).toContain('retentionRenta');
  });

  it('issues under the 2026 normative only: the legacy table keeps fe-fc-v1', () => {
    expect(SERIALIZERS.FC).toMatchObject({ version: 1, schema: 'fe-fc-v1.json' });
    expect(SERIALIZERS_2026.FC).toMatchObject({ version: 2, schema: 'fe-f-v2.json' });
  });
});
