// CR v2's own rules (docs/mh.md): contingency allowed, the v2.0 control number,
// a distrito only where it can be known; cr-v1 keeps writing a normal operation.
import { describe, expect, it } from 'vitest';
import { CREATE_SCHEMAS, validate, type CrBody } from '../../shared/contract';
import type { Operation } from '../../main/core/dte/mh/context';
import { buildCrV1 } from '../../main/core/dte/mh/cr-v1';
import { buildCrV2 } from '../../main/core/dte/mh/cr-v2';
import { SERIALIZERS, SERIALIZERS_2026 } from '../../main/core/dte/mh/serializers';
import { VALID_BODIES } from '../fixtures/bodies';
import { V2_STATION } from '../support/v2-context';
import { v2KindContext } from '../support/v2-kind-context';

const body = (patch: Record<string, unknown> = {}): CrBody => {
  const r = validate(CREATE_SCHEMAS.CR, { ...VALID_BODIES.CR('2a4c6e8f-0b1d-4f3a-9c5e-7a9b1c3d5e7f'), ...patch });
  if (!r.ok) throw new Error(JSON.stringify(r.errors));
  return r.value;
};
const contingency: Operation = { kind: 'contingency', type: 1, reason: null };
const identificacion = (doc: Record<string, unknown>) => doc.identificacion as Record<string, unknown>;

describe('CR v2', () => {
  it('writes a contingency operation as it is (cr-v1 cannot)', () => {
    const ctx = { ...v2KindContext('CR', 1), operation: contingency };
    expect(identificacion(buildCrV2(body(), ctx).document)).toMatchObject({ tipoModelo: 2, tipoOperacion: 2, tipoContingencia: 1 });
    expect(identificacion(buildCrV1(body(), ctx).document)).toMatchObject({ tipoModelo: 1, tipoOperacion: 1, tipoContingencia: null });
  });

  it('refuses a station whose establishment code does not fit (M|B|S|P)NNN', () => {
    const station = { ...V2_STATION, branch: { ...V2_STATION.branch, mhCode: '0001' } };
    expect(buildCrV2(body(), v2KindContext('CR', 1, station)).errors).toEqual([
      expect.objectContaining({ path: 'station.branch.mhCode', code: 'INVALID_FORMAT' }),
    ]);
  });

  it('refuses a recipient address whose distrito cannot be known', () => {
    const recipient = { ...body().recipient, address: { department: '06', municipality: '23', complement: 'Colonia Escalón' } };
    expect(buildCrV2(body({ recipient }), v2KindContext('CR', 1)).errors.map((e) => e.path)).toEqual(['recipient.address.district']);
  });

  it('is not in force: SERIALIZERS keeps fe-cr-v1; SERIALIZERS_2026 holds CR v2, a contingency kind', () => {
    expect(SERIALIZERS.CR).toMatchObject({ version: 1, schema: 'fe-cr-v1.json', contingency: false });
    expect(SERIALIZERS_2026.CR).toMatchObject({ version: 2, schema: 'fe-cr-v2.json', contingency: true });
  });
});
