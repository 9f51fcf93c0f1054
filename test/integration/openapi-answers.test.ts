// Every JSON answer the OpenAPI document types (main/http/openapi/responses/) is what a real server sends: each
// route that answers JSON is called on a demo station and its body parsed with its documented schema, which is
// strict, so a field the server adds and the document lacks fails here naming the route. Every operation that
// answers JSON has a schema, so the document holds no bare `{type: object}`.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildHttpServer, ROUTE_TABLE } from '../../main/http/server';
import { OPERATIONS } from '../../main/http/openapi/operations';
import { NAMED_RESPONSES, RESPONSE_SCHEMAS, selloEvent } from '../../main/http/openapi/responses/index';
import { silentLogger } from '../../main/core/logger';
import { createCore, type Core } from '../../main/core/create-core';
import { DEMO_STATION } from '../../main/core/station/demo';
import { DEMO_KEY, fixedClock, tempDir } from '../support/core';
import { SCHEMA_DIR_V2 } from '../support/mh-schemas';
import { coreWithSimulator, registerStation, startSimulator } from '../support/mh-sim';
import { startVirtualPrinter } from '../support/virtual-printer';
import { sessionHeaders } from '../support/session';
import { todayBody } from '../fixtures/bodies';
import { DTE_KINDS } from '../../shared/contract';
import { CATALOG_NAMES } from '../../shared/catalogs/lists';

let sim: Awaited<ReturnType<typeof startSimulator>>;
let dir: ReturnType<typeof tempDir>;
let printer: Awaited<ReturnType<typeof startVirtualPrinter>>;
let core: Core;
let app: FastifyInstance;
let admin: Record<string, string>;
const pos = { 'x-api-key': DEMO_KEY };
/** The operations whose real answer was parsed, to tell which ones the walk below leaves out. */
const seen = new Set<string>();

/** What each station of this file leaves to stop at the end. */
const stops: (() => Promise<void> | void)[] = [];

/** A station over MH's simulator, its engine run by hand; the routes below call it from then on. */
async function station(open: (dataDir: string) => Core): Promise<void> {
  dir = tempDir();
  core = open(dir.dir);
  app = await buildHttpServer(core, { logger: silentLogger });
  admin = await sessionHeaders(app, 'admin');
  const [a, c, d] = [app, core, dir];
  stops.push(
    () => a.close(),
    () => c.close(),
    () => d.cleanup(),
  );
}

beforeAll(async () => {
  // The demo station talking to MH's simulator: documents get MH's real answers.
  sim = await startSimulator();
  printer = await startVirtualPrinter();
  const [s, p] = [sim, printer];
  stops.push(
    () => s.close(),
    () => p.close(),
  );
  await station((dataDir) => coreWithSimulator(dataDir, s));
});
afterAll(async () => {
  for (const stop of stops.reverse()) await stop();
});

interface Call {
  readonly headers?: Record<string, string>;
  readonly payload?: unknown;
  /** The success statuses this call may answer (the main one unless told). */
  readonly ok?: readonly number[];
}

/**
 * Calls `method url` as the operation `key` and parses the answer with RESPONSE_SCHEMAS[key]; the failure names
 * the route, the status and zod's words.
 */
async function answer(key: string, url: string, call: Call = {}): Promise<Record<string, unknown>> {
  const [method] = key.split(' ') as ['GET' | 'POST' | 'PUT' | 'DELETE'];
  const res = await app.inject({
    method,
    url,
    headers: { 'x-api-version': '1', ...(call.headers ?? admin) },
    ...(call.payload === undefined ? {} : { payload: call.payload as object }),
  });
  const ok = call.ok ?? [OPERATIONS[key]?.status ?? 200];
  expect(ok.includes(res.statusCode), `${key} (${url}) answered ${res.statusCode}: ${res.body.slice(0, 400)}`).toBe(true);
  expect(res.headers['content-type'], key).toMatch(/^application\/json/);
  const schema = RESPONSE_SCHEMAS[key];
  expect(schema, `${key} has no schema in RESPONSE_SCHEMAS`).toBeDefined();
  const parsed = schema!.safeParse(res.json());
  expect(parsed.success ? 'ok' : `${key}: ${JSON.stringify(parsed.error.issues.slice(0, 5))}`, key).toBe('ok');
  seen.add(key);
  return res.json<Record<string, unknown>>();
}

/** Fastify's `/dte/:id` as OpenAPI's `/dte/{id}` (as document.ts writes it; not imported, to keep this test to the answers). */
const openApiPath = (path: string): string => path.replace(/:([A-Za-z]+)/g, '{$1}');

const jsonOperations = () =>
  Object.entries(OPERATIONS)
    .filter(([, op]) => (op.answer ?? 'json') === 'json')
    .map(([key]) => key)
    .sort();

describe('the typed answers', () => {
  it('give every operation that answers JSON a schema, and no schema to an operation that does not', () => {
    expect(jsonOperations().filter((k) => !RESPONSE_SCHEMAS[k])).toEqual([]);
    expect(Object.keys(RESPONSE_SCHEMAS).filter((k) => !jsonOperations().includes(k))).toEqual([]);
    // Every key is a route the server registers.
    const routes = new Set(ROUTE_TABLE.map((r) => `${r.method} ${openApiPath(r.path)}`));
    expect(Object.keys(RESPONSE_SCHEMAS).filter((k) => !routes.has(k))).toEqual([]);
  });

  it('name each shared schema after its id, so components and $refs agree', () => {
    for (const [name, schema] of Object.entries(NAMED_RESPONSES)) expect(schema.meta()?.id, name).toBe(name);
  });

  it('refuse a field the server does not document (the schemas are strict)', () => {
    const health = RESPONSE_SCHEMAS['GET /health']!;
    const real = {
      status: 'ok',
      version: '1.0.0',
      environment: 'TEST',
      demo: true,
      companyName: 'Demo',
      branchCode: 'M001',
      posNumber: 1,
      firstRun: true,
      welcomeSeen: false,
    };
    expect(health.safeParse(real).success).toBe(true);
    expect(health.safeParse({ ...real, undocumented: 1 }).success).toBe(false);
    expect(health.safeParse({ ...real, posNumber: '1' }).success).toBe(false);
  });
});

describe('each route answers what its schema says, on a demo station', () => {
  it('the session, the station and its settings', async () => {
    await answer('POST /session', '/session', { headers: {}, payload: { login: 'admin', password: 'demo-admin' } });
    await answer('GET /session', '/session');
    await answer('GET /session/demo-users', '/session/demo-users', { headers: {} });
    await answer('GET /health', '/health', { headers: pos });
    await answer('GET /catalogs', '/catalogs', { headers: pos });
    for (const name of CATALOG_NAMES) await answer('GET /catalogs/{name}', `/catalogs/${name}`, { headers: pos });
    await answer('GET /catalogs/{name}', '/catalogs/municipality?department=06', { headers: pos });
    await answer('GET /sync/status', '/sync/status', { headers: pos });
    await answer('POST /sync/retry', '/sync/retry');
    await answer('GET /settings/station', '/settings/station');
    await answer('POST /settings/welcome-seen', '/settings/welcome-seen');
    const normative = await answer('GET /settings/normative', '/settings/normative');
    await answer('PUT /settings/normative', '/settings/normative', { payload: normative.setting });
    await answer('GET /settings/hub', '/settings/hub');
    await answer('PUT /settings/hub', '/settings/hub', { headers: { ...admin, 'content-type': 'application/json' }, payload: 'null' });
    await answer('GET /settings/numbering', '/settings/numbering');
    await answer('PUT /settings/numbering', '/settings/numbering', { payload: { last: { FC: 0 } } });
    const printing = await answer('GET /settings/printing', '/settings/printing');
    await answer('PUT /settings/printing', '/settings/printing', { payload: printing });
    await answer('GET /settings/price-overrides', '/settings/price-overrides');
    await answer('PUT /settings/price-overrides', '/settings/price-overrides', { payload: { threshold: '5' } });
    const branches = await answer('GET /settings/branches', '/settings/branches');
    await answer('PUT /settings/branches', '/settings/branches', { payload: branches });
    await answer('GET /settings/smtp', '/settings/smtp');
    await answer('PUT /settings/smtp', '/settings/smtp', {
      payload: { host: '127.0.0.1', port: 2525, secure: false, allowInsecureLocal: true, from: { address: 'caja@example.com' } },
    });
    // Nothing listens there: the test says it did not go, in a 200.
    await answer('POST /settings/smtp/test', '/settings/smtp/test', { payload: { email: 'cliente@example.com' } });
    await answer('GET /settings/books', '/settings/books');
    await answer('PUT /settings/books', '/settings/books', { payload: { encoding: 'utf-8' } });
    await answer('GET /homologation', '/homologation');
    await answer('GET /backups', '/backups');
    await answer('POST /backups', '/backups');
    await answer('GET /audit/verify', '/audit/verify');
    await answer('GET /printer/status', '/printer/status');
    await answer('GET /printer/pending', '/printer/pending');
  });

  it('GET /sync/events: its first event, as SelloEvent describes it', async () => {
    const address = await app.listen({ host: '127.0.0.1', port: 0 });
    const stop = new AbortController();
    const res = await fetch(`${address}/sync/events`, { headers: pos, signal: stop.signal });
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const reader = res.body!.getReader();
    let text = '';
    while (!text.includes('\n\n')) text += new TextDecoder().decode((await reader.read()).value);
    stop.abort();
    const first = /^data: (.*)$/m.exec(text)![1]!;
    const parsed = selloEvent.safeParse(JSON.parse(first));
    expect(parsed.success ? 'ok' : JSON.stringify(parsed.error.issues.slice(0, 5))).toBe('ok');
  });

  it('people, keys and webhooks', async () => {
    await answer('GET /users', '/users');
    await answer('POST /users', '/users', {
      payload: { login: 'cajera9', name: 'Cajera Nueve', role: 'CASHIER', password: 'una-clave-larga' },
    });
    await answer('PUT /users/{login}', '/users/cajera9', { payload: { role: 'CASHIER', name: 'Cajera 9' } });
    const key = await answer('POST /api-keys', '/api-keys', { payload: { name: 'Caja 9' } });
    // The field that holds the key: the key works.
    const health = await app.inject({ method: 'GET', url: '/health', headers: { 'x-api-key': String(key.key) } });
    expect(health.statusCode).toBe(200);
    await answer('GET /api-keys', '/api-keys');
    const hook = await answer('POST /webhooks', '/webhooks', { payload: { url: 'http://127.0.0.1:9/sello' } });
    await answer('GET /webhooks', '/webhooks');
    await answer('POST /webhooks/{id}/disable', `/webhooks/${String(hook.id)}/disable`);
    await answer('POST /webhooks/{id}/enable', `/webhooks/${String(hook.id)}/enable`);
    await answer('GET /webhooks/{id}/deliveries', `/webhooks/${String(hook.id)}/deliveries`);
  });

  it('the catalog', async () => {
    await answer('GET /products', '/products', { headers: pos });
    const p = await answer('POST /products', '/products', {
      payload: { code: 'RESP-001', description: 'Café de prueba 1 lb', unitMeasure: 'LIBRA', shelfPrice: 5.65 },
    });
    await answer('GET /products/{id}', `/products/${String(p.id)}`, { headers: pos });
    await answer('PUT /products/{id}', `/products/${String(p.id)}`, {
      payload: { code: 'RESP-001', description: 'Café de prueba 2 lb', unitMeasure: 'LIBRA', shelfPrice: 10.5 },
    });
    await answer('POST /products/import', '/products/import', {
      payload: { format: 'csv', content: 'codigo,descripcion,unidad,precio_con_iva\nRESP-002,Té verde,UNIDAD,2.00\n', apply: false },
    });
  });

  it('documents: issue, read, invalidate, send', async () => {
    const fc = await answer('POST /dte/fc', '/dte/fc', {
      headers: pos,
      payload: {
        id: '7c1d2e3f-4a5b-4c6d-8e9f-0a1b2c3d4e5f',
        paymentType: 'CONTADO',
        items: [
          { type: 'BIENES', description: 'Café molido 1 lb', quantity: 2, unitMeasure: 'LIBRA', unitPrice: 4.5, saleType: 'GRAVADA' },
        ],
      },
    });
    const id = String(fc.id);
    // MH answers on the sync engine's next run.
    await core.sync.runOnce();
    await answer('GET /dte', '/dte', { headers: pos });
    await answer('GET /dte/{id}', `/dte/${id}`, { headers: pos });
    expect((await answer('GET /dte/{id}', `/dte/${id}`, { headers: pos })).status).toBe('APPROVED');
    await answer('GET /dte/{id}/qr', `/dte/${id}/qr`, { headers: pos });
    await answer('GET /dte/{id}/returns', `/dte/${id}/returns`, { headers: pos });
    await answer('GET /receivers', '/receivers?type=FC');
    await answer('POST /dte/{id}/send', `/dte/${id}/send`, { payload: { email: 'cliente@example.com' } });
    await answer('POST /deliveries/retry-failed', '/deliveries/retry-failed');
    // Every kind, an NC and an ND on an approved CCF.
    const ccf = await answer('POST /dte/ccf', '/dte/ccf', { headers: pos, payload: todayBody('CCF', crypto.randomUUID(), null) });
    await core.sync.runOnce();
    for (const kind of DTE_KINDS.filter((k) => k !== 'FC' && k !== 'CCF'))
      await answer(`POST /dte/${kind.toLowerCase()}`, `/dte/${kind.toLowerCase()}`, {
        headers: pos,
        payload: todayBody(kind, crypto.randomUUID(), String(ccf.id)),
      });
    await core.sync.runOnce();
    await core.webhooks.runOnce();
    await answer('POST /dte/invalidate', '/dte/invalidate', {
      headers: pos,
      payload: { dteId: id, type: 2, reason: 'El cliente desistió de la compra.' },
      ok: [201, 202],
    });
    await answer('GET /dte/{id}/detail', `/dte/${id}/detail`, { headers: pos });
  });

  it('the receipt printer on ESC/POS, its pending receipts', async () => {
    const settings = await answer('GET /settings/printing', '/settings/printing');
    await answer('PUT /settings/printing', '/settings/printing', {
      payload: {
        ...settings,
        receiptOutput: 'escpos',
        escpos: { connection: { kind: 'network', host: '127.0.0.1', port: printer.port }, codepage: 'cp858', qr: 'native', drawer: true },
      },
    });
    await answer('GET /printer/status', '/printer/status');
    await answer('POST /printer/test', '/printer/test');
    await answer('POST /printer/drawer', '/printer/drawer');
    const approved = (await answer('GET /dte', '/dte?status=APPROVED', { headers: pos })).items as { id: string }[];
    expect(approved.length).toBeGreaterThanOrEqual(2);
    await answer('POST /dte/{id}/print', `/dte/${approved[0]!.id}/print`);
    // Out of paper, two receipts wait; one is printed once the paper is back, the other discarded.
    printer.setState({ paperOut: true });
    for (const d of approved.slice(0, 2))
      await app.inject({ method: 'POST', url: `/dte/${d.id}/print`, headers: { 'x-api-version': '1', ...admin } });
    const pending = (await answer('GET /printer/pending', '/printer/pending')) as unknown as { id: string }[];
    expect(pending).toHaveLength(2);
    printer.setState({ paperOut: false });
    await answer('POST /printer/pending/{jobId}/print', `/printer/pending/${pending[0]!.id}/print`);
    await answer('DELETE /printer/pending/{jobId}', `/printer/pending/${pending[1]!.id}`);
  });

  it('the close of the day and the books', async () => {
    await answer('POST /closes/openings', '/closes/openings', { payload: { scope: 'station', amount: '50.00' } });
    const opening = await answer('GET /closes/openings/current', '/closes/openings/current?scope=station');
    await answer('POST /closes/openings/{id}/corrections', `/closes/openings/${String(opening.id)}/corrections`, {
      payload: { amount: '60.00', reason: 'Se contó mal el fondo' },
    });
    await answer('POST /price-overrides/approvals', '/price-overrides/approvals', {
      payload: { code: 'RESP-001', price: '9.00', supervisor: 'admin', secret: 'demo-admin' },
    });
    await answer('POST /closes/movements', '/closes/movements', {
      payload: { kind: 'withdrawal', from: 'admin', amount: '10.00', reason: 'Retiro a bóveda' },
    });
    const close = await answer('POST /closes', '/closes', { payload: { scope: 'station' } });
    await answer('GET /closes', '/closes');
    await answer('GET /closes/{id}', `/closes/${String(close.id)}`);
    await answer('POST /closes/{id}/print', `/closes/${String(close.id)}/print`);
    await answer('GET /closes/{id}/price-overrides', `/closes/${String(close.id)}/price-overrides`);
    await answer('GET /price-overrides', '/price-overrides');
    await answer('GET /books', '/books?month=2026-11');
    await answer('GET /reports/sales', '/reports/sales?from=2026-11-01&to=2026-11-30');
  });

  it('a webhook delivery sent again', async () => {
    const [hook] = (await answer('GET /webhooks', '/webhooks')) as unknown as { id: string }[];
    const page = await answer('GET /webhooks/{id}/deliveries', `/webhooks/${hook!.id}/deliveries`);
    const [first] = page.items as { id: string }[];
    expect(first, 'the documents issued queued deliveries').toBeDefined();
    await answer('POST /webhook-deliveries/{id}/retry', `/webhook-deliveries/${first!.id}/retry`);
  });

  describe('under the Normativa DTE v2.0 (2026): the Evento de Retorno, and events in doubt', () => {
    const clock = fixedClock('2026-11-22T15:30:00Z');
    beforeAll(async () => {
      sim = await startSimulator({ clock, schemasV2Dir: SCHEMA_DIR_V2 });
      const s = sim;
      stops.push(() => s.close());
      await station((dataDir) => {
        const c = createCore({
          dataDir,
          clock,
          mh: { baseUrl: s.url, user: '06142803901121', password: 'demo' },
          sync: { manual: true, jitter: () => 0 },
        });
        const company = { ...DEMO_STATION.company, address: { ...DEMO_STATION.company.address, district: '14' } };
        c.configure({ ...DEMO_STATION, company, mhNormative: { current: '2026' } }, 'test');
        registerStation(s, c);
        return c;
      });
    });

    /** An FC MH approved. */
    const approvedFc = async () => {
      const fc = await answer('POST /dte/fc', '/dte/fc', { headers: pos, payload: todayBody('FC', crypto.randomUUID(), null) });
      await core.sync.runOnce();
      return String(fc.id);
    };
    const giveBack = (dteId: string, ok: readonly number[]) =>
      answer('POST /dte/return', '/dte/return', {
        headers: pos,
        payload: { lines: [{ dteId, item: 1, quantity: 1 }], reason: 'El cliente devolvió una unidad' },
        ok,
      });

    it('a return: made, listed, printed, sent, invalidated', async () => {
      const id = await approvedFc();
      const er = await giveBack(id, [201]);
      await answer('GET /dte/{id}/returns', `/dte/${id}/returns`, { headers: pos });
      const settings = await answer('GET /settings/printing', '/settings/printing');
      await answer('PUT /settings/printing', '/settings/printing', {
        payload: {
          ...settings,
          receiptOutput: 'escpos',
          escpos: {
            connection: { kind: 'network', host: '127.0.0.1', port: printer.port },
            codepage: 'cp858',
            qr: 'native',
            drawer: false,
          },
        },
      });
      await answer('POST /dte/returns/{id}/print', `/dte/returns/${String(er.id)}/print`);
      await answer('POST /dte/returns/{id}/send', `/dte/returns/${String(er.id)}/send`, { payload: { email: 'cliente@example.com' } });
      await answer('POST /dte/returns/{id}/invalidate', `/dte/returns/${String(er.id)}/invalidate`, {
        headers: pos,
        payload: {},
        ok: [201],
      });
    });

    it('special operations: items from a CSV, the event reported, listed and read', async () => {
      const { items } = (await answer('POST /events/eoe/items-from-csv', '/events/eoe/items-from-csv', {
        headers: pos,
        payload: { csv: 'type,number,date,description,taxed\n97,CCI-0901,2026-11-03,Consumo interno,12.50\n' },
      })) as { items: unknown[] };
      const ev = await answer('POST /events/eoe', '/events/eoe', { headers: pos, payload: { period: '2026-11', items }, ok: [201] });
      await answer('GET /events/eoe', '/events/eoe?period=2026-11', { headers: pos });
      await answer('GET /events/eoe/{id}', `/events/eoe/${String(ev.id)}`, { headers: pos });
    });

    it('a return and an invalidation whose answers were lost, settled by a supervisor', async () => {
      const returned = await approvedFc();
      sim.setMode('drop');
      const er = await giveBack(returned, [202]);
      sim.setMode('normal');
      await core.sync.runOnce();
      const seal = (sim.state.returns.get(String(er.id).toUpperCase())?.body as { selloRecibido: string }).selloRecibido;
      await answer('POST /dte/returns/{id}/settle', `/dte/returns/${String(er.id)}/settle`, { payload: { outcome: 'RECEIVED', seal } });

      const invalidated = await approvedFc();
      sim.state.repeatInvalidation = 'duplicate';
      sim.setMode('drop');
      const ev = await answer('POST /dte/invalidate', '/dte/invalidate', {
        headers: pos,
        payload: { dteId: invalidated, type: 2, reason: 'El cliente canceló la compra' },
        ok: [202],
      });
      sim.setMode('normal');
      await core.sync.runOnce();
      const status = await answer('GET /sync/status', '/sync/status', { headers: pos });
      expect(status.invalidationsInDoubt).toHaveLength(1);
      await answer('GET /dte/{id}/detail', `/dte/${invalidated}/detail`, { headers: pos });
      await answer('POST /dte/invalidations/{id}/settle', `/dte/invalidations/${String(ev.id)}/settle`, {
        payload: { outcome: 'INVALIDATED', note: 'Consulta pública: INVALIDADO' },
      });
    });
  });

  it('leaves out only the calls that need a station set up for them', () => {
    const notCalled = jsonOperations().filter((k) => !seen.has(k));
    expect(notCalled).toEqual(
      [
        // A document past the cap on sends (send-cap), a homologation run (homologation), a station's setup and
        // settings MH must check (station-setup): their own tests call them; the compiler still proves their schemas.
        'POST /sync/documents/{id}/send-again',
        'POST /homologation',
        'POST /homologation/resume',
        'PUT /settings/station',
        'POST /settings/station/setup',
      ].sort(),
    );
  });
});
