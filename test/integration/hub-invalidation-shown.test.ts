// The hub asks MH whether it shows a station's invalidation (decision 0064): a real PostgreSQL, a real hub HTTP
// server, a station core on the MH simulator replicating to it on real timers, and the hub's checker asking the
// same simulator over HTTP. MH's answer about an invalidated document is not published, so each plausible one is
// met: INVALIDADO, a refusal saying so, or the document's own PROCESADO answer. Only what MH shows is subtracted
// for good; what it shows standing counts as a sale, is named in the books' warnings and on the health page, and is
// asked again later, never in a loop. An invalidation in doubt at the station counts at the hub as it does there.
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Core } from '../../main/core/create-core';
import { silentLogger } from '../../main/core/logger';
import { mhClient } from '../../main/core/mh/client';
import { DEMO_STATION } from '../../main/core/station/demo';
import { hubBooksSource } from '../../main/hub/books-source';
import { createHub, type Hub } from '../../main/hub/create-hub';
import { openHubDatabase, type HubDatabase } from '../../main/hub/hub-database';
import { buildHubServer } from '../../main/hub/http';
import { migrateHub } from '../../main/hub/migrate';
import { HUB_MIGRATIONS } from '../../main/hub/migrations';
import { hubRelated } from '../../main/hub/related';
import { sealChecker, type SealChecker } from '../../main/hub/seal-checker';
import { hubSealChecks } from '../../main/hub/seal-checks';
import type { ConsultInvalidatedAnswer } from '../../main/mh-sim/state';
import type { HubHealth } from '../../shared/hub';
import { fcBody } from '../fixtures/bodies';
import { tempDir } from '../support/core';
import { setHubCompany, trustStationKey } from '../support/hub-stations';
import { coreWithSimulator, startSimulator } from '../support/mh-sim';
import { startPgCluster, type PgCluster } from '../support/pg-cluster';

const NIT = DEMO_STATION.company.nit;
let cluster: PgCluster;
let db: HubDatabase;
let hub: Hub;
let app: FastifyInstance;
let url = '';
let sim: Awaited<ReturnType<typeof startSimulator>>;
let core: Core;
let session = '';
const dir = tempDir();
let n = 0;
const newId = () => `7e000000-0000-4000-8000-${String(++n).padStart(12, '0')}`;
/** How long MH's "standing" answer holds before the checker asks again (decision 0064: 6 h in the product). */
const RECHECK_MS = 1500;

beforeAll(async () => {
  [cluster, sim] = await Promise.all([startPgCluster(), startSimulator({ loteDelayMs: 50 })]);
  db = openHubDatabase(cluster.url);
  await migrateHub(db.q, HUB_MIGRATIONS);
  hub = createHub({ db: db.q, scryptCost: 10 });
  app = await buildHubServer({ hub, logger: silentLogger });
  url = await app.listen({ host: '127.0.0.1', port: 0 });
  await hub.stations.register({ id: 'M001-P001', companyId: NIT, branchCode: 'M001', posNumber: 'P001', name: 'Sucursal M001' });
  const { token } = await hub.tokens.create('M001-P001');
  core = coreWithSimulator(dir.dir, sim, { manual: false, timeoutMs: 1000, lotePollMs: 100 });
  await setHubCompany(hub);
  await trustStationKey(hub, core);
  core.configure({ ...DEMO_STATION, hub: { url, token } }, 'test');
  await hub.people.create({ login: 'contadora', name: 'Contadora', role: 'ACCOUNTANT', password: 'clave-contadora-1' });
  const res = await fetch(`${url}/hub/v1/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ login: 'contadora', password: 'clave-contadora-1' }),
  });
  ({ token: session } = (await res.json()) as { token: string });
}, 30_000);
afterAll(async () => {
  core?.close();
  await app?.close();
  await db?.close();
  await sim?.close();
  await cluster?.stop();
  dir.cleanup();
});

async function until(check: () => Promise<boolean> | boolean, what: string, ms = 15_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** A checker of the hub's database asking the simulator, stepped by hand: each step is one question to MH. */
function checker(): SealChecker {
  return sealChecker({
    checks: hubSealChecks(db.q, hub.clock),
    client: mhClient({
      baseUrl: sim.url,
      user: NIT,
      password: () => 'demo',
      ambiente: '00',
      fetch,
      clock: hub.clock,
      logger: silentLogger,
      timeoutMs: 1000,
    }),
    clock: hub.clock,
    logger: silentLogger,
    recheckUnknownMs: RECHECK_MS,
  });
}

/** Asks MH about every document due, one question a step, until nothing is due. */
async function askAll(c: SealChecker): Promise<void> {
  for (let i = 0; i < 50; i++) if ((await c.step()).kind === 'idle') return;
  throw new Error('the checker never ran out of questions');
}

const health = async () => {
  const res = await fetch(`${url}/hub/v1/health`, { headers: { authorization: `Bearer ${session}` } });
  expect(res.status).toBe(200);
  return (await res.json()) as HubHealth;
};
const atHub = (id: string) =>
  db.q
    .selectFrom('documents as d')
    .leftJoin('hub_seal_checks as c', (j) => j.onRef('c.id', '=', 'd.id').onRef('c.issue_date', '=', 'd.issue_date'))
    .select(['d.status', 'd.invalidated_on', 'd.issue_date', 'd.control_number', 'c.state', 'c.invalidation'])
    .where('d.id', '=', id)
    .executeTakeFirstOrThrow();

/** The month's figures the books read for `id` at the hub: is it subtracted, does it stand, what the warnings say. */
async function booksOn(id: string) {
  const { issue_date: day, control_number: number } = await atHub(id);
  const from = `${day.slice(0, 8)}01`;
  const to = `${day.slice(0, 8)}31`;
  const source = await hubBooksSource(db.q);
  const subtracted = (await source.invalidatedBetween(from, to)).some((d) => d.id === id);
  let standing = false;
  for await (const page of source.documents({ from, to }))
    for (const d of page) if (d.id === id) standing = d.invalidatedOn === null && d.status === 'APPROVED';
  const warnings = (await source.warnings?.(from, to)) ?? [];
  return { subtracted, standing, warnings, named: warnings.some((w) => w.includes(number)) };
}

/** An FC MH sealed, invalidated at the station, with the hub holding its verified invalidation. */
async function invalidatedAtHub(): Promise<string> {
  const id = core.dtes.create('FC', { ...fcBody(newId()), generatedAt: undefined }, 'test').record.id.toLowerCase();
  await until(
    async () => (await db.q.selectFrom('documents').select('status').where('id', '=', id).executeTakeFirst())?.status === 'APPROVED',
    'the sale at the hub',
  );
  await core.dtes.invalidate({ dteId: id, reason: 'El cliente canceló la compra' }, 'test');
  await until(async () => (await atHub(id)).invalidated_on !== null, 'the verified invalidation at the hub');
  return id;
}

describe('migration 008', () => {
  it('adds what MH shows of an invalidation, refusing a value it does not know, leaving older checks unasked', async () => {
    const applied = await db.q.selectFrom('hub_migrations').select(['version', 'name']).where('version', '=', 8).execute();
    expect(applied).toEqual([{ version: 8, name: 'invalidation checks' }]);
    await expect(
      sql`INSERT INTO hub_seal_checks (id, issue_date, station_id, state, checked_at, attempts, invalidation)
          VALUES (${randomUUID()}, '2026-11-20', 'M001-P001', 'confirmed', now(), 1, 'maybe')`.execute(db.q),
    ).rejects.toThrow(/check constraint/);
    const id = randomUUID();
    await sql`INSERT INTO hub_seal_checks (id, issue_date, station_id, state, checked_at, attempts)
          VALUES (${id}, '2026-11-20', 'M001-P001', 'confirmed', now(), 1)`.execute(db.q);
    const row = await db.q.selectFrom('hub_seal_checks').select('invalidation').where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.invalidation).toBeNull();
    await db.q.deleteFrom('hub_seal_checks').where('id', '=', id).execute();
  });
});

describe('MH is asked whether it shows an invalidation', () => {
  it.each<ConsultInvalidatedAnswer>(['invalidado', 'rechazado'])(
    'MH answers "%s": the invalidation is shown, subtracted, and nothing is left to warn of',
    async (answer) => {
      sim.state.consultInvalidated = answer;
      const id = await invalidatedAtHub();
      // Before MH is asked: subtracted, as the station's books do, and the warnings say MH was not asked yet.
      const before = await booksOn(id);
      expect(before).toMatchObject({ subtracted: true, standing: false });
      expect(before.warnings.join(' ')).toMatch(/invalidación\(es\) firmadas se restan sin que la central haya consultado/);
      await askAll(checker());
      expect(await atHub(id)).toMatchObject({ state: 'confirmed', invalidation: 'shown' });
      const after = await booksOn(id);
      expect(after).toMatchObject({ subtracted: true, standing: false, named: false });
      expect(after.warnings.join(' ')).not.toMatch(/sin que la central haya consultado/);
      expect((await health()).seals?.alerts ?? []).toEqual([]);
    },
  );

  it('MH shows it standing: counted as a sale, named in the warnings and on the health page, asked again later only', async () => {
    sim.state.consultInvalidated = 'procesado';
    const id = await invalidatedAtHub();
    const c = checker();
    await askAll(c);
    expect(await atHub(id)).toMatchObject({ state: 'confirmed', invalidation: 'not_shown' });
    const books = await booksOn(id);
    expect(books).toMatchObject({ subtracted: false, standing: true, named: true });
    expect(books.warnings.join(' ')).toMatch(/MH aún los muestra vigentes/);
    const h = await health();
    expect(h.seals?.alerts.map((a) => [a.code, a.severity])).toEqual([['INVALIDATION_NOT_SHOWN', 'warning']]);
    expect(h.seals?.documents).toMatchObject([{ id, state: 'invalidation_not_shown' }]);
    // The cross-branch credit believes the same: the document stands.
    expect((await hubRelated(db.q).lookup(id, 'M002-P001')).document?.status).toBe('APPROVED');
    // Not asked again before its time: no question reaches MH.
    const asked = sim.state.counts.consultadte ?? 0;
    expect(await c.step()).toEqual({ kind: 'idle' });
    expect(sim.state.counts.consultadte ?? 0).toBe(asked);
    // MH shows it later: the next question after its time confirms it, and the books subtract it.
    sim.state.consultInvalidated = 'invalidado';
    await new Promise((r) => setTimeout(r, RECHECK_MS + 100));
    const step = await c.step();
    expect(step).toMatchObject({ kind: 'asked', document: { id }, verdict: { invalidation: 'shown' } });
    expect(sim.state.counts.consultadte).toBe(asked + 1);
    expect(await booksOn(id)).toMatchObject({ subtracted: true, standing: false, named: false });
    expect((await hubRelated(db.q).lookup(id, 'M002-P001')).document?.status).toBe('INVALIDATED');
    expect((await health()).seals?.alerts ?? []).toEqual([]);
  });
});

describe('an invalidation of a document MH does not know', () => {
  it('is asked about once, found unknown, and not asked again before its time (never a loop)', async () => {
    sim.state.consultInvalidated = 'invalidado';
    const id = await invalidatedAtHub();
    // MH forgets it, as of a sale forged and sent straight as invalidated.
    sim.state.documents.delete(id.toUpperCase());
    const c = checker();
    await askAll(c);
    expect(await atHub(id)).toMatchObject({ state: 'mh_unknown', invalidation: null });
    const asked = sim.state.counts.consultadte ?? 0;
    for (let i = 0; i < 3; i++) expect(await c.step()).toEqual({ kind: 'idle' });
    expect(sim.state.counts.consultadte ?? 0).toBe(asked);
    expect(await booksOn(id)).toMatchObject({ subtracted: false, standing: false });
  });
});

describe('an invalidation in doubt at the station', () => {
  it('counts at the hub as it counts at the station, and MH is asked whether it shows it', async () => {
    sim.state.consultInvalidated = 'invalidado';
    const id = core.dtes.create('FC', { ...fcBody(newId()), generatedAt: undefined }, 'test').record.id.toLowerCase();
    await until(
      async () => (await db.q.selectFrom('documents').select('status').where('id', '=', id).executeTakeFirst())?.status === 'APPROVED',
      'the sale at the hub',
    );
    // MH takes the invalidation but its answer is lost, and MH refuses the resend without saying it holds it.
    sim.state.repeatInvalidation = 'not-processed';
    sim.setMode('drop');
    await core.dtes.invalidate({ dteId: id, reason: 'El cliente canceló la compra' }, 'test');
    sim.setMode('normal');
    await until(() => core.invalidationDoubts.inDoubt().some((d) => d.dteId === id), 'the invalidation in doubt at the station');
    await until(async () => (await atHub(id)).invalidated_on !== null, 'the hub to count the invalidation in doubt');
    expect((await booksOn(id)).subtracted).toBe(true);
    await askAll(checker());
    expect(await atHub(id)).toMatchObject({ state: 'confirmed', invalidation: 'shown' });
    sim.state.repeatInvalidation = 'invalidated';
  });
});
