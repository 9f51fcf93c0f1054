// One seed of the replication simulation (issue 18): a real station core (store, sync engine, replicator) on
// virtual time, the real MH simulator behind the sync simulation's held network, and the real hub (Fastify over
// a real PostgreSQL) behind a held network of its own (hub-network.ts). A seeded scheduler interleaves issuing,
// invalidations, both networks' deliveries and weathers, timers and crashes of the station; then both stay up
// until MH settled everything and the hub acknowledged everything, and the invariants are checked.
import { createHash } from 'node:crypto';
import Database from 'better-sqlite3';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { createCore, type Core } from '../../../main/core/create-core';
import { CoreError } from '../../../main/core/errors';
import { uuidV4 } from '../../../main/core/ids';
import type { Logger } from '../../../main/core/logger';
import { silentLogger } from '../../../main/core/logger';
import { createMhSimulator, type MhSimulator } from '../../../main/mh-sim/server';
import { DEMO_STATION } from '../../../main/core/station/demo';
import { createHub } from '../../../main/hub/create-hub';
import { setHubCompany } from '../hub-stations';
import { openHubDatabase, type HubDatabase } from '../../../main/hub/hub-database';
import { buildHubServer } from '../../../main/hub/http';
import { migrateHub } from '../../../main/hub/migrate';
import { HUB_MIGRATIONS } from '../../../main/hub/migrations';
import { todayBody } from '../../fixtures/bodies';
import { startPgCluster, type PgCluster } from '../pg-cluster';
import { simFixture, type SimFixture } from '../sync-sim/fixture';
import { network, type Network, type Weather } from '../sync-sim/network';
import { prng } from '../sync-sim/prng';
import { virtualTime, type VirtualTime } from '../sync-sim/virtual-time';
import { settle } from '../sync-sim/world';
import { hubNetwork, type HubNetwork, type HubWeather } from './hub-network';
import { unpackDocument } from '../../../main/core/dte/packing/packed-document';

export const STATION_ID = 'M001-P001';
const TIMEOUT_MS = 8000;
const START = '2026-11-22T15:30:00Z';
/** Where the station thinks its hub is; nothing listens there, the held network answers. */
const HUB_URL = 'http://127.0.0.1:9';
const MH_WEATHERS: readonly (readonly [number, Weather])[] = [
  [40, 'up'],
  [15, 'down'],
  [10, 'drop'],
  [10, 'slow'],
  [5, 'reject'],
];
const HUB_WEATHER_CHOICES: readonly (readonly [number, HubWeather])[] = [
  [40, 'up'],
  [15, 'down'],
  [15, 'drop'],
  [10, 'refuse'],
  [10, 'flaky'],
];

export interface ReplicationFixture {
  readonly station: SimFixture;
  readonly cluster: PgCluster;
  readonly db: HubDatabase;
  readonly app: FastifyInstance;
  readonly token: string;
  cleanup(): Promise<void>;
}

export async function replicationFixture(): Promise<ReplicationFixture> {
  const station = simFixture();
  const cluster = await startPgCluster();
  const db = openHubDatabase(cluster.url);
  await migrateHub(db.q, HUB_MIGRATIONS);
  const hub = createHub({ db: db.q, scryptCost: 10 });
  await hub.stations.register({ id: STATION_ID, companyId: '06140101001010', branchCode: 'M001', posNumber: 'P001', name: 'Centro' });
  const { token } = await hub.tokens.create(STATION_ID);
  // What the hub checks documents against (decision 0030): the company and both its keys, the renewed one included.
  await setHubCompany(hub);
  for (const key of [station.publicKeySpki, station.renewed.publicKeySpki]) await hub.certificates.add(key, 'test');
  const app = await buildHubServer({ hub, logger: silentLogger });
  await app.ready();
  return {
    station,
    cluster,
    db,
    app,
    token,
    async cleanup() {
      await app.close();
      await db.close();
      await cluster.stop();
      station.cleanup();
    },
  };
}

export interface ReplicationSeedResult {
  readonly seed: number;
  readonly violations: string[];
  readonly trace: string[];
  readonly traceHash: string;
  readonly stats: { documents: number; crashes: number; hubDeliveries: number; virtualMinutes: number };
}

export async function runReplicationSeed(fx: ReplicationFixture, seed: number, steps = 60): Promise<ReplicationSeedResult> {
  const rng = prng(seed);
  const stationRandom = prng(seed ^ 0x5e110);
  const simRandom = prng(seed ^ 0x3a7);
  const jitter = prng(seed ^ 0x1177);
  const vt: VirtualTime = virtualTime(START);
  const trace: string[] = [];
  const violations: string[] = [];
  const note = (s: string) => trace.push(`${new Date(vt.nowMs()).toISOString().slice(11, 19)} ${s}`);
  await sql`TRUNCATE documents, station_records, station_heartbeats`.execute(fx.db.q);
  const sim: MhSimulator = createMhSimulator({
    schemas: fx.station.schemas,
    clock: vt.clock,
    random: (n) => simRandom.bytes(n),
    loteDelayMs: 30_000,
    credentials: new Map([[fx.station.nit, 'demo']]),
  });
  sim.registerKey(fx.station.nit, fx.station.publicKeySpki);
  const mh: Network = network(sim, vt, TIMEOUT_MS, rng);
  const hubNet: HubNetwork = hubNetwork(fx.app, rng);
  const route: typeof fetch = (input, init) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
    return url.pathname.startsWith('/hub/') ? hubNet.fetch(input, init) : mh.fetch(input, init);
  };
  const data = fx.station.copy();
  const errors: string[] = [];
  const logger: Logger = {
    info() {},
    warn() {},
    error: (message, fields) => errors.push(`${message} ${JSON.stringify(fields ?? {}).slice(0, 300)}`),
  };
  const open = (): Core =>
    createCore({
      dataDir: data.dir,
      clock: vt.clock,
      random: (n) => stationRandom.bytes(n),
      fetch: route,
      logger,
      mh: { baseUrl: 'http://mh.sim', user: fx.station.nit, password: 'demo', timeoutMs: TIMEOUT_MS },
      backups: { everyMs: 0 },
      sync: { timers: vt.timers, jitter: () => jitter.next(), lotePollMs: 60_000 },
    });

  let core = open();
  core.configure({ ...DEMO_STATION, hub: { url: HUB_URL, token: fx.token } }, 'sim');
  const issued: string[] = [];
  let tasks = 0;
  let crashes = 0;
  let hubDeliveries = 0;
  const signature = () => `${mh.held()}|${mh.events()}|${hubNet.held()}|${hubNet.events()}|${vt.fired()}|${tasks}`;

  function create() {
    const kind = rng.chance(0.7) ? 'FC' : 'CCF';
    const id = uuidV4((n) => rng.bytes(n));
    try {
      core.dtes.create(kind, todayBody(kind, id, null), 'sim');
      issued.push(id);
      note(`create ${kind} ${id.slice(0, 8)}`);
    } catch (e) {
      if (e instanceof CoreError) note(`create ${kind} refused: ${e.code}`);
      else violations.push(`create threw ${e instanceof Error ? e.stack : String(e)}`);
    }
  }

  function invalidate() {
    const approved = issued.filter((id) => core.dtes.get(id).status === 'APPROVED');
    if (!approved.length) return;
    const id = rng.pick(approved);
    note(`invalidate ${id.slice(0, 8)}`);
    tasks += 1;
    const mine = core;
    mine.dtes.invalidate({ dteId: id, reason: 'Anulación de prueba del simulador' }, 'sim').then(
      () => {
        tasks -= 1;
      },
      (e: unknown) => {
        tasks -= 1;
        if (!(e instanceof CoreError) && mine === core) violations.push(`invalidate threw ${e instanceof Error ? e.stack : String(e)}`);
      },
    );
  }

  async function crash() {
    crashes += 1;
    note('crash');
    const dead = core;
    await mh.crash(rng);
    await hubNet.crash(rng);
    vt.clearAll();
    tasks = 0;
    dead.close();
    core = open();
  }

  const deliverMh = async () => note(`mh ${await mh.deliver(rng.int(mh.held()))}`);
  const deliverHub = async () => {
    hubDeliveries += 1;
    note(`hub ${await hubNet.deliver(rng.int(hubNet.held()))}`);
  };

  try {
    await settle(signature);
    for (let step = 0; step < steps && !violations.length; step++) {
      const action = rng.weighted([
        [22, 'create'],
        [4, 'invalidate'],
        [16, 'mh'],
        [22, 'hub'],
        [18, 'advance'],
        [5, 'mh-weather'],
        [8, 'hub-weather'],
        [2, 'crash'],
      ] as const);
      switch (action) {
        case 'create':
          create();
          break;
        case 'invalidate':
          invalidate();
          break;
        case 'mh':
          if (mh.held()) await deliverMh();
          else if (!vt.fireNext()) vt.advance(rng.int(60_000));
          break;
        case 'hub':
          if (hubNet.held()) await deliverHub();
          else if (!vt.fireNext()) vt.advance(rng.int(60_000));
          break;
        case 'advance':
          if (!vt.fireNext()) vt.advance(1 + rng.int(60_000));
          break;
        case 'mh-weather':
          mh.weather = rng.weighted(MH_WEATHERS);
          sim.setMode(mh.weather === 'reject' ? 'reject' : 'normal');
          note(`mh weather ${mh.weather}`);
          break;
        case 'hub-weather':
          hubNet.weather = rng.weighted(HUB_WEATHER_CHOICES);
          note(`hub weather ${hubNet.weather}`);
          break;
        case 'crash':
          await crash();
          break;
        default: {
          const never: never = action;
          throw new Error(String(never));
        }
      }
      await settle(signature);
    }

    // Both up: MH settles every document, and the hub must end with exactly what the station holds.
    mh.weather = 'up';
    sim.setMode('normal');
    hubNet.weather = 'up';
    note('calm');
    const calmStart = vt.nowMs();
    let done = false;
    for (let i = 0; i < 20_000; i++) {
      if (mh.held()) await deliverMh();
      else if (hubNet.held()) await deliverHub();
      else if (tasks === 0 && (done = settled(core))) break;
      else if (!vt.fireNext()) {
        violations.push(`work is left but nothing is scheduled to do it: ${JSON.stringify(core.sync.status().hub)}`);
        break;
      }
      await settle(signature);
      if (vt.nowMs() - calmStart > 6 * 3600_000) break;
    }
    if (!done && !violations.length) violations.push(`not settled after 6 virtual hours: ${JSON.stringify(core.sync.status().hub)}`);
    violations.push(...(await checkReplication(fx, data.dir)));
  } finally {
    violations.push(...errors.map((e) => `logged: ${e}`));
    vt.clearAll();
    core.close();
    await sim.app.close();
    data.cleanup();
  }
  return {
    seed,
    violations,
    trace,
    traceHash: createHash('sha256').update(trace.join('\n')).digest('hex').slice(0, 16),
    stats: { documents: issued.length, crashes, hubDeliveries, virtualMinutes: (vt.nowMs() - Date.parse(START)) / 60_000 },
  };
}

/** MH has answered everything and the hub acknowledged everything: nothing waits, nothing was refused. */
function settled(core: Core): boolean {
  const s = core.sync.status();
  const mhDone = s.queue.pending + s.queue.sending + s.queue.unknown + s.queue.invalidations === 0 && s.contingencies.length === 0;
  return mhDone && s.hub.waiting === 0 && s.hub.refused === 0;
}

interface StationRow {
  id: string;
  status: string;
  jws: string;
  seal: string | null;
}

/** After the calm: the hub holds each of the station's documents once, as the station holds it, and its records. */
async function checkReplication(fx: ReplicationFixture, dataDir: string): Promise<string[]> {
  const v: string[] = [];
  const file = new Database(join(dataDir, 'sello.db'), { readonly: true });
  let docs: StationRow[];
  let records: { kind: string; id: string }[];
  let queued: number;
  let head: { seq: number } | undefined;
  try {
    docs = (file.prepare('SELECT id, status, packed, seal FROM documents').all() as (Omit<StationRow, 'jws'> & { packed: Buffer })[]).map(
      ({ packed, ...r }) => ({ ...r, jws: unpackDocument(packed).jws }) as StationRow,
    );
    records = [
      ...(file.prepare("SELECT 'contingency_event' AS kind, id FROM contingency_events").all() as { kind: string; id: string }[]),
      ...(file.prepare("SELECT 'invalidation' AS kind, id FROM invalidations").all() as { kind: string; id: string }[]),
    ];
    queued = (file.prepare('SELECT count(*) AS n FROM replication_queue').get() as { n: number }).n;
    head = file.prepare('SELECT seq FROM audit_log ORDER BY seq DESC LIMIT 1').get() as { seq: number } | undefined;
  } finally {
    file.close();
  }
  if (queued !== 0) v.push(`${queued} rows still queued at the station`);
  const atHub = await fx.db.q.selectFrom('documents').select(['id', 'station_id', 'status', 'jws', 'seal']).execute();
  const hubById = new Map(atHub.map((r) => [r.id, r]));
  if (hubById.size !== atHub.length) v.push('a document is twice at the hub');
  if (atHub.length !== docs.length) v.push(`the hub holds ${atHub.length} documents, the station ${docs.length}`);
  for (const d of docs) {
    const h = hubById.get(d.id);
    if (!h) v.push(`${d.id} is not at the hub`);
    else {
      if (h.station_id !== STATION_ID) v.push(`${d.id} is at the hub as ${h.station_id}'s`);
      if (h.status !== d.status) v.push(`${d.id} is ${h.status} at the hub, ${d.status} at the station`);
      if (h.jws !== d.jws) v.push(`${d.id}: the hub holds another signing than the station's`);
      if (h.seal !== d.seal) v.push(`${d.id}: the hub's seal ${h.seal} is not the station's ${d.seal}`);
    }
  }
  const hubRecords = await fx.db.q
    .selectFrom('station_records')
    .select(['kind', 'id'])
    .where('kind', 'in', ['contingency_event', 'invalidation'])
    .execute();
  const key = (r: { kind: string; id: string }) => `${r.kind}:${r.id}`;
  const want = new Set(records.map(key));
  const got = new Set(hubRecords.map(key));
  for (const k of want) if (!got.has(k)) v.push(`record ${k} is not at the hub`);
  for (const k of got) if (!want.has(k)) v.push(`record ${k} is at the hub but not at the station`);
  const beat = await fx.db.q.selectFrom('station_heartbeats').select(['body', 'audit_rewound_at']).executeTakeFirst();
  if (!beat) v.push('no report from the station reached the hub');
  else {
    if (beat.audit_rewound_at !== null) v.push('the hub saw the audit chain rewind, and it never did');
    const seq = (beat.body as { auditHead?: { seq: number } | null }).auditHead?.seq ?? 0;
    if (seq > (head?.seq ?? 0)) v.push(`the hub's audit head ${seq} is past the station's ${head?.seq ?? 0}`);
  }
  return v;
}
