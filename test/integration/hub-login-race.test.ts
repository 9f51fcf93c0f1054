// Logins that cannot be raced (issue 32, decision 0032), over a real PostgreSQL: wrong passwords sent all at once,
// to two hub servers over one database and to two real `sello hub` processes, check at most the limit's number of
// passwords (every 401 is one scrypt check: the hub answers 401 only after one); the person logging in from
// another address right after is not locked out; and a hub process killed mid-check frees the login once its
// lease runs out.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { silentLogger } from '../../main/core/logger';
import { createHub, type Hub } from '../../main/hub/create-hub';
import { openHubDatabase, type HubDatabase } from '../../main/hub/hub-database';
import { buildHubServer } from '../../main/hub/http';
import { LEASE_MS, LOGIN_RULE, loginKey } from '../../main/hub/login-throttle';
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
  expect(burst.every((s) => s === 401 || s === 429)).toBe(true);
  let checked = count(burst, 401);
  for (let i = 0; i < 3 * LOGIN_RULE.maxFailures; i++) {
    const r = await login(at[i % at.length]!, who, `otra-mala-${i}`);
    if (r.status === 401) checked += 1;
    else if (String(r.json.detail).includes('Demasiados intentos fallidos para este usuario')) break;
  }
  return { burst, checked };
}

describe('hub logins that cannot be raced', () => {
  it('200 wrong passwords at once at two hub servers check at most ten; the administrator elsewhere logs in', async () => {
    await hub.people.create({ login: 'admin', name: 'Ana Admin', role: 'ADMIN', password: 'clave-admin-2026' });
    const started = Date.now();
    const { burst, checked } = await burstThenLock(urls, 'admin');
    // Before decision 0032 all 200 were checked (200 × 401) and the login was locked for everybody.
    expect(count(burst, 401)).toBeLessThanOrEqual(LOGIN_RULE.maxFailures);
    expect(checked).toBe(LOGIN_RULE.maxFailures);
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
    // No lease is left behind once the checks are done.
    expect(await dbs[0]!.q.selectFrom('hub_login_throttle').select('key').where('key', 'like', 'checking:%').execute()).toEqual([]);
  });

  it('two real `sello hub` processes over one database hold the same limit', async () => {
    await hub.people.create({ login: 'contadora', name: 'Carla', role: 'ACCOUNTANT', password: 'clave-contadora-1' });
    for (let i = 0; i < 2; i++) processes.push(await startHubProcess(cluster.url));
    const at = processes.map((p) => p.url);
    const { burst, checked } = await burstThenLock(at, 'contadora');
    expect(count(burst, 401)).toBeLessThanOrEqual(LOGIN_RULE.maxFailures);
    expect(checked).toBe(LOGIN_RULE.maxFailures);
    expect((await login(at[1]!, 'contadora', 'clave-contadora-1')).status).toBe(429);
    expect((await login(at[0]!, 'contadora', 'clave-contadora-1', '127.0.0.3')).status).toBe(201);
  });

  it('a hub process killed during a check frees the login when its lease runs out', async () => {
    // A costly hash (2^16), so the check is still running when the process is killed.
    await createHub({ db: dbs[0]!.q, scryptCost: 16 }).people.create({
      login: 'lenta',
      name: 'Lía',
      role: 'AUDITOR',
      password: 'clave-lenta-1',
    });
    const [victim, survivor] = processes as [HubProcess, HubProcess];
    void login(victim.url, 'lenta', 'clave-equivocada').catch(() => undefined);
    const lease = () => dbs[0]!.q.selectFrom('hub_login_throttle').select('key').where('key', '=', 'checking:lenta').executeTakeFirst();
    await expect.poll(lease, { interval: 2, timeout: 5000 }).toBeDefined();
    victim.child.kill('SIGKILL');
    const killedAt = Date.now();
    // The other process refuses to start a second check alongside, saying to wait a second, not that it failed.
    const busy = await login(survivor.url, 'lenta', 'clave-lenta-1', '127.0.0.4');
    expect(busy.status).toBe(429);
    expect(busy.headers['retry-after']).toBe('1');
    expect(String(busy.json.detail)).toContain('Ya se está comprobando otro intento para este usuario');
    // Once the lease has run out, the right password opens; the killed check counted nothing.
    await expect
      .poll(async () => (await login(survivor.url, 'lenta', 'clave-lenta-1', '127.0.0.4')).status, {
        interval: 500,
        timeout: LEASE_MS + 5000,
      })
      .toBe(201);
    expect(Date.now() - killedAt).toBeLessThan(LEASE_MS + 5000);
    const counted = await dbs[0]!.q.selectFrom('hub_login_throttle').select('key').where('key', 'like', 'login:lenta@%').execute();
    expect(counted).toEqual([]);
  }, 30_000);
});
