// Logins that cannot be raced (issue 32, decision 0032), over a real PostgreSQL: wrong passwords sent all at once,
// to two hub servers over one database and to two real `sello hub` processes, check at most the limit's number of
// passwords (every 401 is one scrypt check: the hub answers 401 only after one); the person logging in from
// another address right after is not locked out; and a hub process killed mid-check holds nobody up (decision 0065:
// each check is counted before it runs, so no lease is needed).
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { silentLogger } from '../../main/core/logger';
import { createHub, type Hub } from '../../main/hub/create-hub';
import { openHubDatabase, type HubDatabase } from '../../main/hub/hub-database';
import { buildHubServer } from '../../main/hub/http';
import { LOGIN_BACKOFF } from '../../main/core/auth/login-backoff';
import { loginKey } from '../../main/hub/login-throttle';
import { migrateHub } from '../../main/hub/migrate';
import { HUB_MIGRATIONS } from '../../main/hub/migrations';
import { send, type Answer } from '../support/from-address';
import { startHubProcess, type HubProcess } from '../support/hub-process';
import { startPgCluster, type PgCluster } from '../support/pg-cluster';

let cluster: PgCluster;
const dbs: HubDatabase[] = [];
const apps: FastifyInstance[] = [];
const processes: HubProcess[] = [];
let hub: Hub;
let urls: string[] = [];

beforeAll(async () => {
  cluster = await startPgCluster();
  // Two hub servers, each with its own pool, as two processes behind a load balancer.
  for (let i = 0; i < 2; i++) dbs.push(openHubDatabase(cluster.url));
  await migrateHub(dbs[0]!.q, HUB_MIGRATIONS);
  hub = createHub({ db: dbs[0]!.q, scryptCost: 10 });
  for (const db of dbs) apps.push(await buildHubServer({ hub: createHub({ db: db.q, scryptCost: 10 }), logger: silentLogger }));
  urls = await Promise.all(apps.map((a) => a.listen({ host: '127.0.0.1', port: 0 })));
});
afterAll(async () => {
  for (const p of processes) if (p.alive()) p.child.kill('SIGKILL');
  for (const app of apps) await app.close();
  for (const db of dbs) await db.close();
  await cluster?.stop();
});

const login = (at: string, who: string, password: string, from = '127.0.0.1') =>
  send(`${at}/hub/v1/session`, { from, body: { login: who, password } });
const statuses = (answers: readonly Answer[]) => answers.map((a) => a.status);
const count = (list: readonly number[], status: number) => list.filter((s) => s === status).length;

/** 200 wrong passwords at once, spread over `at`, then one by one until the lock answers; the 401s, all told. */
async function burstThenLock(at: readonly string[], who: string): Promise<{ burst: number[]; checked: number }> {
  const burst = statuses(await Promise.all(Array.from({ length: 200 }, (_, i) => login(at[i % at.length]!, who, `mala-${i}`))));
  expect(burst.filter((s) => s !== 401 && s !== 429)).toEqual([]);
  let checked = count(burst, 401);
  for (let i = 0; i < 3 * LOGIN_BACKOFF.free; i++) {
    const r = await login(at[i % at.length]!, who, `otra-mala-${i}`);
    if (r.status === 401) checked += 1;
    else if (String(r.json.detail).includes('Demasiados intentos fallidos para este usuario')) break;
  }
  return { burst, checked };
}

describe('hub logins that cannot be raced', () => {
  it('200 wrong passwords at once at two hub servers check at most five; the administrator elsewhere logs in', async () => {
    await hub.people.create({ login: 'admin', name: 'Ana Admin', role: 'ADMIN', password: 'clave-admin-2026' });
    const started = Date.now();
    const { burst, checked } = await burstThenLock(urls, 'admin');
    // Before decision 0032 all 200 were checked (200 × 401) and the login was locked for everybody.
    expect(count(burst, 401)).toBeLessThanOrEqual(LOGIN_BACKOFF.free);
    expect(checked).toBe(LOGIN_BACKOFF.free);
    console.info(`hub race: ${count(burst, 401)} of 200 parallel guesses checked, ${checked} in all, ${Date.now() - started} ms`);
    // From the guessing address even the right password now waits; from another address it opens, at both servers.
    const locked = await login(urls[0]!, 'admin', 'clave-admin-2026');
    expect(locked.status).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    for (const at of urls) expect((await login(at, 'ADMIN', 'clave-admin-2026', '127.0.0.2')).status).toBe(201);
    const row = await dbs[0]!.q
      .selectFrom('hub_login_throttle')
      .selectAll()
      .where('key', '=', loginKey('admin', '127.0.0.1'))
      .executeTakeFirst();
    expect(row?.locked_until?.getTime()).toBeGreaterThan(Date.now());
  });

  it('two real `sello hub` processes over one database hold the same limit', async () => {
    await hub.people.create({ login: 'contadora', name: 'Carla', role: 'ACCOUNTANT', password: 'clave-contadora-1' });
    for (let i = 0; i < 2; i++) processes.push(await startHubProcess(cluster.url));
    const at = processes.map((p) => p.url);
    const { burst, checked } = await burstThenLock(at, 'contadora');
    expect(count(burst, 401)).toBeLessThanOrEqual(LOGIN_BACKOFF.free);
    expect(checked).toBe(LOGIN_BACKOFF.free);
    expect((await login(at[1]!, 'contadora', 'clave-contadora-1')).status).toBe(429);
    expect((await login(at[0]!, 'contadora', 'clave-contadora-1', '127.0.0.3')).status).toBe(201);
  });

  it('a hub process killed during a check holds nobody up: the right password opens at once elsewhere', async () => {
    // A costly hash (2^16), so the check is still running when the process is killed.
    await createHub({ db: dbs[0]!.q, scryptCost: 16 }).people.create({
      login: 'lenta',
      name: 'Lía',
      role: 'AUDITOR',
      password: 'clave-lenta-1',
    });
    const [victim, survivor] = processes as [HubProcess, HubProcess];
    void login(victim.url, 'lenta', 'clave-equivocada').catch(() => undefined);
    // The check is counted before scrypt runs: its row shows it is under way.
    const counted = () =>
      dbs[0]!.q.selectFrom('hub_login_throttle').select('failures').where('key', '=', loginKey('lenta', '127.0.0.1')).executeTakeFirst();
    await expect.poll(async () => (await counted())?.failures, { interval: 2, timeout: 5000 }).toBe(1);
    victim.child.kill('SIGKILL');
    // Before decision 0065 the other process answered 429 "busy" here until the killed check's lease ran out (10 s).
    expect((await login(survivor.url, 'lenta', 'clave-lenta-1', '127.0.0.4')).status).toBe(201);
    // The killed check stays counted, as the wrong guess it may have been; the right password there still opens.
    expect((await counted())?.failures).toBe(1);
    expect((await login(survivor.url, 'lenta', 'clave-lenta-1')).status).toBe(201);
  }, 30_000);
});
