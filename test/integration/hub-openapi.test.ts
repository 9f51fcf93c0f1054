// The hub's API (/hub/v1) as an OpenAPI 3.1 document (main/hub/openapi.ts): valid by an OpenAPI validator from npm,
// with every route the hub registers and no other (a route left out stops the hub from being built), the
// credentials each route takes, served at /hub/openapi.json and drawn at /hub/docs under the strict CSP, and its
// examples accepted by a real hub over a real PostgreSQL.
import { Validator } from '@seriousme/openapi-schema-validator';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { silentLogger } from '../../main/core/logger';
import { problem } from '../../main/http/openapi/responses/index';
import { UI_CSP } from '../../main/http/ui';
import { createHub } from '../../main/hub/create-hub';
import { openHubDatabase, type HubDatabase } from '../../main/hub/hub-database';
import { buildHubServer } from '../../main/hub/http';
import { migrateHub } from '../../main/hub/migrate';
import { HUB_MIGRATIONS } from '../../main/hub/migrations';
import { collectHubRoutes, HUB_EXAMPLES, HUB_OPERATIONS, hubOpenApiDocument } from '../../main/hub/openapi';
import { startPgCluster, type PgCluster } from '../support/pg-cluster';

type Op = {
  security: Record<string, unknown>[];
  parameters: { name: string; in: string }[];
  requestBody?: { content: Record<string, { example?: unknown }> };
  responses: Record<string, unknown>;
};
type Doc = { paths: Record<string, Record<string, Op>>; components: { securitySchemes: Record<string, unknown> } };

let cluster: PgCluster;
let db: HubDatabase;
let app: FastifyInstance;
let doc: Doc;

beforeAll(async () => {
  cluster = await startPgCluster();
  db = openHubDatabase(cluster.url);
  await migrateHub(db.q, HUB_MIGRATIONS);
  const hub = createHub({ db: db.q, scryptCost: 10 });
  await hub.people.create({ login: 'admin', name: 'Ana Admin', role: 'ADMIN', password: HUB_EXAMPLES.login.password });
  app = await buildHubServer({ hub, logger: silentLogger });
  doc = (await app.inject({ method: 'GET', url: '/hub/openapi.json' })).json<Doc>();
});
afterAll(async () => {
  await app?.close();
  await db?.close();
  await cluster?.stop();
});

const documented = () =>
  Object.entries(doc.paths)
    .flatMap(([path, item]) => Object.keys(item).map((m) => `${m.toUpperCase()} ${path}`))
    .sort();

describe("the hub's OpenAPI document", () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    const validator = new Validator();
    const result = await validator.validate(doc);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
  });

  it('has every route of HUB_OPERATIONS, each one the hub answers', async () => {
    expect(documented()).toEqual(Object.keys(HUB_OPERATIONS).sort());
    expect(documented().length).toBeGreaterThanOrEqual(30);
    for (const key of documented()) {
      const [method, path] = key.split(' ') as [string, string];
      const url = path.replace(/\{[^}]+\}/g, 'x');
      expect(app.hasRoute({ method: method, url: path.replace(/\{([^}]+)\}/g, ':$1') }), key).toBe(true);
      // No route of the document is the "no such route" answer.
      const res = await app.inject({ method: method as 'GET', url });
      expect(res.body, key).not.toContain('No existe la ruta');
    }
  });

  it('stops a hub whose route it lacks, naming the route', async () => {
    const bare = Fastify();
    const routes = collectHubRoutes(bare);
    bare.get('/hub/v1/ready', () => ({}));
    bare.post('/hub/v1/sin-documentar/:id', () => ({}));
    bare.get('/hub/fuera-de-la-api', () => ({}));
    await bare.ready();
    expect(() => hubOpenApiDocument(routes)).toThrow(/lacks POST \/hub\/v1\/sin-documentar\/\{id\}: describe them/);
    expect(routes.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /hub/v1/ready', 'POST /hub/v1/sin-documentar/:id']);
    await bare.close();
  });

  it("asks for each route's credentials: a station's token, a person's session, or none", () => {
    expect(Object.keys(doc.components.securitySchemes).sort()).toEqual(['session', 'sessionBearer', 'stationToken']);
    for (const [key, op] of Object.entries(HUB_OPERATIONS)) {
      const [method, path] = key.split(' ') as [string, string];
      const schemes = doc.paths[path]![method.toLowerCase()]!.security.flatMap((s) => Object.keys(s)).sort();
      const expected = op.callers === 'public' ? [] : op.callers.includes('station') ? ['stationToken'] : ['session', 'sessionBearer'];
      expect(schemes, key).toEqual(expected);
    }
  });

  it('says the query parameters the handlers read, from their own schemas', () => {
    const names = (key: string) => {
      const [method, path] = key.split(' ') as [string, string];
      // The headers every operation reads (X-Request-Id) are not the handlers' query.
      return doc.paths[path]![method.toLowerCase()]!.parameters.filter((p) => p.in !== 'header')
        .map((p) => `${p.in}:${p.name}`)
        .sort();
    };
    expect(names('GET /hub/v1/books')).toEqual(['query:month', 'query:point']);
    expect(names('GET /hub/v1/books/{book}')).toEqual(['path:book', 'query:format', 'query:month', 'query:point']);
    expect(names('GET /hub/v1/numbering')).toEqual(['query:year']);
    expect(names('GET /hub/v1/documents')).toContain('query:cursor');
  });

  it('is served at /hub/openapi.json and drawn at /hub/docs to anyone, under the strict CSP', async () => {
    for (const url of ['/hub/docs', '/hub/docs/docs.js', '/hub/docs/docs.css']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-security-policy'], url).toBe(UI_CSP);
    }
    const page = await app.inject({ method: 'GET', url: '/hub/docs' });
    expect(page.body).toContain('<script src="/hub/docs/docs.js" defer></script>');
    expect(page.body).toContain('data-openapi="/hub/openapi.json"');
    expect(page.body).toContain('referencia de la API de la central');
    expect(page.body).not.toMatch(/<script>|style=/);
  });
});

describe('its examples, against a real hub', () => {
  it('logs in, makes a person, registers a station and gives it a token, each with the documented status', async () => {
    const send = async (key: string, url: string, headers: Record<string, string> = {}) => {
      const [method, path] = key.split(' ') as [string, string];
      const op = doc.paths[path]![method.toLowerCase()]!;
      const res = await app.inject({
        method: method as 'POST',
        url,
        headers,
        payload: op.requestBody!.content['application/json']!.example as object,
      });
      const ok = Object.keys(op.responses).find((s) => s < '400')!;
      expect(`${key} ${res.statusCode} ${res.statusCode >= 400 ? res.body : ''}`).toBe(`${key} ${ok} `);
      return res.json<Record<string, unknown>>();
    };
    const { token } = (await send('POST /hub/v1/session', '/hub/v1/session')) as { token: string };
    const bearer = { authorization: `Bearer ${token}` };
    expect(await send('POST /hub/v1/people', '/hub/v1/people', bearer)).toMatchObject({ login: 'rcontreras', role: 'ACCOUNTANT' });
    expect(await send('POST /hub/v1/stations', '/hub/v1/stations', bearer)).toMatchObject({ id: 'M002-P001' });
    const made = await send('POST /hub/v1/stations/{id}/tokens', '/hub/v1/stations/M002-P001/tokens', bearer);
    expect(made.token).toEqual(expect.any(String));
    // The token just made is what the station routes' scheme asks for.
    const who = await app.inject({ method: 'GET', url: '/hub/v1/station', headers: { authorization: `Bearer ${String(made.token)}` } });
    expect(who.json()).toMatchObject({ id: 'M002-P001', branchCode: 'M002' });
  });

  it('answers a body its schema refuses with a problem naming the field, and stores nothing', async () => {
    const { token } = (await app.inject({ method: 'POST', url: '/hub/v1/session', payload: HUB_EXAMPLES.login })).json<{ token: string }>();
    const headers = { authorization: `Bearer ${token}` };
    const before = (await app.inject({ method: 'GET', url: '/hub/v1/people', headers })).body;
    for (const [key, op] of Object.entries(HUB_OPERATIONS)) {
      const [method, path] = key.split(' ') as [string, string];
      if (!op.body || op.callers === 'public' || op.callers.includes('station') || path.includes('{')) continue;
      const res = await app.inject({ method: method as 'POST', url: path, headers, payload: { campoQueNoExiste: 1 } });
      expect(res.statusCode, key).toBe(422);
      const body = problem.parse(res.json());
      expect(body.errors?.length, key).toBeGreaterThan(0);
    }
    expect((await app.inject({ method: 'GET', url: '/hub/v1/people', headers })).body).toBe(before);
  });
});
