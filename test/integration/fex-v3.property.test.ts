// Random valid FEX bodies built as MH's FEX v3 (fe-fex-v3, not in force yet) by a station whose establishment is
// M001: every document validates against MH's v2.0 schema and re-adds within MH's tolerance.
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { CREATE_SCHEMAS, validate } from '../../shared/contract';
import { buildFexV3 } from '../../main/core/dte/mh/fex-v3';
import { totalsProblems } from '../../main/mh-sim/totals';
import { fexBody } from '../support/arbitraries';
import { schemaErrors, validatorForV2 } from '../support/mh-schemas';
import { v2KindContext } from '../support/v2-kind-context';

const RUNS = Number(process.env.SELLO_PROPERTY_RUNS ?? 100);
/** Amount rules the generators cannot see ahead, as in mh-documents.property.test.ts. */
const AMOUNT_RULE_PATHS = /^(items|discount\w*|items\.\d+\.discountAmount)$/;
const stats = { issued: 0, skipped: 0 };
let n = 0;
afterAll(() => console.log('FEX v3 issued/skipped:', JSON.stringify(stats)));

type Generated = { recipient: { address: string }; attachments?: readonly { code: string; details?: string }[] };
/** fe-fex-v3's shorter texts (fex-v3.ts refuses longer ones, fex-v3.test.ts checks it): an address of 200, details of 3+. */
const fitV3 = (b: Generated): Record<string, unknown> => ({
  ...b,
  recipient: { ...b.recipient, address: b.recipient.address.slice(0, 200).trim().padEnd(5, 'x') },
  ...(b.attachments && {
    attachments: b.attachments.map((a) => (a.details === undefined ? a : { ...a, details: a.details.padEnd(3, '.') })),
  }),
});

describe('FEX v3 (fe-fex-v3) from random FEX bodies', () => {
  it('validates against MH v2.0 schema and adds up', () => {
    const validator = validatorForV2('fe-fex-v3.json');
    fc.assert(
      fc.property(fexBody.map(fitV3), (generated) => {
        const parsed = validate(CREATE_SCHEMAS.FEX, generated);
        expect(parsed.ok, JSON.stringify(!parsed.ok && parsed.errors)).toBe(true);
        if (!parsed.ok) return;
        const built = buildFexV3(parsed.value, v2KindContext('FEX', ++n));
        if (built.errors.length && built.errors.every((e) => AMOUNT_RULE_PATHS.test(e.path))) {
          stats.skipped += 1;
          fc.pre(false);
        }
        expect(built.errors).toEqual([]);
        stats.issued += 1;
        const doc = built.document;
        expect(validator(doc), `${schemaErrors(validator)}\n${JSON.stringify(doc)}`).toBe(true);
        expect(totalsProblems('FEX', doc)).toEqual([]);
        expect(built.total.toNumber()).toBe((doc.resumen as { totalPagar: number }).totalPagar);
      }),
      { numRuns: RUNS },
    );
    expect(stats.issued).toBeGreaterThanOrEqual(RUNS);
  });
});
