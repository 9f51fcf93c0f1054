// A real hub (PostgreSQL cluster, HTTP server) and station cores on MH simulators replicating to it, for the
// hub's integration tests. Each station is one branch's point of sale P001, with its own token and simulator.
import type { FastifyInstance } from 'fastify';
import type { Core } from '../../main/core/create-core';
import { silentLogger } from '../../main/core/logger';
import { DEMO_STATION } from '../../main/core/station/demo';
import { createHub, type Hub } from '../../main/hub/create-hub';
import { openHubDatabase, type HubDatabase } from '../../main/hub/hub-database';
import { buildHubServer } from '../../main/hub/http';
import { migrateHub } from '../../main/hub/migrate';
import { HUB_MIGRATIONS } from '../../main/hub/migrations';
import { tempDir } from './core';
import { coreWithSimulator, startSimulator } from './mh-sim';
import { startPgCluster, type PgCluster } from './pg-cluster';

export interface HubStation {
  readonly id: string;
  readonly branch: string;
  readonly core: Core;
  readonly token: string;
  readonly sim: Awaited<ReturnType<typeof startSimulator>>;
  readonly dir: string;
}

export interface HubWorld {
  readonly db: HubDatabase;
  readonly hub: Hub;
  readonly stations: readonly HubStation[];
  readonly url: () => string;
  /** Closes the hub's HTTP server (the stations see it gone); startServer() brings it back on the same port. */
  stopServer(): Promise<void>;
  startServer(): Promise<void>;
  close(): Promise<void>;
}

/** `schemasV2Dir`: the simulators judge 2026 documents too (without it they judge the legacy ones only). */
export async function startHubWorld(branches: readonly string[], options: { schemasV2Dir?: string } = {}): Promise<HubWorld> {
  const cluster: PgCluster = await startPgCluster();
  const db = openHubDatabase(cluster.url);
  await migrateHub(db.q, HUB_MIGRATIONS);
  const hub = createHub({ db: db.q, scryptCost: 10 });
  let app: FastifyInstance | null = null;
  let port = 0;
  const startServer = async () => {
    app = await buildHubServer({ hub, logger: silentLogger });
    port = Number(new URL(await app.listen({ host: '127.0.0.1', port })).port);
  };
  await startServer();
  await setHubCompany(hub);
  const stations: HubStation[] = [];
  const cleanups: (() => void)[] = [];
  for (const branch of branches) {
    const id = `${branch}-P001`;
    await hub.stations.register({ id, companyId: '06140101001010', branchCode: branch, posNumber: 'P001', name: `Sucursal ${branch}` });
    const { token } = await hub.tokens.create(id);
    const dir = tempDir();
    cleanups.push(dir.cleanup);
    // One MH for the company, split per branch: a note may relate a CCF another branch's simulator sealed.
    const sim = await startSimulator({ loteDelayMs: 50, relatedMayBeElsewhere: true, ...options });
    const core = coreWithSimulator(dir.dir, sim, { manual: false, timeoutMs: 1000, lotePollMs: 100 });
    await trustStationKey(hub, core);
    core.configure(
      { ...DEMO_STATION, branch: { ...DEMO_STATION.branch, mhCode: branch }, hub: { url: `http://127.0.0.1:${port}`, token } },
      'test',
    );
    stations.push({ id, branch, core, token, sim, dir: dir.dir });
  }
  return {
    db,
    hub,
    stations,
    url: () => `http://127.0.0.1:${port}`,
    async stopServer() {
      await app?.close();
      app = null;
    },
    startServer,
    async close() {
      for (const s of stations) s.core.close();
      await app?.close();
      await db.close();
      for (const s of stations) await s.sim.close();
      await cluster.stop();
      for (const c of cleanups) c();
    },
  };
}

/** What the hub checks documents against (docs/decisions/0030-hub-trust-model.md): the demo company, as an ADMIN sets it. */
export async function setHubCompany(hub: Hub): Promise<void> {
  const { nit, nrc, name } = DEMO_STATION.company;
  await hub.company.set({ nit, nrc, name }, 'test');
}

/** A station's generated certificate as one of the company's keys at the hub (an ADMIN uploads them). */
export async function trustStationKey(hub: Hub, core: Core): Promise<void> {
  await hub.certificates.add(core.signing.publicKey()!.export({ format: 'pem', type: 'spki' }).toString(), 'test');
}

/** Polls until `check` holds, on real time. */
export async function until(check: () => Promise<boolean> | boolean, what: string, ms = 15_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
