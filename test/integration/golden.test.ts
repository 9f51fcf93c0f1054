// Golden MH documents: the fixture body of each kind, issued by a demo station at a fixed time, must produce
// exactly the committed JSON (reviewed by hand against the schema and docs/mh.md). SELLO_UPDATE_GOLDEN=1
// rewrites them after a deliberate change.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DteKind } from '../../shared/contract';
import { SERIALIZERS } from '../../main/core/dte/mh/serializers';
import { VALID_BODIES, ncBody } from '../fixtures/bodies';
import { fixedClock, testCore } from '../support/core';
import { schemaErrors, validatorFor } from '../support/mh-schemas';

const DIR = join(__dirname, '..', 'fixtures', 'golden');
const CCF_ID = '1c3e5a7b-9d2f-4a6b-8c0d-2e4f6a8b0c1d';
let core: ReturnType<typeof testCore>;

beforeAll(() => {
  core = testCore(fixedClock('2026-11-22T15:30:00Z'));
  core.dtes.create('CCF', VALID_BODIES.CCF(CCF_ID), 'golden');
});
afterAll(() => core.cleanup());

const bodies: [DteKind, () => Record<string, unknown>][] = [
  ['FC', () => VALID_BODIES.FC('2a4c6e8f-0b1d-4f3a-9c5e-7a9b1c3d5e7f')],
  ['NC', () => ncBody('3b5d7f9a-1c2e-4b4d-8e6f-8a0b2c4d6e8f', CCF_ID)],
  ['ND', () => ncBody('4c6e8a0b-2d3f-4c5e-9f7a-9b1c3d5e7f9a', CCF_ID)],
  ['CR', () => VALID_BODIES.CR('5d7f9b1c-3e4a-4d6f-8a8b-0c2d4e6f8a0b')],
  ['FSE', () => VALID_BODIES.FSE('6e8a0c2d-4f5b-4e7a-9b9c-1d3e5f7a9b1c')],
  ['FEX', () => VALID_BODIES.FEX('7f9b1d3e-5a6c-4f8b-8cad-2e4f6a8b0c2d')],
];

describe('golden MH documents', () => {
  it.each([['CCF', () => VALID_BODIES.CCF(CCF_ID)] as [DteKind, () => Record<string, unknown>], ...bodies])('%s', (kind, body) => {
    const id = String(body().id);
    if (kind !== 'CCF') core.dtes.create(kind, body(), 'golden');
    const { document } = core.dtes.mhDocument(id);
    const validator = validatorFor(SERIALIZERS[kind].schema);
    expect(validator(document), schemaErrors(validator)).toBe(true);
    const file = join(DIR, `${kind.toLowerCase()}.json`);
    if (process.env.SELLO_UPDATE_GOLDEN === '1' || !existsSync(file)) writeFileSync(file, `${JSON.stringify(document, null, 2)}\n`);
    expect(document).toEqual(JSON.parse(readFileSync(file, 'utf8')));
  });
});
