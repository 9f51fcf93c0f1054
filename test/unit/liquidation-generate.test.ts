// The homologation generator's liquidations (main/core/homologation/generate/liquidations.ts): for many seeds, a body
// the contract takes, the builders of both normatives write without errors and MH's official schemas accept.
import { describe, expect, it } from 'vitest';
import { CREATE_SCHEMAS, validate } from '../../shared/contract';
import { buildClV1 } from '../../main/core/dte/mh/cl-v1';
import { buildClV2 } from '../../main/core/dte/mh/cl-v2';
import { buildDclV1 } from '../../main/core/dte/mh/dcl-v1';
import { buildDclV2 } from '../../main/core/dte/mh/dcl-v2';
import { formatControlNumber } from '../../main/core/dte/control-number';
import { generateCl, generateDcl } from '../../main/core/homologation/generate/liquidations';
import { createRng } from '../../main/core/homologation/generate/rng';
import type { BuildContext } from '../../main/core/dte/mh/context';
import { schemaErrors, validatorFor, validatorForV2 } from '../support/mh-schemas';
import { v2KindContext } from '../support/v2-kind-context';

const TODAY = '2026-11-22';
const legacy = (c: BuildContext, kind: 'CL' | 'DCL'): BuildContext => ({
  ...c,
  identity: { ...c.identity, numeroControl: formatControlNumber(kind, '0001', 1, 9) },
});

describe('generated liquidations', () => {
  it('CL: 60 seeds, each valid to the contract and to fe-cl-v1 and fe-cl-v2', () => {
    const [v1, v2] = [validatorFor('fe-cl-v1.json'), validatorForV2('fe-cl-v2.json')];
    for (let seed = 1; seed <= 60; seed++) {
      const parsed = validate(CREATE_SCHEMAS.CL, generateCl(createRng(seed).uuid(), createRng(seed, 1), TODAY));
      expect(parsed.ok ? [] : parsed.errors, `seed ${seed}`).toEqual([]);
      if (!parsed.ok) continue;
      const b1 = buildClV1(parsed.value, legacy(v2KindContext('CL', seed), 'CL'));
      const b2 = buildClV2(parsed.value, v2KindContext('CL', seed));
      expect([...b1.errors, ...b2.errors], `seed ${seed}`).toEqual([]);
      expect(v1(b1.document), `seed ${seed}: ${schemaErrors(v1)}`).toBe(true);
      expect(v2(b2.document), `seed ${seed}: ${schemaErrors(v2)}`).toBe(true);
    }
  });

  it('DCL: 60 seeds, each valid to the contract and to fe-dcl-v1 and fe-dcl-v2', () => {
    const [v1, v2] = [validatorFor('fe-dcl-v1.json'), validatorForV2('fe-dcl-v2.json')];
    for (let seed = 1; seed <= 60; seed++) {
      const parsed = validate(CREATE_SCHEMAS.DCL, generateDcl(createRng(seed).uuid(), createRng(seed, 1), TODAY));
      expect(parsed.ok ? [] : parsed.errors, `seed ${seed}`).toEqual([]);
      if (!parsed.ok) continue;
      const b1 = buildDclV1(parsed.value, legacy(v2KindContext('DCL', seed), 'DCL'));
      const b2 = buildDclV2(parsed.value, v2KindContext('DCL', seed));
      expect([...b1.errors, ...b2.errors], `seed ${seed}`).toEqual([]);
      expect(v1(b1.document), `seed ${seed}: ${schemaErrors(v1)}`).toBe(true);
      expect(v2(b2.document), `seed ${seed}: ${schemaErrors(v2)}`).toBe(true);
    }
  });
});
