// Sends the OpenAPI document's request examples (main/http/openapi/examples.ts) to a real station in their order,
// as a POS or a person would: credentials by the route's roles, path ids taken from earlier answers, MH's answer
// awaited between documents. Each answer goes to `seen` for the checker (test/support/openapi-checker.ts).
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { EXAMPLE_IDS, REQUEST_EXAMPLES, type RequestExample } from '../../main/http/openapi/examples';
import { ROUTE_TABLE } from '../../main/http/server';
import { openApiPath } from '../../main/http/openapi/document';
import { CATALOG_NAMES } from '../../shared/catalogs/lists';
import { DEMO_KEY } from './core';

export interface Sent {
  readonly operation: string;
  readonly name: string;
  readonly example: RequestExample;
  readonly url: string;
  readonly res: LightMyRequestResponse;
}

/** The credentials a route takes: a POS key where a POS may call, else the demo's administrator. */
export function credentialsFor(operation: string, admin: { cookie: string }): Record<string, string> {
  const [method, path] = operation.split(' ');
  const route = ROUTE_TABLE.find((r) => r.method === method && openApiPath(r.path) === path);
  if (!route || route.roles === 'public') return {};
  return route.roles.includes('pos') ? { 'x-api-key': DEMO_KEY } : admin;
}

/** What an earlier answer said, for the ids a later path needs. */
export type Answers = Map<string, unknown>;

const field = (answers: Answers, operation: string, name: string): string => {
  const body = answers.get(operation) as Record<string, unknown> | undefined;
  const v = body?.[name];
  return typeof v === 'string' || typeof v === 'number' ? String(v) : `sin-${name}-de-${operation.replace(/\W+/g, '-')}`;
};

/** A path template's URL: each `{param}` from the examples' ids or an earlier answer. */
export function urlFor(operation: string, answers: Answers): string {
  const path = operation.split(' ')[1]!;
  const value = (param: string): string => {
    if (path.startsWith('/dte/returns/')) return field(answers, 'POST /dte/return', 'id');
    if (path.startsWith('/dte/invalidations/')) return '00000000-0000-4000-8000-000000000000';
    if (path.startsWith('/dte/')) return EXAMPLE_IDS.FC;
    if (path.startsWith('/events/eoe/')) return field(answers, 'POST /events/eoe', 'id');
    if (path.startsWith('/products/')) return field(answers, 'POST /products', 'id');
    if (path.startsWith('/users/')) return 'cajera2';
    if (path.startsWith('/closes/openings/')) return field(answers, 'POST /closes/openings', 'id');
    if (path.startsWith('/closes/')) return field(answers, 'POST /closes', 'id');
    if (path.startsWith('/webhooks/')) return field(answers, 'POST /webhooks', 'id');
    if (path.startsWith('/api-keys/')) return field(answers, 'POST /api-keys', 'id');
    if (path.startsWith('/books/')) return 'consumidores';
    if (path.startsWith('/annexes/')) return '1';
    if (path.startsWith('/catalogs/')) return CATALOG_NAMES[0];
    return `sin-${param}`;
  };
  return path.replace(/\{([A-Za-z]+)\}/g, (_m, p: string) => value(p)) + (QUERIES[operation] ?? '');
}

/** The query strings the GET routes that require one are read with. */
const QUERIES: Readonly<Record<string, string>> = {
  'GET /receivers': '?type=CCF',
  'GET /books': '?month=2026-11',
  'GET /books/{book}': '?month=2026-11',
  'GET /annexes/{annex}': '?month=2026-11',
  'GET /reports/sales': '?from=2026-11-01&to=2026-11-30',
};

/** Sends every request example in order; `afterEach` runs after each (the test lets MH answer there). */
export async function sendExamples(
  app: FastifyInstance,
  admin: { cookie: string },
  afterEach: (sent: Sent) => Promise<void>,
  answers: Answers = new Map(),
): Promise<Sent[]> {
  const sent: Sent[] = [];
  for (const [operation, examples] of Object.entries(REQUEST_EXAMPLES))
    for (const [name, example] of Object.entries(examples)) {
      const method = operation.split(' ')[0] as 'POST' | 'PUT';
      const url = urlFor(operation, answers);
      const res = await app.inject({
        method,
        url,
        headers: { 'x-api-version': '1', 'content-type': 'application/json', ...credentialsFor(operation, admin), ...example.headers },
        payload: JSON.stringify(example.value),
      });
      if (res.statusCode < 300 && res.body && !answers.has(operation)) answers.set(operation, JSON.parse(res.body) as unknown);
      const one = { operation, name, example, url, res };
      sent.push(one);
      await afterEach(one);
    }
  return sent;
}
