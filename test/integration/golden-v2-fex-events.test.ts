// Golden MH documents of the Normativa v2.0 (not in force yet), as golden-v2.test.ts: the fixture FEX body built as
// fe-fex-v3, its invalidation (invalidacion-schema-v3) and a contingency event (contingencia-schema-v4), each reviewed
// by hand against docs/mh.md (what changes per kind). SELLO_UPDATE_GOLDEN=1 rewrites them after a deliberate change.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CREATE_SCHEMAS, invalidateBody, validate } from '../../shared/contract';
import { buildFexV3 } from '../../main/core/dte/mh/fex-v3';
import { buildInvalidacionV3 } from '../../main/core/dte/invalidation/invalidacion-v3';
import { buildContingenciaV4 } from '../../main/core/sync/contingency-event';
import { VALID_BODIES } from '../fixtures/bodies';
import { schemaErrors, validatorForV2 } from '../support/mh-schemas';
import { V2_STATION } from '../support/v2-context';
import { v2KindContext } from '../support/v2-kind-context';

const DIR = join(__dirname, '..', 'fixtures', 'golden', 'v2');
const FEX_ID = '7f9b1d3e-5a6c-4f8b-8cad-2e4f6a8b0c2d';
const REPLACEMENT = '8a0c2e4f-6b7d-4a9c-9dbe-3f5a7b9c1d3e';

/** Validates `doc` against `schema`, then compares it with (or first writes) the golden `file`. */
function golden(file: string, schema: string, doc: unknown) {
  const validator = validatorForV2(schema);
  expect(validator(doc), schemaErrors(validator)).toBe(true);
  const path = join(DIR, file);
  if (process.env.SELLO_UPDATE_GOLDEN === '1' || !existsSync(path)) {
    mkdirSync(DIR, { recursive: true });
    writeFileSync(path, `${JSON.stringify(doc, null, 2)}\n`);
  }
  expect(doc).toEqual(JSON.parse(readFileSync(path, 'utf8')));
}

function fex() {
  const parsed = validate(CREATE_SCHEMAS.FEX, VALID_BODIES.FEX(FEX_ID));
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
  const built = buildFexV3(parsed.value, v2KindContext('FEX', 1));
  expect(built.errors).toEqual([]);
  return built.document;
}

describe('golden MH v2.0 FEX and events', () => {
  it('FEX (fe-fex-v3)', () => {
    golden('fex.json', 'fe-fex-v3.json', fex());
  });

  it('invalidation of that FEX (invalidacion-schema-v3), replaced by another one three days later', () => {
    const body = validate(invalidateBody, { dteId: FEX_ID, dteReplaceId: REPLACEMENT, type: 1, reason: 'Error en la cantidad exportada' });
    if (!body.ok) throw new Error(JSON.stringify(body.errors));
    const manager = V2_STATION.responsible!;
    const { event, errors } = buildInvalidacionV3({
      station: V2_STATION,
      ambiente: '00',
      codigoGeneracion: '9B1D3F5A-7C8E-4B0D-8ECF-4A6B8C0D2E4F',
      fecAnula: '2026-11-25',
      horAnula: '10:15:00',
      target: { doc: fex(), seal: '2026A1B2C3D4E5F6A7B8C9D0E1F2A3B4C5D6E7F8', posNumber: 1 },
      replacementCode: REPLACEMENT.toUpperCase(),
      body: body.value,
      manager,
      requester: manager,
    });
    expect(errors).toEqual([]);
    golden('invalidacion.json', 'invalidacion-schema-v3.json', event);
  });

  it('contingency event (contingencia-schema-v4) of three kinds', () => {
    const event = buildContingenciaV4({
      id: 'ad2f4b6c-8e0a-4c2e-9f1a-5b7c9d1e3f5a',
      event: {
        id: 'ad2f4b6c-8e0a-4c2e-9f1a-5b7c9d1e3f5a',
        type: 3,
        reason: 'Falla del proveedor de internet',
        started_at: '2026-11-22T15:00:00.000Z',
        ended_at: '2026-11-22T18:45:00.000Z',
        status: 'ended',
        mh_json: null,
        jws: null,
        seal: null,
        mh_response: null,
        sealed_at: null,
        created_at: '2026-11-22T09:00:00-06:00',
        updated_at: '2026-11-22T12:45:00-06:00',
        attempts: 0,
        next_attempt_at: null,
      },
      now: new Date('2026-11-22T19:00:00Z'),
      station: V2_STATION,
      docs: [
        { id: '2a4c6e8f-0b1d-4f3a-9c5e-7a9b1c3d5e7f', kind: 'FC' },
        { id: '1c3e5a7b-9d2f-4a6b-8c0d-2e4f6a8b0c1d', kind: 'CCF' },
        { id: FEX_ID, kind: 'FEX' },
      ],
    });
    golden('contingencia.json', 'contingencia-schema-v4.json', event);
  });
});
