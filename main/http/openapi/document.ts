// The local API as an OpenAPI 3.1 document, built from the routes the server registers (server.ts ROUTE_TABLE) and
// the zod schemas that check their bodies and query strings (operations.ts). Served at /openapi.json, drawn at
// /docs (docs-page.ts), written to a file by `npm run api:openapi`.
import { z } from 'zod';
import { ERROR_CODES } from '../../../shared/errors';
import { statusOf } from '../problem';
import { OPERATIONS, TAGS, type Answer, type Operation } from './operations';
import { dteListPage, dteRecord, problem } from './responses';

/** A route as the server registers it: method, Fastify path (`:id`), who may call. */
export interface DocumentedRoute {
  readonly method: string;
  readonly path: string;
  readonly roles: readonly string[] | 'public';
}

type Json = Record<string, unknown>;

/** Fastify's `/dte/:id` as OpenAPI's `/dte/{id}`. */
export const openApiPath = (path: string): string => path.replace(/:([A-Za-z]+)/g, '{$1}');

/** The schemas every operation may point at, by name (`#/components/schemas/...`). */
const NAMED = { DteRecord: dteRecord, DteListPage: dteListPage, Problem: problem } as const;

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
function components(): Json {
  const registry = z.registry<{ id: string }>();
  for (const [id, s] of Object.entries(NAMED)) registry.add(s, { id });
  const { schemas } = z.toJSONSchema(registry, { io: 'output', target: 'draft-2020-12', uri: (id) => `#/components/schemas/${id}` });
  // `$id` is the ref's address, which the document already gives: a 2020-12 `$id` may not be a fragment.
  for (const s of Object.values(schemas)) {
    delete (s as Json).$schema;
    delete (s as Json).$id;
  }
  return schemas;
}

const ref = (name: keyof typeof NAMED) => ({ $ref: `#/components/schemas/${name}` });
const named = (s: z.ZodType): keyof typeof NAMED | null =>
  (Object.entries(NAMED).find(([, v]) => v === s)?.[0] as keyof typeof NAMED | undefined) ?? null;

function content(answer: Answer, response: z.ZodType | undefined): Json | undefined {
  switch (answer) {
    case 'json': {
      const name = response ? named(response) : null;
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

const SECURITY = {
  apiKey: { type: 'apiKey', in: 'header', name: 'X-API-Key', description: 'La clave de API de un punto de venta (POST /api-keys).' },
  session: { type: 'apiKey', in: 'cookie', name: 'sello_session', description: 'La sesión de una persona (POST /session).' },
} as const;

const CALLER_NAMES: Readonly<Record<string, string>> = {
  CASHIER: 'cajero',
  SUPERVISOR: 'supervisor',
  ADMIN: 'administrador',
  pos: 'un POS (X-API-Key)',
};

function securityOf(roles: DocumentedRoute['roles']): Json[] {
  if (roles === 'public') return [];
  return roles.includes('pos') ? [{ apiKey: [] }, { session: [] }] : [{ session: [] }];
}

function operationOf(route: DocumentedRoute, op: Operation, errors: Json): Json {
  const path = openApiPath(route.path);
  const status = String(op.status ?? 200);
  const body = content(op.answer ?? 'json', op.response);
  const callers = route.roles === 'public' ? 'cualquiera' : route.roles.map((r) => CALLER_NAMES[r] ?? r).join(', ');
  return {
    tags: [op.tag],
    operationId: `${route.method.toLowerCase()}${path.replace(/\{([^}]+)\}/g, 'By-$1').replace(/[^A-Za-z0-9]+(.)?/g, (_m, c: string | undefined) => (c ?? '').toUpperCase())}`,
    summary: op.summary,
    description: `${op.description ? `${op.description}\n\n` : ''}Quién puede llamarla: ${callers}.`,
    parameters: [...pathParameters(path), ...(op.query ? queryParameters(op.query) : [])],
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
    security: securityOf(route.roles),
  };
}

/** The whole document. A route with no entry in OPERATIONS is left out (the test names it). */
export function openApiDocument(routes: readonly DocumentedRoute[], version: string): Json {
  const errors = errorResponses();
  const paths: Record<string, Json> = {};
  for (const route of routes) {
    const path = openApiPath(route.path);
    const op = OPERATIONS[`${route.method} ${path}`];
    if (!op) continue;
    (paths[path] ??= {})[route.method.toLowerCase()] = operationOf(route, op, errors);
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Sello: servicio DTE local',
      version,
      description:
        'El contrato del servicio DTE que Sello atiende en la estación (http://127.0.0.1), y la API de la aplicación. ' +
        'Cuerpos y respuestas en JSON; los errores en application/problem+json (RFC 9457) con el campo nombrado. ' +
        'Envíe `X-API-Version: 1`.',
    },
    servers: [{ url: '/', description: 'Esta estación' }],
    tags: Object.entries(TAGS).map(([name, description]) => ({ name, description })),
    paths,
    components: { schemas: components(), securitySchemes: SECURITY },
  };
}
