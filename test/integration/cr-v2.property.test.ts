// Random valid CR bodies built as MH's CR v2 (fe-cr-v2, not in force yet) by a station whose establishment is
// M001: every document validates against MH's v2.0 schema and its resumen re-adds from the lines.
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { CREATE_SCHEMAS, validate } from '../../shared/contract';
import { amountInWords, dec, sum } from '../../shared/tax';
import { buildCrV2 } from '../../main/core/dte/mh/cr-v2';
import { direccionV2 } from '../../main/core/dte/mh/direccion-v2';
import { crBody } from '../support/arbitraries';
import { schemaErrors, validatorForV2 } from '../support/mh-schemas';
import { v2KindContext } from '../support/v2-kind-context';

const RUNS = Number(process.env.SELLO_PROPERTY_RUNS ?? 100);
const stats = { issued: 0 };
let n = 0;
afterAll(() => console.log('CR v2 issued:', JSON.stringify(stats)));

type Line = { montoSujetoGrav: number; ivaRetenido: number };
type Resumen = { totalSujetoRetencion: number; totalIva: number; totalIvaRetenido: number; totalLetras: string | null };
const total = (lines: readonly Line[], k: keyof Line) => sum(lines.map((l) => dec(l[k])));

describe('CR v2 (fe-cr-v2) from random CR bodies', () => {
  it('validates against MH v2.0 schema and adds up', () => {
    const validator = validatorForV2('fe-cr-v2.json');
    fc.assert(
      // The contract holds no distrito: only recipient addresses whose district is known (direccion-v2.ts).
      fc.property(
        crBody.filter((b) => direccionV2(b.recipient.address) !== null),
        (generated) => {
          const parsed = validate(CREATE_SCHEMAS.CR, generated);
          expect(parsed.ok, JSON.stringify(!parsed.ok && parsed.errors)).toBe(true);
          if (!parsed.ok) return;
          const built = buildCrV2(parsed.value, v2KindContext('CR', ++n));
          expect(built.errors).toEqual([]);
          stats.issued += 1;
          const doc = built.document as { resumen: Resumen; cuerpoDocumento: Line[] };
          expect(validator(doc), `${schemaErrors(validator)}\n${JSON.stringify(doc)}`).toBe(true);
          const r = doc.resumen;
          expect(r.totalSujetoRetencion).toBe(total(doc.cuerpoDocumento, 'montoSujetoGrav').toNumber());
          expect(r.totalIvaRetenido).toBe(total(doc.cuerpoDocumento, 'ivaRetenido').toNumber());
          expect(r.totalIva).toBe(dec(r.totalSujetoRetencion).times('0.13').toDecimalPlaces(2).toNumber());
          expect(r.totalLetras).toBe(amountInWords(dec(r.totalIvaRetenido)));
          expect(built.total.toNumber()).toBe(r.totalIvaRetenido);
        },
      ),
      { numRuns: RUNS },
    );
    expect(stats.issued).toBeGreaterThanOrEqual(RUNS);
  });
});
