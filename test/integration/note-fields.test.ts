// The notes' fields as the document states them and the server enforces them (docs/decisions/0076-fields-said-in-two-languages.md):
// an NC or ND line names the document it adjusts (required, in the schema and on the wire), and a note goes to the
// taxpayer that document was issued to.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildHttpServer, ROUTE_TABLE } from '../../main/http/server';
import { openApiDocument } from '../../main/http/openapi/document';
import { silentLogger } from '../../main/core/logger';
import { SELLO_VERSION } from '../../main/core/station/station-service';
import type { FieldError } from '../../shared/contract';
import { ccfBody, ncBody } from '../fixtures/bodies';
import { DEMO_KEY, testCore } from '../support/core';

type Json = Record<string, unknown>;
let core: ReturnType<typeof testCore>;
let app: FastifyInstance;
const headers = { 'x-api-version': '1', 'x-api-key': DEMO_KEY };
const CCF_ID = '6a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c01';
let serial = 0;
const noteId = () => `6a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b${String(++serial).padStart(4, '0')}`;

beforeAll(async () => {
  core = testCore();
  app = await buildHttpServer(core, { logger: silentLogger });
  const res = await app.inject({ method: 'POST', url: '/dte/ccf', headers, payload: ccfBody(CCF_ID) });
  expect(res.statusCode, res.body).toBe(201);
});
afterAll(async () => {
  await app.close();
  core.cleanup();
});

const post = (kind: 'nc' | 'nd', payload: object) => app.inject({ method: 'POST', url: `/dte/${kind}`, headers, payload });
const paths = (res: { json: <T>() => T }) => res.json<{ errors: FieldError[] }>().errors.map((e) => e.path);

/** The items' schema of an operation's request body. */
function itemSchema(path: string): Json {
  const doc = openApiDocument(ROUTE_TABLE, SELLO_VERSION);
  const op = (doc.paths as Record<string, Record<string, Json>>)[path]!.post!;
  const schema = ((op.requestBody as Json).content as Record<string, Json>)['application/json']!.schema as Json;
  return ((schema.properties as Record<string, Json>).items!.items as Json) ?? {};
}

describe("an NC or ND line's documentNumber", () => {
  it('is required in the document for NC and ND, optional for CCF and FC', () => {
    for (const path of ['/dte/nc', '/dte/nd']) expect(itemSchema(path).required, path).toContain('documentNumber');
    for (const path of ['/dte/ccf', '/dte/fc']) expect(itemSchema(path).required, path).not.toContain('documentNumber');
  });

  it('is required by the server: an NC or ND without it is a 422 naming items.0.documentNumber', async () => {
    for (const kind of ['nc', 'nd'] as const) {
      const body = ncBody(noteId(), CCF_ID);
      const items = body.items as Json[];
      const { documentNumber: _dropped, ...line } = items[0]!;
      const res = await post(kind, { ...body, items: [line] });
      expect(res.statusCode, kind).toBe(422);
      expect(paths(res), kind).toEqual(['items.0.documentNumber']);
    }
  });
});

describe("a note's recipient", () => {
  const toNit = (number: string) => {
    const body = ncBody(noteId(), CCF_ID);
    return { ...body, recipient: { ...(body.recipient as Json), identificationDocument: { type: 'NIT', number } } };
  };

  it("is refused when it is not the adjusted CCF's (422 naming recipient.identificationDocument.number)", async () => {
    for (const kind of ['nc', 'nd'] as const) {
      const res = await post(kind, toNit('06140101901234'));
      expect(res.statusCode, kind).toBe(422);
      expect(paths(res), kind).toEqual(['recipient.identificationDocument.number']);
      expect(res.json<{ errors: FieldError[] }>().errors[0]!.message).toContain('06141234567890');
    }
  });

  it("is accepted when it is the CCF's", async () => {
    for (const kind of ['nc', 'nd'] as const) {
      const res = await post(kind, toNit('06141234567890'));
      expect(res.statusCode, `${kind}: ${res.body}`).toBe(201);
    }
  });
});
