// Property-based fuzzing of every HTTP endpoint: random and mutated bodies, headers, paths and queries.
// For every request: never a 5xx; a refused request changes nothing stored; a validation error names its
// field. SELLO_FUZZ_RUNS scales the run (default 10,000 requests in all).
import BetterSqlite3 from 'better-sqlite3';
import fc from 'fast-check';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildHttpServer } from '../../main/http/server';
import { silentLogger } from '../../main/core/logger';
import { createCore, type Core } from '../../main/core/create-core';
import { ccfBody, crBody, fcBody, fexBody, fseBody, ncBody } from '../fixtures/bodies';
import { withValue } from '../support/mutate';
import { DEMO_KEY, fixedClock, tempDir } from '../support/core';
import { sessionHeaders } from '../support/session';

const TOTAL = Number(process.env.SELLO_FUZZ_RUNS ?? 10_000);
/** An administrator's session: every route is open to it. */
const ADMIN: Record<string, string> = {};

let core: Core;
let dir: { dir: string; cleanup(): void };
let app: Awaited<ReturnType<typeof buildHttpServer>>;
let reader: BetterSqlite3.Database;
const known: string[] = [];
let requests = 0;
const statuses = new Map<number, number>();

beforeAll(async () => {
  dir = tempDir();
  // Only the requests may change the store: the sync engine runs by hand (never here) and no copy is scheduled.
  core = createCore({ dataDir: dir.dir, clock: fixedClock(), sync: { manual: true }, backups: { everyMs: 0 } });
  app = await buildHttpServer(core, { logger: silentLogger, throttle: { maxFailures: 1_000_000 } });
  Object.assign(ADMIN, await sessionHeaders(app, 'admin'));
  // Documents to point at: every kind, and a CCF for the notes.
  const seeds: [Parameters<Core['dtes']['create']>[0], Record<string, unknown>][] = [
    ['FC', fcBody('f0000000-0000-4000-8000-000000000001')],
    ['CCF', ccfBody('f0000000-0000-4000-8000-000000000002')],
    ['CR', crBody('f0000000-0000-4000-8000-000000000003')],
    ['FSE', fseBody('f0000000-0000-4000-8000-000000000004')],
    ['FEX', fexBody('f0000000-0000-4000-8000-000000000005')],
  ];
  for (const [kind, body] of seeds) known.push(core.dtes.create(kind, body, 'test').record.id);
  known.push(core.dtes.create('NC', ncBody('f0000000-0000-4000-8000-000000000006', known[1]!), 'test').record.id);
  reader = new BetterSqlite3(join(core.dataDir, 'sello.db'), { readonly: true });
});

afterAll(async () => {
  reader.close();
  await app.close();
  core.close();
  dir.cleanup();
  // The whole point: at least the asked number of requests went through the checks, and both ways out
  // (accepted and refused) were taken.
  expect(requests).toBeGreaterThanOrEqual(TOTAL);
  const tally = [...statuses.entries()].sort((a, b) => a[0] - b[0]);
  if (process.env.SELLO_FUZZ_REPORT)
    process.stdout.write(`fuzz: ${requests} requests; by status ${JSON.stringify(Object.fromEntries(tally))}\n`);
  expect(tally.some(([s]) => s >= 200 && s < 300)).toBe(true);
  expect(tally.some(([s]) => s === 422)).toBe(true);
});

/** Everything a request could change, in one string. */
const fingerprint = (): string =>
  (
    reader
      .prepare(
        `SELECT
          (SELECT count(*) || ':' || coalesce(max(rowid), 0) FROM documents) || '|' ||
          (SELECT count(*) || ':' || coalesce(group_concat(state, ''), '') FROM outbox) || '|' ||
          (SELECT coalesce(group_concat(kind || branch_code || pos_number || year || '=' || last_value, ','), '') FROM control_sequences) || '|' ||
          (SELECT count(*) || ':' || coalesce(max(seq), 0) FROM audit_log) || '|' ||
          (SELECT count(*) || ':' || count(revoked_at) FROM api_keys) || '|' ||
          (SELECT coalesce(group_concat(key || '=' || length(value) || value, ';'), '') FROM (SELECT * FROM settings ORDER BY key)) || '|' ||
          (SELECT count(*) || ':' || coalesce(sum(uses), 0) FROM receivers) || '|' ||
          (SELECT count(*) FROM invalidations) AS f`,
      )
      .get() as { f: string }
  ).f;

interface Req {
  readonly method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH' | 'OPTIONS';
  readonly url: string;
  readonly headers: Record<string, string>;
  readonly payload?: string;
}

const parsed = (payload: string | undefined): unknown => {
  try {
    return payload === undefined ? null : (JSON.parse(payload) as unknown);
  } catch {
    return null;
  }
};
const RECORD_KEYS = new Set([
  'id',
  'companyId',
  'controlNumber',
  'environment',
  'type',
  'version',
  'status',
  'mhResponse',
  'generatedAt',
  'createdAt',
  'updatedAt',
  'branchCode',
  'posNumber',
  'recipientName',
  'total',
]);
const isPlainObject = (v: unknown) => v !== null && typeof v === 'object' && !Array.isArray(v);

async function check(req: Req): Promise<void> {
  requests += 1;
  const before = fingerprint();
  const res = await app.inject({
    method: req.method,
    url: req.url,
    headers: req.headers,
    ...(req.payload === undefined ? {} : { payload: req.payload }),
  });
  statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
  const where = `${req.method} ${req.url} → ${res.statusCode} ${res.body.slice(0, 300)}`;
  expect(res.statusCode, where).toBeLessThan(500);
  // An accepted document answers with the record and nothing else: fields the spec does not list are never echoed.
  if (req.method === 'POST' && /^\/dte\/(?!invalidate)/.test(req.url) && res.statusCode < 300) {
    const keys = Object.keys(res.json<object>());
    expect(
      keys.filter((k) => !RECORD_KEYS.has(k)),
      where,
    ).toEqual([]);
  }
  if (res.statusCode >= 400) {
    expect(fingerprint(), `a refused request changed the store: ${where}`).toBe(before);
    const problem = res.json<{ code?: string; title?: string; errors?: { path: string; code: string; message: string }[] }>();
    expect(typeof problem.code, where).toBe('string');
    expect(typeof problem.title, where).toBe('string');
    if (problem.code === 'VALIDATION_FAILED') {
      expect(problem.errors?.length, where).toBeGreaterThan(0);
      const body = parsed(req.payload);
      for (const e of problem.errors ?? []) {
        expect(typeof e.message === 'string' && e.message.length > 0, where).toBe(true);
        // The field is named, unless the body itself is not an object (then the body is what is wrong) or the
        // field's own name is empty (an unknown key "").
        if (e.path === '')
          expect(isPlainObject(body) && !Object.hasOwn(body as object, '') && req.url.split('?')[1] === undefined, where).toBe(false);
      }
    }
  }
}

// Values that have broken JSON APIs before: types, extremes, text that is not what it seems.
const nasty = fc.oneof(
  fc.jsonValue({ maxDepth: 2 }),
  fc.constantFrom(
    null,
    true,
    false,
    0,
    -1,
    -0,
    1e308,
    -1e308,
    5e-324,
    0.1,
    2 ** 53 + 1,
    '',
    ' ',
    '0',
    '-1',
    '1e400',
    'NaN',
    'null',
    '{}',
    '[]',
  ),
  fc.constantFrom(
    'a'.repeat(5000),
    '\u0000',
    '\ud800',
    '💥'.repeat(300),
    '<script>alert(1)</script>',
    "'; DROP TABLE documents; --",
    '../../etc/passwd',
    '%00',
    '\r\n\r\n',
  ),
  fc.string({ maxLength: 40 }),
  fc.integer(),
  fc.double({ noNaN: true }),
  fc.array(fc.jsonValue({ maxDepth: 1 }), { maxLength: 5 }),
);

function pathsOf(v: unknown, prefix = ''): string[] {
  if (v === null || typeof v !== 'object') return [];
  const entries = Array.isArray(v) ? v.map((x, i) => [String(i), x] as const) : Object.entries(v as Record<string, unknown>);
  return entries.flatMap(([k, x]) => {
    const p = prefix ? `${prefix}.${k}` : k;
    return [p, ...pathsOf(x, p)];
  });
}

type Mutation =
  { op: 'set'; path: number; value: unknown } | { op: 'delete'; path: number } | { op: 'extra'; path: number; key: string; value: unknown };
const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  fc.record({ op: fc.constant('set' as const), path: fc.nat(), value: nasty }),
  fc.record({ op: fc.constant('delete' as const), path: fc.nat() }),
  fc.record({
    op: fc.constant('extra' as const),
    path: fc.nat(),
    // Any UTF-16 text, lone surrogates included: an unknown key is named in a header after the document is stored.
    key: fc.oneof(
      fc.string({ minLength: 1, maxLength: 12 }),
      fc.string({ unit: 'binary', minLength: 1, maxLength: 6 }),
      fc.constantFrom('\ud800', '\udc00x', 'a\ud83d'),
    ),
    value: nasty,
  }),
);

function mutate(body: Record<string, unknown>, ms: readonly Mutation[]): Record<string, unknown> {
  let b = body;
  for (const m of ms) {
    const paths = pathsOf(b);
    if (paths.length === 0) break;
    const path = paths[m.path % paths.length]!;
    if (m.op === 'set') b = withValue(b, path, m.value);
    else if (m.op === 'delete') b = withValue(b, path, undefined);
    else {
      // An unknown key goes into an object; an array's extra property would never reach JSON anyway.
      const parentPath = path.split('.').slice(0, -1);
      const parent = parentPath.reduce<unknown>((node, k) => (node as Record<string, unknown> | undefined)?.[k], b);
      if (Array.isArray(parent)) continue;
      b = withValue(b, parentPath.concat(m.key.replace(/\./g, '_')).join('.'), m.value);
    }
  }
  return b;
}

const KINDS = ['fc', 'ccf', 'nc', 'nd', 'cr', 'fse', 'fex'] as const;
const seedFor = (kind: (typeof KINDS)[number], id: string): Record<string, unknown> => {
  switch (kind) {
    case 'fc':
      return fcBody(id);
    case 'ccf':
      return ccfBody(id);
    case 'nc':
    case 'nd':
      return ncBody(id, known[1]!);
    case 'cr':
      return crBody(id);
    case 'fse':
      return fseBody(id);
    case 'fex':
      return fexBody(id);
    default: {
      const never: never = kind;
      return never;
    }
  }
};

const authHeaders = fc.oneof(
  { weight: 8, arbitrary: fc.constant<Record<string, string>>({ 'x-api-key': DEMO_KEY }) },
  { weight: 2, arbitrary: fc.constant<Record<string, string>>(ADMIN) },
  { weight: 1, arbitrary: fc.record({ 'x-api-key': fc.string({ maxLength: 30 }).filter((s) => /^[\x21-\x7e]*$/.test(s)) }) },
  { weight: 1, arbitrary: fc.constant<Record<string, string>>({}) },
);
const extraHeaders = fc.record(
  {
    'x-api-version': fc.constantFrom('1', '2', '0', 'abc', ''),
    prefer: fc.constantFrom('wait=0', 'wait=abc', 'wait=99999999999', 'respond-async', 'wait=-1'),
    'content-type': fc.constantFrom(
      'application/json',
      'text/plain',
      'application/x-www-form-urlencoded',
      'application/json; charset=latin1',
      'multipart/form-data; boundary=x',
    ),
  },
  { requiredKeys: [] },
);

const runs = (share: number) => Math.max(1, Math.round(TOTAL * share));

describe('HTTP fuzzing', () => {
  it('creates: mutated valid bodies of every kind', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...KINDS),
        fc.uuid(),
        fc.array(mutation, { minLength: 1, maxLength: 4 }),
        authHeaders,
        async (kind, id, ms, auth) => {
          const body = mutate(seedFor(kind, id), ms);
          await check({
            method: 'POST',
            url: `/dte/${kind}`,
            headers: { ...auth, 'content-type': 'application/json' },
            payload: JSON.stringify(body),
          });
        },
      ),
      { numRuns: runs(0.3) },
    );
  }, 600_000);

  it("creates: amounts near MH's cap in every numeric field of every kind", async () => {
    const big = fc.oneof(
      fc.double({ min: 1e8, max: 99_999_999_999.99, noNaN: true }),
      fc.integer({ min: 1e9, max: 99_999_999_999 }),
      fc.constant(99_999_999_999.99),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...KINDS),
        fc.uuid(),
        fc.array(fc.tuple(fc.nat(), big), { minLength: 1, maxLength: 4 }),
        async (kind, id, sets) => {
          let body = seedFor(kind, id);
          const numeric = pathsOf(body).filter((p) => {
            const v = p.split('.').reduce<unknown>((n, k) => (n as Record<string, unknown> | undefined)?.[k], body);
            return typeof v === 'number';
          });
          for (const [i, value] of sets) if (numeric.length) body = withValue(body, numeric[i % numeric.length]!, value);
          await check({
            method: 'POST',
            url: `/dte/${kind}`,
            headers: { 'x-api-key': DEMO_KEY, 'content-type': 'application/json' },
            payload: JSON.stringify(body),
          });
        },
      ),
      { numRuns: runs(0.05) },
    );
  }, 600_000);

  it('writes: random bodies, raw text and headers on every endpoint that takes a body', async () => {
    const targets = [
      ...KINDS.map((k) => ['POST', `/dte/${k}`] as const),
      ['POST', '/dte/invalidate'],
      ['PUT', '/settings/printing'],
      ['PUT', '/settings/station'],
      ['POST', '/settings/station/setup'],
      ['POST', '/settings/welcome-seen'],
      ['POST', '/api-keys'],
      ['POST', '/sync/retry'],
      ['POST', '/webhooks'],
    ] as const;
    const payload = fc.oneof(
      nasty.map((v) => JSON.stringify(v)),
      fc.string({ maxLength: 200 }),
      fc.constantFrom(
        '{',
        '{"id":',
        '[1,2',
        '\u0000',
        '{"a":1}{"b":2}',
        '{"__proto__":{"polluted":true}}',
        '{"constructor":{"prototype":{"x":1}}}',
      ),
      fc
        .record({
          dteId: fc.oneof(fc.constantFrom(...known), fc.uuid(), fc.string()),
          reason: fc.option(fc.string(), { nil: undefined }),
          dteReplaceId: fc.option(fc.uuid(), { nil: undefined }),
        })
        .map((v) => JSON.stringify(v)),
    );
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...targets), payload, authHeaders, extraHeaders, async ([method, url], body, auth, extra) => {
        await check({ method, url, headers: { 'content-type': 'application/json', ...extra, ...auth }, payload: body });
      }),
      { numRuns: runs(0.3) },
    );
    // Nothing leaked into the prototype of plain objects.
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  }, 600_000);

  it('reads: random ids, paths and queries on every endpoint', async () => {
    const id = fc.oneof(
      fc.constantFrom(...known),
      fc.constantFrom(...known.map((k) => k.toUpperCase())),
      fc.uuid(),
      fc.string({ maxLength: 50 }),
      fc.constantFrom('..', '%2e%2e', '%00', 'null', '1', "'", '%E0%A4%A'),
    );
    const templates = [
      '/dte/{id}',
      '/dte/{id}/detail',
      '/dte/{id}/download/json',
      '/dte/{id}/download/pdf',
      '/dte/{id}/qr',
      '/dte/{id}/receipt',
      '/api-keys/{id}',
      '/webhooks/{id}',
      '/webhooks/{id}/deliveries',
      '/webhook-deliveries/{id}/retry',
      '/dte',
      '/receivers',
      '/sync/status',
      '/health',
      '/api-keys',
      '/settings/printing',
      '/settings/station',
      '/{id}',
      '/dte/{id}/{id}',
    ];
    const query = fc.dictionary(
      fc.constantFrom('type', 'status', 'from', 'to', 'q', 'limit', 'cursor', 'width', 'x', 'type[]'),
      fc.oneof(
        fc.constantFrom('FC', 'CCF', 'APPROVED', 'CREATED', '2026-11-22', '2026-02-30', '58', '80', '70', '0', '-1', '201', '1e3', ''),
        fc.string({ maxLength: 30 }),
      ),
      { maxKeys: 4 },
    );
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...templates),
        id,
        query,
        fc.constantFrom<Req['method']>('GET', 'GET', 'GET', 'DELETE', 'POST', 'PUT', 'PATCH', 'OPTIONS'),
        authHeaders,
        async (template, i, q, method, auth) => {
          const path = template.replace(/\{id\}/g, () => encodeURIComponent(i).replace(/%25/g, '%'));
          const qs = new URLSearchParams(q).toString();
          await check({ method, url: qs ? `${path}?${qs}` : path, headers: auth });
        },
      ),
      { numRuns: runs(0.35) },
    );
  }, 600_000);
});
