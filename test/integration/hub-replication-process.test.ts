// Replication as the product runs it (issue 18): a real `sello serve` station with `hub` in its station file and a
// real `sello hub` process, killed with SIGKILL while the station keeps issuing and started again on the same port.
// The hub catches up with every document once, in its final status.
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHub } from '../../main/hub/create-hub';
import { openHubDatabase, type HubDatabase } from '../../main/hub/hub-database';
import { migrateHub } from '../../main/hub/migrate';
import { HUB_MIGRATIONS } from '../../main/hub/migrations';
import { fcBody } from '../fixtures/bodies';
import { tempDir } from '../support/core';
import { startSimulator, stationFileFor } from '../support/mh-sim';
import { startPgCluster, type PgCluster } from '../support/pg-cluster';
import { exitOf, ROOT, startServe } from '../support/serve-process';
import { freePort } from '../support/smtp';

const KEY = 'replication-process-key-0001';
let cluster: PgCluster;
let db: HubDatabase;
let sim: Awaited<ReturnType<typeof startSimulator>>;
const dir = tempDir();
const children: ChildProcess[] = [];
let n = 0;
const newId = () => `7f000000-0000-4000-8000-${String(++n).padStart(12, '0')}`;

/** `sello hub` on `port`, resolved once it listens. */
function startHub(port: number): Promise<ChildProcess> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', join(ROOT, 'main/core/cli/main.ts'), 'hub', '--database', cluster.url, '--port', String(port)],
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

describe('replication between real processes', () => {
  it('a `sello serve` station replicates to `sello hub`, which is killed, restarted and catches up', async () => {
    const hub = createHub({ db: db.q });
    await hub.stations.register({ id: 'M001-P001', companyId: '06140101001010', branchCode: 'M001', posNumber: 'P001', name: 'Centro' });
    const { token } = await hub.tokens.create('M001-P001');
    const port = await freePort();

    const file = stationFileFor(sim, dir.dir, KEY);
    writeFileSync(file, JSON.stringify({ ...JSON.parse(readFileSync(file, 'utf8')), hub: { url: `http://127.0.0.1:${port}`, token } }));
    const hubProcess = await startHub(port);
    const serve = await startServe(['--config', file, '--data-dir', join(dir.dir, 'data'), '--port', '0']);
    children.push(serve.child);
    const headers = { 'X-API-Key': KEY, 'Content-Type': 'application/json' };
    const issue = async (count: number) => {
      for (let i = 0; i < count; i += 1) {
        const res = await fetch(`${serve.url}/dte/fc`, {
          method: 'POST',
          headers,
          body: JSON.stringify({ ...fcBody(newId()), generatedAt: undefined }),
        });
        expect(res.status).toBe(201);
      }
    };
    const hubStatus = async () =>
      ((await (await fetch(`${serve.url}/sync/status`, { headers })).json()) as { hub: { waiting: number; lastError: string | null } }).hub;
    const atHub = () => db.q.selectFrom('documents').select(['id', 'status', 'station_id']).execute();
    const caughtUp = (count: number) => async () => {
      const rows = await atHub();
      return rows.length === count && rows.every((r) => r.status === 'APPROVED') && (await hubStatus()).waiting === 0;
    };

    await issue(5);
    await until(caughtUp(5), 'the first documents at the hub');

    hubProcess.kill('SIGKILL');
    await exitOf(hubProcess);
    await issue(5);
    await until(async () => (await hubStatus()).lastError !== null, 'the station to notice the hub is away');
    expect((await hubStatus()).waiting).toBeGreaterThanOrEqual(5);

    await startHub(port);
    // The station's backoff grew while the hub was away (up to 60 s, jittered): the catch-up may wait that long.
    await until(caughtUp(10), 'the hub to catch up', 70_000);
    const rows = await atHub();
    expect(new Set(rows.map((r) => r.id))).toEqual(
      new Set(Array.from({ length: 10 }, (_, i) => `7f000000-0000-4000-8000-${String(i + 1).padStart(12, '0')}`)),
    );
    expect(rows.every((r) => r.station_id === 'M001-P001')).toBe(true);
    expect(await hubStatus()).toMatchObject({ waiting: 0, lastError: null });
  }, 120_000);
});
