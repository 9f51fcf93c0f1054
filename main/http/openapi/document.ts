// An HTTP API as an OpenAPI 3.1 document, built from the routes a server registers and the zod schemas that check
// their bodies and query strings. The station's local API (server.ts ROUTE_TABLE, operations.ts) is served at
// /openapi.json and drawn at /docs (docs-page.ts), written to a file by `npm run api:openapi`; the hub's
// (main/hub/openapi.ts) at /hub/openapi.json and /hub/docs. What each operation answers (statuses.ts), the headers
// (headers.ts), downloads (media.ts) and webhooks (webhooks.ts) are data beside it
// (docs/decisions/0077-statuses-headers-and-webhooks.md).
import { z } from 'zod';
import type { ErrorCode } from '../../../shared/errors';
import { ANSWER_EXAMPLES, PROBLEM_EXAMPLES, REQUEST_EXAMPLES, type AnswerExample, type RequestExample } from './examples';
import { LENIENT_BODY, STATION_HEADERS, type HeaderPolicy } from './headers';
import { ANY_FILE, FILE_CONTENT, PDF_CONTENT } from './media';
import { OPERATIONS, TAGS, type Answer, type Operation } from './operations';
import { NAMED_RESPONSES, RESPONSE_SCHEMAS, problem } from './responses/index';
import { byStatus, STATION_STATUSES, statusDescription, type OperationFacts, type StatusPolicy } from './statuses';
import { webhookBody, webhooksSection } from './webhooks';

/** A route as the server registers it: method, Fastify path (`:id`), who may call. */
export interface DocumentedRoute {
  readonly method: string;
  readonly path: string;
  readonly roles: readonly string[] | 'public';
}

type Json = Record<string, unknown>;

/** Fastify's `/dte/:id` as OpenAPI's `/dte/{id}`. */
export const openApiPath = (path: string): string => path.replace(/:([A-Za-z]+)/g, '{$1}');

/** What one API's document says beside its routes. */
export interface ApiDescription {
  readonly title: string;
  readonly description: string;
  readonly server: { readonly url: string; readonly description: string };
  readonly tags: Readonly<Record<string, string>>;
  /** Each route's entry, keyed `METHOD /path` (OpenAPI's braces). */
  readonly operations: Readonly<Record<string, Operation<string>>>;
  /** The success body of each JSON answer, keyed as `operations`; every success status carries it. */
  readonly responses: Readonly<Record<string, z.ZodType>>;
  /** A success status's body where it differs from `responses`, keyed as `operations`, then status. */
  readonly responsesByStatus?: Readonly<Record<string, Readonly<Record<string, z.ZodType>>>>;
  /** The schemas answers point at by name (`#/components/schemas/...`); `Problem` is always one. */
  readonly named: Readonly<Record<string, z.ZodType>>;
  /** Request bodies' examples and answers' (examples.ts), keyed as `operations`. */
  readonly requestExamples: Readonly<Record<string, Readonly<Record<string, RequestExample>>>>;
  readonly answerExamples: Readonly<Record<string, Readonly<Record<string, Readonly<Record<string, AnswerExample>>>>>>;
  /** A problem body per code, by status, shown where an operation has no example of its own for that status. */
  readonly problemExamples?: Readonly<Record<string, Readonly<Record<string, AnswerExample>>>>;
  /** What each operation answers (statuses.ts). */
  readonly statuses: StatusPolicy;
  /** The headers each operation reads and each answer sends (headers.ts). */
  readonly headers: HeaderPolicy;
  /** OpenAPI 3.1's `webhooks`, when the API sends any. */
  readonly webhooks?: () => Json;
  readonly securitySchemes: Readonly<Record<string, Json>>;
  /** The schemes a route's callers may use, as OpenAPI security requirements (alternatives). */
  readonly securityOf: (roles: DocumentedRoute['roles']) => Json[];
  /** Callers as the description names them (`cajero`, `un POS (X-API-Key)`). */
  readonly callerNames: Readonly<Record<string, string>>;
}

/**
 * A zod schema as JSON Schema 2020-12 (OpenAPI 3.1's dialect). A request as a client must send it (`io: 'input'`:
 * defaults optional, before transforms), an answer as the server sends it (`'output'`). Refinements a schema cannot
 * say (a CCF's totals, a note going to its CCF's taxpayer) are enforced by the server and answered as 422 with the field named.
 * Schemas zod draws under `$defs` (those with an id) are moved to `defs`, and their refs with them: a `#/$defs/…`
 * inside an OpenAPI document would point at the document's root.
 */
function schemaOf(schema: z.ZodType, io: 'input' | 'output', defs: Json): Json {
  const json = z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'draft-2020-12' }) as Json;
  delete json.$schema;
  return hoist(json, defs) as Json;
}

function hoist(node: unknown, defs: Json): unknown {
  if (Array.isArray(node)) return node.map((n) => hoist(n, defs));
  if (node === null || typeof node !== 'object') return node;
  const out: Json = {};
  for (const [k, v] of Object.entries(node as Json)) {
    if (k === '$defs') {
      for (const [name, def] of Object.entries(v as Json)) if (!(name in defs)) defs[name] = hoist(def, defs);
    } else if (k === '$ref' && typeof v === 'string') out[k] = v.replace(/^#\/\$defs\//, '#/components/schemas/');
    else out[k] = hoist(v, defs);
  }
  return out;
}

/** The named schemas, each `$ref`'d from where it is used. */
function components(named: ApiDescription['named']): Json {
  const registry = z.registry<{ id: string }>();
  for (const [id, s] of Object.entries(named)) registry.add(s, { id });
  const { schemas } = z.toJSONSchema(registry, { io: 'output', target: 'draft-2020-12', uri: (id) => `#/components/schemas/${id}` });
  // `$id` is the ref's address, which the document already gives: a 2020-12 `$id` may not be a fragment.
  for (const s of Object.values(schemas)) {
    delete (s as Json).$schema;
    delete (s as Json).$id;
  }
  return schemas;
}

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const nameOf = (named: ApiDescription['named'], s: z.ZodType): string | null => Object.entries(named).find(([, v]) => v === s)?.[0] ?? null;

/** Leaves out `additionalProperties: false` at every depth: a lenient body's unknown fields are omitted, not refused. */
function lenient(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(lenient);
  if (node === null || typeof node !== 'object') return node;
  return Object.fromEntries(
    Object.entries(node as Json)
      .filter(([k, v]) => !(k === 'additionalProperties' && v === false))
      .map(([k, v]) => [k, lenient(v)]),
  );
}

/** OpenAPI `examples` (name → {summary, value}) from examples.ts's entries. */
const examplesOf = (entries: Readonly<Record<string, { readonly summary: string; readonly value: unknown }>> | undefined) =>
  entries && Object.keys(entries).length > 0
    ? { examples: Object.fromEntries(Object.entries(entries).map(([name, e]) => [name, { summary: e.summary, value: e.value }])) }
    : {};

interface Built {
  readonly api: ApiDescription;
  /** Schemas drawn inline that carry an id, moved to components. */
  readonly defs: Json;
}

function successContent(b: Built, f: OperationFacts, answer: Answer, status: string): Json | undefined {
  const examples = examplesOf(b.api.answerExamples[f.key]?.[status]);
  switch (answer) {
    case 'json': {
      const response = b.api.responsesByStatus?.[f.key]?.[status] ?? b.api.responses[f.key];
      const name = response ? nameOf(b.api.named, response) : null;
      const schema = name ? ref(name) : response ? schemaOf(response, 'output', b.defs) : { type: 'object' };
      return { 'application/json': { schema, ...examples } };
    }
    case 'pdf':
      return PDF_CONTENT;
    case 'file':
      return FILE_CONTENT[f.key] ?? ANY_FILE;
    case 'events':
      return {
        'text/event-stream': {
          schema: { type: 'string', description: 'Líneas `data: <JSON>` (RFC 8895 / WHATWG), una por cambio; `: sigue` cada 20 s.' },
        },
      };
    case 'none':
      return undefined;
    default: {
      const never: never = answer;
      throw new Error(`unknown answer ${String(never)}`);
    }
  }
}

const SUCCESS_TEXT: Readonly<Record<number, string>> = {
  200: 'Correcto',
  201: 'Creado',
  202: 'Aceptado: sigue en curso',
  204: 'Hecho, sin cuerpo',
};

const headersOf = (b: Built, f: OperationFacts, status: number): Json | undefined => {
  const names = b.api.headers.response(f, status);
  return names.length === 0 ? undefined : Object.fromEntries(names.map((n) => [n, { $ref: `#/components/headers/${n}` }]));
};

/** Every status the operation can answer: its successes, then each error status with its `code`s. */
function responsesOf(b: Built, f: OperationFacts): Json {
  const out: Json = {};
  for (const status of b.api.statuses.success(f)) {
    const content = successContent(b, f, f.op.answer ?? 'json', String(status));
    const headers = headersOf(b, f, status);
    out[String(status)] = {
      description: b.api.statuses.successWhy?.(f, status) ?? SUCCESS_TEXT[status] ?? 'Correcto',
      ...(headers ? { headers } : {}),
      ...(content ? { content } : {}),
    };
  }
  for (const [status, codes] of byStatus(b.api.statuses.errors(f))) {
    const headers = headersOf(b, f, status);
    out[String(status)] = {
      description: statusDescription(b.api.statuses, f, codes),
      ...(headers ? { headers } : {}),
      content: {
        'application/problem+json': { schema: problemWith(codes), ...examplesOf(problemExamples(b, f, status, codes)) },
      },
    };
  }
  return out;
}

/** The operation's own examples of an error status, else the generic one of each of its codes there. */
function problemExamples(b: Built, f: OperationFacts, status: number, codes: readonly ErrorCode[]) {
  const own = b.api.answerExamples[f.key]?.[String(status)];
  if (own) return own;
  const generic = b.api.problemExamples?.[String(status)] ?? {};
  return Object.fromEntries(codes.filter((c) => generic[c]).map((c) => [c, generic[c]!]));
}

/** The Problem body, its `code` narrowed to the codes of one status. */
const problemWith = (codes: readonly ErrorCode[]): Json => ({
  allOf: [ref('Problem'), { properties: { code: { enum: [...codes] } } }],
});

/** The query schema's fields as `in: query` parameters. */
function queryParameters(query: z.ZodType, defs: Json): Json[] {
  const json = schemaOf(query, 'input', defs);
  const properties = (json.properties ?? {}) as Record<string, Json>;
  const required = new Set((json.required ?? []) as string[]);
  return Object.entries(properties).map(([name, schema]) => ({
    name,
    in: 'query',
    required: required.has(name),
    ...(typeof schema.description === 'string' ? { description: schema.description } : {}),
    schema,
  }));
}

const pathParameters = (path: string): Json[] =>
  [...path.matchAll(/\{([A-Za-z]+)\}/g)].map((m) => ({ name: m[1], in: 'path', required: true, schema: { type: 'string' } }));

function requestBody(b: Built, f: OperationFacts, body: z.ZodType): Json {
  const soft = b.api.headers.lenient(f);
  const schema = schemaOf(body, 'input', b.defs);
  const examples = examplesOf(b.api.requestExamples[f.key]);
  // The one example an operation still names itself (operations.ts), until examples.ts has the operation's.
  const single = 'examples' in examples || f.op.example === undefined ? {} : { example: f.op.example };
  return {
    required: true,
    ...(soft ? { description: LENIENT_BODY } : {}),
    content: { 'application/json': { schema: soft ? lenient(schema) : schema, ...examples, ...single } },
  };
}

function operationOf(b: Built, route: DocumentedRoute, op: Operation<string>): Json {
  const path = openApiPath(route.path);
  const f: OperationFacts = { key: `${route.method} ${path}`, method: route.method, path, roles: route.roles, op };
  const api = b.api;
  const callers = route.roles === 'public' ? 'cualquiera' : route.roles.map((r) => api.callerNames[r] ?? r).join(', ');
  return {
    tags: [op.tag],
    operationId: `${route.method.toLowerCase()}${path.replace(/\{([^}]+)\}/g, 'By-$1').replace(/[^A-Za-z0-9]+(.)?/g, (_m, c: string | undefined) => (c ?? '').toUpperCase())}`,
    summary: op.summary,
    description: `${op.description ? `${op.description}\n\n` : ''}Quién puede llamarla: ${callers}.`,
    parameters: [
      ...pathParameters(path),
      ...(op.query ? queryParameters(op.query, b.defs) : []),
      ...api.headers.request(f).map((name) => api.headers.parameters[name]!),
    ],
    ...(op.body ? { requestBody: requestBody(b, f, op.body) } : {}),
    responses: responsesOf(b, f),
    security: api.securityOf(route.roles),
  };
}

/** The whole document. A route with no entry in `api.operations` is left out (the API's test names it). */
export function buildOpenApi(api: ApiDescription, routes: readonly DocumentedRoute[], version: string): Json {
  const b: Built = { api, defs: {} };
  const paths: Record<string, Json> = {};
  for (const route of routes) {
    const path = openApiPath(route.path);
    const op = api.operations[`${route.method} ${path}`];
    if (!op) continue;
    (paths[path] ??= {})[route.method.toLowerCase()] = operationOf(b, route, op);
  }
  const named = components({ ...api.named, Problem: problem });
  return {
    openapi: '3.1.0',
    info: { title: api.title, version, description: api.description },
    servers: [api.server],
    tags: Object.entries(api.tags).map(([name, description]) => ({ name, description })),
    paths,
    ...(api.webhooks ? { webhooks: api.webhooks() } : {}),
    components: {
      schemas: { ...b.defs, ...named },
      headers: api.headers.headers,
      securitySchemes: api.securitySchemes,
    },
  };
}

/** The station's local API: the DTE service contract and the application's API beyond it. */
const STATION_API: ApiDescription = {
  title: 'Sello: servicio DTE local',
  description:
    'El contrato del servicio DTE que Sello atiende en la estación (http://127.0.0.1), y la API de la aplicación. ' +
    'Cuerpos y respuestas en JSON; los errores en application/problem+json (RFC 9457) con el campo nombrado. ' +
    'Envíe `X-API-Version: 1`. Lo que va más allá del contrato se pide con `Sello-Extensions` (por ejemplo ' +
    '`decimal-quantity`, cantidades con decimales); sin ese encabezado todo es como dice el contrato. Cada respuesta ' +
    'lleva `X-Request-Id`: cítelo a soporte.',
  server: { url: '/', description: 'Esta estación' },
  tags: TAGS,
  operations: OPERATIONS,
  responses: RESPONSE_SCHEMAS,
  named: { ...NAMED_RESPONSES, WebhookBody: webhookBody },
  requestExamples: REQUEST_EXAMPLES,
  answerExamples: ANSWER_EXAMPLES,
  problemExamples: PROBLEM_EXAMPLES,
  statuses: STATION_STATUSES,
  headers: STATION_HEADERS,
  webhooks: webhooksSection,
  securitySchemes: {
    apiKey: { type: 'apiKey', in: 'header', name: 'X-API-Key', description: 'La clave de API de un punto de venta (POST /api-keys).' },
    session: { type: 'apiKey', in: 'cookie', name: 'sello_session', description: 'La sesión de una persona (POST /session).' },
  },
  securityOf: (roles) => (roles === 'public' ? [] : roles.includes('pos') ? [{ apiKey: [] }, { session: [] }] : [{ session: [] }]),
  callerNames: { CASHIER: 'cajero', SUPERVISOR: 'supervisor', ADMIN: 'administrador', pos: 'un POS (X-API-Key)' },
};

export const openApiDocument = (routes: readonly DocumentedRoute[], version: string): Json => buildOpenApi(STATION_API, routes, version);
