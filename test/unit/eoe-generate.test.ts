// The homologation run's Evento de Operaciones Especiales bodies (main/core/homologation/generate/special-operations.ts):
// valid under the contract for many seeds, dated inside the month up to today, never two events on one voucher,
// and the re-report names one voucher of the earlier event with its code.
import { describe, expect, it } from 'vitest';
import { validateBody } from '../../shared/contract';
import { eoeBody } from '../../shared/operaciones-especiales';
import { generateEoe, generateEoeReReport } from '../../main/core/homologation/generate/special-operations';
import { createRng } from '../../main/core/homologation/generate/rng';
import { overlaps, spanOf } from '../../main/core/dte/operaciones-especiales/rules';

const today = '2026-12-05';
const parsed = (b: unknown) => {
  const r = validateBody(eoeBody, b, 'reject');
  if (!r.ok) throw new Error(JSON.stringify(r.errors));
  return r.value;
};

describe('EOE bodies for the homologation run', () => {
  it('are valid by ranges (both CAT-023 types) and one by one, for many seeds', () => {
    for (let seed = 1; seed <= 200; seed++) {
      const ranges = parsed(generateEoe('ranges', createRng(seed, 1), { tag: 'AB12CD34', turn: 1, today }));
      expect(ranges.period).toBe('2026-12');
      expect(ranges.items.every((i) => i.from && i.to && i.number == null && i.date == null)).toBe(true);
      expect(new Set(ranges.items.map((i) => i.type))).toEqual(new Set(['02', '97']));
      const singles = parsed(generateEoe('singles', createRng(seed, 2), { tag: 'AB12CD34', turn: 2, today }));
      for (const i of singles.items) {
        expect(i).toMatchObject({ type: '97', quantity: 1 });
        expect(i.date! >= '2026-12-01' && i.date! <= today, String(i.date)).toBe(true);
        expect(i.number!.length).toBeLessThanOrEqual(36);
      }
    }
  });

  it('never report one voucher twice: not inside an event, not across turns or runs', () => {
    const events = [1, 2, 3].flatMap((turn) =>
      ['AB12CD34', 'EF56AB78'].flatMap((tag) =>
        (['ranges', 'singles'] as const).map((mode) => parsed(generateEoe(mode, createRng(turn, 9), { tag, turn, today }))),
      ),
    );
    const spans = events.flatMap((e, n) => e.items.map((i) => ({ n, span: spanOf(i) })));
    for (const a of spans)
      for (const b of spans) if (a !== b) expect(overlaps(a.span, b.span), `${JSON.stringify(a)} ${JSON.stringify(b)}`).toBe(false);
  });

  it('re-reports one voucher of the earlier event, with its code and its period', () => {
    const earlier = generateEoe('singles', createRng(4, 4), { tag: 'AB12CD34', turn: 2, today });
    const again = parsed(generateEoeReReport(createRng(4, 5), { id: '0b1e0000-0000-4000-8000-00000000000a', body: earlier }));
    expect(again.period).toBe(earlier.period);
    expect(again.items).toHaveLength(1);
    expect(again.items[0]!.reportedIn).toBe('0b1e0000-0000-4000-8000-00000000000a');
    expect(earlier.items.map((i) => i.number)).toContain(again.items[0]!.number);
  });
});
