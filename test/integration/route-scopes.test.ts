// Every route of the server against every caller: each role's session (cashier, supervisor, administrator), a
// point of sale (an API key) and nobody. A POS key reaches the contract and its reads only; a role reaches what
// auth/permissions.ts gives it; the rest answers 403; nobody gets 401 (except on the routes for logging in).
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildHttpServer, ROUTE_TABLE } from '../../main/http/server';
import { silentLogger } from '../../main/core/logger';
import { fcBody } from '../fixtures/bodies';
import type { Caller } from '../../main/core/auth/actor';
import { DEMO_KEY, fixedClock, testCore } from '../support/core';
import { sessionHeaders } from '../support/session';

const CALLERS: Record<Caller | 'none', Record<string, string>> = {
  CASHIER: {},
  SUPERVISOR: {},
  ADMIN: {},
  pos: { 'x-api-key': DEMO_KEY },
  none: {},
};
const ID = '2d3e0000-0000-4000-8000-000000000001';

let core: ReturnType<typeof testCore>;
let app: FastifyInstance;
let base: string;

beforeAll(async () => {
  core = testCore(fixedClock());
  core.dtes.create('FC', fcBody(ID), 'test');
  app = await buildHttpServer(core, { logger: silentLogger });
  CALLERS.CASHIER = await sessionHeaders(app, 'cajero');
  CALLERS.SUPERVISOR = await sessionHeaders(app, 'supervisor');
  CALLERS.ADMIN = await sessionHeaders(app, 'admin');
  await app.listen({ host: '127.0.0.1', port: 0 });
  base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await app.close();
  core.cleanup();
});

const urlOf = (path: string) => path.replace(':id', ID).replace(':keyId', 'no-such-key').replace(':login', 'nadie');
const streamed = (method: string, path: string) => method === 'GET' && path === '/sync/events';

/** The status a caller gets; the event stream is read over a socket until its headers arrive. */
async function statusFor(method: string, path: string, headers: Record<string, string>): Promise<number> {
  if (streamed(method, path)) {
    const abort = new AbortController();
    const res = await fetch(`${base}${path}`, { headers, signal: abort.signal });
    abort.abort();
    return res.status;
  }
  const body = method === 'POST' || method === 'PUT' ? { payload: {} } : {};
  const res = await app.inject({ method, url: urlOf(path), headers: { ...headers, 'x-api-version': '1' }, ...body });
  return res.statusCode;
}

describe('routes × callers', () => {
  it('covers the contract and the app routes', () => {
    const paths = ROUTE_TABLE.map((r) => `${r.method} ${r.path}`);
    for (const must of [
      'POST /dte/fc',
      'GET /dte/:id',
      'POST /dte/invalidate',
      'GET /health',
      'GET /sync/status',
      'GET /sync/events',
      'PUT /settings/station',
      'POST /api-keys',
      'GET /audit/verify',
    ]) {
      expect(paths).toContain(must);
    }
  });

  for (const route of ROUTE_TABLE.filter((r) => r.roles !== 'public')) {
    const roles = route.roles as readonly Caller[];
    it(`${route.method} ${route.path}: ${roles.join(' + ')}`, async () => {
      for (const [caller, headers] of Object.entries(CALLERS)) {
        const status = await statusFor(route.method, route.path, headers);
        const where = `${route.method} ${route.path} as ${caller} → ${status}`;
        if (caller === 'none') expect(status, where).toBe(401);
        else if (roles.includes(caller as Caller)) expect([401, 403], where).not.toContain(status);
        else expect(status, where).toBe(403);
      }
    });
  }

  it('logging in and out needs no credential: nobody gets past them without one', async () => {
    const open = ROUTE_TABLE.filter((r) => r.roles === 'public').map((r) => `${r.method} ${r.path}`);
    expect(open.sort()).toEqual(['DELETE /session', 'GET /session', 'GET /session/demo-users', 'POST /session']);
    expect(await statusFor('GET', '/session', {})).toBe(401);
    expect(await statusFor('POST', '/session', {})).toBe(422);
    expect(await statusFor('GET', '/session/demo-users', {})).toBe(200);
  });

  it('a cashier issues FC, CCF, FSE, FEX and CR but not NC or ND; a supervisor and a POS key issue them all', () => {
    const issuers = (kind: string) => ROUTE_TABLE.find((r) => r.path === `/dte/${kind}`)!.roles as readonly Caller[];
    for (const kind of ['fc', 'ccf', 'fse', 'fex', 'cr']) expect(issuers(kind)).toEqual(['CASHIER', 'SUPERVISOR', 'ADMIN', 'pos']);
    for (const kind of ['nc', 'nd']) expect(issuers(kind)).toEqual(['SUPERVISOR', 'ADMIN', 'pos']);
  });

  it('only an administrator reaches people, keys, settings changes, copies and the audit', () => {
    const adminOnly = ROUTE_TABLE.filter((r) => r.roles !== 'public' && r.roles.length === 1).map((r) => `${r.method} ${r.path}`);
    for (const must of [
      'GET /users',
      'POST /users',
      'PUT /users/:login',
      'POST /api-keys',
      'PUT /settings/station',
      'PUT /settings/printing',
      'POST /backups',
      'GET /audit/verify',
    ])
      expect(adminOnly).toContain(must);
    for (const r of ROUTE_TABLE.filter((x) => x.roles !== 'public' && x.roles.length === 1)) expect(r.roles).toEqual(['ADMIN']);
  });

  it("a POS key may only issue and read: people, keys, settings, the address book and retry are the app's", () => {
    const pos = ROUTE_TABLE.filter((r) => r.roles !== 'public' && r.roles.includes('pos'));
    for (const { method, path } of pos) {
      // The product catalog: a POS looks prices up, a supervisor changes them.
      const catalogRead = method === 'GET' && (path === '/products' || path.startsWith('/products/'));
      // MH's catalogs the contract takes (docs/decisions/0076-fields-said-in-two-languages.md): read-only, no secret.
      const mhCatalogRead = method === 'GET' && (path === '/catalogs' || path === '/catalogs/:name');
      // The month's simplified invoices and internal vouchers are the POS's own to report (decision 0083).
      const specialOperations = path.startsWith('/events/eoe');
      expect(
        path === '/health' ||
          path === '/sync/status' ||
          path === '/sync/events' ||
          path.startsWith('/dte') ||
          catalogRead ||
          mhCatalogRead ||
          specialOperations,
        path,
      ).toBe(true);
    }
  });

  it('everyone reads the product catalog; only a supervisor or an administrator changes it', () => {
    const roles = (method: string, path: string) => ROUTE_TABLE.find((r) => r.method === method && r.path === path)?.roles;
    for (const path of ['/products', '/products/:id', '/products/export'])
      expect(roles('GET', path), path).toEqual(['CASHIER', 'SUPERVISOR', 'ADMIN', 'pos']);
    for (const [method, path] of [
      ['POST', '/products'],
      ['PUT', '/products/:id'],
      ['POST', '/products/import'],
    ] as const)
      expect(roles(method, path), `${method} ${path}`).toEqual(['SUPERVISOR', 'ADMIN']);
  });
});
