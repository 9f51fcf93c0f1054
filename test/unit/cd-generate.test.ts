// The homologation generator's donations (main/core/homologation/generate/donation.ts): for many seeds, a body the
// contract takes, the builders of both normatives write without errors and MH's official schemas accept.
import { describe, expect, it } from 'vitest';
import { CREATE_SCHEMAS, validate } from '../../shared/contract';
import { buildCdV1 } from '../../main/core/dte/mh/cd-v1';
import { buildCdV2 } from '../../main/core/dte/mh/cd-v2';
import { generateBody } from '../../main/core/homologation/generate';
import { createRng } from '../../main/core/homologation/generate/rng';
import { schemaErrors, validatorFor, validatorForV2 } from '../support/mh-schemas';
import { v2KindContext } from '../support/v2-kind-context';

describe('generated donations', () => {
  it('CD: 80 seeds, each valid to the contract and to fe-cd-v1 and fe-cd-v2, and varied', () => {
    const [v1, v2] = [validatorFor('fe-cd-v1.json'), validatorForV2('fe-cd-v2.json')];
    const seen = new Set<string>();
    for (let seed = 1; seed <= 80; seed++) {
      const raw = generateBody('CD', createRng(seed).uuid(), createRng(seed, 1), { normative: 'legacy', today: '2026-11-22' });
      const parsed = validate(CREATE_SCHEMAS.CD, raw);
      expect(parsed.ok ? [] : parsed.errors, `seed ${seed}`).toEqual([]);
      if (!parsed.ok) continue;
      const b = parsed.value;
      for (const item of b.items) seen.add(item.donationType);
      if (!b.recipient.domiciled) seen.add('foreign');
      if (b.payments) seen.add('payments');
      if (b.items.some((i) => (i.depreciation ?? 0) > 0)) seen.add('depreciation');
      const b1 = buildCdV1(b, v2KindContext('CD', seed));
      const b2 = buildCdV2(b, v2KindContext('CD', seed));
      expect([...b1.errors, ...b2.errors], `seed ${seed}`).toEqual([]);
      expect(v1(b1.document), `seed ${seed}: ${schemaErrors(v1)}`).toBe(true);
      expect(v2(b2.document), `seed ${seed}: ${schemaErrors(v2)}`).toBe(true);
    }
    expect([...seen].sort()).toEqual(['BIEN', 'EFECTIVO', 'SERVICIO', 'depreciation', 'foreign', 'payments']);
  });
});
