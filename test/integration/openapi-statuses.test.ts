// The OpenAPI document's mechanics against a real server (docs/decisions/0077-statuses-headers-and-webhooks.md):
// every status a real answer has is listed for its operation, its problem `code` is in that status's enum, every
// header the server sent is declared on that response, creates carry Location, and every answer declares
// X-Request-Id. Requests one by one, each aimed at one rule; then every route without a credential and with a
// path parameter that names nothing.
import { Validator } from '@seriousme/openapi-schema-validator';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCore, type Core } from '../../main/core/create-core';
import { silentLogger } from '../../main/core/logger';
import { SELLO_VERSION } from '../../main/core/station/station-service';
import { hubOpenApiDocument } from '../../main/hub/openapi';
import { HUB_OPERATIONS } from '../../main/hub/openapi';
import { openApiDocument, openApiPath } from '../../main/http/openapi/document';
import { OPERATIONS } from '../../main/http/openapi/operations';
import { STATUS_TABLE_KEYS } from '../../main/http/openapi/statuses';
import { webhookBody } from '../../main/http/openapi/webhooks';
import { WEBHOOK_EXAMPLES } from '../../main/http/openapi/examples';
import { buildHttpServer, ROUTE_TABLE } from '../../main/http/server';
import { ccfBody, fcBody, ncBody } from '../fixtures/bodies';
import { DEMO_KEY, fixedClock, tempDir } from '../support/core';
import { registerStation, startSimulator } from '../support/mh-sim';
import { sessionHeaders } from '../support/session';

type Json = Record<string, unknown>;
interface Response {
  description: string;
  headers?: Record<string, unknown>;
  content?: Record<string, { schema: Json }>;
}
interface Op {
  parameters: { name: string; in: string; description?: string; schema?: Json }[];
  requestBody?: { description?: string; content: Record<string, { schema: Json }> };
  responses: Record<string, Response>;
}
interface Doc {
  paths: Record<string, Record<string, Op>>;
  webhooks: Record<string, { post: Op }>;
  components: { headers: Record<string, unknown>; schemas: Record<string, Json> };
}

const doc = openApiDocument(ROUTE_TABLE, SELLO_VERSION) as unknown as Doc;
const clock = fixedClock();
let sim: Awaited<ReturnType<typeof startSimulator>>;
let dir: ReturnType<typeof tempDir>;
let core: Core;
let app: FastifyInstance;
let n = 0;
const newId = () => `5a6b0000-0000-4000-8000-${String(++n).padStart(12, '0')}`;
const key = { 'x-api-key': DEMO_KEY };

beforeAll(async () => {
  sim = await startSimulator({ clock });
  dir = tempDir();
  core = createCore({
    dataDir: dir.dir,
    clock,
    mh: { baseUrl: sim.url, user: '06142803901121', password: 'demo' },
    sync: { manual: true, jitter: () => 0 },
  });
  registerStation(sim, core);
  app = await buildHttpServer(core, { logger: silentLogger, throttle: { maxFailures: 3 } });
});
afterAll(async () => {
  await app.close();
  core.close();
  await sim.close();
  dir.cleanup();
});

/** Headers every HTTP answer may carry that no document declares (RFC 9110's own, Fastify's framing). */
const FRAMING = new Set(['content-type', 'content-length', 'date', 'connection', 'keep-alive', 'transfer-encoding']);

/** The operation a request reached: its method, and the documented path template its URL matches. */
function operationFor(method: string, url: string): { key: string; op: Op } {
  const path = url.split('?')[0]!;
  for (const [template, item] of Object.entries(doc.paths)) {
    const re = new RegExp(`^${template.replace(/\{[^}]+\}/g, '[^/]+')}$`);
    const op = item[method.toLowerCase()];
    if (op && re.test(path)) return { key: `${method} ${template}`, op };
  }
  throw new Error(`no operation for ${method} ${url}`);
}

/** The rules, checked on one real answer; returns the documented response for more checks. */
function checkAnswer(method: string, url: string, res: LightMyRequestResponse): Response {
  const { key, op } = operationFor(method, url);
  const response = op.responses[String(res.statusCode)];
  expect(response, `${key} answered ${res.statusCode} (${res.body.slice(0, 200)}), not documented`).toBeDefined();
  const declared = new Set(Object.keys(response!.headers ?? {}).map((h) => h.toLowerCase()));
  for (const header of Object.keys(res.headers)) {
    if (FRAMING.has(header)) continue;
    expect(declared.has(header), `${key} ${res.statusCode} sent ${header}, not declared`).toBe(true);
  }
  const type = String(res.headers['content-type'] ?? '')
    .split(';')[0]!
    .trim();
  if (res.statusCode !== 204) expect(Object.keys(response!.content ?? {}), `${key} ${res.statusCode} as ${type}`).toContain(type);
  if (type === 'application/problem+json') {
    const code = res.json<{ code: string }>().code;
    const schema = response!.content!['application/problem+json']!.schema as {
      allOf: [unknown, { properties: { code: { enum: string[] } } }];
    };
    expect(schema.allOf[1].properties.code.enum, `${key} ${res.statusCode} code`).toContain(code);
  }
  return response!;
}

async function send(method: string, url: string, headers: Record<string, string> = {}, payload?: unknown) {
  const res = await app.inject({
    method: method as 'GET',
    url,
    headers: { 'x-api-version': '1', ...headers },
    ...(payload === undefined ? {} : typeof payload === 'string' ? { payload } : { payload: payload as object }),
  });
  checkAnswer(method, url, res);
  return res;
}

async function approvedFc(): Promise<string> {
  const id = newId();
  expect((await send('POST', '/dte/fc', key, fcBody(id))).statusCode).toBe(201);
  await core.sync.runOnce();
  expect(core.dtes.get(id).status).toBe('APPROVED');
  return id;
}

describe('the document', () => {
  it('is valid OpenAPI 3.1, the station’s and the hub’s', async () => {
    const hubRoutes = Object.entries(HUB_OPERATIONS).map(([k, op]) => {
      const [method, path] = k.split(' ') as [string, string];
      return { method, path: path.replace(/\{([A-Za-z]+)\}/g, ':$1'), roles: op.callers };
    });
    for (const d of [doc, hubOpenApiDocument(hubRoutes)]) {
      const result = await new Validator().validate(d as never);
      expect(result.errors ?? []).toEqual([]);
      expect(result.valid).toBe(true);
    }
  });

  it('declares X-Request-Id and X-Content-Type-Options on every answer of every operation', () => {
    for (const [path, item] of Object.entries(doc.paths))
      for (const [method, op] of Object.entries(item))
        for (const [status, r] of Object.entries(op.responses)) {
          expect(Object.keys(r.headers ?? {}), `${method} ${path} ${status}`).toEqual(
            expect.arrayContaining(['X-Request-Id', 'X-Content-Type-Options']),
          );
        }
  });

  it('reads X-API-Version and X-Request-Id on every operation; Prefer only where the server reads it', () => {
    const names = (op: Op) => op.parameters.map((p) => p.name);
    for (const [path, item] of Object.entries(doc.paths))
      for (const [method, op] of Object.entries(item)) {
        expect(names(op), `${method} ${path}`).toEqual(expect.arrayContaining(['X-API-Version', 'X-Request-Id']));
        const reads = /^\/dte\/(fc|ccf|nc|nd|cr|fse|fex|nr|cl|dcl|cd|invalidate|return|returns\/\{id\}\/invalidate)$/.test(path);
        expect(names(op).includes('Prefer'), `${method} ${path}`).toBe(reads);
      }
    expect(names(doc.paths['/dte/nc']!.post!)).toEqual(expect.arrayContaining(['Prefer', 'Sello-Extensions', 'Sello-Refund-Method']));
    expect(names(doc.paths['/dte/fc']!.post!)).not.toContain('Sello-Refund-Method');
    expect(names(doc.paths['/dte/return']!.post!)).toEqual(expect.arrayContaining(['Prefer', 'Sello-Refund-Method']));
    const prefer = (path: string) => doc.paths[path]!.post!.parameters.find((p) => p.name === 'Prefer')!.description!;
    expect(prefer('/dte/fc')).toContain('wait=N');
    expect(prefer('/dte/invalidate')).not.toContain('wait=N');
  });

  it('lists 201 and 200 for an issue, 201 and 202 for an invalidation and a return; one success elsewhere', () => {
    const successes = (path: string, method = 'post') => Object.keys(doc.paths[path]![method]!.responses).filter((s) => s < '300');
    expect(successes('/dte/fc')).toEqual(['200', '201']);
    expect(successes('/dte/invalidate')).toEqual(['201', '202']);
    expect(successes('/dte/return')).toEqual(['201', '202']);
    expect(successes('/dte/returns/{id}/invalidate')).toEqual(['201', '202']);
    expect(successes('/products')).toEqual(['201']);
    expect(successes('/dte/{id}', 'get')).toEqual(['200']);
  });

  it('narrows each problem to the codes of its status, and lists none an operation cannot answer', () => {
    const codes = (path: string, method: string, status: string) =>
      (
        doc.paths[path]![method]!.responses[status]?.content?.['application/problem+json']?.schema as
          { allOf: [unknown, { properties: { code: { enum: string[] } } }] } | undefined
      )?.allOf[1].properties.code.enum;
    expect(codes('/dte/{id}/download/json', 'get', '404')).toContain('DTE_NOT_APPROVED');
    expect(codes('/dte/invalidate', 'post', '409')).toEqual(['DTE_NOT_INVALIDATABLE', 'REPLACEMENT_NOT_APPROVED']);
    // A read has no body to refuse, and writes nothing to a full disk.
    expect(doc.paths['/health']!.get!.responses['413']).toBeUndefined();
    expect(doc.paths['/health']!.get!.responses['422']).toBeUndefined();
    expect(doc.paths['/health']!.get!.responses['507']).toBeUndefined();
    expect(doc.paths['/health']!.get!.responses['404']).toBeUndefined();
    // 409 only where a handler can say it.
    expect(doc.paths['/dte/{id}']!.get!.responses['409']).toBeUndefined();
  });

  it('says a contract body is lenient (no additionalProperties: false), and keeps the others strict', () => {
    const fc = doc.paths['/dte/fc']!.post!.requestBody!;
    expect(JSON.stringify(fc.content['application/json']!.schema)).not.toContain('"additionalProperties":false');
    expect(fc.description).toMatch(/Warning.*handling=strict/s);
    const product = doc.paths['/products']!.post!.requestBody!;
    expect(JSON.stringify(product.content['application/json']!.schema)).toContain('"additionalProperties":false');
  });

  it('serves the signed JSON as application/json with its shape, and the files as their real types', () => {
    const json = doc.paths['/dte/{id}/download/json']!.get!.responses['200']!.content!;
    expect(Object.keys(json)).toEqual(['application/json']);
    expect(json['application/json']!.schema.required).toEqual(['identificacion', 'firmaElectronica', 'selloRecibido']);
    expect(Object.keys(doc.paths['/dte/returns/{id}/json']!.get!.responses['200']!.content!)).toEqual(['application/json']);
    expect(Object.keys(doc.paths['/products/export']!.get!.responses['200']!.content!).sort()).toEqual([
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      'text/csv',
    ]);
    expect(Object.keys(doc.paths['/dte/{id}/download/pdf']!.get!.responses['200']!.content!)).toEqual(['application/pdf']);
  });

  it('has a webhook per event with its signed headers, the body schema and an example that parses', () => {
    expect(Object.keys(doc.webhooks).sort()).toEqual([
      'dte.approved',
      'dte.created',
      'dte.invalidated',
      'dte.rejected',
      'invalidation.rejected',
    ]);
    const approved = doc.webhooks['dte.approved']!.post;
    expect(approved.parameters.map((p) => p.name)).toEqual(
      expect.arrayContaining(['X-Sello-Event', 'X-Sello-Delivery', 'X-Sello-Signature']),
    );
    expect(doc.components.schemas.WebhookBody).toBeDefined();
    for (const event of Object.keys(doc.webhooks)) {
      const examples = (
        doc.webhooks[event]!.post.requestBody!.content['application/json'] as { examples?: Record<string, { value: unknown }> }
      ).examples;
      expect(Object.keys(examples ?? {}).length, event).toBeGreaterThan(0);
      for (const e of Object.values(examples!)) expect(webhookBody.parse(e.value).event, event).toBe(event);
    }
    expect(Object.keys(WEBHOOK_EXAMPLES).sort()).toEqual(
      Object.keys(doc.webhooks)
        .map((e) => `WEBHOOK ${e}`)
        .sort(),
    );
  });

  it('names only real operations in its tables', () => {
    for (const k of STATUS_TABLE_KEYS) expect(OPERATIONS[k], k).toBeDefined();
  });
});

describe('real answers, one rule at a time', () => {
  it('the API version, the Host, a missing and a wrong key: 400, 403, 401', async () => {
    expect((await send('GET', '/health', { ...key, 'x-api-version': '2' })).json()).toMatchObject({ code: 'UNSUPPORTED_API_VERSION' });
    expect((await send('GET', '/health', { ...key, host: 'otro.example' })).statusCode).toBe(403);
    expect((await send('GET', '/health')).statusCode).toBe(401);
    expect((await send('GET', '/health', { 'x-api-key': 'no-es-una-clave' })).statusCode).toBe(401);
    // A wrong key is refused even where anyone may call.
    expect((await send('GET', '/session/demo-users', { 'x-api-key': 'no-es-una-clave' })).statusCode).toBe(401);
  });

  it('the caller’s X-Request-Id comes back, declared', async () => {
    const res = await send('GET', '/health', { ...key, 'x-request-id': 'pos-caja2-000123' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-request-id']).toBe('pos-caja2-000123');
  });

  it('an issue: 201 with Location, 200 with Location on the replay, 409 for the id with another body', async () => {
    const id = newId();
    const first = await send('POST', '/dte/fc', key, fcBody(id));
    expect(first.statusCode).toBe(201);
    expect(first.headers.location).toBe(`/dte/${id}`);
    const again = await send('POST', '/dte/fc', key, fcBody(id));
    expect(again.statusCode).toBe(200);
    expect(again.headers.location).toBe(`/dte/${id}`);
    const other = await send('POST', '/dte/fc', key, { ...fcBody(id), paymentType: 'CREDITO' });
    expect(other.json()).toMatchObject({ code: 'DTE_ID_CONFLICT' });
  });

  it('an unknown field: 201 with Warning; strict: 422 with Preference-Applied; wait and an extension applied', async () => {
    const lenient = await send('POST', '/dte/fc', key, { ...fcBody(newId()), campoExtra: 1 });
    expect(lenient.statusCode).toBe(201);
    expect(lenient.headers.warning).toContain('campoExtra');
    const strict = await send('POST', '/dte/fc', { ...key, prefer: 'handling=strict' }, { ...fcBody(newId()), campoExtra: 1 });
    expect(strict.statusCode).toBe(422);
    const waited = await send('POST', '/dte/fc', { ...key, prefer: 'wait=0', 'sello-extensions': 'decimal-quantity' }, fcBody(newId()));
    expect(waited.statusCode).toBe(201);
    expect(waited.headers['preference-applied']).toBe('wait=0');
    expect(waited.headers['sello-extensions-applied']).toBe('decimal-quantity');
  });

  it('an NC for a document the station does not have, and with a refund method it does not know: documented', async () => {
    const nc = await send('POST', '/dte/nc', key, ncBody(newId(), newId()));
    expect(nc.statusCode).toBeGreaterThanOrEqual(400);
    const refund = await send('POST', '/dte/nc', { ...key, 'sello-refund-method': 'trueque' }, ncBody(newId(), newId()));
    expect(refund.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
  });

  it('a body that is not JSON, of another type, or too big: 400, 400, 413', async () => {
    expect((await send('POST', '/dte/fc', { ...key, 'content-type': 'application/json' }, '{"id":')).statusCode).toBe(400);
    expect((await send('POST', '/dte/fc', { ...key, 'content-type': 'text/plain' }, 'hola')).statusCode).toBe(400);
    const big = JSON.stringify({ ...fcBody(newId()), relleno: 'x'.repeat(4 * 1024 * 1024) });
    expect((await send('POST', '/dte/fc', { ...key, 'content-type': 'application/json' }, big)).statusCode).toBe(413);
  });

  it('a document not approved, not there, not a UUID: 404 with its code', async () => {
    const id = newId();
    await send('POST', '/dte/ccf', key, ccfBody(id));
    expect((await send('GET', `/dte/${id}/download/json`, key)).json()).toMatchObject({ code: 'DTE_NOT_APPROVED' });
    expect((await send('GET', `/dte/${newId()}`, key)).json()).toMatchObject({ code: 'DTE_NOT_FOUND' });
    expect((await send('GET', '/dte/no-es-uuid', key)).json()).toMatchObject({ code: 'DTE_NOT_FOUND' });
    // A path parameter with a broken %-escape cannot be routed: 400, documented on the operation it aimed at.
    expect((await send('GET', '/dte/%E0%A4%A', key)).json()).toMatchObject({ code: 'MALFORMED_REQUEST' });
  });

  it('downloads: the signed JSON as application/json, the PDF, with Content-Disposition', async () => {
    const id = await approvedFc();
    const json = await send('GET', `/dte/${id}/download/json`, key);
    expect(json.statusCode).toBe(200);
    expect(json.headers['content-disposition']).toContain('attachment');
    expect(json.json()).toHaveProperty('firmaElectronica');
    expect((await send('GET', `/dte/${id}/download/pdf`, key)).statusCode).toBe(200);
    expect((await send('GET', `/dte/${id}/receipt`, key)).statusCode).toBe(200);
    expect((await send('GET', '/products/export', key)).statusCode).toBe(200);
    expect((await send('GET', '/products/export?format=xlsx', key)).statusCode).toBe(200);
  });

  it('an invalidation answers 201 once MH answered, as documented', async () => {
    const id = await approvedFc();
    const res = await send('POST', '/dte/invalidate', key, {
      dteId: id,
      reason: 'El cliente canceló la compra',
      manager: { name: 'Ana Lucía Gómez', identificationDocument: { type: 'DUI', number: '012345678' } },
      requester: { name: 'Carlos Pérez', identificationDocument: { type: 'DUI', number: '012345678' } },
    });
    expect([201, 202]).toContain(res.statusCode);
    expect((await send('POST', '/dte/invalidate', key, { dteId: id })).statusCode).toBeGreaterThanOrEqual(400);
  });

  it('a session: 201 with its cookie and no-store; a wrong password 401; a logout 204 clears the cookie', async () => {
    const login = await send('POST', '/session', {}, { login: 'admin', password: 'demo-admin' });
    expect(login.statusCode).toBe(201);
    expect(login.headers['set-cookie']).toContain('sello_session=');
    expect(login.headers['cache-control']).toBe('no-store');
    expect((await send('POST', '/session', {}, { login: 'admin', password: 'no-es-la-clave' })).statusCode).toBe(401);
    const cookie = String(login.headers['set-cookie']).split(';')[0]!;
    expect((await send('DELETE', '/session', { cookie })).statusCode).toBe(204);
    // The ended session's cookie is cleared on the 401 of a read.
    const ended = await send('GET', '/users', { cookie });
    expect(ended.statusCode).toBe(401);
    expect(ended.headers['set-cookie']).toContain('Max-Age=0');
  });

  it('creates with Location: a product, a webhook', async () => {
    const admin = await sessionHeaders(app, 'admin');
    const product = await send('POST', '/products', admin, {
      code: 'C56-001',
      description: 'Prueba',
      unitMeasure: 'UNIDAD',
      shelfPrice: 1.25,
    });
    expect(product.statusCode).toBe(201);
    expect(product.headers.location).toMatch(/^\/products\//);
    const hook = await send('POST', '/webhooks', admin, { url: 'http://127.0.0.1:9/avisos' });
    expect(hook.statusCode).toBe(201);
    expect(hook.headers.location).toMatch(/^\/webhooks\//);
  });

  it('a cashier where the role may not go, and a printer that is not there: 403, 409', async () => {
    const cashier = await sessionHeaders(app, 'cajero');
    expect((await send('GET', '/users', cashier)).json()).toMatchObject({ code: 'FORBIDDEN' });
    const admin = await sessionHeaders(app, 'admin');
    const printed = await send('POST', '/printer/test', admin);
    expect(printed.statusCode).toBeGreaterThanOrEqual(200);
  });

  it('too many wrong keys: 429 with Retry-After, declared', async () => {
    let res: LightMyRequestResponse | undefined;
    for (let i = 0; i < 6 && res?.statusCode !== 429; i++) res = await send('GET', '/health', { 'x-api-key': `mala-${i}` });
    expect(res!.statusCode).toBe(429);
    expect(res!.headers['retry-after']).toBeDefined();
  });
});

describe('every route', () => {
  const routes = ROUTE_TABLE.filter((r) => r.path !== '/sync/events');
  const url = (path: string) => openApiPath(path).replace(/\{[^}]+\}/g, 'no-existe');

  it('without a credential, answers only what it documents', async () => {
    for (const r of routes) {
      // Logging in with no body, and out, are a public route's own answers.
      await send(r.method, url(r.path), {}, r.method === 'GET' ? undefined : {});
    }
  });

  it('as an administrator with a path that names nothing and an empty body, answers only what it documents', async () => {
    const admin = await sessionHeaders(app, 'admin');
    for (const r of routes.filter((r) => r.path.includes(':'))) {
      await send(r.method, url(r.path), admin, r.method === 'GET' ? undefined : {});
      // A UUID passes the route's own check: the core answers for the record it does not have.
      await send(r.method, url(r.path).replace('no-existe', newId()), admin, r.method === 'GET' ? undefined : {});
    }
  });

  it('as a cashier and as a POS key, answers only what it documents', async () => {
    const cashier = await sessionHeaders(app, 'cajero');
    for (const r of routes) {
      if (r.path === '/session' && r.method === 'DELETE') continue;
      for (const who of [cashier, key]) await send(r.method, url(r.path), who, r.method === 'GET' ? undefined : {});
    }
  });
});
