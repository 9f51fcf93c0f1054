// The sync engine's deterministic simulation (test/support/sync-sim/): seeds that found real bugs in the engine
// before it was reworked, kept as regression tests; exact replay; and proof that the invariants can fail.
import Database from 'better-sqlite3';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMhSimulator } from '../../main/mh-sim/server';
import { simFixture, type SimFixture } from '../support/sync-sim/fixture';
import { checkInvariants } from '../support/sync-sim/invariants';
import { runSeed } from '../support/sync-sim/world';
import { packDocument } from '../../main/core/dte/packing/packed-document';

let fx: SimFixture;
beforeAll(() => {
  fx = simFixture();
});
afterAll(() => fx.cleanup());

/**
 * Each seed reproduced a bug of issue 11 on the engine as it was (commit c05db9a, run with this harness), or
 * a later one as noted, all before the clock was weather: `SELLO_SIM_SEED=N npm run sim -- --no-clock` prints its
 * whole trace.
 */
const REGRESSIONS: readonly (readonly [number, string])[] = [
  [2, 'spin: contingency documents counted as due, the timer set to 0 ms while MH was down'],
  [3, 'a refused MH login escaped the engine as an unhandled rejection (sello serve died)'],
  [1, 'POST /dte/invalidate threw MhLoginError (a 500) when MH refused the login'],
  [17, 'a lote answered 004 (duplicate) made documents MH holds sealed REJECTED; MH got them twice'],
  [22, 'documents of a lote whose answer was lost were sent again in a new lote'],
  [12, 'the engine spun at 0 ms with MH up, and documents MH sealed stayed PROCESSING'],
  [19, 'a contingency event MH rejected was a dead end: never corrected, its documents never sent'],
  [42, 'a rejected contingency event, and a document in doubt after a cut connection left PROCESSING'],
  // Found by CI's 2,000 seeds in the reworked engine:
  [710, 'one invalidation sent twice at once (request and engine): MH rejected one copy, accepted the other'],
  [1039, 'a lease expiring at the very instant of its timer was not recovered: a spin at one virtual moment'],
  [1507, 'the same invalidation race, on a CR'],
  // Found by seeds 2001–6000 after the review's fixes:
  [3811, "leases of a lote MH took counted as due while they wait for the lote's poll: a spin with MH up"],
  // Found when the renewed certificate became weather (issue 31):
  [14, 'MH away while it refused the certificate: a login every instant, the probe due but never reaching MH'],
  [56, 'the same spin, after a crash'],
  [615, "a refused certificate's probe moment past with nothing to probe with (the rest in a lote): a spin at 0 ms"],
  [620, "the same spin, with another PC's numbers colliding in the lote"],
];

describe('sync simulation: regression seeds', () => {
  for (const [seed, bug] of REGRESSIONS) {
    it(`seed ${seed}: ${bug}`, async () => {
      const r = await runSeed(fx, seed, { clockWeather: false });
      expect(r.violations, r.trace.join('\n')).toEqual([]);
      expect(r.stats.documents).toBeGreaterThan(0);
    }, 120_000);
  }
});

describe('sync simulation: the harness itself', () => {
  it('replays a seed exactly (same trace, same hash)', async () => {
    const a = await runSeed(fx, 4242, { trace: true });
    const b = await runSeed(fx, 4242, { trace: true });
    expect(a.trace.length).toBeGreaterThan(50);
    expect(b.trace).toEqual(a.trace);
    expect(b.traceHash).toBe(a.traceHash);
    const other = await runSeed(fx, 4243);
    expect(other.traceHash).not.toBe(a.traceHash);
  }, 120_000);

  it('the invariants fail on a station that says REJECTED for a document MH sealed', async () => {
    const sim = createMhSimulator({ schemas: fx.schemas });
    const data = fx.copy();
    try {
      const db = new Database(join(data.dir, 'sello.db'));
      db.prepare(
        `INSERT INTO documents (id, kind, environment, version, status, control_number, company_id, branch_code, pos_number, generated_at,
          issue_date, created_at, updated_at, packed, request_hash) VALUES ('aaaaaaaa-0000-4000-8000-000000000001', 'FC', 'TEST', 1,
          'REJECTED', 'DTE-01-M001P001-000000000000001', 'c', 'M001', 1, 'g', '2026-11-22', 'c', 'u', ?, 'h')`,
      ).run(packDocument({ mhJson: null, jws: null, requestJson: '{}' }));
      db.close();
      sim.state.documents.set('AAAAAAAA-0000-4000-8000-000000000001', {
        body: { selloRecibido: 'X'.repeat(40) },
        nit: '',
        tipoDte: '01',
        numeroControl: null,
        accepted: true,
        fecEmi: null,
        jws: '',
        version: 1,
        receivedAt: 0,
      });
      sim.state.receivedAfterAccepted = 1;
      const v = checkInvariants(data.dir, sim, [
        { id: 'aaaaaaaa-0000-4000-8000-000000000001', kind: 'FC', body: {}, controlNumber: 'DTE-01-M001P001-000000000000001' },
      ]);
      expect(v).toEqual(
        expect.arrayContaining([
          expect.stringMatching(/is REJECTED but MH holds it sealed/),
          expect.stringMatching(/has seal null/),
          expect.stringMatching(/MH received 1 document/),
        ]),
      );
    } finally {
      data.cleanup();
      await sim.app.close();
    }
  });

  it('the invariants fail on a document REJECTED for its signature (803): it must wait for a certificate', async () => {
    const sim = createMhSimulator({ schemas: fx.schemas });
    const data = fx.copy();
    try {
      const db = new Database(join(data.dir, 'sello.db'));
      db.prepare(
        `INSERT INTO documents (id, kind, environment, version, status, control_number, company_id, branch_code, pos_number, generated_at,
          issue_date, created_at, updated_at, packed, request_hash, mh_response) VALUES ('aaaaaaaa-0000-4000-8000-000000000002', 'FC',
          'TEST', 1, 'REJECTED', 'DTE-01-M001P001-000000000000001', 'c', 'M001', 1, 'g', '2026-11-22', 'c', 'u', ?, 'h', ?)`,
      ).run(
        packDocument({ mhJson: null, jws: null, requestJson: '{}' }),
        JSON.stringify({ estado: 'RECHAZADO', codigoMsg: '803', descripcionMsg: 'FIRMA ELECTRONICA NO VALIDA' }),
      );
      db.close();
      const v = checkInvariants(data.dir, sim, [
        { id: 'aaaaaaaa-0000-4000-8000-000000000002', kind: 'FC', body: {}, controlNumber: 'DTE-01-M001P001-000000000000001' },
      ]);
      expect(v).toEqual([expect.stringMatching(/is REJECTED for its signature \(803\)/)]);
    } finally {
      data.cleanup();
      await sim.app.close();
    }
  });
});
