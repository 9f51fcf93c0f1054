// Golden MH documents of the Normativa v2.0 (not in force yet): the fixture FC body built as FE v2 by the demo
// company at M001P001 must produce exactly the committed JSON, reviewed by hand against MH's
// schema (docs/mh.md, what changes per kind). SELLO_UPDATE_GOLDEN=1 rewrites it after a deliberate change.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CREATE_SCHEMAS, validate } from '../../shared/contract';
import { SERIALIZERS_2026 } from '../../main/core/dte/mh/serializers';
import { VALID_BODIES } from '../fixtures/bodies';
import { schemaErrors, validatorForV2 } from '../support/mh-schemas';
import { v2Context } from '../support/v2-context';
import { v2KindContext } from '../support/v2-kind-context';

const DIR = join(__dirname, '..', 'fixtures', 'golden', 'v2');

describe('golden MH v2.0 documents', () => {
  it('FE (fe-f-v2)', () => {
    const parsed = validate(CREATE_SCHEMAS.FC, VALID_BODIES.FC('2a4c6e8f-0b1d-4f3a-9c5e-7a9b1c3d5e7f'));
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
    const fe = SERIALIZERS_2026.FC;
    if (!fe) throw new Error('no FE v2 serializer');
    const built = fe.build(parsed.value, v2Context(1));
    expect(built.errors).toEqual([]);
    const validator = validatorForV2(fe.schema);
    expect(validator(built.document), schemaErrors(validator)).toBe(true);
    const file = join(DIR, 'fe.json');
    if (process.env.SELLO_UPDATE_GOLDEN === '1' || !existsSync(file)) {
      mkdirSync(DIR, { recursive: true });
      writeFileSync(file, `${JSON.stringify(built.document, null, 2)}\n`);
    }
    expect(built.document).toEqual(JSON.parse(readFileSync(file, 'utf8')));
  });

  it('CR (fe-cr-v2)', () => {
    const parsed = validate(CREATE_SCHEMAS.CR, VALID_BODIES.CR('2a4c6e8f-0b1d-4f3a-9c5e-7a9b1c3d5e7f'));
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
    const cr = SERIALIZERS_2026.CR;
    if (!cr) throw new Error('no CR v2 serializer');
    const built = cr.build(parsed.value, v2KindContext('CR', 1));
    expect(built.errors).toEqual([]);
    const validator = validatorForV2(cr.schema);
    expect(validator(built.document), schemaErrors(validator)).toBe(true);
    const file = join(DIR, 'cr.json');
    if (process.env.SELLO_UPDATE_GOLDEN === '1' || !existsSync(file)) writeFileSync(file, `${JSON.stringify(built.document, null, 2)}\n`);
    expect(built.document).toEqual(JSON.parse(readFileSync(file, 'utf8')));
  });

  it('FSE (fe-fse-v2)', () => {
    // The fixture's 05/24 is a 2024 municipality of several districts; Santa Tecla's pre-2024 code 11 names one.
    const body = VALID_BODIES.FSE('2a4c6e8f-0b1d-4f3a-9c5e-7a9b1c3d5e7f') as { recipient: { address: object } };
    const recipient = { ...body.recipient, address: { ...body.recipient.address, municipality: '11' } };
    const parsed = validate(CREATE_SCHEMAS.FSE, { ...body, recipient });
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
    const fse = SERIALIZERS_2026.FSE;
    if (!fse) throw new Error('no FSE v2 serializer');
    const built = fse.build(parsed.value, v2KindContext('FSE', 1));
    expect(built.errors).toEqual([]);
    const validator = validatorForV2(fse.schema);
    expect(validator(built.document), schemaErrors(validator)).toBe(true);
    const file = join(DIR, 'fse.json');
    if (process.env.SELLO_UPDATE_GOLDEN === '1' || !existsSync(file)) writeFileSync(file, `${JSON.stringify(built.document, null, 2)}\n`);
    expect(built.document).toEqual(JSON.parse(readFileSync(file, 'utf8')));
  });
});
