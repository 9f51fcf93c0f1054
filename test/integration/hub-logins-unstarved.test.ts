// Logins that cannot be starved at the hub (issue 54 item 5, decision 0065), over a real PostgreSQL and real sockets
// from many loopback addresses (Linux routes all of 127.0.0.0/8 here): while attackers at 32 addresses send wrong
// passwords for the ADMIN two at a time without pause, the right password from a fresh address gets in within two
// tries, every time; and a real `sello hub --trust-proxy` counts failures per forwarded client, ignoring the header
// from a peer it does not trust.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGIN_BACKOFF, PRESSURE_FAILURES } from '../../main/core/auth/login-backoff';
import { silentLogger } from '../../main/core/logger';
import { createHub, type Hub } from '../../main/hub/create-hub';
import { openHubDatabase, type HubDatabase } from '../../main/hub/hub-database';
import { buildHubServer } from '../../main/hub/http';
import { loginKey, pressureKey } from '../../main/hub/login-throttle';
import { migrateHub } from '../../main/hub/migrate';
import { HUB_MIGRATIONS } from '../../main/hub/migrations';
import { send, type Answer } from '../support/from-address';
import { startHubProcess, type HubProcess } from '../support/hub-process';
import { startPgCluster, type PgCluster } from '../support/pg-cluster';

let cluster: PgCluster;
let db: HubDatabase;
let app: FastifyInstance;
let hub: Hub;
let url = '';
const processes: HubProcess[] = [];

beforeAll(async () => {
  cluster = await startPgCluster();
  db = openHubDatabase(cluster.url);
  await migrateHub(db.q, HUB_MIGRATIONS);
  hub = createHub({ db: db.q, scryptCost: 10 });
  app = await buildHubServer({ hub, logger: silentLogger });
  url = await app.listen({ host: '127.0.0.1', port: 0 });
});
afterAll(async () => {
  for (const p of processes) if (p.alive()) p.child.kill('SIGKILL');
  await app?.close();
  await db?.close();
  await cluster?.stop();
});

const login = (at: string, who: string, password: string, from: string, forwardedFor?: string) =>
  send(`${at}/hub/v1/session`, {
    from,
    body: { login: who, password },
    ...(forwardedFor ? { headers: { 'x-forwarded-for': forwardedFor } } : {}),
  });

/** Wrong passwords from every address in `from`, two at a time each, until stop(); the answers' statuses, counted. */
function hammer(send1: (from: string, i: number) => Promise<Answer>, from: readonly string[]) {
  const seen = new Map<number, number>();
  let on = true;
  let n = 0;
  const loop = async (address: string) => {
    while (on) {
      const r = await send1(address, n++);
      seen.set(r.status, (seen.get(r.status) ?? 0) + 1);
    }
  };
  const runs = from.flatMap((a) => [loop(a), loop(a)]);
  return {
    seen: (status: number) => seen.get(status) ?? 0,
    async stop() {
      on = false;
      await Promise.all(runs);
    },
  };
}

/** The right password from `from`, at most twice (a wait in between would be a refusal): the statuses. */
async function twoTries(attempt: () => Promise<Answer>): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < 2 && statuses.at(-1) !== 201; i++) statuses.push((await attempt()).status);
  return statuses;
}

const addresses = (prefix: string, n: number, first = 10) => Array.from({ length: n }, (_, i) => `${prefix}${first + i}`);

describe('hub logins that cannot be starved', () => {
  it('32 addresses guessing the ADMIN at once never keep the ADMIN out from a fresh address', async () => {
    await hub.people.create({ login: 'admin', name: 'Ana Admin', role: 'ADMIN', password: 'clave-admin-2026' });
    const attack = hammer((from, i) => login(url, 'admin', `mala-${i}`, from), addresses('127.0.1.', 32));
    try {
      // Every attacker has used up its checks (each then only gets 429s), and the login is under pressure.
      await expect.poll(() => attack.seen(429), { interval: 50, timeout: 20_000 }).toBeGreaterThan(200);
      const before = attack.seen(401);
      const results: number[][] = [];
      for (const from of addresses('127.0.2.', 10)) results.push(await twoTries(() => login(url, 'admin', 'clave-admin-2026', from)));
      // Before decision 0065, 57 of 59 right passwords were refused ("busy"); now each gets in at its first try.
      expect(results).toEqual(results.map(() => [201]));
      console.info(`hub under attack: ${before} wrong checked, ${attack.seen(429)} refused, admin 10 of 10 at first try`);
    } finally {
      await attack.stop();
    }
    // Guessing stayed bounded: five checks per address at most, and no address gets more once the login is under pressure.
    expect(attack.seen(401)).toBeLessThanOrEqual(32 * LOGIN_BACKOFF.free);
    expect(attack.seen(500)).toBe(0);
    const pressure = await db.q
      .selectFrom('hub_login_throttle')
      .select('failures')
      .where('key', '=', pressureKey('admin'))
      .executeTakeFirst();
    expect(pressure?.failures).toBeGreaterThanOrEqual(PRESSURE_FAILURES);
    // An attacker's own address waits, with the wait in Retry-After and the detail.
    const waiting = await login(url, 'admin', 'clave-admin-2026', '127.0.1.10');
    expect(waiting.status).toBe(429);
    expect(Number(waiting.headers['retry-after'])).toBeGreaterThan(0);
    expect(String(waiting.json.detail)).toMatch(/para este usuario\. Espere \d+ s y vuelva a intentar/);
    // Under pressure a fresh address gets one check: a typo, then the wait (still its own, nobody else's).
    expect((await login(url, 'admin', 'un-error', '127.0.3.1')).status).toBe(401);
    expect((await login(url, 'admin', 'clave-admin-2026', '127.0.3.1')).status).toBe(429);
  }, 60_000);

  it('behind `--trust-proxy`, failures count per forwarded client; an untrusted peer’s header is ignored', async () => {
    await hub.people.create({ login: 'contadora', name: 'Carla', role: 'ACCOUNTANT', password: 'clave-contadora-1' });
    const balancer = '127.0.0.5';
    const hubProcess = await startHubProcess(cluster.url, 0, ['--trust-proxy', `${balancer},10.255.0.0/16`]);
    processes.push(hubProcess);
    const at = hubProcess.url;
    // Twenty clients behind the balancer guess at once; every request reaches the hub from the balancer's address.
    const clients = addresses('10.9.0.', 20);
    const attack = hammer((client, i) => login(at, 'contadora', `mala-${i}`, balancer, client), clients);
    try {
      await expect.poll(() => attack.seen(429), { interval: 50, timeout: 20_000 }).toBeGreaterThan(100);
      // Before decision 0065 (no trust-proxy) ten failures from anywhere kept everybody behind the balancer out.
      for (const client of addresses('10.1.1.', 5))
        expect(await twoTries(() => login(at, 'contadora', 'clave-contadora-1', balancer, client))).toEqual([201]);
    } finally {
      await attack.stop();
    }
    const keys = (await db.q.selectFrom('hub_login_throttle').select('key').where('key', 'like', 'login:contadora@%').execute()).map(
      (r) => r.key,
    );
    expect(keys.sort()).toEqual(clients.map((c) => loginKey('contadora', c)).sort());
    expect((await login(at, 'contadora', 'clave-contadora-1', balancer, '10.9.0.10')).status).toBe(429);

    // A peer that is not the balancer names any client it likes: its header is ignored, its own address counted
    // (one check, the login being under pressure), so naming another client gains it nothing.
    const stranger = '127.0.0.6';
    expect((await login(at, 'contadora', 'otra-mala', stranger, '10.7.7.1')).status).toBe(401);
    expect((await login(at, 'contadora', 'clave-contadora-1', stranger, '10.7.7.2')).status).toBe(429);
    const row = await db.q
      .selectFrom('hub_login_throttle')
      .selectAll()
      .where('key', '=', loginKey('contadora', stranger))
      .executeTakeFirst();
    expect(row?.failures).toBe(1);
    expect(await db.q.selectFrom('hub_login_throttle').select('key').where('key', 'like', 'login:contadora@10.7.%').execute()).toEqual([]);
  }, 90_000);
});
