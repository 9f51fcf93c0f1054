import { describe, expect, it } from 'vitest';
import { openStore } from '../../main/core/store/database';
import { formatControlNumber, nextControlValue, CONTROL_NUMBER_RE } from '../../main/core/dte/control-number';
import { canonicalJson } from '../../main/core/dte/canonical';
import { tempDir } from '../support/core';
import { join } from 'node:path';

describe('store', () => {
  it('opens in WAL mode with synchronous FULL', () => {
    const t = tempDir();
    const store = openStore(join(t.dir, 'a.db'));
    expect(store.sqlite.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(store.sqlite.pragma('synchronous', { simple: true })).toBe(2);
    store.close();
    t.cleanup();
  });

  it('control sequences count per year, kind, branch and point of sale, and a rolled-back number is not spent', () => {
    const t = tempDir();
    const store = openStore(join(t.dir, 'a.db'));
    const next = (year: number, kind: 'FC' | 'CCF', pos: number) => store.tx(() => nextControlValue(store, year, kind, 'M001', pos));
    expect([next(2026, 'FC', 1), next(2026, 'FC', 1), next(2026, 'CCF', 1), next(2026, 'FC', 2), next(2027, 'FC', 1)]).toEqual([
      1, 2, 1, 1, 1,
    ]);
    expect(() =>
      store.tx(() => {
        nextControlValue(store, 2026, 'FC', 'M001', 1);
        throw new Error('document not stored');
      }),
    ).toThrow();
    expect(next(2026, 'FC', 1)).toBe(3);
    store.close();
    t.cleanup();
  });

  it('formats MH control numbers', () => {
    const n = formatControlNumber('FEX', 'M001', 7, 42);
    expect(n).toBe('DTE-11-M001P007-000000000000042');
    expect(n).toHaveLength(31);
    expect(n).toMatch(CONTROL_NUMBER_RE);
  });

  it('canonical JSON ignores key order', () => {
    expect(canonicalJson({ b: 1, a: { d: [2, { z: 1, y: 2 }], c: 3 } })).toBe(canonicalJson({ a: { c: 3, d: [2, { y: 2, z: 1 }] }, b: 1 }));
  });
});
