// The pages' checkable claims, checked against the running product (issue 56, docs/decisions/0079-pages-by-reader.md):
// the states docs/api.md lists are the store's, with the screen's words and the moves status.ts allows; every route,
// status and header it names is in the OpenAPI document built now (so parts of the document may change under it);
// its quick start, idempotency, money and troubleshooting claims are sent to a real `sello serve`; the example
// program prints what the page says it prints; the README's demo people log in and its way out of the demo opens
// the wizard; ARCHITECTURE counts the screens the nav has.
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DTE_TRANSITIONS } from '../../main/core/dte/status';
import { SELLO_VERSION } from '../../main/core/station/station-service';
import { openApiDocument } from '../../main/http/openapi/document';
import { statusOf } from '../../main/http/problem';
import { ROUTE_TABLE } from '../../main/http/server';
import { es } from '../../renderer/src/strings';
import { DTE_KINDS } from '../../shared/contract';
import { CUSTOM_CODES } from '../../shared/contract/primitives';
import { ERROR_CODES, type ErrorCode } from '../../shared/errors';
import { DTE_STATUSES, type DteStatus } from '../../shared/records';
import { DEMO_KEY, tempDir } from '../support/core';
import { ROOT, startServe } from '../support/serve-process';

type Json = Record<string, unknown>;
const run = promisify(execFile);
const read = (file: string) => readFileSync(join(ROOT, file), 'utf8');
const API = read('docs/api.md');
const README = read('README.md');
const doc = JSON.parse(JSON.stringify(openApiDocument(ROUTE_TABLE, SELLO_VERSION))) as Json & {
  paths: Record<string, Record<string, { responses?: Record<string, unknown> }>>;
  webhooks?: Record<string, Record<string, { responses?: Record<string, unknown> }>>;
};

/** A `## Heading` section of a Markdown page, up to the next heading of that level. */
function section(page: string, heading: string): string {
  const start = page.indexOf(`\n## ${heading}\n`);
  if (start < 0) throw new Error(`no section "${heading}"`);
  const end = page.indexOf('\n## ', start + 4);
  return page.slice(start, end < 0 ? undefined : end);
}

/** A section's table rows (not a table's header or its rule), each as its cells. */
function tableRows(text: string): string[][] {
  const lines = text.split('\n');
  return lines
    .filter((l, i) => l.startsWith('| ') && !l.startsWith('| ---') && !lines[i + 1]?.startsWith('| ---'))
    .map((l) =>
      l
        .slice(2, -2)
        .split(/ (?<!\\)\| /)
        .map((c) => c.trim()),
    );
}

/** The text between backticks in a cell (`CREATED` → CREATED). */
const unquote = (cell: string) => cell.replace(/^`|`$/g, '');

/** Every inline code span of a page, whitespace folded, fenced blocks left out. */
function codeSpans(page: string): string[] {
  const prose = page.replace(/```[\s\S]*?```/g, '');
  return [...prose.matchAll(/`([^`]+)`/g)].map((m) => m[1]!.replace(/\s+/g, ' ').trim());
}

/** `METHOD /path` as a key the document can be asked for: parameters as `{}`, query dropped. */
const routeKey = (method: string, path: string) => `${method} ${path.split('?')[0]!.replace(/\{[^}]+\}|:[A-Za-z]+/g, '{}')}`;
const DOCUMENTED = Object.entries(doc.paths).flatMap(([path, item]) => Object.keys(item).map((m) => routeKey(m.toUpperCase(), path)));
/** Whether the document has the route: a page's `{}` matches the document's, a literal segment fills one of its `{}`. */
const documented = (key: string): boolean => {
  const parts = key.split('/');
  return DOCUMENTED.some((d) => {
    const dp = d.split('/');
    return dp.length === parts.length && dp.every((p, i) => p === parts[i] || (p === '{}' && parts[i] !== ''));
  });
};
/** Served beside the document, never in it (docs-page.ts): asked of the running server instead. */
const BESIDE = ['GET /openapi.json', 'GET /docs'];

/** Every status any operation or webhook of the document answers. */
const DOCUMENTED_STATUSES = new Set(
  [...Object.values(doc.paths), ...Object.values(doc.webhooks ?? {})].flatMap((item) =>
    Object.values(item).flatMap((op) => Object.keys(op.responses ?? {})),
  ),
);
const statusesOf = (key: string): string[] => {
  const [method, path] = key.split(' ') as [string, string];
  return Object.keys(doc.paths[path]?.[method.toLowerCase()]?.responses ?? {});
};

/** Every header name the document declares: request parameters, response headers, API-key schemes. */
function documentedHeaders(): { request: Set<string>; answer: Set<string> } {
  const request = new Set<string>();
  const answer = new Set<string>();
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(walk);
    if (!node || typeof node !== 'object') return;
    const o = node as Json;
    if (o.in === 'header' && typeof o.name === 'string') request.add(o.name.toLowerCase());
    for (const [k, v] of Object.entries(o)) {
      if (k === 'headers' && v && typeof v === 'object' && !Array.isArray(v)) for (const h of Object.keys(v)) answer.add(h.toLowerCase());
      walk(v);
    }
  };
  walk(doc);
  return { request, answer };
}

/** The field errors' codes: the custom ones and the union issues.ts declares. */
const FIELD_CODES: ReadonlySet<string> = (() => {
  const issues = read('shared/contract/issues.ts');
  const start = issues.indexOf('export type FieldErrorCode');
  const union = issues.slice(start, issues.indexOf(';', start));
  return new Set([...CUSTOM_CODES, ...[...union.matchAll(/'([A-Z_]+)'/g)].map((m) => m[1]!)]);
})();

let url = '';
const cleanups: (() => unknown)[] = [];
beforeAll(async () => {
  const data = tempDir('docs-claims-');
  cleanups.push(data.cleanup);
  const serve = await startServe(['--demo', '--data-dir', data.dir, '--port', '0']);
  cleanups.push(() => serve.child.kill('SIGKILL'));
  url = serve.url;
}, 60_000);
afterAll(() => {
  for (const f of cleanups.splice(0).reverse()) f();
});

const headers = (extra: Record<string, string> = {}) => ({
  'content-type': 'application/json',
  'x-api-key': DEMO_KEY,
  'x-api-version': '1',
  ...extra,
});
const post = (path: string, body: unknown, extra: Record<string, string> = {}) =>
  fetch(`${url}${path}`, { method: 'POST', headers: headers(extra), body: JSON.stringify(body) });

/** The quick start's FC, as the page writes it (the `-d` of its curl). */
function quickStartBody(): Json {
  const m = /-d '(\{.*\})'/.exec(section(API, 'Quick start: a key, a first FC, its seal'));
  if (!m) throw new Error('no -d body in the quick start');
  return JSON.parse(m[1]!) as Json;
}

describe('docs/api.md: states', () => {
  const rows = tableRows(section(API, 'States'));

  it('lists the store’s statuses, in order', () => {
    expect(rows.map((r) => unquote(r[0]!))).toEqual([...DTE_STATUSES]);
  });

  it('names each as the counter’s screen does', () => {
    for (const r of rows) expect(r[1], r[0]).toBe(es.status[unquote(r[0]!) as DteStatus]);
  });

  it('says where each may go as status.ts allows', () => {
    for (const r of rows) {
      const said = r[3] === '—' ? [] : r[3]!.split(', ').map(unquote);
      expect(said, r[0]).toEqual([...DTE_TRANSITIONS[unquote(r[0]!) as DteStatus]]);
    }
  });
});

describe('docs/api.md: routes, statuses and headers are in the OpenAPI document', () => {
  const routes = codeSpans(API)
    .map((c) => /^(GET|POST|PUT|DELETE) (\/\S*)$/.exec(c))
    .filter((m): m is RegExpExecArray => m !== null)
    .flatMap((m) =>
      m[2]!.includes('{type}') ? DTE_KINDS.map((k) => [m[1]!, m[2]!.replace('{type}', k.toLowerCase())]) : [[m[1]!, m[2]!]],
    );

  it('names routes, and every one is an operation of the document', () => {
    expect(routes.length).toBeGreaterThan(40);
    const missing = routes.map(([m, p]) => routeKey(m!, p!)).filter((k) => !documented(k) && !BESIDE.includes(k));
    expect(missing).toEqual([]);
  });

  it('the routes served beside the document answer', async () => {
    for (const key of BESIDE.filter((k) => routes.some(([m, p]) => routeKey(m!, p!) === k))) {
      const res = await fetch(`${url}${key.split(' ')[1]}`);
      expect(res.status, key).toBe(200);
    }
  });

  it('a status named with its code is that code’s status, and some operation answers it', () => {
    const pairs = codeSpans(API)
      .map((c) => /^(\d{3})(?: ([A-Z][A-Z_]+))?$/.exec(c))
      .filter((m): m is RegExpExecArray => m !== null);
    // The errors table gives status and code in cells of their own.
    for (const r of tableRows(section(API, 'Errors')).filter((row) => row.length === 3))
      pairs.push([`${r[0]} ${r[1]}`, unquote(r[0]!), unquote(r[1]!)] as unknown as RegExpExecArray);
    expect(pairs.length).toBeGreaterThan(30);
    for (const [, status, code] of pairs) {
      expect(DOCUMENTED_STATUSES.has(status!), `status ${status}`).toBe(true);
      if (code === undefined) continue;
      // A field's code (`422 NOT_INTEGER`) rides on a 422 VALIDATION_FAILED.
      if (FIELD_CODES.has(code)) {
        expect(status, code).toBe('422');
        continue;
      }
      expect(ERROR_CODES as readonly string[], code).toContain(code);
      expect(statusOf(code as ErrorCode), code).toBe(Number(status));
    }
  });

  it('each download answers the statuses its row names', () => {
    for (const r of tableRows(section(API, 'Downloads'))) {
      const [method, path] = unquote(r[0]!).split(' ') as [string, string];
      const said = [...r[1]!.matchAll(/`(\d{3})[ `]/g)].map((m) => m[1]!);
      for (const s of ['200', ...said]) expect(statusesOf(`${method} ${path}`), `${r[0]} ${s}`).toContain(s);
    }
  });

  it('an invalidation answers the statuses its section names', () => {
    const said = new Set(codeSpans(section(API, 'Invalidation')).flatMap((c) => /^(\d{3})\b/.exec(c)?.[1] ?? []));
    expect([...said]).toEqual(expect.arrayContaining(['201', '202']));
    for (const s of said) expect(statusesOf('POST /dte/invalidate'), s).toContain(s);
  });

  it('every header of the table is declared, the way the table says', () => {
    const declared = documentedHeaders();
    const rows = tableRows(section(API, 'Headers'));
    expect(rows.length).toBeGreaterThan(10);
    for (const [name, way] of rows) {
      const h = unquote(name!).toLowerCase();
      // Content-Type is the media type of the body: OpenAPI forbids declaring it as a header.
      if (h === 'content-type') continue;
      if (way === 'request' || way === 'both') expect(declared.request.has(h), `${name} as a request header`).toBe(true);
      if (way === 'answer' || way === 'both') expect(declared.answer.has(h), `${name} as an answer header`).toBe(true);
    }
  });

  it('lists every field error code there is, and no other', () => {
    const codes = FIELD_CODES;
    const paragraph = section(API, 'Errors').slice(section(API, 'Errors').indexOf('**Field errors**'));
    const listed = codeSpans(paragraph.slice(0, paragraph.indexOf('\n\n'))).filter(
      (c) => /^[A-Z][A-Z_]+$/.test(c) && c !== 'VALIDATION_FAILED',
    );
    expect(new Set(listed)).toEqual(codes);
  });
});

describe('docs/api.md against a running station', () => {
  it('the quick start answers as the page says, sealed at the price the money section names', async () => {
    const body = quickStartBody();
    const res = await post('/dte/fc', body, { prefer: 'wait=10' });
    expect(res.status).toBe(201);
    expect(res.headers.get('location')).toBe(`/dte/${String(body.id)}`);
    expect(res.headers.get('preference-applied')).toBe('wait=10');
    expect(res.headers.get('x-request-id')).toBeTruthy();
    const record = (await res.json()) as { status: string; total: string };
    expect(['CREATED', 'APPROVED']).toContain(record.status);
    // "An FC of one item at `1.5` GRAVADA charges `1.70`": the quick start's own item.
    const claim = /at `([\d.]+)`\s+GRAVADA\s+charges\s+`([\d.]+)`/.exec(section(API, "Money: prices before IVA, totals by MH's rounding"));
    expect(claim).not.toBeNull();
    expect((body.items as { unitPrice: number }[])[0]!.unitPrice).toBe(Number(claim![1]));
    expect(record.total).toBe(claim![2]);
  });

  it('idempotency: the same body again is 200, another body with the id is 409 DTE_ID_CONFLICT', async () => {
    const body: Json = { ...quickStartBody(), id: randomUUID() };
    expect((await post('/dte/fc', body)).status).toBe(201);
    expect((await post('/dte/fc', body)).status).toBe(200);
    const other = await post('/dte/fc', { ...body, items: [{ ...(body.items as Json[])[0], unitPrice: 2 }] });
    expect(other.status).toBe(409);
    expect(((await other.json()) as { code: string }).code).toBe('DTE_ID_CONFLICT');
  });

  it('the answer headers the table names are sent', async () => {
    const body = { ...quickStartBody(), id: randomUUID(), foo: 1 };
    const warned = await post('/dte/fc', body, { 'sello-extensions': 'decimal-quantity', 'x-request-id': 'pos-42' });
    expect(warned.status).toBe(201);
    expect(warned.headers.get('warning')).toContain('foo');
    expect(warned.headers.get('sello-extensions-applied')).toBe('decimal-quantity');
    expect(warned.headers.get('x-request-id')).toBe('pos-42');
    const strict = await post('/dte/fc', { ...body, id: randomUUID() }, { prefer: 'handling=strict' });
    expect(strict.status).toBe(422);
    expect(strict.headers.get('preference-applied')).toBe('handling=strict');
    const pdf = await fetch(`${url}/dte/${String(body.id)}/receipt`, { headers: headers() });
    expect(pdf.headers.get('content-disposition')).toMatch(/^inline; filename=/);
    const version = await fetch(`${url}/dte`, { headers: headers({ 'x-api-version': '2' }) });
    expect(version.status).toBe(400);
  });

  // Each troubleshooting row, made from the quick start's FC; a row without a mutation here fails, and so does a
  // mutation whose row is gone.
  const tomorrow = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
  const recipient = { name: 'Ana Lucía Gómez', identificationDocument: { type: 'DUI', number: '012345678' } };
  const MUTATIONS: Record<string, { change: (b: Json) => Json; headers?: Record<string, string> }> = {
    'id INVALID_FORMAT': { change: (b) => ({ ...b, id: 'venta-42' }) },
    'items.0.quantity NOT_INTEGER': { change: (b) => ({ ...b, items: [{ ...(b.items as Json[])[0], quantity: 1.5 }] }) },
    'items.0.unitPrice TOO_MANY_DECIMALS': { change: (b) => ({ ...b, items: [{ ...(b.items as Json[])[0], unitPrice: 1.123456789 }] }) },
    'items.0.unitPrice NOT_POSITIVE': { change: (b) => ({ ...b, items: [{ ...(b.items as Json[])[0], unitPrice: 0 }] }) },
    'items.0.unitMeasure INVALID_ENUM': { change: (b) => ({ ...b, items: [{ ...(b.items as Json[])[0], unitMeasure: 'UNIDADES' }] }) },
    'payments TOTAL_MISMATCH': { change: (b) => ({ ...b, payments: [{ method: '01', amount: 1.5 }] }) },
    'recipient.identificationDocument.number INVALID_FORMAT': {
      change: (b) => ({ ...b, recipient: { ...recipient, identificationDocument: { type: 'DUI', number: '01234567-8' } } }),
    },
    'recipient.nrc NOT_ALLOWED': { change: (b) => ({ ...b, recipient: { ...recipient, nrc: '123456', economicActivity: '47520' } }) },
    'recipient.address.municipality UNKNOWN_CODE': {
      change: (b) => ({
        ...b,
        recipient: { ...recipient, address: { department: '06', municipality: '99', complement: 'Calle Arce 1010' } },
      }),
    },
    'generatedAt NOT_ALLOWED': { change: (b) => ({ ...b, generatedAt: tomorrow }) },
    'foo UNKNOWN_FIELD': { change: (b) => ({ ...b, foo: 1 }), headers: { prefer: 'handling=strict' } },
  };

  it('the troubleshooting table’s rows are each checked here', () => {
    const rows = tableRows(section(API, 'Errors')).filter((r) => r.length === 4);
    expect(rows.map((r) => `${unquote(r[0]!)} ${unquote(r[1]!)}`).sort()).toEqual(Object.keys(MUTATIONS).sort());
  });

  it.each(Object.entries(MUTATIONS))('%s is what the station answers', async (key, m) => {
    const [path, code] = key.split(' ') as [string, string];
    const res = await post('/dte/fc', m.change({ ...quickStartBody(), id: randomUUID() }), m.headers);
    expect(res.status).toBe(422);
    const problem = (await res.json()) as { errors: { path: string; code: string }[] };
    expect(problem.errors).toEqual(expect.arrayContaining([expect.objectContaining({ path, code })]));
  });

  it('the example program prints what the page and its own header say', async () => {
    const work = tempDir('docs-claims-out-');
    cleanups.push(work.cleanup);
    const { stdout } = await run(process.execPath, [join(ROOT, 'examples', 'pos-issue-fc.mjs')], {
      cwd: work.dir,
      env: { ...process.env, SELLO_URL: url, SELLO_API_KEY: DEMO_KEY, SELLO_WAIT_SECONDS: '60' },
      timeout: 90_000,
    });
    const first = /^DTE-01-\S+ (\S+)$/m.exec(stdout)?.[1];
    // docs/api.md: "It prints the control number and `CREATED` or `APPROVED`".
    const page = /It prints the control number and `([A-Z]+)` or `([A-Z]+)`/.exec(API);
    expect(page).not.toBeNull();
    expect([page![1], page![2]]).toContain(first);
    // The program's header: "answers the FC at once (201) with status CREATED … or … APPROVED".
    const header = read('examples/pos-issue-fc.mjs');
    expect(header).toMatch(new RegExp(`with status ${page![1]!}`));
    expect(header).toContain(page![2]!);
    expect(stdout).toMatch(/^DTE-01-\S+ APPROVED sello \S+$/m);
  }, 120_000);
});

describe('README.md and ARCHITECTURE.md', () => {
  it('the demo people it names log in, and its POS key works', async () => {
    const what = README.slice(README.indexOf('**What opens.**'), README.indexOf('**Leaving the demo'));
    const people = [...what.matchAll(/`([a-z]+)` \/\s+`([^`]+)`/g)].map((m) => ({ login: m[1]!, password: m[2]! }));
    expect(people.map((p) => p.login)).toEqual(['admin', 'supervisor', 'cajero']);
    for (const p of people) {
      const res = await fetch(`${url}/session`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(p),
      });
      expect(res.status, p.login).toBe(201);
    }
    const key = /its POS key \(`([^`]+)`\)/.exec(what)?.[1];
    expect(key).toBe(DEMO_KEY);
    expect((await fetch(`${url}/dte`, { headers: { 'x-api-key': key! } })).status).toBe(200);
  });

  it('the statuses it says the sale screen shows are the screen’s words', () => {
    const what = README.slice(README.indexOf('**What opens.**'), README.indexOf('**Leaving the demo'));
    const shown = [...what.replace(/\*\*[^*]+\*\*/g, '').matchAll(/\*([^*]+)\*/g)]
      .map((m) => m[1]!)
      .filter((w) => (Object.values(es.status) as string[]).includes(w));
    expect(shown.sort()).toEqual([es.status.APPROVED, es.status.CREATED, es.status.PROCESSING].sort());
    expect(README).not.toContain('Procesando');
  });

  it('an option other than --demo opens the demo on the welcome, as it says', async () => {
    expect(README).toContain('any option drops `--demo`');
    expect(read('scripts/start.mjs')).toContain("...(extraArgs.length ? extraArgs : ['--demo'])");
    const data = tempDir('docs-claims-first-');
    cleanups.push(data.cleanup);
    const serve = await startServe(['--data-dir', data.dir, '--port', '0']);
    cleanups.push(() => serve.child.kill('SIGKILL'));
    const health = (await (await fetch(`${serve.url}/health`, { headers: { 'x-api-key': DEMO_KEY } })).json()) as Json;
    expect(health).toMatchObject({ demo: true, firstRun: true, welcomeSeen: false });
  }, 60_000);

  it('ARCHITECTURE counts the screens the nav has', () => {
    const app = read('renderer/src/App.tsx');
    const views = /const VIEWS: readonly View\[\] = \[([^\]]+)\]/.exec(app)![1]!.split(',').length;
    const words = ['', 'One', 'Two', 'Three', 'Four', 'Five', 'Six', 'Seven', 'Eight', 'Nine', 'Ten'];
    const said = /\n(\w+) screens behind one nav/.exec(read('docs/ARCHITECTURE.md'))?.[1];
    expect(said).toBe(words[views]);
  });
});
