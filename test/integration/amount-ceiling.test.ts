// MH caps every amount below US$100,000,000,000. Each request field is capped on its own, so a line or a total
// can still reach the cap: refused with a 422 naming the line (or the items), and no control number spent.
// Found by the HTTP fuzzer: such an ND used to end in a 500.
import { afterEach, describe, expect, it } from 'vitest';
import { CoreError } from '../../main/core/errors';
import { ccfBody, fcBody, ncBody } from '../fixtures/bodies';
import { testCore } from '../support/core';

const cleanups: (() => void)[] = [];
afterEach(() => cleanups.splice(0).forEach((f) => f()));

const refusal = (fn: () => unknown): { code: string; paths: string[] } => {
  try {
    fn();
  } catch (e) {
    if (e instanceof CoreError) return { code: e.code, paths: (e.errors ?? []).map((x) => x.path) };
    throw e;
  }
  throw new Error('expected a refusal');
};

describe("MH's amount ceiling", () => {
  it('a line whose quantity × price reaches it names the line, for every kind that multiplies', () => {
    const core = testCore();
    cleanups.push(() => core.cleanup());
    const ccf = core.dtes.create('CCF', ccfBody('c1000000-0000-4000-8000-000000000001'), 'test').record;
    const before = core.dtes.list({}).items.length;
    const big = { quantity: 1_264_981_263, unitPrice: 1_465_162_735 };
    const nd = ncBody('c1000000-0000-4000-8000-000000000002', ccf.id);
    expect(refusal(() => core.dtes.create('ND', { ...nd, items: [{ ...(nd.items as object[])[0], ...big }] }, 'test'))).toEqual({
      code: 'VALIDATION_FAILED',
      paths: ['items.0'],
    });
    const fc = fcBody('c1000000-0000-4000-8000-000000000003');
    // FC adds IVA: a price just under the cap per unit is over it once IVA is in.
    expect(
      refusal(() =>
        core.dtes.create(
          'FC',
          {
            ...fc,
            items: [{ type: 'BIENES', description: 'Avión', quantity: 1, unitPrice: 99_000_000_000, saleType: 'GRAVADA' }],
            itemsNoGrav: undefined,
          },
          'test',
        ),
      ).paths,
    ).toEqual(['items.0']);
    expect(core.dtes.list({}).items.length).toBe(before);
    // The next document still takes the next number: nothing was spent.
    const next = core.dtes.create('CCF', ccfBody('c1000000-0000-4000-8000-000000000004'), 'test').record;
    expect(next.controlNumber.endsWith('000000000000002')).toBe(true);
  });

  it('lines each under it whose total reaches it name the items', () => {
    const core = testCore();
    cleanups.push(() => core.cleanup());
    const line = { type: 'BIENES', description: 'Lote', quantity: 1, unitPrice: 60_000_000_000, saleType: 'GRAVADA' };
    const body = { ...ccfBody('c2000000-0000-4000-8000-000000000001'), items: [line, line], itemsNoGrav: undefined };
    expect(refusal(() => core.dtes.create('CCF', body, 'test'))).toEqual({ code: 'VALIDATION_FAILED', paths: ['items'] });
  });
});
