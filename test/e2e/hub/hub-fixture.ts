// The hub's Playwright webServer (project `hub` in ../playwright.config.ts): a private PostgreSQL cluster, the real
// `sello hub` command run in this process on SELLO_E2E_HUB_PORT (default 8434), its first ADMIN made by `sello hub
// create-admin`, two stations of two branches (M001-P001, M002-P001) with tokens from `sello hub create-token`, and
// two real station cores on MH simulators replicating to it: M001 issues with MH up (approved), M002 with its MH
// down, so it is in contingency. The accountant and the auditor are made over HTTP by the ADMIN, as a head office
// would. Prints "hub e2e ready" once every document is at the hub (Playwright waits for that line), and on SIGTERM
// or SIGINT stops everything, the cluster last, leaving no /tmp/sello-pg-* behind.
import { setTimeout as sleep } from 'node:timers/promises';
import type { Core } from '../../../main/core/create-core';
import { hubCommand } from '../../../main/cli/hub';
import { DEMO_STATION } from '../../../main/core/station/demo';
import { openHubDatabase } from '../../../main/hub/hub-database';
import { fcBody } from '../../fixtures/bodies';
import { tempDir } from '../../support/core';
import { coreWithSimulator, startSimulator } from '../../support/mh-sim';
import { startPgCluster, type PgCluster } from '../../support/pg-cluster';
import { HUB_E2E_PEOPLE, HUB_E2E_STATIONS } from './people';

const port = Number(process.env.SELLO_E2E_HUB_PORT ?? 8434);
const base = `http://127.0.0.1:${port}`;

let cluster: PgCluster | null = null;
let hubDone: Promise<number> | null = null;
const cores: Core[] = [];
const sims: Awaited<ReturnType<typeof startSimulator>>[] = [];
const dirs: ReturnType<typeof tempDir>[] = [];
let stopping = false;

async function stop(code: number): Promise<never> {
  if (!stopping) {
    stopping = true;
    for (const c of cores.splice(0)) c.close();
    // `sello hub` stops on the same signal; when the fixture itself failed, it is asked to.
    if (hubDone) {
      if (code !== 0) process.emit('SIGTERM', 'SIGTERM');
      await Promise.race([hubDone, sleep(5000)]);
    }
    for (const s of sims.splice(0)) await s.close().catch(() => undefined);
    await cluster?.stop();
    for (const d of dirs.splice(0)) d.cleanup();
  }
  process.exit(code);
}
process.once('SIGTERM', () => void stop(0));
process.once('SIGINT', () => void stop(0));

/** Output of an in-process `sello …` command: what it printed on stdout and stderr. */
function io() {
  const out: string[] = [];
  const err: string[] = [];
  return { out, err, output: { out: (s: string) => out.push(s), err: (s: string) => err.push(s) } };
}

async function until(check: () => Promise<boolean> | boolean, what: string, ms = 30_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`hub fixture: timed out waiting for ${what}`);
    await sleep(100);
  }
}

async function main(): Promise<void> {
  cluster = await startPgCluster();
  const database = cluster.url;

  // The first ADMIN, as an installer would make them: the password from SELLO_HUB_PASSWORD, never argv.
  const admin = HUB_E2E_PEOPLE.admin;
  process.env.SELLO_HUB_PASSWORD = admin.password;
  const made = io();
  if ((await hubCommand(['create-admin', '--database', database, '--login', admin.login, '--name', admin.name], made.output)) !== 0)
    throw new Error(`create-admin: ${made.err.join('\n')}`);
  delete process.env.SELLO_HUB_PASSWORD;

  const tokens = new Map<string, string>();
  for (const s of HUB_E2E_STATIONS) {
    const t = io();
    const args = ['create-token', '--database', database, '--station', s.id, '--name', s.name, '--company', DEMO_STATION.company.nit];
    if ((await hubCommand([...args, '--branch', s.branch, '--pos', 'P001'], t.output)) !== 0)
      throw new Error(`create-token: ${t.err.join('\n')}`);
    tokens.set(s.id, t.out.join('').trim());
  }

  // `sello hub` itself, in this process: it returns once SIGTERM or SIGINT closed it.
  const listening = io();
  hubDone = hubCommand(['--database', database, '--host', '127.0.0.1', '--port', String(port)], listening.output);
  await until(() => listening.out.some((l) => l.startsWith('listening on')), '`sello hub` to listen');

  // The ADMIN makes the accountant and the auditor over HTTP.
  const login = await fetch(`${base}/hub/v1/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ login: admin.login, password: admin.password }),
  });
  const { token: session } = (await login.json()) as { token: string };
  const asAdmin = { authorization: `Bearer ${session}`, 'content-type': 'application/json' };
  for (const p of [HUB_E2E_PEOPLE.accountant, HUB_E2E_PEOPLE.auditor]) {
    const r = await fetch(`${base}/hub/v1/people`, { method: 'POST', headers: asAdmin, body: JSON.stringify(p) });
    if (r.status !== 201) throw new Error(`POST /hub/v1/people ${p.login}: ${r.status} ${await r.text()}`);
  }

  // What the hub checks documents against (decision 0030), set by the ADMIN over HTTP: the company, then each
  // station's certificate below.
  const company = await fetch(`${base}/hub/v1/company`, {
    method: 'PUT',
    headers: asAdmin,
    body: JSON.stringify({ nit: DEMO_STATION.company.nit, nrc: DEMO_STATION.company.nrc, name: DEMO_STATION.company.name }),
  });
  if (company.status !== 200) throw new Error(`PUT /hub/v1/company: ${company.status} ${await company.text()}`);

  // Two station cores of two branches, each on its own MH simulator (both are the demo company).
  let n = 0;
  for (const s of HUB_E2E_STATIONS) {
    const dir = tempDir('sello-e2e-hub-station-');
    dirs.push(dir);
    const sim = await startSimulator({ loteDelayMs: 50 });
    sims.push(sim);
    if (!s.mhUp) sim.setMode('down');
    const core = coreWithSimulator(dir.dir, sim, { manual: false, timeoutMs: 1000, lotePollMs: 100 });
    cores.push(core);
    const publicKey = core.signing.publicKey()!.export({ format: 'pem', type: 'spki' }).toString();
    const cert = await fetch(`${base}/hub/v1/certificates`, { method: 'POST', headers: asAdmin, body: JSON.stringify({ publicKey }) });
    if (cert.status !== 201) throw new Error(`POST /hub/v1/certificates: ${cert.status} ${await cert.text()}`);
    core.configure(
      {
        ...DEMO_STATION,
        branch: { ...DEMO_STATION.branch, mhCode: s.branch },
        hub: { url: base, token: tokens.get(s.id)! },
      },
      'e2e',
    );
    for (const recipient of s.recipients) {
      const id = `e2e0b000-0000-4000-8000-${String(++n).padStart(12, '0')}`;
      const body = fcBody(id);
      core.dtes.create('FC', { ...body, generatedAt: undefined, recipient: { ...(body.recipient as object), name: recipient } }, 'e2e');
    }
  }

  // M001's documents approved by MH; M002 in contingency; the hub holding every document in its final status.
  const [up, down] = cores;
  await until(() => up!.dtes.list({ limit: 50 }).items.every((d) => d.status === 'APPROVED'), 'M001 approvals');
  await until(() => down!.sync.status().state === 'contingency', 'M002 to enter contingency');
  const expected = HUB_E2E_STATIONS.reduce((sum, s) => sum + s.recipients.length, 0);
  await until(async () => {
    const r = await fetch(`${base}/hub/v1/documents?limit=200`, { headers: asAdmin });
    const page = (await r.json()) as { documents: { status: string }[] };
    return page.documents.length === expected && page.documents.filter((d) => d.status === 'APPROVED').length === 3;
  }, 'the documents at the hub');
  // The stations' reports, when this hub has them (GET /hub/v1/health): M002's says contingency.
  await until(async () => {
    const r = await fetch(`${base}/hub/v1/health`, { headers: asAdmin });
    if (r.status === 404) return true;
    const health = (await r.json()) as { stations: { station: { id: string }; heartbeat: { sync: { state: string } } | null }[] };
    return health.stations.some((s) => s.station.id === 'M002-P001' && s.heartbeat?.sync.state === 'contingency');
  }, "M002's report of its contingency");
  // What the hub's seal checker writes when MH shows standing a document a branch invalidated (decision 0064;
  // proved end to end in test/integration/hub-invalidation-shown.test.ts): staged here, since this hub has no MH
  // credentials, so Sucursales shows its card. The books count such a document as standing, so no figure moves.
  const db = openHubDatabase(database);
  try {
    const doc = await db.q
      .selectFrom('documents')
      .select(['id', 'issue_date', 'station_id', 'seal'])
      .where('station_id', '=', 'M001-P001')
      .where('status', '=', 'APPROVED')
      .orderBy('control_number')
      .limit(1)
      .executeTakeFirstOrThrow();
    await db.q.updateTable('documents').set({ invalidated_on: doc.issue_date }).where('id', '=', doc.id).execute();
    await db.q
      .insertInto('hub_seal_checks')
      .values({
        id: doc.id,
        issue_date: doc.issue_date,
        station_id: doc.station_id,
        state: 'confirmed',
        seal: doc.seal,
        mh_seal: doc.seal,
        detail: `La sucursal lo invalidó el ${doc.issue_date.split('-').reverse().join('/')}, pero MH lo muestra vigente: verifíquelo en la consulta pública de MH.`,
        checked_at: new Date(),
        next_check_at: new Date(Date.now() + 6 * 3_600_000),
        attempts: 1,
        invalidation: 'not_shown',
      })
      .execute();
  } finally {
    await db.close();
  }
  console.log(`hub e2e ready on ${base}/hub/`);
}

main().catch((e: unknown) => {
  console.error(e);
  void stop(1);
});
