// Every route of the server against every caller: the app (its UI token), a point of sale (an API key) and
// nobody. A POS key reaches the contract and its reads only; the rest answers it 403; nobody gets 401.
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildHttpServer, ROUTE_TABLE } from '../../main/core/http/server';
import { silentLogger } from '../../main/core/logger';
import { fcBody } from '../fixtures/bodies';
import { DEMO_KEY, fixedClock, testCore } from '../support/core';

const UI = 'ui-token-for-the-route-walk-0123456789';
const CALLERS = { app: { 'x-api-key': UI }, pos: { 'x-api-key': DEMO_KEY }, none: {} } as const;
const ID = '2d3e0000-0000-4000-8000-000000000001';

let core: ReturnType<typeof testCore>;
let app: FastifyInstance;
let base: string;

beforeAll(async () => {
  core = testCore(fixedClock());
  core.dtes.create('FC', fcBody(ID), 'test');
  app = await buildHttpServer(core, { logger: silentLogger, uiToken: UI });
  await app.listen({ host: '127.0.0.1', port: 0 });
  base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await app.close();
  core.cleanup();
});

const urlOf = (path: string) => path.replace(':id', ID).replace(':keyId', 'no-such-key');
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

  for (const route of ROUTE_TABLE) {
    it(`${route.method} ${route.path}: ${route.roles.join(' + ')}`, async () => {
      for (const [caller, headers] of Object.entries(CALLERS)) {
        const status = await statusFor(route.method, route.path, headers);
        const where = `${route.method} ${route.path} as ${caller} → ${status}`;
        if (caller === 'none') expect(status, where).toBe(401);
        else if (route.roles.includes(caller as 'app' | 'pos')) expect([401, 403], where).not.toContain(status);
        else expect(status, where).toBe(403);
      }
    });
  }

  it("a POS key may only issue and read: keys, settings, the address book and retry are the app's", () => {
    const pos = ROUTE_TABLE.filter((r) => r.roles.includes('pos')).map((r) => r.path);
    for (const path of pos)
      expect(path === '/health' || path === '/sync/status' || path === '/sync/events' || path.startsWith('/dte'), path).toBe(true);
  });
});
