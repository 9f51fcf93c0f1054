// The OpenAPI 3.1 document of the local API (main/http/openapi/): valid by two OpenAPI validators from npm,
// with every route the server registers and no other, served at /openapi.json and /docs without a key, and a body
// its schema refuses answered with the field named. Examples and answers: openapi-honesty.test.ts.
import { validate } from '@readme/openapi-parser';
import { Validator } from '@seriousme/openapi-schema-validator';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildHttpServer, ROUTE_TABLE } from '../../main/http/server';
import { openApiDocument, openApiPath } from '../../main/http/openapi/document';
import { OPERATIONS } from '../../main/http/openapi/operations';
import { problem } from '../../main/http/openapi/responses/index';
import { UI_CSP } from '../../main/http/ui';
import { silentLogger } from '../../main/core/logger';
import { SELLO_VERSION } from '../../main/core/station/station-service';
import { testCore } from '../support/core';
import { sessionHeaders } from '../support/session';

type Doc = {
  paths: Record<
    string,
    Record<
      string,
      { security: unknown[]; requestBody?: { content: Record<string, { example?: unknown }> }; responses: Record<string, unknown> }
    >
  >;
};

let core: ReturnType<typeof testCore>;
let app: FastifyInstance;
const doc = openApiDocument(ROUTE_TABLE, SELLO_VERSION) as unknown as Doc;

beforeAll(async () => {
  core = testCore();
  app = await buildHttpServer(core, { logger: silentLogger });
});
afterAll(async () => {
  await app.close();
  core.cleanup();
});

const routeKeys = () => ROUTE_TABLE.map((r) => `${r.method} ${openApiPath(r.path)}`).sort();
const documentedKeys = () =>
  Object.entries(doc.paths)
    .flatMap(([path, item]) => Object.keys(item).map((m) => `${m.toUpperCase()} ${path}`))
    .sort();

describe('the OpenAPI document', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    const validator = new Validator();
    const result = await validator.validate(doc);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
  });

  it('is valid for a second, independent validator (@readme/openapi-parser), as CI checks the written files', async () => {
    const result = await validate(structuredClone(doc) as unknown as Parameters<typeof validate>[0]);
    expect(result.valid ? [] : result.errors).toEqual([]);
  });

  it('has every route the server registers, and no route it does not', () => {
    expect(documentedKeys()).toEqual(routeKeys());
    expect(Object.keys(OPERATIONS).sort()).toEqual(routeKeys());
  });

  it('asks for the credentials each route takes', () => {
    for (const r of ROUTE_TABLE) {
      const op = doc.paths[openApiPath(r.path)]![r.method.toLowerCase()]!;
      const schemes = op.security.flatMap((s) => Object.keys(s as object)).sort();
      if (r.roles === 'public') expect(schemes, `${r.method} ${r.path}`).toEqual([]);
      else if (r.roles.includes('pos')) expect(schemes, `${r.method} ${r.path}`).toEqual(['apiKey', 'session']);
      else expect(schemes, `${r.method} ${r.path}`).toEqual(['session']);
    }
  });

  it('is served at /openapi.json and drawn at /docs to anyone, under the strict CSP', async () => {
    const json = await app.inject({ method: 'GET', url: '/openapi.json' });
    expect(json.statusCode).toBe(200);
    expect(json.json()).toEqual(JSON.parse(JSON.stringify(doc)));
    for (const url of ['/docs', '/docs/docs.js', '/docs/docs.css']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-security-policy'], url).toBe(UI_CSP);
    }
    const page = await app.inject({ method: 'GET', url: '/docs' });
    expect(page.body).toContain('<script src="/docs/docs.js" defer></script>');
    expect(page.body).not.toMatch(/<script>|style=/);
  });
});

// Its examples, answers, statuses and headers against a real server: test/integration/openapi-honesty.test.ts.
describe('its bodies, against a real server', () => {
  it('answers a body its schema refuses with a problem that names the field', async () => {
    const admin = await sessionHeaders(app, 'admin');
    for (const [path, item] of Object.entries(doc.paths))
      for (const [method, op] of Object.entries(item)) {
        if (!op.requestBody || path.includes('{')) continue;
        const res = await app.inject({
          method: method.toUpperCase() as 'POST',
          url: path,
          headers: { 'x-api-version': '1', ...admin },
          payload: { campoQueNoExiste: 1 },
        });
        expect(res.statusCode, `${method} ${path}`).toBeGreaterThanOrEqual(400);
        expect(res.statusCode, `${method} ${path}`).toBeLessThan(500);
        expect(res.headers['content-type'], `${method} ${path}`).toMatch(/^application\/problem\+json/);
        const body = problem.parse(res.json());
        expect(String(res.statusCode) in op.responses, `${method} ${path} ${res.statusCode}`).toBe(true);
        if (body.code === 'VALIDATION_FAILED') expect(body.errors?.length, `${method} ${path}`).toBeGreaterThan(0);
      }
  });
});
