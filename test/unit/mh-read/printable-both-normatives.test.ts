// The paper of a 2026 document prints the amounts its schema names its own way (issue 53): a CCF v4's ivaRete, a
// CR v2's totalIvaRetenido and totalLetras, as the legacy versions' ivaRete1 and totalIVAretenido always were.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { printable } from '../../../main/core/render/model';
import type { DteKind } from '../../../shared/contract';

const GOLDEN = join(__dirname, '..', '..', 'fixtures', 'golden');
const load = (file: string) => JSON.parse(readFileSync(join(GOLDEN, file), 'utf8')) as Record<string, unknown>;
const paper = (kind: DteKind, file: string) =>
  printable({ type: kind, status: 'APPROVED', mhResponse: { selloRecibido: 'X'.repeat(40) } }, load(file), false);
const row = (p: ReturnType<typeof paper>, label: string) => [...p.totals, p.totalToPay].find(([k]) => k === label)?.[1];

describe('the totals printed under both normatives', () => {
  for (const [legacy, v2] of [
    ['ccf.json', 'v2/ccf.json'],
    ['fc.json', 'v2/fe.json'],
  ] as const)
    it(`${legacy} and ${v2}: the IVA retained is printed from either version's field`, () => {
      const kind: DteKind = legacy === 'ccf.json' ? 'CCF' : 'FC';
      expect(row(paper(kind, v2), 'IVA retenido')).toBe(row(paper(kind, legacy), 'IVA retenido'));
    });

  it('a CCF v4 prints its 0.38 of IVA retained (it printed 0.00)', () => {
    expect(row(paper('CCF', 'v2/ccf.json'), 'IVA retenido')).toBe('$0.38');
  });

  it('a CR v2 prints its total retained and its words', () => {
    const p = paper('CR', 'v2/cr.json');
    expect(row(p, 'Total IVA retenido')).toBe('$6.51');
    expect(p.words).toContain('SEIS');
  });
});
