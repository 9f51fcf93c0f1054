// The per-station normative switch (shared/normative.ts, docs/decisions/0014-normativa-2026.md): which normative is
// in force at an instant, which serializer and MH version each kind takes under it, and the rules that change with it.
import { describe, expect, it } from 'vitest';
import { DTE_KINDS, replacementErrors } from '../../shared/contract';
import { MH_VERSIONS, REPLACEMENT_ORDER, mhNormativeSetting, normativeAt, normativeOf, scheduledSwitch } from '../../shared/normative';
import { SERIALIZERS, SERIALIZERS_2026, serializerFor, serializerOfVersion } from '../../main/core/dte/mh/serializers';
import { normativeProblems } from '../../main/core/station/normative-checks';
import { V2_STATION } from '../support/v2-context';

const at = (iso: string) => new Date(iso);
const SWITCH = { current: 'legacy', switchAt: '2027-01-01T00:00:00-06:00' } as const;

describe('the normative in force', () => {
  it('is legacy without a setting, `current` before switchAt and the other one from that instant on', () => {
    expect(normativeAt(null, at('2026-11-23T10:00:00Z'))).toBe('legacy');
    expect(normativeAt(SWITCH, at('2027-01-01T05:59:59.999Z'))).toBe('legacy');
    expect(normativeAt(SWITCH, at('2027-01-01T06:00:00Z'))).toBe('2026');
    expect(normativeAt({ current: '2026', switchAt: '2027-01-01T00:00:00-06:00' }, at('2027-02-01T00:00:00Z'))).toBe('legacy');
    expect(scheduledSwitch(SWITCH, at('2026-12-31T12:00:00Z'))).toEqual({ to: '2026', at: SWITCH.switchAt });
    expect(scheduledSwitch(SWITCH, at('2027-01-02T00:00:00Z'))).toBeNull();
  });

  it('reads a setting with an offset, and names the field of a bad one', () => {
    expect(mhNormativeSetting.safeParse({ current: '2026' }).data).toEqual({ current: '2026', switchAt: null });
    expect(mhNormativeSetting.safeParse({ current: 'v2' }).success).toBe(false);
    expect(mhNormativeSetting.safeParse({ current: 'legacy', switchAt: '2027-01-01T00:00:00' }).error?.issues[0]?.path).toEqual([
      'switchAt',
    ]);
  });
});

describe('serializers per normative', () => {
  it('every kind has one under each normative, with the MH version shared/normative.ts names', () => {
    for (const kind of DTE_KINDS) {
      expect(serializerFor('legacy', kind)).toBe(SERIALIZERS[kind]);
      expect(serializerFor('2026', kind)).toBe(SERIALIZERS_2026[kind]);
      expect(SERIALIZERS[kind].version).toBe(MH_VERSIONS.legacy[kind]);
      expect(SERIALIZERS_2026[kind].version).toBe(MH_VERSIONS['2026'][kind]);
      expect(SERIALIZERS_2026[kind].version).not.toBe(SERIALIZERS[kind].version);
      // A stored document finds its serializer again by the version it was issued with.
      expect(serializerOfVersion(kind, MH_VERSIONS['2026'][kind])).toBe(SERIALIZERS_2026[kind]);
      expect(normativeOf(kind, MH_VERSIONS.legacy[kind])).toBe('legacy');
    }
    expect(Object.fromEntries(DTE_KINDS.map((k) => [k, SERIALIZERS_2026[k].schema]))).toEqual({
      FC: 'fe-f-v2.json',
      CCF: 'fe-ccf-v4.json',
      NC: 'fe-nc-v4.json',
      ND: 'fe-nd-v4.json',
      CR: 'fe-cr-v2.json',
      FSE: 'fe-fse-v2.json',
      FEX: 'fe-fex-v3.json',
      NR: 'fe-nr-v4.json',
      CL: 'fe-cl-v2.json',
      DCL: 'fe-dcl-v2.json',
      CD: 'fe-cd-v2.json',
    });
  });

  it('the CL, DCL and CD are never contingency documents; the NR always may be (MF2 §VIII p.18)', () => {
    for (const kind of ['CL', 'DCL', 'CD'] as const) {
      expect(SERIALIZERS[kind].contingency, kind).toBe(false);
      expect(SERIALIZERS_2026[kind].contingency, kind).toBe(false);
    }
    expect(SERIALIZERS.NR.contingency).toBe(true);
    expect(SERIALIZERS_2026.NR.contingency).toBe(true);
  });

  it('the CR becomes a contingency document under v2.0 only', () => {
    expect(SERIALIZERS.CR.contingency).toBe(false);
    expect(SERIALIZERS_2026.CR.contingency).toBe(true);
  });
});

describe('replacement order of an invalidation (MF2 §VII pp.13–17)', () => {
  it('an NC or a CL of 2026 is invalidated first and never names a replacement; every other document names it', () => {
    expect(REPLACEMENT_ORDER['2026'].NC).toBe('after');
    expect(DTE_KINDS.filter((k) => REPLACEMENT_ORDER['2026'][k] === 'after')).toEqual(['NC', 'CL']);
    expect(DTE_KINDS.filter((k) => REPLACEMENT_ORDER.legacy[k] === 'after')).toEqual([]);
    const other = '8a0c2e4f-6b7d-4a9c-9dbe-3f5a7b9c1d3e';
    expect(replacementErrors('after', { type: 1, dteReplaceId: other }).map((e) => [e.path, e.code])).toEqual([
      ['dteReplaceId', 'NOT_ALLOWED'],
    ]);
    expect(replacementErrors('after', { type: 1, dteReplaceId: null })).toEqual([]);
    expect(replacementErrors('before', { type: 3, dteReplaceId: null }).map((e) => [e.path, e.code])).toEqual([
      ['dteReplaceId', 'REQUIRED'],
    ]);
    expect(replacementErrors('before', { type: 2, dteReplaceId: null })).toEqual([]);
  });
});

describe('a station ready for the 2026 normative', () => {
  it('needs an establishment code (M|B|S|P)NNN and an address whose district is known, once 2026 is reachable', () => {
    expect(normativeProblems(V2_STATION, { current: '2026', switchAt: null })).toEqual([]);
    const old = { ...V2_STATION, branch: { ...V2_STATION.branch, mhCode: '0001' } };
    expect(normativeProblems(old, { current: 'legacy', switchAt: null })).toEqual([]);
    expect(normativeProblems(old, SWITCH).map((e) => e.path)).toEqual(['branch.mhCode']);
    const centro = {
      ...V2_STATION,
      company: { ...V2_STATION.company, address: { ...V2_STATION.company.address, municipality: '23', district: null } },
    };
    expect(normativeProblems(centro, { current: '2026', switchAt: null }).map((e) => e.path)).toEqual(['company.address.district']);
    const named = { ...centro, company: { ...centro.company, address: { ...centro.company.address, district: '14' } } };
    expect(normativeProblems(named, { current: '2026', switchAt: null })).toEqual([]);
  });

  it('needs an establishment type the 2026 CAT-009 holds: 20 (otro) is gone', () => {
    const other = { ...V2_STATION, branch: { ...V2_STATION.branch, establishmentType: '20' as const } };
    expect(normativeProblems(other, { current: 'legacy', switchAt: null })).toEqual([]);
    const [problem, ...rest] = normativeProblems(other, SWITCH);
    expect(rest).toEqual([]);
    expect(problem).toMatchObject({ path: 'branch.establishmentType', code: 'UNKNOWN_CODE' });
    expect(problem!.message).toContain('no existe en el catálogo CAT-009 de la normativa 2026');
  });
});
