// FSE v2's own rules (docs/mh.md): no IVA retention, a distrito only where it can be
// known, the v2.0 control number; fse-v1 keeps ivaRete1.
import { describe, expect, it } from 'vitest';
import { CREATE_SCHEMAS, validate, type FseBody } from '../../shared/contract';
import { buildFseV1 } from '../../main/core/dte/mh/fse-v1';
import { buildFseV2 } from '../../main/core/dte/mh/fse-v2';
import { SERIALIZERS, SERIALIZERS_2026 } from '../../main/core/dte/mh/serializers';
import { VALID_BODIES } from '../fixtures/bodies';
import { V2_STATION } from '../support/v2-context';
import { v2KindContext } from '../support/v2-kind-context';

const fixture = VALID_BODIES.FSE('2a4c6e8f-0b1d-4f3a-9c5e-7a9b1c3d5e7f') as { recipient: { address: object } };
/** The fixture with the seller at Santa Tecla's pre-2024 code, whose district is known, unless patched. */
const body = (patch: Record<string, unknown> = {}): FseBody => {
  const recipient = { ...fixture.recipient, address: { ...fixture.recipient.address, municipality: '11' } };
  const r = validate(CREATE_SCHEMAS.FSE, { ...fixture, recipient, ...patch });
  if (!r.ok) throw new Error(JSON.stringify(r.errors));
  return r.value;
};

describe('FSE v2', () => {
  it('refuses an IVA retention, which fe-fse-v2 cannot carry (fse-v1 writes ivaRete1)', () => {
    expect(buildFseV2(body({ retentionIva: 1 }), v2KindContext('FSE', 1)).errors.map((e) => e.path)).toEqual(['retentionIva']);
    expect(buildFseV1(body({ retentionIva: 1 }), v2KindContext('FSE', 1)).errors).toEqual([]);
  });

  it('refuses a seller address whose distrito cannot be known (2024 municipality 05/24)', () => {
    expect(buildFseV2(body({ recipient: fixture.recipient }), v2KindContext('FSE', 1)).errors.map((e) => e.path)).toEqual([
      'recipient.address.district',
    ]);
  });

  it('refuses a station whose establishment code does not fit (M|B|S|P)NNN', () => {
    const station = { ...V2_STATION, branch: { ...V2_STATION.branch, mhCode: '0001' } };
    expect(buildFseV2(body(), v2KindContext('FSE', 1, station)).errors.map((e) => e.path)).toEqual(['station.branch.mhCode']);
  });

  it('is not in force: SERIALIZERS keeps fe-fse-v1; SERIALIZERS_2026 holds FSE v2', () => {
    expect(SERIALIZERS.FSE).toMatchObject({ version: 1, schema: 'fe-fse-v1.json' });
    expect(SERIALIZERS_2026.FSE).toMatchObject({ version: 2, schema: 'fe-fse-v2.json', contingency: true });
  });
});
