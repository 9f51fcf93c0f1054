// The routes the counter app uses beyond the contract: document detail, retry, API keys. They are the app's:
// these tests call them with an administrator's session, as the served UI does (a POS key gets 403: route-scopes.test.ts).
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Core } from '../../main/core/create-core';
import { buildHttpServer } from '../../main/http/server';
import { silentLogger } from '../../main/core/logger';
import type { ApiKeyInfo, DteDetail, DteListPage, ReceiverEntry, StationInfo } from '../../shared/records';
import { ccfBody, fcBody } from '../fixtures/bodies';
import { tempDir } from '../support/core';
import { sessionHeaders } from '../support/session';
import { anyString, stringMatching } from '../support/match';
import { coreWithSimulator, startSimulator } from '../support/mh-sim';

let sim: Awaited<ReturnType<typeof startSimulator>>;
let dir: ReturnType<typeof tempDir>;
let core: Core;
let app: FastifyInstance;
let headers: { cookie: string };

beforeAll(async () => {
  sim = await startSimulator();
  dir = tempDir();
  core = coreWithSimulator(dir.dir, sim);
  app = await buildHttpServer(core, { logger: silentLogger });
  headers = await sessionHeaders(app, 'admin', core);
});
afterAll(async () => {
  await app.close();
  core.close();
  await sim.close();
  dir.cleanup();
});

describe('document detail', () => {
  it('the record, its history, the invalidation window and a summary', async () => {
    const id = '0a1b2c3d-0000-4000-8000-000000000001';
    core.dtes.create('CCF', { ...ccfBody(id), generatedAt: undefined }, 'test');
    await core.sync.runOnce();
    const res = await app.inject({ method: 'GET', url: `/dte/${id}/detail`, headers });
    expect(res.statusCode).toBe(200);
    const d = res.json<DteDetail>();
    expect(d.record).toMatchObject({ id, status: 'APPROVED' });
    expect(d.timeline.map((t) => t.action)).toEqual(['dte.issued', 'dte.approved']);
    // A CCF can be invalidated until the end of the day after its seal.
    const left = Date.parse(d.invalidation.deadline ?? '') - Date.now();
    expect(left).toBeGreaterThan(0);
    expect(left).toBeLessThan(2 * 86_400_000);
    expect(d.summary).toMatchObject({ receiver: 'Distribuidora La Ceiba, S.A. de C.V.', total: '47.22', items: 3, contingency: false });
    expect((await app.inject({ method: 'GET', url: '/dte/0a1b2c3d-0000-4000-8000-000000000999/detail', headers })).statusCode).toBe(404);
  });
});

describe('retry and API keys', () => {
  it('POST /sync/retry wakes the engine and answers the state', async () => {
    const res = await app.inject({ method: 'POST', url: '/sync/retry', headers });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toHaveProperty('queue');
  });

  it('a key is shown once, works, lists with a hint only, and stops working when revoked', async () => {
    const created = await app.inject({ method: 'POST', url: '/api-keys', headers, payload: { name: 'Caja 2' } });
    expect(created.statusCode).toBe(201);
    const { id, key } = created.json<{ id: string; key: string }>();
    expect(key).toMatch(/^sello_/);
    expect((await app.inject({ method: 'GET', url: '/health', headers: { 'x-api-key': key } })).statusCode).toBe(200);
    const list = (await app.inject({ method: 'GET', url: '/api-keys', headers })).json<ApiKeyInfo[]>();
    const listed = list.find((k) => k.id === id)!;
    expect(listed).toMatchObject({ name: 'Caja 2', revokedAt: null, hint: `…${key.slice(-4)}` });
    expect(JSON.stringify(list)).not.toContain(key);
    expect((await app.inject({ method: 'DELETE', url: `/api-keys/${id}`, headers })).statusCode).toBe(204);
    expect((await app.inject({ method: 'GET', url: '/health', headers: { 'x-api-key': key } })).statusCode).toBe(401);
    expect((await app.inject({ method: 'DELETE', url: `/api-keys/${id}`, headers })).statusCode).toBe(404);
    expect((await app.inject({ method: 'POST', url: '/api-keys', headers, payload: { name: '' } })).json()).toMatchObject({
      status: 422,
      errors: [expect.objectContaining({ path: 'name' })],
    });
  });
});

describe('receivers address book', () => {
  it('remembers each recipient once, with its latest data; NC shares the CCF book; search by name or number', async () => {
    const id = (n: number) => `0a1b2c3d-0000-4000-8000-0000000001${String(n).padStart(2, '0')}`;
    const fc = fcBody(id(1));
    core.dtes.create('FC', { ...fc, generatedAt: undefined }, 'test');
    // The same DUI with a new phone: one entry, the new phone, two uses.
    core.dtes.create(
      'FC',
      { ...fc, id: id(2), generatedAt: undefined, recipient: { ...(fc.recipient as object), phone: '77778888' } },
      'test',
    );
    core.dtes.create('CCF', { ...ccfBody(id(3)), generatedAt: undefined }, 'test');
    const get = async (query: string) => app.inject({ method: 'GET', url: `/receivers?${query}`, headers });
    const fcBook = (await get('type=FC')).json<{ items: ReceiverEntry[] }>();
    // One address book across FC and CCF: the CCF's taxpayer is offered for an FC too (without its commercial
    // name, which an FC's recipient does not have); a consumer with only a DUI is not offered for a CCF.
    // (All issued in the same second: the kind's own book comes first.)
    expect(fcBook.items.map((r) => r.name)).toEqual(['María Elena Hernández', 'Distribuidora La Ceiba, S.A. de C.V.']);
    expect(fcBook.items[1]!.recipient).toMatchObject({ nrc: '1234567', identificationDocument: { type: 'NIT' } });
    expect(fcBook.items[1]!.recipient).not.toHaveProperty('commercialName');
    expect((await get('type=CCF')).json<{ items: ReceiverEntry[] }>().items.map((r) => r.name)).toEqual([
      'Distribuidora La Ceiba, S.A. de C.V.',
    ]);
    expect(fcBook.items[0]).toMatchObject({
      name: 'María Elena Hernández',
      document: '012345678',
      uses: 2,
      recipient: { phone: '77778888' },
    });
    const ncBook = (await get('type=NC&q=ceiba')).json<{ items: ReceiverEntry[] }>();
    expect(ncBook.items.map((r) => r.name)).toEqual(['Distribuidora La Ceiba, S.A. de C.V.']);
    expect((await get('type=FC&q=0123456')).json()).toMatchObject({ items: [{ document: '012345678' }] });
    // Without accents or case: the cashier types "MARIA ELENA".
    expect((await get('type=FC&q=MARIA%20ELENA')).json()).toMatchObject({ items: [{ name: 'María Elena Hernández' }] });
    const listed = (await app.inject({ method: 'GET', url: '/dte?type=FC&q=HERNANDEZ', headers })).json<DteListPage>();
    expect(listed.items.length).toBeGreaterThanOrEqual(2);
    expect(listed.items.every((d) => d.recipientName === 'María Elena Hernández')).toBe(true);
    // A % typed by a cashier is a literal character, not a wildcard.
    expect((await get('type=FC&q=%25')).json()).toEqual({ items: [] });
    expect((await get('type=XX')).json()).toMatchObject({ status: 422, errors: [expect.objectContaining({ path: 'type' })] });
  });
});

describe('station settings', () => {
  it('GET /settings/station shows the station and whether MH and the certificate are set up, never a secret', async () => {
    const res = await app.inject({ method: 'GET', url: '/settings/station', headers });
    expect(res.statusCode).toBe(200);
    const info = res.json<StationInfo>();
    expect(info).toMatchObject({
      environment: 'TEST',
      company: { nit: '06142803901121' },
      branch: { mhCode: 'M001', posNumber: 1 },
      certificate: { loaded: true, nit: '06142803901121' },
    });
    expect(info.mh).toMatchObject({ user: anyString(), baseUrl: stringMatching(/^http:\/\/127\.0\.0\.1:/) });
    expect(JSON.stringify(info)).not.toMatch(/password/i);
    expect((await app.inject({ method: 'GET', url: '/settings/station' })).statusCode).toBe(401);
  });
});
