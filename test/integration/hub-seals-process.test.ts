// The seal checks as the product runs them (issue 32, docs/decisions/0031-hub-confirms-seals.md): a real `sello hub`
// process given MH's API (--mh-url, --mh-user, SELLO_HUB_MH_PASSWORD), the MH simulator over HTTP, a station core
// replicating to it. A document MH sealed is confirmed by that process; an invented one sent through its ingest
// raises the critical alert on its health page; the password never reaches its log; SIGTERM stops it cleanly.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Core } from '../../main/core/create-core';
import { DEMO_STATION } from '../../main/core/station/demo';
import { createHub } from '../../main/hub/create-hub';
import type { HubDocumentDetail } from '../../main/hub/documents-list';
import type { IngestDocument } from '../../main/hub/ingest-document';
import { openHubDatabase, type HubDatabase } from '../../main/hub/hub-database';
import { migrateHub } from '../../main/hub/migrate';
import { HUB_MIGRATIONS } from '../../main/hub/migrations';
import type { HubHealth } from '../../shared/hub';
import { fcBody } from '../fixtures/bodies';
import { tempDir } from '../support/core';
import { signed, trustedKey } from '../support/hub-documents';
import { setHubCompany, trustStationKey } from '../support/hub-stations';
import { coreWithSimulator, startSimulator } from '../support/mh-sim';
import { startPgCluster, type PgCluster } from '../support/pg-cluster';
import { exitOf, ROOT } from '../support/serve-process';

const NIT = DEMO_STATION.company.nit;
const PASSWORD = 'Clave#DeLaApiDeMh2026';
let cluster: PgCluster;
let db: HubDatabase;
let sim: Awaited<ReturnType<typeof startSimulator>>;
let core: Core | null = null;
const dir = tempDir();
const children: ChildProcess[] = [];

function spawnHub(args: string[], env: Record<string, string>): { child: ChildProcess; output: () => string; listening: Promise<string> } {
  const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'main/cli/main.ts'), 'hub', '--database', cluster.url, ...args], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ...env },
  });
  children.push(child);
  let out = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr.on('data', (d: Buffer) => (out += d.toString()));
  const listening = new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`sello hub did not start:\n${out}`)), 30_000);
    const poll = setInterval(() => {
      const m = /listening on (http:\/\/\S+)/.exec(out);
      if (m?.[1]) {
        clearTimeout(timer);
        clearInterval(poll);
        resolve(m[1]);
      }
    }, 20);
    child.once('exit', (code) => {
      clearTimeout(timer);
      clearInterval(poll);
      reject(new Error(`sello hub exited with ${code}:\n${out}`));
    });
  });
  listening.catch(() => undefined);
  return { child, output: () => out, listening };
}

async function until(check: () => Promise<boolean>, what: string, ms = 30_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

beforeAll(async () => {
  [cluster, sim] = await Promise.all([startPgCluster(), startSimulator({ loteDelayMs: 50 })]);
  db = openHubDatabase(cluster.url);
  await migrateHub(db.q, HUB_MIGRATIONS);
}, 30_000);
afterAll(async () => {
  core?.close();
  const alive = children.filter((c) => c.exitCode === null && c.signalCode === null);
  for (const c of alive) c.kill('SIGKILL');
  await Promise.all(alive.map((c) => exitOf(c)));
  await db?.close();
  await sim?.close();
  await cluster?.stop();
  dir.cleanup();
});

describe('sello hub with MH configured', () => {
  it('refuses MH settings without the password or with a bad NIT, naming what to fix', async () => {
    const h = spawnHub(['--port', '0', '--mh-url', sim.url, '--mh-user', '123'], { SELLO_HUB_MH_PASSWORD: '' });
    const code = await exitOf(h.child);
    expect(code).toBe(2);
    expect(h.output()).toMatch(/--mh-user: el NIT/);
    expect(h.output()).toMatch(/SELLO_HUB_MH_PASSWORD: la contraseña de la API de MH/);
  });

  it('confirms a document MH sealed and raises the critical alert for one MH never saw', async () => {
    const hub = createHub({ db: db.q, scryptCost: 10 });
    await hub.stations.register({ id: 'M001-P001', companyId: NIT, branchCode: 'M001', posNumber: 'P001', name: 'Sucursal M001' });
    const { token } = await hub.tokens.create('M001-P001');
    await hub.people.create({ login: 'gerente', name: 'Gerente', role: 'ACCOUNTANT', password: 'clave-gerente-1' });

    const h = spawnHub(['--port', '0', '--mh-url', sim.url, '--mh-user', NIT, '--mh-per-minute', '120'], {
      SELLO_HUB_MH_PASSWORD: PASSWORD,
    });
    const url = await h.listening;
    core = coreWithSimulator(dir.dir, sim, { manual: false, timeoutMs: 1000, lotePollMs: 100 });
    // An ADMIN sets the company and its certificates (decision 0030); the branch's forger holds a company key too.
    await setHubCompany(hub);
    await trustStationKey(hub, core);
    const forger = await trustedKey(hub);
    core.configure({ ...DEMO_STATION, hub: { url, token } }, 'test');
    const id = core.dtes
      .create('FC', { ...fcBody('7c000000-0000-4000-8000-000000000001'), generatedAt: undefined }, 'test')
      .record.id.toLowerCase();

    const state = async (docId: string) =>
      (await db.q.selectFrom('hub_seal_checks').select('state').where('id', '=', docId).executeTakeFirst())?.state ?? null;
    // The hub process, nudged by the ingest, asks MH and finds the seal MH gave.
    await until(async () => (await state(id)) === 'confirmed', 'the hub process to confirm the seal');

    const login = await fetch(`${url}/hub/v1/session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ login: 'gerente', password: 'clave-gerente-1' }),
    });
    const { token: session } = (await login.json()) as { token: string };
    const auth = { authorization: `Bearer ${session}` };
    const d = (await (await fetch(`${url}/hub/v1/documents/${id}`, { headers: auth })).json()) as HubDocumentDetail;
    expect(d.sealCheck).toBe('confirmed');

    // A branch sends an APPROVED document of its own with an invented seal, through the process's ingest.
    const forged = randomUUID();
    const res = await fetch(`${url}/hub/v1/documents`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({
        documents: [
          signed(
            {
              id: forged,
              kind: d.kind,
              version: d.version,
              status: 'APPROVED',
              controlNumber: d.controlNumber.replace(/\d{6}$/, '999998'),
              issueDate: d.issueDate,
              total: d.total,
              recipientName: d.recipientName,
              mhJson: d.mhJson,
              jws: d.jws,
              seal: `2026${'AB'.repeat(18)}`,
              sealedAt: d.sealedAt,
              updatedAt: d.updatedAt,
            } as unknown as IngestDocument,
            forger,
          ),
        ],
      }),
    });
    expect(res.status).toBe(200);
    await until(async () => (await state(forged)) === 'mh_unknown', 'the hub process to find the document unknown to MH');
    const health = (await (await fetch(`${url}/hub/v1/health`, { headers: auth })).json()) as HubHealth;
    expect(health.seals?.alerts.map((a) => [a.code, a.severity])).toEqual([['SEAL_UNKNOWN_TO_MH', 'critical']]);
    expect(health.seals?.documents.map((x) => x.id)).toEqual([forged]);
    expect(health.seals?.checker).toMatchObject({ blockedBy: null });
    expect(health.seals?.checker?.lastCheckedAt).not.toBeNull();

    h.child.kill('SIGTERM');
    expect(await exitOf(h.child)).toBe(0);
    expect(h.output()).toMatch(/hub seal check: MH did not confirm a document/);
    expect(h.output()).not.toContain(PASSWORD);
  });
});
