// An HTTP API as an OpenAPI 3.1 document, built from the routes a server registers and the zod schemas that check
// their bodies and query strings. The station's local API (server.ts ROUTE_TABLE, operations.ts) is served at
// /openapi.json and drawn at /docs (docs-page.ts), written to a file by `npm run api:openapi`; the hub's
// (main/hub/openapi.ts) at /hub/openapi.json and /hub/docs.
import { z } from 'zod';
import { ERROR_CODES } from '../../../shared/errors';
import { statusOf } from '../problem';
import { OPERATIONS, TAGS, type Answer, type HeaderParameter, type Operation } from './operations';
import { dteListPage, dteRecord, problem } from './responses/index';

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
  /** The schemas operations point at by name (`#/components/schemas/...`); `Problem` is always one. */
  readonly named: Readonly<Record<string, z.ZodType>>;
  readonly securitySchemes: Readonly<Record<string, Json>>;
  /** The schemes a route's callers may use, as OpenAPI security requirements (alternatives). */
  readonly securityOf: (roles: DocumentedRoute['roles']) => Json[];
  /** Callers as the description names them (`cajero`, `un POS (X-API-Key)`). */
  readonly callerNames: Readonly<Record<string, string>>;
}

/**
 * A zod schema as JSON Schema 2020-12 (OpenAPI 3.1's dialect), as a client must send it (`io: 'input'`: defaults
 * optional, before transforms). Refinements a schema cannot say (a CCF's totals, a DUI's check digit) are enforced
 * by the server and answered as 422 with the field named.
 */
function schemaOf(schema: z.ZodType): Json {
  const json = z.toJSONSchema(schema, {
    io: 'input',
    unrepresentable: 'any',
    target: 'draft-2020-12',
  }) as Json;
  delete json.$schema;
  return json;
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

function content(api: ApiDescription, answer: Answer, response: z.ZodType | undefined): Json | undefined {
  switch (answer) {
    case 'json': {
      const name = response ? nameOf(api.named, response) : null;
      return { 'application/json': { schema: name ? ref(name) : response ? schemaOf(response) : { type: 'object' } } };
    }
    case 'pdf':
      return { 'application/pdf': { schema: { type: 'string', contentMediaType: 'application/pdf' } } };
    case 'file':
      return {
        'application/octet-stream': { schema: { type: 'string', description: 'El archivo, con Content-Disposition: attachment.' } },
      };
    case 'events':
      return { 'text/event-stream': { schema: { type: 'string' } } };
    case 'none':
      return undefined;
    default: {
      const never: never = answer;
      throw new Error(`unknown answer ${String(never)}`);
    }
  }
}

/** The query schema's fields as `in: query` parameters. */
function queryParameters(query: z.ZodType): Json[] {
  const json = schemaOf(query);
  const properties = (json.properties ?? {}) as Record<string, Json>;
  const required = new Set((json.required ?? []) as string[]);
  return Object.entries(properties).map(([name, schema]) => ({ name, in: 'query', required: required.has(name), schema }));
}

/** A list-valued request header: optional, its values named (the contract's extensions, for one). */
const headerParameter = (h: HeaderParameter): Json => ({
  name: h.name,
  in: 'header',
  required: false,
  description: h.description,
  schema: { type: 'string', examples: [h.values.join(', ')] },
});

const pathParameters = (path: string): Json[] =>
  [...path.matchAll(/\{([A-Za-z]+)\}/g)].map((m) => ({ name: m[1], in: 'path', required: true, schema: { type: 'string' } }));

/** The error answers every operation may give, each status once, pointing at the problem body. */
function errorResponses(): Json {
  const codes = new Map<string, string[]>();
  for (const code of ERROR_CODES) {
    const status = String(statusOf(code));
    codes.set(status, [...(codes.get(status) ?? []), code]);
  }
  return Object.fromEntries(
    [...codes].map(([status, all]) => [
      status,
      { description: all.join(', '), content: { 'application/problem+json': { schema: ref('Problem') } } },
    ]),
  );
}

function operationOf(api: ApiDescription, route: DocumentedRoute, op: Operation<string>, errors: Json): Json {
  const path = openApiPath(route.path);
  const status = String(op.status ?? 200);
  const body = content(api, op.answer ?? 'json', op.response);
  const callers = route.roles === 'public' ? 'cualquiera' : route.roles.map((r) => api.callerNames[r] ?? r).join(', ');
  return {
    tags: [op.tag],
    operationId: `${route.method.toLowerCase()}${path.replace(/\{([^}]+)\}/g, 'By-$1').replace(/[^A-Za-z0-9]+(.)?/g, (_m, c: string | undefined) => (c ?? '').toUpperCase())}`,
    summary: op.summary,
    description: `${op.description ? `${op.description}\n\n` : ''}Quién puede llamarla: ${callers}.`,
    parameters: [...pathParameters(path), ...(op.query ? queryParameters(op.query) : []), ...(op.headers ?? []).map(headerParameter)],
    ...(op.body
      ? {
          requestBody: {
            required: true,
            content: {
              'application/json': {
                schema: schemaOf(op.body),
                ...(op.example === undefined ? {} : { example: op.example }),
              },
            },
          },
        }
      : {}),
    responses: { [status]: { description: 'Correcto', ...(body ? { content: body } : {}) }, ...errors },
    security: api.securityOf(route.roles),
  };
}

/** The whole document. A route with no entry in `api.operations` is left out (the API's test names it). */
export function buildOpenApi(api: ApiDescription, routes: readonly DocumentedRoute[], version: string): Json {
  const errors = errorResponses();
  const paths: Record<string, Json> = {};
  for (const route of routes) {
    const path = openApiPath(route.path);
    const op = api.operations[`${route.method} ${path}`];
    if (!op) continue;
    (paths[path] ??= {})[route.method.toLowerCase()] = operationOf(api, route, op, errors);
  }
  return {
    openapi: '3.1.0',
    info: { title: api.title, version, description: api.description },
    servers: [api.server],
    tags: Object.entries(api.tags).map(([name, description]) => ({ name, description })),
    paths,
    components: { schemas: components({ ...api.named, Problem: problem }), securitySchemes: api.securitySchemes },
  };
}

/** The station's local API: the DTE service contract and the application's API beyond it. */
const STATION_API: ApiDescription = {
  title: 'Sello: servicio DTE local',
  description:
    'El contrato del servicio DTE que Sello atiende en la estación (http://127.0.0.1), y la API de la aplicación. ' +
    'Cuerpos y respuestas en JSON; los errores en application/problem+json (RFC 9457) con el campo nombrado. ' +
    'Envíe `X-API-Version: 1`. Lo que va más allá del contrato se pide con `Sello-Extensions` (por ejemplo ' +
    '`decimal-quantity`, cantidades con decimales); sin ese encabezado todo es como dice el contrato.',
  server: { url: '/', description: 'Esta estación' },
  tags: TAGS,
  operations: OPERATIONS,
  named: { DteRecord: dteRecord, DteListPage: dteListPage },
  securitySchemes: {
    apiKey: { type: 'apiKey', in: 'header', name: 'X-API-Key', description: 'La clave de API de un punto de venta (POST /api-keys).' },
    session: { type: 'apiKey', in: 'cookie', name: 'sello_session', description: 'La sesión de una persona (POST /session).' },
  },
  securityOf: (roles) => (roles === 'public' ? [] : roles.includes('pos') ? [{ apiKey: [] }, { session: [] }] : [{ session: [] }]),
  callerNames: { CASHIER: 'cajero', SUPERVISOR: 'supervisor', ADMIN: 'administrador', pos: 'un POS (X-API-Key)' },
};

export const openApiDocument = (routes: readonly DocumentedRoute[], version: string): Json => buildOpenApi(STATION_API, routes, version);
