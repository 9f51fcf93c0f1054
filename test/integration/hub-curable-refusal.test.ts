// A refusal a person cures at the hub is sent again by itself (issue 53 item 4, decision 0063): a station whose
// renewed certificate the hub does not know yet has its documents refused (BAD_SIGNATURE) and set aside, listed on
// its sync status; once an ADMIN uploads the certificate they reach the hub at the station's next start, or within
// 30 minutes while it runs, never in a loop before that. A real hub over a private PostgreSQL, the MH simulator.
import { generateKeyPairSync } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Core } from '../../main/core/create-core';
import { silentLogger } from '../../main/core/logger';
import { CURABLE_RETRY_MS } from '../../main/core/replication/replicator';
import { DEMO_STATION } from '../../main/core/station/demo';
import { createHub, type Hub } from '../../main/hub/create-hub';
import { openHubDatabase, type HubDatabase } from '../../main/hub/hub-database';
import { buildHubServer } from '../../main/hub/http';
import { migrateHub } from '../../main/hub/migrate';
import { HUB_MIGRATIONS } from '../../main/hub/migrations';
import { fcBody } from '../fixtures/bodies';
import { fixedClock, tempDir } from '../support/core';
import { setHubCompany, trustStationKey } from '../support/hub-stations';
import { coreWithSimulator, startSimulator } from '../support/mh-sim';
import { startPgCluster, type PgCluster } from '../support/pg-cluster';

const clock = fixedClock(new Date().toISOString());
let cluster: PgCluster;
let db: HubDatabase;
let hub: Hub;
let app: FastifyInstance;
let url = '';
let token = '';
let sim: Awaited<ReturnType<typeof startSimulator>>;
const dir = tempDir();
let core: Core;
let n = 0;

const station = () => {
  const c = coreWithSimulator(dir.dir, sim, { manual: true, clock });
  c.configure({ ...DEMO_STATION, hub: { url, token } }, 'test');
  return c;
};
async function sealed(): Promise<string> {
  const id = `c0ab1e00-0000-4000-8000-${String(++n).padStart(12, '0')}`;
  core.dtes.create('FC', { ...fcBody(id), generatedAt: undefined }, 'test');
  for (let i = 0; i < 3 && core.dtes.get(id).status !== 'APPROVED'; i++) await core.sync.runOnce();
  expect(core.dtes.get(id).status).toBe('APPROVED');
  return id;
}
const atHub = async (id: string) => (await db.q.selectFrom('documents').select('id').where('id', '=', id).execute()).length === 1;
const hubRefusals = async () => (await hub.refusals.perStation()).find((s) => s.stationId === 'M001-P001')?.count ?? 0;

beforeAll(async () => {
  [cluster, sim] = await Promise.all([startPgCluster(), startSimulator({ clock, loteDelayMs: 0 })]);
  db = openHubDatabase(cluster.url);
  await migrateHub(db.q, HUB_MIGRATIONS);
  hub = createHub({ db: db.q, scryptCost: 10 });
  app = await buildHubServer({ hub, logger: silentLogger });
  url = await app.listen({ host: '127.0.0.1', port: 0 });
  await setHubCompany(hub);
  // The company's old certificate only: the station signs with its new one, which nobody uploaded yet.
  const old = generateKeyPairSync('rsa', { modulusLength: 2048 }).publicKey;
  await hub.certificates.add(old.export({ format: 'pem', type: 'spki' }).toString(), 'test');
  await hub.stations.register({ id: 'M001-P001', companyId: '06140101001010', branchCode: 'M001', posNumber: 'P001', name: 'P001' });
  ({ token } = await hub.tokens.create('M001-P001'));
  core = station();
}, 120_000);
afterAll(async () => {
  core?.close();
  await app?.close();
  await db?.close();
  await sim?.close();
  await cluster?.stop();
  dir.cleanup();
});

describe('a certificate the hub does not know yet', () => {
  let first = '';
  it('refuses the documents; the station sets them aside and lists them with the reason', async () => {
    first = await sealed();
    await core.replication.runOnce();
    const s = core.sync.status().hub;
    expect(s.refused).toBe(1);
    expect(s.refusals?.[0]).toMatchObject({ entity: 'document', ref: first });
    expect(s.refusals?.[0]?.error).toContain('[BAD_SIGNATURE]');
    expect(await atHub(first)).toBe(false);
    expect(await hubRefusals()).toBe(1);
  });

  it('is not sent again in a loop: ten passes within the half hour leave it aside', async () => {
    const before = (await hub.refusals.perStation())[0]!.latest[0]!.refusedAt;
    for (let i = 0; i < 10; i++) {
      clock.advance(60_000);
      await core.replication.runOnce();
    }
    expect(core.sync.status().hub.refused).toBe(1);
    expect((await hub.refusals.perStation())[0]!.latest[0]!.refusedAt).toBe(before);
  });

  it('once the ADMIN uploads the certificate, the next start sends it, and the hub clears the refusal', async () => {
    await trustStationKey(hub, core);
    core.close();
    core = station();
    await core.replication.runOnce();
    expect(await atHub(first)).toBe(true);
    expect(core.sync.status().hub.refused).toBe(0);
    expect(await hubRefusals()).toBe(0);
  });

  it('while the station runs, a cured refusal goes within the half hour', async () => {
    // Another renewal the hub does not know: a new key at the station (as a renewed certificate imported).
    await db.q.deleteFrom('hub_certificates').execute();
    await hub.certificates.add(
      generateKeyPairSync('rsa', { modulusLength: 2048 }).publicKey.export({ format: 'pem', type: 'spki' }).toString(),
      'test',
    );
    const second = await sealed();
    await core.replication.runOnce();
    expect(core.sync.status().hub.refused).toBe(1);
    await trustStationKey(hub, core);
    clock.advance(CURABLE_RETRY_MS / 2);
    await core.replication.runOnce();
    expect(await atHub(second)).toBe(false);
    clock.advance(CURABLE_RETRY_MS / 2 + 1000);
    await core.replication.runOnce();
    expect(await atHub(second)).toBe(true);
    expect(core.sync.status().hub.refused).toBe(0);
  });
});
