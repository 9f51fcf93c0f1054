// The local HTTP API against a real core and SQLite store, through Fastify's inject (no socket needed).
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { BODY_LIMIT } from '../../main/http/server';
import { VALID_BODIES, ccfBody, fcBody, ncBody } from '../fixtures/bodies';
import { DEMO_KEY, fixedClock } from '../support/core';
import { API_HEADERS, httpStation, type Problem } from '../support/http-station';
import type { DteListPage, DteRecord } from '../../shared/records';
import { anyString, stringContaining } from '../support/match';
import { withValue } from '../support/mutate';

const station = httpStation();
const { post, get } = station;
let n = 0;
const uuid = () => `0b1e0000-0000-4000-8000-${String(++n).padStart(12, '0')}`;
const headers = API_HEADERS;

describe('create', () => {
  it.each(Object.keys(VALID_BODIES))('%s: 201, Location and the full DTE record', async (kind) => {
    const id = uuid();
    const res = await post(`/dte/${kind.toLowerCase()}`, VALID_BODIES[kind as keyof typeof VALID_BODIES](id));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.headers.location).toBe(`/dte/${id}`);
    const rec = res.json<DteRecord>();
    expect(rec).toMatchObject({
      id,
      companyId: station.core.station().company.id,
      environment: 'TEST',
      type: kind,
      status: 'CREATED',
      mhResponse: null,
      generatedAt: '2026-11-22T09:30:00-06:00',
      createdAt: '2026-11-22T09:30:00-06:00',
    });
    expect(rec.controlNumber).toMatch(/^DTE-\d{2}-M001P001-000000000000001$/);
    expect(Number.isInteger(rec.version)).toBe(true);
    for (const field of [
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
    ]) {
      expect(rec).toHaveProperty(field);
    }
  });

  it('NC and ND adjust a stored CCF; each kind has its own sequence', async () => {
    const ccfId = uuid();
    expect((await post('/dte/ccf', ccfBody(ccfId))).statusCode).toBe(201);
    const nc = await post('/dte/nc', ncBody(uuid(), ccfId));
    const nd = await post('/dte/nd', ncBody(uuid(), ccfId));
    expect(nc.statusCode, nc.body).toBe(201);
    expect(nd.statusCode, nd.body).toBe(201);
    expect(nc.json<unknown>()).toMatchObject({ type: 'NC', controlNumber: 'DTE-05-M001P001-000000000000001' });
    expect(nd.json<unknown>()).toMatchObject({ type: 'ND', controlNumber: 'DTE-06-M001P001-000000000000001' });
  });

  it('related documents must be known to the station and of a kind MH allows', async () => {
    const unknown = await post('/dte/nc', ncBody(uuid(), uuid()));
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json<Problem>().errors).toContainEqual(
      expect.objectContaining({ path: 'relatedTaxDocuments.0.id', code: 'UNKNOWN_CODE' }),
    );
    const fcId = uuid();
    await post('/dte/fc', fcBody(fcId));
    const wrongKind = await post('/dte/nc', ncBody(uuid(), fcId));
    expect(wrongKind.statusCode).toBe(422);
    expect(wrongKind.json<Problem>().errors).toContainEqual(
      expect.objectContaining({ path: 'relatedTaxDocuments.0.id', code: 'NOT_ALLOWED' }),
    );
  });

  it('numbers consecutively without gaps, also across rejected requests', async () => {
    const numbers: string[] = [];
    for (let i = 0; i < 5; i++) {
      const ok = await post('/dte/fc', fcBody(uuid()));
      numbers.push(ok.json<DteRecord>().controlNumber);
      const bad = await post('/dte/fc', withValue(fcBody(uuid()), 'items.0.quantity', 0));
      expect(bad.statusCode).toBe(422);
    }
    expect(numbers.map((c) => Number(c.slice(-15)))).toEqual([1, 2, 3, 4, 5]);
  });

  it('a point of sale named in branchOffice gets its own sequence; another branch is refused', async () => {
    const res = await post('/dte/fc', { ...fcBody(uuid()), branchOffice: { mhCode: 'M001', posNumber: 5 } });
    expect(res.json<unknown>()).toMatchObject({ controlNumber: 'DTE-01-M001P005-000000000000001', posNumber: 5 });
    const other = await post('/dte/fc', { ...fcBody(uuid()), branchOffice: { mhCode: 'S002', posNumber: 1 } });
    expect(other.statusCode).toBe(422);
    expect(other.json<Problem>().errors).toEqual([expect.objectContaining({ path: 'branchOffice.mhCode', code: 'NOT_ALLOWED' })]);
  });

  it('refuses an issue date in the future', async () => {
    const res = await post('/dte/fc', { ...fcBody(uuid()), generatedAt: '2026-11-23' });
    expect(res.statusCode).toBe(422);
    expect(res.json<Problem>().errors).toEqual([expect.objectContaining({ path: 'generatedAt' })]);
  });

  it('replays the same body with 200 and issues nothing new; a different body is 409', async () => {
    const id = uuid();
    const first = await post('/dte/fc', fcBody(id));
    const shuffled = Object.fromEntries(Object.entries(fcBody(id)).reverse());
    const again = await post('/dte/fc', { ...shuffled, id: id.toUpperCase() });
    expect(again.statusCode).toBe(200);
    expect(again.json<unknown>()).toEqual(first.json<unknown>());
    const conflict = await post('/dte/fc', withValue(fcBody(id), 'items.0.quantity', 3));
    expect(conflict.statusCode).toBe(409);
    expect(conflict.json<unknown>()).toMatchObject({ code: 'DTE_ID_CONFLICT', status: 409 });
    const otherKind = await post('/dte/ccf', ccfBody(id));
    expect(otherKind.statusCode).toBe(409);
    expect(station.core.dtes.list({}).items).toHaveLength(1);
  });

  it('a rejected request changes no stored data', async () => {
    await post('/dte/fc', fcBody(uuid()));
    const before = JSON.stringify(station.core.dtes.list({}));
    for (const body of [withValue(fcBody(uuid()), 'recipient.email', 'x'), { id: uuid() }, [], 'text', 42]) {
      const res = await post('/dte/fc', body);
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
    }
    expect(JSON.stringify(station.core.dtes.list({}))).toBe(before);
    expect((await post('/dte/fc', fcBody(uuid()))).json<DteRecord>().controlNumber).toBe('DTE-01-M001P001-000000000000002');
  });
});

describe('errors', () => {
  it('422 problem+json names every field', async () => {
    const res = await post('/dte/ccf', withValue(withValue(ccfBody(uuid()), 'recipient.nrc', 'ABC'), 'items.0.unitPrice', -1));
    expect(res.statusCode).toBe(422);
    expect(res.headers['content-type']).toContain('application/problem+json');
    expect(res.json<unknown>()).toMatchObject({ type: anyString(), title: anyString(), status: 422, code: 'VALIDATION_FAILED' });
    expect(
      res
        .json<Problem>()
        .errors.map((e: { path: string }) => e.path)
        .sort(),
    ).toEqual(['items.0.unitPrice', 'recipient.nrc']);
  });

  it('400 for malformed JSON, a wrong content type or no body', async () => {
    const bad = await station.app.inject({
      method: 'POST',
      url: '/dte/fc',
      headers: { ...headers, 'content-type': 'application/json' },
      payload: '{"id": ',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<Problem>().code).toBe('MALFORMED_REQUEST');
    const text = await station.app.inject({
      method: 'POST',
      url: '/dte/fc',
      headers: { ...headers, 'content-type': 'text/plain' },
      payload: 'hola',
    });
    expect(text.statusCode).toBe(400);
    expect(text.json<Problem>().code).toBe('MALFORMED_REQUEST');
    const none = await station.app.inject({ method: 'POST', url: '/dte/fc', headers });
    expect(none.statusCode).toBe(400);
  });

  it('413 for a body over the limit', async () => {
    const res = await station.app.inject({
      method: 'POST',
      url: '/dte/fc',
      headers: { ...headers, 'content-type': 'application/json' },
      payload: JSON.stringify({ id: uuid(), pad: 'x'.repeat(BODY_LIMIT) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json<Problem>().code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('401 without a key, with a wrong key, and with a revoked key', async () => {
    expect((await station.app.inject({ method: 'GET', url: '/health' })).statusCode).toBe(401);
    const wrong = await get('/health', { 'x-api-key': 'sello-demo-api-kez' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json<Problem>().code).toBe('UNAUTHORIZED');
    const { id, key } = station.core.apiKeys.create('POS 2', '2026-11-22T09:30:00-06:00');
    expect((await get('/health', { 'x-api-key': key })).statusCode).toBe(200);
    station.core.apiKeys.revoke(id, '2026-11-22T09:31:00-06:00');
    expect((await get('/health', { 'x-api-key': key })).statusCode).toBe(401);
  });

  it('X-API-Version: absent means 1; anything else but 1 is 400 listing the supported versions', async () => {
    expect((await station.app.inject({ method: 'GET', url: '/health', headers: { 'x-api-key': DEMO_KEY } })).statusCode).toBe(200);
    const res = await get('/health', { 'x-api-version': '2' });
    expect(res.statusCode).toBe(400);
    expect(res.json<unknown>()).toMatchObject({ code: 'UNSUPPORTED_API_VERSION', detail: stringContaining('1') });
  });

  it('404 for unknown ids, ids that are not UUIDs, and unknown routes', async () => {
    expect((await get(`/dte/${uuid()}`)).json<unknown>()).toMatchObject({ status: 404, code: 'DTE_NOT_FOUND' });
    expect((await get('/dte/abc')).statusCode).toBe(404);
    expect((await get('/nada')).json<unknown>()).toMatchObject({ status: 404, code: 'NOT_FOUND' });
  });
});

describe('reads', () => {
  it('GET /dte/:id returns the record, whatever the id case', async () => {
    const id = uuid();
    const created = (await post('/dte/fse', VALID_BODIES.FSE(id))).json<DteRecord>();
    expect((await get(`/dte/${id.toUpperCase()}`)).json<unknown>()).toEqual(created);
  });

  it.each(['download/pdf', 'download/json', 'qr'])(
    '%s: 404 DTE_NOT_APPROVED before MH approves, DTE_NOT_FOUND when unknown',
    async (path) => {
      const id = uuid();
      await post('/dte/fc', fcBody(id));
      expect((await get(`/dte/${id}/${path}`)).json<unknown>()).toMatchObject({ status: 404, code: 'DTE_NOT_APPROVED' });
      expect((await get(`/dte/${uuid()}/${path}`)).json<unknown>()).toMatchObject({ status: 404, code: 'DTE_NOT_FOUND' });
    },
  );

  it('download/json of an APPROVED DTE: the signed document with firmaElectronica and selloRecibido', async () => {
    const id = uuid();
    await post('/dte/ccf', ccfBody(id));
    const { document, jws } = station.core.dtes.mhDocument(id);
    // Until the MH client exists (issue 4) nothing is approved; mark it as MH would, through a second connection.
    const db = new BetterSqlite3(join(station.core.dataDir, 'sello.db'));
    db.prepare("UPDATE documents SET status = 'APPROVED', seal = ? WHERE id = ?").run('2026A1B2C3D4E5F6A7B8C9D0E1F2A3B4C5D6E7F8', id);
    db.close();
    const res = await get(`/dte/${id}/download/json`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/json');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${id.toUpperCase()}.json"`);
    expect(res.json<unknown>()).toEqual({ ...document, firmaElectronica: jws, selloRecibido: '2026A1B2C3D4E5F6A7B8C9D0E1F2A3B4C5D6E7F8' });
  });

  it('a cursor this list did not hand out is a 422 naming cursor, never the first page again', async () => {
    const ids = [uuid(), uuid(), uuid()];
    for (const id of ids) await post('/dte/fc', fcBody(id));
    const page1 = (await get('/dte?limit=2')).json<DteListPage>();
    const good = page1.nextCursor!;
    const b64 = (text: string) => Buffer.from(text, 'utf8').toString('base64url');
    const { c, i } = JSON.parse(Buffer.from(good, 'base64url').toString('utf8')) as { c: string; i: string };
    const broken = [
      'garbage',
      'bm9wZQ', // "nope"
      good.slice(0, -3), // cut short
      good.slice(0, -1),
      `${good}x`,
      `${good}==`,
      `${good}.`,
      good.replace(/^./, '!'),
      b64('[]'),
      b64('null'),
      b64('{"c":1,"i":"x"}'),
      b64(JSON.stringify({ c, i: 'not-a-uuid' })),
      b64(JSON.stringify({ c: '', i })),
      b64(JSON.stringify({ i, c })), // the same fields in another order: not what the list hands out
      b64(JSON.stringify({ c, i, extra: 1 })),
      b64(`${JSON.stringify({ c, i })} `),
      Buffer.from([0xff, 0xfe, 0x7b]).toString('base64url'), // not UTF-8
    ];
    for (const cursor of broken) {
      const res = await get(`/dte?limit=2&cursor=${encodeURIComponent(cursor)}`);
      expect(res.statusCode, cursor).toBe(422);
      expect(res.headers['content-type'], cursor).toContain('application/problem+json');
      expect(res.json<Problem>(), cursor).toMatchObject({
        status: 422,
        code: 'VALIDATION_FAILED',
        errors: [expect.objectContaining({ path: 'cursor', code: 'INVALID_FORMAT' })],
      });
    }
    // Over the schema's length too: still the field named, never a 5xx.
    expect((await get(`/dte?cursor=${'A'.repeat(600)}`)).json<Problem>().errors[0]?.path).toBe('cursor');
    // The cursor handed out still works, and the refusals changed nothing.
    const page2 = (await get(`/dte?limit=2&cursor=${good}`)).json<DteListPage>();
    expect([...page1.items, ...page2.items].map((r) => r.id).sort()).toEqual([...ids].sort());
    expect(page2.nextCursor).toBeNull();
    // The core refuses it too, whichever door asks (IPC reaches the same call).
    expect(() => station.core.dtes.list({ cursor: 'garbage' })).toThrow(expect.objectContaining({ code: 'VALIDATION_FAILED' }));
  });

  it('lists newest first with filters, text search and cursor pages', async () => {
    const clock = fixedClock();
    await station.restart(clock);
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      const id = uuid();
      ids.push(id);
      await post('/dte/fc', withValue(fcBody(id), 'recipient.name', `Cliente ${i}`));
      clock.advance(60_000);
    }
    await post('/dte/ccf', ccfBody(uuid()));
    const page1 = (await get('/dte?type=FC&limit=2')).json<DteListPage>();
    expect(page1.items.map((r: { id: string }) => r.id)).toEqual([ids[4], ids[3]]);
    const page2 = (await get(`/dte?type=FC&limit=2&cursor=${page1.nextCursor}`)).json<DteListPage>();
    const page3 = (await get(`/dte?type=FC&limit=2&cursor=${page2.nextCursor}`)).json<DteListPage>();
    expect([...page2.items, ...page3.items].map((r: { id: string }) => r.id)).toEqual([ids[2], ids[1], ids[0]]);
    expect(page3.nextCursor).toBeNull();
    expect((await get('/dte?q=cliente%203')).json<DteListPage>().items.map((r: { id: string }) => r.id)).toEqual([ids[3]]);
    expect((await get('/dte?q=DTE-03')).json<DteListPage>().items).toHaveLength(1);
    expect((await get('/dte?status=APPROVED')).json<DteListPage>().items).toHaveLength(0);
    expect((await get('/dte?from=2026-11-22&to=2026-11-22')).json<DteListPage>().items).toHaveLength(6);
    expect((await get('/dte?from=2026-11-23')).json<DteListPage>().items).toHaveLength(0);
    const bad = await get('/dte?limit=500&type=XX');
    expect(bad.statusCode).toBe(422);
    expect(
      bad
        .json<Problem>()
        .errors.map((e: { path: string }) => e.path)
        .sort(),
    ).toEqual(['limit', 'type']);
  });

  it('GET /health describes the station', async () => {
    expect((await get('/health')).json<unknown>()).toMatchObject({
      status: 'ok',
      environment: 'TEST',
      demo: true,
      branchCode: 'M001',
      posNumber: 1,
    });
  });
});

describe('invalidate', () => {
  it('422 naming the field, 404 for an unknown DTE, 409 for one MH has not approved', async () => {
    const bad = await post('/dte/invalidate', { dteId: 'x', reason: 'abc' });
    expect(bad.statusCode).toBe(422);
    expect(
      bad
        .json<Problem>()
        .errors.map((e: { path: string }) => e.path)
        .sort(),
    ).toEqual(['dteId', 'reason']);
    expect((await post('/dte/invalidate', { dteId: uuid() })).json<unknown>()).toMatchObject({ status: 404, code: 'DTE_NOT_FOUND' });
    const id = uuid();
    await post('/dte/fc', fcBody(id));
    expect((await post('/dte/invalidate', { dteId: id })).json<unknown>()).toMatchObject({ status: 409, code: 'DTE_NOT_INVALIDATABLE' });
  });
});

describe('sync status', () => {
  it('a healthy station shows the alerts list, empty', async () => {
    const res = await get('/sync/status');
    expect(res.statusCode).toBe(200);
    expect(res.json<{ alerts: unknown }>().alerts).toEqual([]);
  });
});
