// The hub at PostgreSQL's connection limit (issue 31, docs/decisions/0023-hub-outlives-its-database.md): a cluster
// started with a low max_connections whose every slot the test holds. A real `sello hub` process answers 503 with
// Retry-After saying what happened (never a 500) and stays up; once the slots are free it answers 200 again. And a
// pool whose every connection is busy past its checkout timeout is a 503 too, never a request left hanging.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { silentLogger } from '../../main/core/logger';
import { createHub } from '../../main/hub/create-hub';
import { openHubDatabase, type HubDatabase } from '../../main/hub/hub-database';
import { buildHubServer } from '../../main/hub/http';
import { migrateHub } from '../../main/hub/migrate';
import { HUB_MIGRATIONS } from '../../main/hub/migrations';
import { startHubProcess, type HubProcess } from '../support/hub-process';
import { startPgCluster, type PgCluster } from '../support/pg-cluster';
import { exitOf } from '../support/serve-process';

const PASSWORD = 'Clave#Central2026';
let cluster: PgCluster;
let db: HubDatabase;
let hubProcess: HubProcess;
let bearer = '';
const held: pg.Client[] = [];

beforeAll(async () => {
  // Room for the hub's pool (10), this file's (2) and the small one below (1), so the limit is only the test's doing.
  cluster = await startPgCluster({ settings: { max_connections: 20 } });
  db = openHubDatabase(cluster.url, { maxConnections: 2 });
  await migrateHub(db.q, HUB_MIGRATIONS);
  await createHub({ db: db.q, scryptCost: 10 }).people.create({ login: 'admin', name: 'Ana Admin', role: 'ADMIN', password: PASSWORD });
  hubProcess = await startHubProcess(cluster.url);
  const session = await fetch(`${hubProcess.url}/hub/v1/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ login: 'admin', password: PASSWORD }),
  });
  expect(session.status).toBe(201);
  bearer = ((await session.json()) as { token: string }).token;
}, 60_000);
afterAll(async () => {
  await Promise.all(held.splice(0).map((c) => c.end().catch(() => undefined)));
  if (hubProcess?.alive()) {
    hubProcess.child.kill('SIGKILL');
    await exitOf(hubProcess.child);
  }
  await db?.close();
  await cluster?.stop();
});

/** Opens connections until PostgreSQL refuses one with 53300; returns that refusal's code. */
async function takeEverySlot(): Promise<string | undefined> {
  for (let i = 0; i < 40; i += 1) {
    const c = new pg.Client({ connectionString: cluster.url });
    try {
      await c.connect();
      held.push(c);
    } catch (e) {
      await c.end().catch(() => undefined);
      return (e as { code?: string }).code;
    }
  }
  return undefined;
}

async function ask(path: string) {
  const res = await fetch(`${hubProcess.url}${path}`, { headers: { authorization: `Bearer ${bearer}` } });
  const body = (await res.json()) as { code?: string; detail?: string };
  return { status: res.status, retryAfter: res.headers.get('retry-after'), type: res.headers.get('content-type'), body };
}

const PATHS = ['/hub/v1/ready', '/hub/v1/documents?limit=5', '/hub/v1/stations', '/hub/v1/health'];

describe('the hub at PostgreSQL’s connection limit', () => {
  it('answers 503 with Retry-After while every connection is taken, and 200 once they are free', async () => {
    expect(await takeEverySlot()).toBe('53300');
    // More at once than the hub's idle connections can serve: the rest must open one, and cannot.
    const full = await Promise.all(Array.from({ length: 16 }, (_, i) => ask(PATHS[i % PATHS.length]!)));
    const statuses = full.map((r) => r.status);
    expect(
      statuses.every((s) => s === 200 || s === 503),
      JSON.stringify(statuses),
    ).toBe(true);
    const refused = full.filter((r) => r.status === 503);
    expect(refused.length, JSON.stringify(statuses)).toBeGreaterThan(0);
    for (const r of refused) {
      expect(Number(r.retryAfter)).toBeGreaterThan(0);
      expect(r.type).toMatch(/^application\/problem\+json/);
      expect(r.body.code).toBe('SERVICE_UNAVAILABLE');
      expect(r.body.detail).toMatch(/límite de conexiones.*Vuelva a intentar en \d+ s/);
    }
    expect(hubProcess.alive(), hubProcess.output().slice(-3000)).toBe(true);

    await Promise.all(held.splice(0).map((c) => c.end()));
    const freed = await Promise.all(Array.from({ length: 16 }, (_, i) => ask(PATHS[i % PATHS.length]!)));
    expect(freed.map((r) => r.status)).toEqual(freed.map(() => 200));
    expect(hubProcess.alive()).toBe(true);
  }, 60_000);

  it('answers 503 when the pool has no free connection within its checkout timeout', async () => {
    const small = openHubDatabase(cluster.url, { maxConnections: 1, connectTimeoutMs: 300 });
    const app = await buildHubServer({ hub: createHub({ db: small.q }), logger: silentLogger });
    try {
      let release = () => {};
      const holding = new Promise<void>((r) => (release = r));
      let taken = () => {};
      const isTaken = new Promise<void>((r) => (taken = r));
      // The pool's one connection, held by a transaction that waits.
      const tx = small.q.transaction().execute(async (trx) => {
        await trx.selectFrom('hub_migrations').select('version').execute();
        taken();
        await holding;
      });
      // The transaction failing instead (no connection at all) fails the test here, not by a timeout.
      await Promise.race([isTaken, tx]);
      const started = Date.now();
      const busy = await app.inject({ method: 'GET', url: '/hub/v1/ready' });
      expect(Date.now() - started).toBeLessThan(5_000);
      expect(busy.statusCode).toBe(503);
      expect(Number(busy.headers['retry-after'])).toBeGreaterThan(0);
      expect(busy.json()).toMatchObject({ code: 'SERVICE_UNAVAILABLE', status: 503 });
      expect(busy.json<{ detail: string }>().detail).toMatch(/ocupada.*Vuelva a intentar en \d+ s/);
      release();
      await tx;
      expect((await app.inject({ method: 'GET', url: '/hub/v1/ready' })).statusCode).toBe(200);
    } finally {
      await app.close();
      await small.close();
    }
  }, 30_000);
});
