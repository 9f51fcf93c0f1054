// Replication as the product runs it (issue 18): five real `sello serve` stations, one branch each, with `hub` in
// their station files, and a real `sello hub` process, killed with SIGKILL while the stations keep issuing and
// started again on the same port. The hub catches up with every document of every station once, in its final
// status, and a branch credits another branch's sale through the hub over the stations' HTTP contract.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHub } from '../../main/hub/create-hub';
import { parseMhCertificate } from '../../main/core/signing/certificate';
import { DEMO_STATION } from '../../main/core/station/demo';
import { setHubCompany } from '../support/hub-stations';
import { openHubDatabase, type HubDatabase } from '../../main/hub/hub-database';
import { migrateHub } from '../../main/hub/migrate';
import { HUB_MIGRATIONS } from '../../main/hub/migrations';
import { ccfBody, fcBody, ncBody } from '../fixtures/bodies';
import { tempDir } from '../support/core';
import { startSimulator, stationFileFor } from '../support/mh-sim';
import { startPgCluster, type PgCluster } from '../support/pg-cluster';
import { exitOf, ROOT, startServe } from '../support/serve-process';
import { freePort } from '../support/smtp';

const KEY = 'replication-process-key-0001';
const BRANCHES = ['M001', 'M002', 'M003', 'M004', 'M005'];
let cluster: PgCluster;
let db: HubDatabase;
let sim: Awaited<ReturnType<typeof startSimulator>>;
const dir = tempDir();
const children: ChildProcess[] = [];
let n = 0;
const newId = () => `7f000000-0000-4000-8000-${String(++n).padStart(12, '0')}`;
const today = (b: Record<string, unknown>): Record<string, unknown> => ({ ...b, generatedAt: undefined });

/** `sello hub` on `port`, resolved once it listens. */
function startHub(port: number): Promise<ChildProcess> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', join(ROOT, 'main/cli/main.ts'), 'hub', '--database', cluster.url, '--port', String(port)],
    {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  children.push(child);
  let out = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`sello hub did not start:\n${out}`)), 30_000);
    const onData = (d: Buffer) => {
      out += d.toString();
      if (/listening on/.test(out)) {
        clearTimeout(timer);
        resolve(child);
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('exit', (code) => reject(new Error(`sello hub exited with ${code}:\n${out}`)));
  });
}

beforeAll(async () => {
  [cluster, sim] = await Promise.all([startPgCluster(), startSimulator({ loteDelayMs: 50 })]);
  db = openHubDatabase(cluster.url);
  await migrateHub(db.q, HUB_MIGRATIONS);
}, 30_000);
afterAll(async () => {
  const running = children.filter((c) => c.exitCode === null && c.signalCode === null);
  for (const c of running) c.kill('SIGKILL');
  await Promise.all(running.map((c) => exitOf(c)));
  await db?.close();
  await sim?.close();
  await cluster?.stop();
  dir.cleanup();
});

async function until(check: () => Promise<boolean>, what: string, ms = 30_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

interface Station {
  readonly id: string;
  readonly url: string;
  readonly issued: string[];
}

const headers = { 'X-API-Key': KEY, 'Content-Type': 'application/json' };

async function post(s: Station, kind: string, body: Record<string, unknown>): Promise<Response> {
  const res = await fetch(`${s.url}/dte/${kind}`, { method: 'POST', headers, body: JSON.stringify(body) });
  if (res.status === 201) s.issued.push(body.id as string);
  return res;
}

const hubStatus = async (s: Station) =>
  ((await (await fetch(`${s.url}/sync/status`, { headers })).json()) as { hub: { waiting: number; lastError: string | null } }).hub;
const atHub = () => db.q.selectFrom('documents').select(['id', 'status', 'station_id']).execute();

describe('replication between real processes', () => {
  it('five `sello serve` stations replicate to `sello hub`, which is killed, restarted and catches up', async () => {
    const hub = createHub({ db: db.q });
    const port = await freePort();
    // One company, one certificate (the simulator knows one key per NIT), five branches.
    const base = JSON.parse(readFileSync(stationFileFor(sim, dir.dir, KEY), 'utf8')) as Record<string, unknown> & {
      branch: Record<string, unknown>;
    };
    // What the hub checks documents against (decision 0030): the company and its one certificate's public key.
    await setHubCompany(hub);
    const crt = readFileSync(join(dir.dir, `${DEMO_STATION.company.nit}.crt`), 'utf8');
    await hub.certificates.add(parseMhCertificate(crt, 'Firma#2026').publicKey.export({ format: 'pem', type: 'spki' }).toString(), 'test');
    const hubProcess = await startHub(port);
    const stations: Station[] = [];
    // One at a time: five tsx processes compiling at once on a loaded machine can outlast a start's timeout.
    for (const branch of BRANCHES) {
      const id = `${branch}-P001`;
      await hub.stations.register({ id, companyId: '06140101001010', branchCode: branch, posNumber: 'P001', name: `Sucursal ${branch}` });
      const { token } = await hub.tokens.create(id);
      const home = join(dir.dir, branch);
      mkdirSync(home);
      const file = join(home, 'station.json');
      writeFileSync(
        file,
        JSON.stringify({ ...base, branch: { ...base.branch, mhCode: branch }, hub: { url: `http://127.0.0.1:${port}`, token } }),
      );
      const serve = await startServe(['--config', file, '--data-dir', join(home, 'data'), '--port', '0']);
      children.push(serve.child);
      stations.push({ id, url: serve.url, issued: [] });
    }
    const issueEach = (count: number) =>
      Promise.all(
        stations.map(async (s) => {
          for (let i = 0; i < count; i += 1) expect((await post(s, 'fc', today(fcBody(newId())))).status).toBe(201);
        }),
      );
    const expected = () => stations.flatMap((s) => s.issued.map((id) => ({ id, station_id: s.id })));
    const caughtUp = async () => {
      const rows = await atHub();
      const want = expected();
      if (rows.length !== want.length || !rows.every((r) => r.status === 'APPROVED')) return false;
      for (const s of stations) if ((await hubStatus(s)).waiting !== 0) return false;
      return true;
    };

    await issueEach(4);
    const [first, second] = stations;
    const ccfId = newId();
    expect((await post(first!, 'ccf', today(ccfBody(ccfId)))).status).toBe(201);
    await until(caughtUp, 'the first documents at the hub', 60_000);

    hubProcess.kill('SIGKILL');
    await exitOf(hubProcess);
    await issueEach(3);
    for (const s of stations) await until(async () => (await hubStatus(s)).lastError !== null, `${s.id} to notice the hub is away`);
    for (const s of stations) expect((await hubStatus(s)).waiting).toBeGreaterThanOrEqual(3);

    await startHub(port);
    // The stations' backoff grew while the hub was away (up to 60 s, jittered): the catch-up may wait that long.
    await until(caughtUp, 'the hub to catch up', 70_000);
    const rows = await atHub();
    const byId = new Map(rows.map((r) => [r.id, r.station_id]));
    expect(rows).toHaveLength(BRANCHES.length * 7 + 1);
    expect(byId.size).toBe(rows.length);
    for (const want of expected()) expect(byId.get(want.id)).toBe(want.station_id);

    // Branch M002 credits a sale of branch M001: its station asks the hub, MH seals the note.
    const ncId = newId();
    const nc = await post(second!, 'nc', today(ncBody(ncId, ccfId)));
    expect(nc.status).toBe(201);
    await until(async () => (await atHub()).some((r) => r.id === ncId && r.status === 'APPROVED'), 'the note approved at the hub');
    const note = await db.q.selectFrom('documents').select(['station_id', 'mh_json']).where('id', '=', ncId).executeTakeFirstOrThrow();
    expect(note.station_id).toBe('M002-P001');
    expect(note.mh_json.documentoRelacionado).toEqual([
      expect.objectContaining({ numeroDocumento: ccfId.toUpperCase(), tipoDocumento: '03' }),
    ]);
  }, 240_000);
});
