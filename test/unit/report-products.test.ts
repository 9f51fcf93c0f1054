// "Productos más vendidos" (issue 33): one row per product code, whatever kind sold it, and one price basis, net
// of IVA, so an FC's shelf prices and a CCF's net prices add up. Documents issued by a real core, read back by
// the books as the accountant's screen reads them.
import { afterEach, describe, expect, it } from 'vitest';
import { ccfBody, fcBody } from '../fixtures/bodies';
import { testCore } from '../support/core';

const cores: ReturnType<typeof testCore>[] = [];
afterEach(() => cores.splice(0).forEach((c) => c.cleanup()));

// Arroz at $0.95 with IVA: $0.84070796 net per pound, as the catalog derives it.
const rice = (quantity: number, code: string | null, description = 'Arroz blanco precocido 1 lb') => ({
  type: 'BIENES',
  ...(code ? { internalCode: code } : {}),
  description,
  quantity,
  unitMeasure: 'LIBRA',
  unitPrice: 0.84070796,
  saleType: 'GRAVADA',
});

describe('top products', () => {
  it('an FC and a CCF of one code are one row, totalled net of IVA; a line typed without the code joins it', async () => {
    const core = testCore();
    cores.push(core);
    const fc = {
      ...fcBody('0a1b2c3d-0000-4000-8000-000000000001'),
      items: [rice(10, 'ABA-001')],
      itemsNoGrav: [],
      discountGrav: undefined,
    };
    const ccf = { ...ccfBody('0a1b2c3d-0000-4000-8000-000000000002'), items: [rice(20, 'ABA-001')] };
    // The same rice typed by hand in another CCF: no code, the description in other case and accents.
    const typed = { ...ccfBody('0a1b2c3d-0000-4000-8000-000000000003'), items: [rice(5, null, 'ARROZ  blanco precocido 1 LB')] };
    for (const [kind, body] of [
      ['FC', fc],
      ['CCF', ccf],
      ['CCF', typed],
    ] as const)
      core.dtes.create(kind, body, 'test');

    const report = await core.books.report({ from: '2026-11-22', to: '2026-11-22' });
    const rows = report.topProducts.filter((p) => /arroz/i.test(p.description));
    expect(rows).toEqual([{ code: 'ABA-001', description: 'Arroz blanco precocido 1 lb', quantity: '35', total: '29.42' }]);
    // FC $9.50 with IVA is $8.41 net, plus the CCFs' $16.81 and $4.20: never the $9.50 mixed in (that would be $30.51).
    expect(Number(rows[0]!.total)).toBeLessThan(35 * 0.95 - 2);
  });

  it('two different codes stay two rows even with one description', async () => {
    const core = testCore();
    cores.push(core);
    const a = { ...ccfBody('0a1b2c3d-0000-4000-8000-000000000011'), items: [rice(1, 'ABA-001'), rice(2, 'ABA-001-B')] };
    core.dtes.create('CCF', a, 'test');
    const report = await core.books.report({ from: '2026-11-22', to: '2026-11-22' });
    expect(report.topProducts.filter((p) => /arroz/i.test(p.description)).map((p) => [p.code, p.quantity])).toEqual([
      ['ABA-001-B', '2'],
      ['ABA-001', '1'],
    ]);
  });

  it('a line typed without the code joins the coded product even when it was sold first', async () => {
    // The report is summed as the month is read (decision 0043): the typed line is met before the coded one.
    const core = testCore();
    cores.push(core);
    const typed = { ...ccfBody('0a1b2c3d-0000-4000-8000-000000000021'), items: [rice(5, null, 'ARROZ  blanco precocido 1 LB')] };
    const coded = { ...ccfBody('0a1b2c3d-0000-4000-8000-000000000022'), items: [rice(20, 'ABA-001')] };
    core.dtes.create('CCF', typed, 'test');
    core.dtes.create('CCF', coded, 'test');
    const report = await core.books.report({ from: '2026-11-22', to: '2026-11-22' });
    expect(report.topProducts.filter((p) => /arroz/i.test(p.description))).toEqual([
      { code: 'ABA-001', description: 'Arroz blanco precocido 1 lb', quantity: '25', total: '21.02' },
    ]);
  });
});
