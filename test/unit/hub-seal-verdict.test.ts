// What MH's answer to consultadte says of a document the hub holds (seal-checker.ts verdictOf), and the seals'
// part of the health page (seal-health.ts), decision 0031.
import { describe, expect, it } from 'vitest';
import { verdictOf } from '../../main/hub/seal-checker';
import type { DueDocument } from '../../main/hub/seal-checks';
import { sealHealth } from '../../main/hub/seal-health';

const SEAL = `2026${'A1'.repeat(18)}`;
const OTHER = `2026${'B2'.repeat(18)}`;
const doc: DueDocument = {
  id: '7d000000-0000-4000-8000-000000000001',
  issueDate: '2026-11-20',
  stationId: 'M001-P001',
  kind: 'FC',
  controlNumber: 'DTE-01-M001P001-000000000000001',
  seal: SEAL,
  nit: '06142803901121',
};

describe('verdictOf', () => {
  it('confirms only MH’s own seal', () => {
    expect(verdictOf(doc, { outcome: 'accepted', seal: SEAL, observations: [] })).toEqual({
      state: 'confirmed',
      mhSeal: SEAL,
      detail: null,
    });
    expect(verdictOf(doc, { outcome: 'accepted_with_observations', seal: OTHER, observations: [] })).toMatchObject({
      state: 'seal_mismatch',
      mhSeal: OTHER,
    });
    expect(verdictOf({ ...doc, seal: null }, { outcome: 'accepted', seal: SEAL, observations: [] })).toMatchObject({
      state: 'seal_mismatch',
    });
  });

  it('an unknown code is mh_unknown; a rejected one a mismatch; silence is no verdict', () => {
    expect(verdictOf(doc, { outcome: 'not_found', message: 'NO SE ENCONTRO' })).toMatchObject({ state: 'mh_unknown', mhSeal: null });
    expect(verdictOf(doc, { outcome: 'rejected', code: '008', message: 'X', observations: [] })).toMatchObject({ state: 'seal_mismatch' });
    for (const o of [
      { outcome: 'retry', reason: 'HTTP 503' },
      { outcome: 'unknown', reason: 'MH no respondió a tiempo' },
      { outcome: 'auth', reason: 'HTTP 401' },
      { outcome: 'duplicate', message: 'YA EXISTE', on: 'codigoGeneracion' },
    ] as const)
      expect(verdictOf(doc, o)).toHaveProperty('blocked');
  });
});

describe('verdictOf, of an invalidation (decision 0064)', () => {
  const invalidated: DueDocument = { ...doc, status: 'APPROVED', invalidatedOn: '2026-11-22' };

  it('MH showing it invalidated confirms both the seal and the invalidation, with or without a seal in the answer', () => {
    for (const seal of [SEAL, null])
      expect(verdictOf(invalidated, { outcome: 'invalidated', seal, message: 'DOCUMENTO INVALIDADO' })).toMatchObject({
        state: 'confirmed',
        mhSeal: SEAL,
        invalidation: 'shown',
      });
  });

  it('MH showing it standing with its seal: the seal stands, the invalidation is not shown', () => {
    const v = verdictOf(invalidated, { outcome: 'accepted', seal: SEAL, observations: [] });
    expect(v).toMatchObject({ state: 'confirmed', invalidation: 'not_shown' });
    expect(v).toHaveProperty('detail', expect.stringMatching(/22\/11\/2026.*vigente/));
  });

  it('another seal in either answer is a mismatch, whatever MH says of the invalidation', () => {
    expect(verdictOf(invalidated, { outcome: 'invalidated', seal: OTHER, message: 'DOCUMENTO INVALIDADO' })).toMatchObject({
      state: 'seal_mismatch',
      mhSeal: OTHER,
    });
    expect(verdictOf(invalidated, { outcome: 'accepted', seal: OTHER, observations: [] })).toMatchObject({ state: 'seal_mismatch' });
  });

  it('MH holding it invalidated before the hub has the signed event: confirmed, said so, still counted standing', () => {
    const v = verdictOf(doc, { outcome: 'invalidated', seal: null, message: 'DOCUMENTO INVALIDADO' });
    expect(v).toMatchObject({ state: 'confirmed', invalidation: 'shown' });
    expect(v).toHaveProperty('detail', expect.stringMatching(/aún no recibió la invalidación/));
  });
});

describe('sealHealth', () => {
  it('an invalidation MH does not show is a warning, counted with the problems', () => {
    const h = sealHealth({ unknown: 0, mismatch: 0, notShown: 2, listed: [] }, null);
    expect(h.problems).toBe(2);
    expect(h.alerts.map((a) => [a.code, a.severity])).toEqual([['INVALIDATION_NOT_SHOWN', 'warning']]);
    expect(h.alerts[0]!.message).toMatch(/^MH muestra vigentes 2 documentos/);
  });

  it('is quiet with no problem and a checker that answers', () => {
    expect(
      sealHealth({ unknown: 0, mismatch: 0, notShown: 0, listed: [] }, { lastCheckedAt: null, blockedBy: null, retryAt: null }).alerts,
    ).toEqual([]);
  });

  it('counts each kind of problem as critical, and a stalled checker as a warning saying when it retries', () => {
    const h = sealHealth(
      { unknown: 2, mismatch: 1, notShown: 0, listed: [] },
      { lastCheckedAt: null, blockedBy: 'MH no respondió la consulta (HTTP 503)', retryAt: '2026-11-20T16:05:00.000Z' },
    );
    expect(h.problems).toBe(3);
    expect(h.alerts.map((a) => [a.code, a.severity])).toEqual([
      ['SEAL_MISMATCH', 'critical'],
      ['SEAL_UNKNOWN_TO_MH', 'critical'],
      ['SEAL_CHECK_STALLED', 'warning'],
    ]);
    expect(h.alerts[1]!.message).toMatch(/^MH no conoce 2 documentos/);
    // 16:05 UTC is 10:05 in El Salvador.
    expect(h.alerts[2]!.message).toMatch(/HTTP 503\)\. Reintentará sola a las 10:05\.$/);
  });
});
