// The hub's session cookie is Secure when the request came over HTTPS (here: at a TLS-terminating balancer the hub
// trusts, `X-Forwarded-Proto: https`), and not over plain HTTP or when an untrusted peer only claims HTTPS; every
// hub answer says nosniff (docs/decisions/0067-email-rights-and-small-guards.md). Over a real PostgreSQL.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { silentLogger } from '../../main/core/logger';
import { createHub } from '../../main/hub/create-hub';
import { openHubDatabase, type HubDatabase } from '../../main/hub/hub-database';
import { buildHubServer } from '../../main/hub/http';
import { migrateHub } from '../../main/hub/migrate';
import { HUB_MIGRATIONS } from '../../main/hub/migrations';
import { startPgCluster, type PgCluster } from '../support/pg-cluster';

const PASSWORD = 'clave-admin-2026';
let cluster: PgCluster;
let db: HubDatabase;
let direct: FastifyInstance;
let proxied: FastifyInstance;

beforeAll(async () => {
  cluster = await startPgCluster();
  db = openHubDatabase(cluster.url);
  await migrateHub(db.q, HUB_MIGRATIONS);
  const hub = createHub({ db: db.q, scryptCost: 10 });
  await hub.people.create({ login: 'admin', name: 'Ana Admin', role: 'ADMIN', password: PASSWORD });
  direct = await buildHubServer({ hub, logger: silentLogger });
  // Behind a balancer on this machine that ends TLS and says so in X-Forwarded-Proto.
  proxied = await buildHubServer({ hub, logger: silentLogger, trustProxy: ['127.0.0.1'] });
}, 60_000);
afterAll(async () => {
  await direct?.close();
  await proxied?.close();
  await db?.close();
  await cluster?.stop();
});

const login = (app: FastifyInstance, headers: Record<string, string> = {}) =>
  app.inject({ method: 'POST', url: '/hub/v1/session', headers, payload: { login: 'admin', password: PASSWORD } });
const cookieOf = (res: { headers: Record<string, string | string[] | number | undefined> }): string => {
  const v = res.headers['set-cookie'];
  return Array.isArray(v) ? v.join('\n') : String(v ?? '');
};

describe("the hub's session cookie", () => {
  it('over plain HTTP: HttpOnly and SameSite=Strict, not Secure (a browser would drop it)', async () => {
    const res = await login(direct);
    expect(res.statusCode).toBe(201);
    expect(cookieOf(res)).toContain('HttpOnly');
    expect(cookieOf(res)).not.toContain('Secure');
  });

  it('an untrusted peer claiming HTTPS does not make it Secure: the header is not believed', async () => {
    const res = await login(direct, { 'x-forwarded-proto': 'https' });
    expect(res.statusCode).toBe(201);
    expect(cookieOf(res)).not.toContain('Secure');
  });

  it('over HTTPS at a trusted balancer: Secure on login and on logout', async () => {
    const res = await login(proxied, { 'x-forwarded-proto': 'https' });
    expect(res.statusCode).toBe(201);
    expect(cookieOf(res)).toMatch(/; Secure$/);
    const cookie = cookieOf(res).split(';')[0]!;
    const out = await proxied.inject({ method: 'DELETE', url: '/hub/v1/session', headers: { cookie, 'x-forwarded-proto': 'https' } });
    expect(out.statusCode).toBe(204);
    expect(cookieOf(out)).toMatch(/Max-Age=0; Secure$/);
    // The same balancer forwarding plain HTTP: not Secure.
    expect(cookieOf(await login(proxied, { 'x-forwarded-proto': 'http' }))).not.toContain('Secure');
  });
});

describe("the hub's answers say nosniff", () => {
  it.each([
    ['ready', 'GET', '/hub/v1/ready', 200],
    ['no session', 'GET', '/hub/v1/people', 401],
    ['no station token', 'POST', '/hub/v1/documents', 401],
    ['no such route', 'GET', '/hub/v1/nada', 404],
    ['a malformed URL', 'GET', '/hub/v1/%E0%A4%A', 400],
    ['the API document', 'GET', '/hub/openapi.json', 200],
  ] as const)('%s (%s %s)', async (_what, method, url, status) => {
    const res = await direct.inject({ method, url, ...(method === 'POST' ? { payload: {} } : {}) });
    expect(res.statusCode).toBe(status);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });
});
