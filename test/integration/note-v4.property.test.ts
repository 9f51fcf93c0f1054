// Random valid NC/ND bodies built as MH's NC and ND v4 (fe-nc-v4, fe-nd-v4) by a station whose establishment is
// M001, adjusting stored CCFs or CRs: every document validates against MH's v2.0 schema (with the fe-nd-v4
// `tributos` patch), re-adds within MH's tolerance, and its per-line IVA and retention add up to the resumen.
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { CREATE_SCHEMAS, validate } from '../../shared/contract';
import { dec, round2, sum } from '../../shared/tax';
import type { BuildContext } from '../../main/core/dte/mh/context';
import { direccionV2 } from '../../main/core/dte/mh/direccion-v2';
import { buildNoteV4 } from '../../main/core/dte/mh/note-v4';
import { totalsProblems } from '../../main/mh-sim/totals';
import { noteBody } from '../support/arbitraries';
import { schemaErrors, validatorForV2 } from '../support/mh-schemas';
import { v2KindContext } from '../support/v2-kind-context';

const RUNS = Number(process.env.SELLO_PROPERTY_RUNS ?? 100);
const AMOUNT_RULE_PATHS = /^(items|retentionRenta|retentionIva|discount\w*|items\.\d+\.discountAmount)$/;
const CCF_IDS: [string, string] = ['7a1d2c3b-4a59-4e8d-9c7b-1a2b3c4d5e60', '7a1d2c3b-4a59-4e8d-9c7b-1a2b3c4d5e62'];
const CR_ID = '7a1d2c3b-4a59-4e8d-9c7b-1a2b3c4d5e61';
const related: BuildContext['related'] = (id) =>
  ({ kind: id === CR_ID ? 'CR' : 'CCF', codigoGeneracion: id.toUpperCase(), issueDate: '2026-11-20' }) as const;
const stats: Record<string, { issued: number; skipped: number }> = {};
let n = 0;
afterAll(() => console.log('NC/ND v4 issued/skipped:', JSON.stringify(stats)));

type Line = Record<'totalIva' | 'ivaRete' | 'ivaPerci', number>;
type Resumen = Record<'totalIva' | 'ivaRete' | 'ivaPerci' | 'totalPagar', number>;
type Recipient = { nrc: string; address: Parameters<typeof direccionV2>[0] };
/**
 * Related documents all of one type (MF2 p.37): CCFs, or a CR. The contract may hold no distrito and a 1-digit NRC
 * (v2.0 wants 2 to 8), and v4 notes carry no income-tax retention: note-v4.test.ts checks those refusals.
 */
const bodies = fc
  .oneof(noteBody(CCF_IDS), noteBody([CR_ID]))
  .filter((b) => (b.recipient as Recipient).nrc.length >= 2 && direccionV2((b.recipient as Recipient).address) !== null)
  .map(({ retentionRenta: _renta, ...b }) => b);

describe.each([
  ['NC', 'fe-nc-v4.json'],
  ['ND', 'fe-nd-v4.json'],
] as const)('%s v4 from random NC bodies', (kind, schema) => {
  it(`validates against MH v2.0 ${schema} and adds up`, () => {
    const validator = validatorForV2(schema);
    const s = (stats[kind] = { issued: 0, skipped: 0 });
    fc.assert(
      fc.property(bodies, (generated) => {
        const parsed = validate(CREATE_SCHEMAS[kind], generated);
        expect(parsed.ok, JSON.stringify(!parsed.ok && parsed.errors)).toBe(true);
        if (!parsed.ok) return;
        const built = buildNoteV4(kind, parsed.value, { ...v2KindContext(kind, ++n), related });
        if (built.errors.length && built.errors.every((e) => AMOUNT_RULE_PATHS.test(e.path))) {
          s.skipped += 1;
          fc.pre(false);
        }
        expect(built.errors).toEqual([]);
        s.issued += 1;
        const doc = built.document;
        expect(validator(doc), `${schemaErrors(validator)}\n${JSON.stringify(doc)}`).toBe(true);
        expect(totalsProblems(kind, doc)).toEqual([]);
        const lines = doc.cuerpoDocumento as Line[];
        const r = doc.resumen as Resumen;
        // Exact, not within tolerance: the resumen rounds the lines' sums once.
        expect(r.totalIva).toBe(round2(sum(lines.map((l) => dec(l.totalIva)))).toNumber());
        expect(r.ivaRete).toBe(sum(lines.map((l) => dec(l.ivaRete))).toNumber());
        expect(r.ivaPerci).toBe(sum(lines.map((l) => dec(l.ivaPerci))).toNumber());
        expect(built.total.toNumber()).toBe(r.totalPagar);
      }),
      { numRuns: RUNS },
    );
    expect(s.issued).toBeGreaterThanOrEqual(RUNS);
  });
});
