// The homologation generator's notas de remisión (main/core/homologation/generate/remission.ts): for many seeds, a
// body the contract takes, the builders of both normatives write without errors and MH's official schemas accept.
import { describe, expect, it } from 'vitest';
import { CREATE_SCHEMAS, validate } from '../../shared/contract';
import { buildNrV3 } from '../../main/core/dte/mh/nr-v3';
import { buildNrV4 } from '../../main/core/dte/mh/nr-v4';
import { generateBody } from '../../main/core/homologation/generate';
import { createRng } from '../../main/core/homologation/generate/rng';
import { schemaErrors, validatorFor, validatorForV2 } from '../support/mh-schemas';
import { v2KindContext } from '../support/v2-kind-context';

describe('generated notas de remisión', () => {
  it('NR: 80 seeds, each valid to the contract and to fe-nr-v3 and fe-nr-v4, and varied', () => {
    const [v3, v4] = [validatorFor('fe-nr-v3.json'), validatorForV2('fe-nr-v4.json')];
    const seen = new Set<string>();
    for (let seed = 1; seed <= 80; seed++) {
      const raw = generateBody('NR', createRng(seed).uuid(), createRng(seed, 1), { normative: 'legacy', today: '2026-11-22' });
      const parsed = validate(CREATE_SCHEMAS.NR, raw);
      expect(parsed.ok ? [] : parsed.errors, `seed ${seed}`).toEqual([]);
      if (!parsed.ok) continue;
      const b = parsed.value;
      seen.add(b.goodsTitle);
      if (b.destinationBranch) seen.add('branch');
      if (b.recipient) seen.add(b.recipient.identificationDocument.type);
      if (b.deliveredBy || b.receivedBy) seen.add('people');
      if (b.discountGrav) seen.add('discount');
      const built3 = buildNrV3(b, v2KindContext('NR', seed));
      const built4 = buildNrV4(b, v2KindContext('NR', seed));
      expect([...built3.errors, ...built4.errors], `seed ${seed}`).toEqual([]);
      expect(v3(built3.document), `seed ${seed}: ${schemaErrors(v3)}`).toBe(true);
      expect(v4(built4.document), `seed ${seed}: ${schemaErrors(v4)}`).toBe(true);
    }
    expect([...seen].sort()).toEqual([
      'CONSIGNACION',
      'DEPOSITO',
      'DUI',
      'NIT',
      'OTROS',
      'PROPIEDAD',
      'TRASLADO',
      'branch',
      'discount',
      'people',
    ]);
  });
});
