// The OpenAPI document says what the server does (issue 56): every request example is sent to a real station
// (with its own MH simulator, so documents are approved) and every answer is checked against the documented
// response for its status (test/support/openapi-checker.ts); every answer example validates against its schema;
// generated bodies get the same verdict from the server as from the schema; and the checker is shown to catch a
// status, a header or an example taken out of the document. docs/decisions/0078-examples-sent-answers-checked.md.
import type { FastifyInstance } from 'fastify';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Core } from '../../main/core/create-core';
import { silentLogger } from '../../main/core/logger';
import { SELLO_VERSION } from '../../main/core/station/station-service';
import { openApiDocument } from '../../main/http/openapi/document';
import { ANSWER_EXAMPLES, EXAMPLE_IDS, PROBLEM_EXAMPLES, REQUEST_EXAMPLES } from '../../main/http/openapi/examples';
import { buildHttpServer, ROUTE_TABLE } from '../../main/http/server';
import { DEMO_KEY, fixedClock, tempDir } from '../support/core';
import { SCHEMA_DIR_V2 } from '../support/mh-schemas';
import { coreWithSimulator, startSimulator } from '../support/mh-sim';
import { openApiChecker, type Checker } from '../support/openapi-checker';
import { sendExamples, urlFor, credentialsFor, type Answers, type Sent } from '../support/openapi-run';
import { sessionHeaders } from '../support/session';
import { recordAnswers } from '../support/openapi-record';
import { startVirtualPrinter } from '../support/virtual-printer';
import { mutations } from '../support/openapi-mutations';

type Json = Record<string, unknown>;
type Operation = { requestBody?: { content: Record<string, { schema: unknown; examples?: Record<string, { value: unknown }> }> } } & Json;

const doc = JSON.parse(JSON.stringify(openApiDocument(ROUTE_TABLE, SELLO_VERSION))) as Json & {
  paths: Record<string, Record<string, Operation>>;
};
const clock = fixedClock();
let sim: Awaited<ReturnType<typeof startSimulator>>;
let dir: ReturnType<typeof tempDir>;
let core: Core;
let app: FastifyInstance;
let admin: { cookie: string };
let checker: Checker;
let sent: Sent[] = [];
const answers: Answers = new Map();

const operations = () =>
  Object.entries(doc.paths).flatMap(([path, item]) => Object.entries(item).map(([m, op]) => ({ key: `${m.toUpperCase()} ${path}`, op })));

beforeAll(async () => {
  sim = await startSimulator({ clock, schemasV2Dir: SCHEMA_DIR_V2 });
  dir = tempDir();
  core = coreWithSimulator(dir.dir, sim, { clock });
  app = await buildHttpServer(core, { logger: silentLogger });
  admin = await sessionHeaders(app, 'admin');
  checker = openApiChecker(doc);
  sent = await sendExamples(
    app,
    admin,
    async ({ operation }) => {
      if (operation.startsWith('POST /dte/')) await core.sync.runOnce();
    },
    answers,
  );
}, 60_000);
afterAll(async () => {
  await app?.close();
  core?.close();
  await sim?.close();
  dir?.cleanup();
});

/** GET routes a run can read without ending: every one but the event stream. */
const readable = () => operations().filter(({ key, op }) => key.startsWith('GET ') && !('text/event-stream' in contentOf(op)));
const contentOf = (op: Operation): Json => {
  const ok = Object.entries(op.responses as Json).find(([s]) => s < '300');
  return ((ok?.[1] as Json | undefined)?.content ?? {}) as Json;
};

/** Requests beyond the examples that bring about each header the document declares (Warning, 429's Retry-After...). */
async function probes(): Promise<{ key: string; res: Awaited<ReturnType<FastifyInstance['inject']>> }[]> {
  const out: { key: string; res: Awaited<ReturnType<FastifyInstance['inject']>> }[] = [];
  const send = async (key: string, payload: unknown, headers: Record<string, string> = {}, url = urlFor(key, answers)) => {
    const method = key.split(' ')[0] as 'GET' | 'POST';
    const res = await app.inject({
      method,
      url,
      headers: { 'x-api-version': '1', ...credentialsFor(key, admin), ...headers },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
    out.push({ key, res });
    return res;
  };
  const fcExample = REQUEST_EXAMPLES['POST /dte/fc']!.example!.value as Json;
  const fresh = (n: number) => `3f2b6c1e-8a4d-4f0b-9c2e-5d7a1b3c4f${String(n).padStart(2, '0')}`;
  // An unknown field, left out and named in Warning; the same asked strictly (422), with a wait (Preference-Applied).
  await send('POST /dte/fc', { ...fcExample, id: fresh(1), color: 'rojo' });
  await send('POST /dte/fc', { ...fcExample, id: fresh(2), color: 'rojo' }, { prefer: 'handling=strict' });
  await send('POST /dte/fc', { ...fcExample, id: fresh(3) }, { prefer: 'wait=1', 'sello-extensions': 'decimal-quantity' });
  // A replay of each kind's example, and of the EOE's: 200 with the stored document or event.
  for (const [key, named] of Object.entries(REQUEST_EXAMPLES))
    if ((/^POST \/dte\/[a-z]+$/.test(key) && key !== 'POST /dte/return' && key !== 'POST /dte/invalidate') || key === 'POST /events/eoe')
      await send(key, Object.values(named)[0]!.value);
  // No credentials, a wrong API version, an unknown document.
  await send('GET /dte/{id}', undefined, { 'x-api-key': '' }, `/dte/${fresh(9)}`);
  await send('GET /dte/{id}', undefined, { 'x-api-version': '7' });
  await send('GET /dte/{id}', undefined, {}, `/dte/${fresh(8)}`);
  // A session ended: the cookie is cleared.
  await send('DELETE /session', undefined, await sessionHeaders(app, 'supervisor'));
  // Past the send limit (10 a minute per caller): 429 with Retry-After.
  for (let i = 0; i < 11; i++) await send('POST /dte/{id}/send', { email: 'maria.hernandez@example.com' });
  // An ESC/POS printer (a virtual one on loopback): every paper printed, the drawer, a receipt left pending and
  // printed again, another discarded.
  const printer = await startVirtualPrinter();
  try {
    const escpos = {
      connection: { kind: 'network', host: printer.host, port: printer.port },
      codepage: 'cp858',
      qr: 'native',
      drawer: true,
    };
    await send('PUT /settings/printing', { printer: null, receiptWidth: 80, silentReceipt: true, receiptOutput: 'escpos', escpos });
    for (const key of [
      'POST /dte/{id}/print',
      'POST /dte/returns/{id}/print',
      'POST /closes/{id}/print',
      'POST /printer/test',
      'POST /printer/drawer',
    ])
      await send(key, undefined);
    await send('GET /printer/status', undefined);
    await printer.refuse(true);
    await send('POST /dte/{id}/print', undefined);
    await send('POST /dte/{id}/print', undefined, {}, `/dte/${EXAMPLE_IDS.CCF}/print`);
    const pending = await send('GET /printer/pending', undefined);
    await printer.refuse(false);
    const ids =
      JSON.stringify(pending.json<unknown>())
        .match(/"id":"[^"]+"/g)
        ?.map((m) => m.slice(6, -1)) ?? [];
    await send('POST /printer/pending/{jobId}/print', undefined, {}, `/printer/pending/${ids[0] ?? 'ninguno'}/print`);
    await send('DELETE /printer/pending/{jobId}', undefined, {}, `/printer/pending/${ids[1] ?? 'ninguno'}`);
  } finally {
    await printer.close();
  }
  return out;
}

let extra: Awaited<ReturnType<typeof probes>> = [];
let visited: { key: string; res: Awaited<ReturnType<FastifyInstance['inject']>> }[] = [];
beforeAll(async () => {
  visited = [];
  // Every GET, then every call without a body (POSTs, then DELETEs), as a person or a POS would make them.
  const bodiless = operations().filter(({ key, op }) => !key.startsWith('GET ') && !op.requestBody && key !== 'DELETE /session');
  const order = [
    ...readable(),
    ...bodiless.filter(({ key }) => key.startsWith('POST ')),
    ...bodiless.filter(({ key }) => key.startsWith('DELETE ')),
  ];
  for (const { key } of order)
    visited.push({
      key,
      res: await app.inject({
        method: key.split(' ')[0] as 'GET',
        url: urlFor(key, answers),
        headers: { 'x-api-version': '1', ...(key === 'GET /session' ? admin : credentialsFor(key, admin)) },
      }),
    });
  extra = await probes();
  // Regenerates main/http/openapi/answer-examples.ts from this run's answers (test/support/openapi-record.ts).
  if (process.env.SELLO_RECORD_ANSWER_EXAMPLES === '1')
    recordAnswers(
      [
        ...sent.map((s) => ({ key: s.operation, res: s.res, summary: `La respuesta a: ${s.example.summary}` })),
        ...visited.map((v) => ({ key: v.key, res: v.res, summary: 'Lo que responde una estación de demostración' })),
        ...extra.map((v) => ({ key: v.key, res: v.res, summary: 'Lo que responde una estación de demostración' })),
      ],
      process.cwd(),
    );
}, 60_000);

const asAnswer = (res: Sent['res']) => ({ statusCode: res.statusCode, headers: res.headers, body: res.body });

describe('every request example, sent to a real station', () => {
  it('gets the status the example names', () => {
    const got = sent.map(
      (s) => `${s.operation} ${s.name} ${s.res.statusCode}${s.res.statusCode === s.example.status ? '' : ` ${s.res.body.slice(0, 300)}`}`,
    );
    expect(got).toEqual(sent.map((s) => `${s.operation} ${s.name} ${s.example.status}`));
  });

  it('gets an answer the document describes: status, media type, body and every header', () => {
    const found = sent.flatMap((s) => checker.check(s.operation, asAnswer(s.res)));
    expect(found).toEqual([]);
  });

  it('each validates against its documented request schema', () => {
    const bad: string[] = [];
    for (const [key, named] of Object.entries(REQUEST_EXAMPLES)) {
      const [method, path] = key.split(' ') as [string, string];
      const op = doc.paths[path]?.[method.toLowerCase()];
      for (const [name, e] of Object.entries(named)) {
        const error = checker.validate(op?.requestBody?.content['application/json']?.schema ?? false, e.value);
        if (error) bad.push(`${key} ${name}: ${error}`);
      }
    }
    expect(bad).toEqual([]);
  });

  it('covers every body the document takes, and the document shows each example', () => {
    const bodies = operations().filter(({ op }) => op.requestBody);
    const missing = bodies.filter(({ key }) => !REQUEST_EXAMPLES[key]).map(({ key }) => key);
    expect(missing, 'bodies without an example in examples.ts').toEqual([]);
    expect(exampleGaps(doc)).toEqual([]);
  });
});

describe('every other answer a run meets', () => {
  it('every GET, and every call without a body, made after the examples, answers as documented', () => {
    expect(visited.length).toBeGreaterThan(40);
    expect(visited.flatMap(({ key, res }) => checker.check(key, asAnswer(res)))).toEqual([]);
  });

  it('the probes (unknown fields, strict, wait, replays, no key, a wrong version, 429) answer as documented', () => {
    expect(extra.map(({ res }) => res.statusCode)).toEqual(expect.arrayContaining([201, 422, 200, 401, 400, 404, 204, 202, 429]));
    expect(extra.flatMap(({ key, res }) => checker.check(key, asAnswer(res)))).toEqual([]);
    // What the document says of a lenient body, seen: an unknown field named in Warning, or refused when strict.
    const [lenient, strict] = extra;
    expect(lenient!.res.headers.warning).toMatch(/color/);
    expect(strict!.res.json<{ errors: { path: string; code: string }[] }>().errors).toEqual([
      expect.objectContaining({ path: 'color', code: 'UNKNOWN_FIELD' }),
    ]);
    expect(strict!.res.headers['preference-applied']).toBe('handling=strict');
  });

  it('every header the document declares was seen on some answer', () => {
    expect(checker.unseenHeaders()).toEqual([]);
  });
});

describe('every answer example', () => {
  it('validates against the schema of its status and media type', () => {
    const bad: string[] = [];
    for (const { key, op } of operations())
      for (const [status, r] of Object.entries(op.responses as Record<string, Json>))
        for (const [media, m] of Object.entries((r.content ?? {}) as Record<string, Json>))
          for (const [name, e] of Object.entries((m.examples ?? {}) as Record<string, { value: unknown }>)) {
            const error = checker.validate(m.schema, e.value);
            if (error) bad.push(`${key} ${status} ${media} ${name}: ${error}`);
          }
    for (const [event, item] of Object.entries((doc.webhooks ?? {}) as Record<string, Record<string, Operation>>))
      for (const [name, e] of Object.entries(item.post!.requestBody!.content['application/json']!.examples ?? {})) {
        const error = checker.validate(item.post!.requestBody!.content['application/json']!.schema, e.value);
        if (error) bad.push(`webhook ${event} ${name}: ${error}`);
      }
    expect(bad).toEqual([]);
  });

  it('covers every documented status with a JSON body (each error status: one problem per code)', () => {
    expect(answerGaps(doc).sort()).toEqual([...NOT_REACHED].sort());
    for (const [key, byStatus] of Object.entries(ANSWER_EXAMPLES))
      for (const [status, named] of Object.entries(byStatus))
        if (status >= '400')
          for (const [code, e] of Object.entries(named)) expect(e, `${key} ${status}`).toEqual(PROBLEM_EXAMPLES[status]![code]);
  });
});

/**
 * Success answers this run cannot bring about on a fresh demo station, so none is recorded (openapi-record.ts):
 * each needs a state the demo does not reach (a document in doubt, a real station, a failed delivery).
 * The list is exact: an answer that gains an example, or a new one without, fails the test until this is updated.
 */
const NOT_REACHED = [
  // In doubt: MH's answer lost in transit (decision 0070); the demo's simulator always answers.
  'POST /dte/invalidations/{id}/settle 200 application/json',
  'POST /dte/returns/{id}/settle 200 application/json',
  'POST /sync/documents/{id}/send-again 200 application/json',
  // A real station: the demo's settings are not edited and its first run is over.
  'PUT /settings/station 200 application/json',
  'POST /settings/station/setup 201 application/json',
  // A webhook delivery that failed.
  'POST /webhook-deliveries/{id}/retry 202 application/json',
  // The signed JSON is recorded (answer-examples.ts), but a download's content is drawn by media.ts without examples.
  'GET /dte/returns/{id}/json 200 application/json',
  'GET /dte/{id}/download/json 200 application/json',
];

/** The bodies checked both ways: each kind of document, and settings a PUT may send again and again. */
const FUZZED = [
  'POST /dte/fc',
  'POST /dte/ccf',
  'POST /dte/nc',
  'POST /dte/nd',
  'POST /dte/cr',
  'POST /dte/fse',
  'POST /dte/fex',
  'POST /dte/nr',
  'POST /dte/cl',
  'POST /dte/dcl',
  'POST /dte/cd',
  'PUT /settings/price-overrides',
  'PUT /settings/books',
  'PUT /settings/printing',
];

describe('generated bodies, valid and not', () => {
  it("get the server's verdict (2xx or 422) that the documented schema gives", async () => {
    const seed = Number(process.env.SELLO_FUZZ_SEED ?? Date.now() % 2 ** 31);
    console.log(`openapi-honesty: generated bodies with seed ${seed} (SELLO_FUZZ_SEED=${seed} replays them)`);
    // The homologation example's run goes on in the background and opens contingency events of its own; a CL, DCL
    // or CD is refused while one is open (dte/issue.ts), so the run is stopped and its last event ended first.
    core.homologation.stop();
    await core.homologation.settled();
    for (let i = 0; i < 5 && (await openContingencies()) > 0; i++) await core.sync.runOnce();
    expect(await openContingencies(), 'a contingency still open before the generated bodies').toBe(0);
    let n = 0;
    const disagreements: string[] = [];
    const kinds = new Set<string>();
    const saidInWords: string[] = [];
    for (const key of FUZZED) {
      const [method, path] = key.split(' ') as ['POST' | 'PUT', string];
      const op = doc.paths[path]![method.toLowerCase()]!;
      const schema = op.requestBody!.content['application/json']!.schema;
      const valid = Object.values(REQUEST_EXAMPLES[key]!)[0]!.value;
      const samples = fc.sample(mutations(valid), { seed: seed + FUZZED.indexOf(key), numRuns: key.startsWith('POST /dte/') ? 14 : 8 });
      for (const m of samples) {
        let body = m.body;
        // A new document each time, unless the change is to the id itself (a reused id is a replay or a 409).
        if (body && typeof body === 'object' && 'id' in body && !m.path.startsWith('id'))
          body = { ...(body as Json), id: `5eed0000-0000-4000-8000-${String(++n).padStart(12, '0')}` };
        // An NC or ND adjusts a CCF of its own: credit notes against one CCF stop at its total.
        if (key === 'POST /dte/nc' || key === 'POST /dte/nd') {
          const ccf = `5eed0000-0000-4000-9000-${String(++n).padStart(12, '0')}`;
          const ccfBody = { ...(Object.values(REQUEST_EXAMPLES['POST /dte/ccf']!)[0]!.value as Json), id: ccf };
          await app.inject({ method: 'POST', url: '/dte/ccf', headers: { 'x-api-version': '1', 'x-api-key': DEMO_KEY }, payload: ccfBody });
          body = JSON.parse(JSON.stringify(body).replaceAll(EXAMPLE_IDS.CCF, ccf)) as unknown;
        }
        const schemaSays = checker.validate(schema, body) === null ? 'valid' : 'invalid';
        const res = await app.inject({
          method,
          url: path,
          headers: { 'x-api-version': '1', 'content-type': 'application/json', ...credentialsFor(key, admin) },
          payload: JSON.stringify(body),
        });
        const serverSays = res.statusCode < 300 ? 'valid' : res.statusCode === 422 ? 'invalid' : `status ${res.statusCode}`;
        kinds.add(`${m.kind} ${schemaSays}`);
        // A catalog's code (department, activity...) is a string to the schema; its description names the MH catalog
        // and GET /catalogs/{name} lists the codes. The rule is in the document, in words: counted, not failed.
        if (schemaSays === 'valid' && serverSays === 'invalid' && (outsideCatalog(res.body, m.path) || conditional(key, res.body))) {
          saidInWords.push(`${key} ${m.path}`);
          continue;
        }
        if (serverSays !== schemaSays)
          disagreements.push(`${key} ${m.kind} ${m.path}: schema ${schemaSays}, server ${serverSays} ${fieldsOf(res.body)}`);
        checker.check(key, asAnswer(res)).forEach((v) => disagreements.push(`${key} ${m.kind} ${m.path}: ${v.problem}`));
      }
    }
    if (saidInWords.length) console.log(`openapi-honesty: catalog codes the schema leaves to words: ${saidInWords.join('; ')}`);
    expect(disagreements, `seed ${seed}`).toEqual([]);
    // Both verdicts were exercised.
    expect([...kinds].some((k) => k.endsWith(' valid')) && [...kinds].some((k) => k.endsWith('invalid')), `seed ${seed}`).toBe(true);
  }, 60_000);
});

/** How many contingency events are open (GET /sync/status). */
async function openContingencies(): Promise<number> {
  const res = await app.inject({ method: 'GET', url: '/sync/status', headers: { 'x-api-version': '1', 'x-api-key': DEMO_KEY } });
  return res.json<{ contingencies: { status: string }[] }>().contingencies.filter((c) => c.status === 'open').length;
}

/**
 * Rules that hang on another field, which the schema (zod's JSON Schema has no if/then) says in the field's
 * description only: `METHOD /path` → `path CODE`. Each is checked to be in that description (below).
 */
const CONDITIONAL_RULES: Readonly<Record<string, readonly string[]>> = {
  'POST /dte/cr': ['recipient.nrc REQUIRED'],
  // The receptor, or a branch of the company as the destination (shared/contract/nr.ts).
  'POST /dte/nr': ['recipient REQUIRED', 'recipient.nrc NOT_ALLOWED'],
  // A line's amounts hang on its document's type; a document once; IVA perceived only with taxed sales (cl.ts).
  'POST /dte/cl': [
    'items.*.taxedSales REQUIRED',
    'items.*.exportSales REQUIRED',
    'items.*.exportSales NOT_ALLOWED',
    'items.*.nonSubjectSales NOT_ALLOWED',
    'items.*.exemptSales NOT_ALLOWED',
    'items.*.taxedSales NOT_ALLOWED',
    'items.*.taxDocumentNumber INVALID_FORMAT',
    'items.*.taxDocumentNumber DUPLICATE',
    'items.*.taxDocumentGeneratedAt NOT_ALLOWED',
    'ivaPerceived NOT_ALLOWED',
  ],
  // The commission and the amount without perception each bring their companion field (dcl.ts).
  'POST /dte/dcl': [
    'commissionPercent REQUIRED',
    'commissionPercent NOT_ALLOWED',
    'withoutPerceptionDescription REQUIRED',
    'withoutPerceptionDescription NOT_ALLOWED',
    'amountWithoutPerception NOT_ALLOWED',
    'periodEnd NOT_ALLOWED',
  ],
  // A donor domiciled or not; money lines and their payments; the unit and depreciation by donation type (cd.ts).
  'POST /dte/cd': [
    'recipient.address REQUIRED',
    'recipient.address NOT_ALLOWED',
    'recipient.economicActivity NOT_ALLOWED',
    'recipient.country REQUIRED',
    'items.*.unitMeasure NOT_ALLOWED',
    'items.*.depreciation NOT_ALLOWED',
    'payments NOT_ALLOWED',
    'payments TOTAL_MISMATCH',
  ],
};

/** A field error's path with each list index as `*`, as CONDITIONAL_RULES writes it. */
const ruleOf = (e: { path: string; code: string }) => `${e.path.replace(/\.\d+(?=\.|$)/g, '.*')} ${e.code}`;

/** A 422 whose every field error is one of the operation's conditional rules. */
function conditional(key: string, body: string): boolean {
  const errors = (JSON.parse(body) as { errors?: { path: string; code: string }[] }).errors ?? [];
  return errors.length > 0 && errors.every((e) => CONDITIONAL_RULES[key]?.includes(ruleOf(e)));
}

/**
 * A 422 for a code outside its MH catalog: every field error is UNKNOWN_CODE (a department's change also unseats its
 * municipality), or every error is at the changed field and one of them is UNKNOWN_CODE (a country is also refused
 * as El Salvador's, say).
 */
function outsideCatalog(body: string, path: string): boolean {
  const errors = (JSON.parse(body) as { errors?: { path: string; code: string }[] }).errors ?? [];
  if (errors.length === 0) return false;
  return (
    errors.every((e) => e.code === 'UNKNOWN_CODE') ||
    (errors.every((e) => e.path === path) && errors.some((e) => e.code === 'UNKNOWN_CODE'))
  );
}

/** A problem's field errors as `path code`, or its detail. */
function fieldsOf(body: string): string {
  try {
    const p = JSON.parse(body) as { detail?: string; errors?: { path: string; code: string }[] };
    return p.errors?.map((e) => `${e.path} ${e.code}`).join(', ') ?? p.detail ?? '';
  } catch {
    return body.slice(0, 200);
  }
}

describe('rules the schema leaves to words', () => {
  it('are said in the description of the field they bind', () => {
    for (const [key, rules] of Object.entries(CONDITIONAL_RULES))
      for (const rule of rules) {
        const [path, code] = rule.split(' ') as [string, string];
        const [method, route] = key.split(' ') as [string, string];
        let schema = doc.paths[route]![method.toLowerCase()]!.requestBody!.content['application/json']!.schema as Json | undefined;
        for (const name of path.split('.')) {
          const object = (schema?.anyOf as Json[] | undefined)?.find((s) => s.type === 'object' || s.type === 'array') ?? schema;
          schema = name === '*' ? (object?.items as Json | undefined) : (object?.properties as Record<string, Json> | undefined)?.[name];
        }
        const words = code === 'REQUIRED' ? /obligatori/i : /./;
        const description = typeof schema?.description === 'string' ? schema.description : '';
        expect(description, rule).toMatch(words);
      }
  });
});

describe('the checker itself', () => {
  const fcAnswer = () => sent.find((s) => s.operation === 'POST /dte/fc')!;
  const copy = () => structuredClone(doc);

  it('reports a status taken out of the document', () => {
    const d = copy();
    delete (d.paths['/dte/fc']!.post!.responses as Json)['201'];
    const found = openApiChecker(d).check('POST /dte/fc', asAnswer(fcAnswer().res));
    expect(found.map((v) => v.problem)).toEqual([expect.stringContaining('status 201 is not documented')]);
  });

  it('reports a header taken out, and a declared header never sent', () => {
    const d = copy();
    const created = (d.paths['/dte/fc']!.post!.responses as Record<string, Json>)['201']!;
    delete (created.headers as Json).Location;
    (created.headers as Json)['X-Nunca'] = { schema: { type: 'string' } };
    const c = openApiChecker(d);
    expect(c.check('POST /dte/fc', asAnswer(fcAnswer().res)).map((v) => v.problem)).toEqual(['header location is not declared for 201']);
    expect(c.unseenHeaders()).toContain('x-nunca');
  });

  it('reports an example taken out, a body that does not match, and a media type not documented', () => {
    const d = copy();
    delete d.paths['/dte/nc']!.post!.requestBody!.content['application/json']!.examples;
    expect(exampleGaps(d)).toEqual(['POST /dte/nc example']);
    const ok = (d.paths['/dte/fc']!.post!.responses as Record<string, Json>)['201']!;
    delete ((ok.content as Record<string, Json>)['application/json'] as Json).examples;
    expect(answerGaps(d)).toContain('POST /dte/fc 201 application/json');
    const res = asAnswer(fcAnswer().res);
    const c = openApiChecker(doc);
    expect(c.check('POST /dte/fc', { ...res, body: JSON.stringify({ id: 1 }) }).map((v) => v.problem)).toEqual([
      expect.stringContaining('does not match the application/json schema'),
    ]);
    expect(c.check('POST /dte/fc', { ...res, headers: { ...res.headers, 'content-type': 'text/html' } }).map((v) => v.problem)).toEqual([
      expect.stringContaining('media type text/html is not documented'),
    ]);
  });
});

/** Request bodies whose examples the document does not show as examples.ts has them. */
function exampleGaps(d: typeof doc): string[] {
  const gaps: string[] = [];
  for (const [key, named] of Object.entries(REQUEST_EXAMPLES)) {
    const [method, path] = key.split(' ') as [string, string];
    const shown = d.paths[path]?.[method.toLowerCase()]?.requestBody?.content['application/json']?.examples ?? {};
    for (const [name, e] of Object.entries(named))
      if (JSON.stringify(shown[name]?.value) !== JSON.stringify(e.value)) gaps.push(`${key} ${name}`);
  }
  return gaps;
}

/** Documented statuses whose JSON or problem body has no example. */
function answerGaps(d: typeof doc): string[] {
  const gaps: string[] = [];
  for (const [path, item] of Object.entries(d.paths))
    for (const [method, op] of Object.entries(item))
      for (const [status, r] of Object.entries(op.responses as Record<string, Json>))
        for (const [media, m] of Object.entries((r.content ?? {}) as Record<string, Json>))
          if (/json$/.test(media) && Object.keys(m.examples ?? {}).length === 0)
            gaps.push(`${method.toUpperCase()} ${path} ${status} ${media}`);
  return gaps;
}
