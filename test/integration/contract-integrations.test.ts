// The contract as integrators meet it: fields the spec does not list are left out (or refused when the client
// asks for strictness), and the record shows the id as the client sent it.
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import type { DteRecord } from '../../shared/records';
import { preferHandling } from '../../main/http/server';
import { ccfBody, fcBody, fexBody } from '../fixtures/bodies';
import { API_HEADERS, httpStation } from '../support/http-station';
import { unpackDocument } from '../../main/core/dte/packing/packed-document';

const station = httpStation();
const { post, get } = station;
let n = 0;
const uuid = () => `1c2d0000-0000-4000-8000-${String(++n).padStart(12, '0')}`;

/** What the station keeps of a document: the request as stored and the MH document. */
function stored(id: string): { request: string; mh: string; idAsSent: string | null } {
  const db = new BetterSqlite3(join(station.core.dataDir, 'sello.db'), { readonly: true });
  try {
    const row = db.prepare('SELECT packed, id_as_sent FROM documents WHERE id = ?').get(id.toLowerCase()) as
      { packed: Buffer; id_as_sent: string | null } | undefined;
    if (!row) throw new Error(`no document ${id}`);
    const texts = unpackDocument(row.packed);
    return { request: texts.requestJson, mh: texts.mhJson ?? '', idAsSent: row.id_as_sent };
  } finally {
    db.close();
  }
}

const count = () => station.core.dtes.list({ limit: 200 }).items.length;

/** An export invoice as public clients send it: `type` on its items, and bookkeeping of their own. */
function fexAsSent(id: string): Record<string, unknown> {
  const body = fexBody(id);
  const items = (body.items as Record<string, unknown>[]).map((item) => ({ ...item, type: 'BIENES' }));
  return { ...body, items, erpReference: 'PO-7781', meta: { batch: 12 } };
}

describe('unknown fields', () => {
  it('are left out by default: 201, named in a Warning header, never stored nor echoed', async () => {
    const id = uuid();
    const res = await post('/dte/fex', fexAsSent(id));
    expect(res.statusCode, res.body).toBe(201);
    const warning = String(res.headers.warning);
    expect(warning).toMatch(/^299 sello "/);
    for (const path of ['items.0.type', 'erpReference', 'meta']) expect(warning).toContain(path);
    expect(res.body).not.toMatch(/erpReference|PO-7781|batch/);
    const kept = stored(id);
    for (const text of [kept.request, kept.mh]) expect(text).not.toMatch(/erpReference|PO-7781|batch|"type":"BIENES"/);
    // The same request again is a replay, with the same warning.
    const again = await post('/dte/fex', fexAsSent(id));
    expect(again.statusCode).toBe(200);
    expect(again.headers.warning).toBe(res.headers.warning);
  });

  it('are the same request whether or not they come: a replay without them is a replay, not a conflict', async () => {
    const id = uuid();
    expect((await post('/dte/fc', { ...fcBody(id), posTicket: 'A-1' })).statusCode).toBe(201);
    const plain = await post('/dte/fc', fcBody(id));
    expect(plain.statusCode).toBe(200);
    expect(plain.headers.warning).toBeUndefined();
  });

  it('with Prefer: handling=strict are 422 UNKNOWN_FIELD naming each one, and nothing is stored', async () => {
    const id = uuid();
    const before = count();
    const res = await post('/dte/fex', fexAsSent(id), { prefer: 'handling=strict' });
    expect(res.statusCode).toBe(422);
    expect(res.headers['preference-applied']).toBe('handling=strict');
    const errors = res.json<{ errors: { path: string; code: string }[] }>().errors;
    expect(
      errors
        .filter((e) => e.code === 'UNKNOWN_FIELD')
        .map((e) => e.path)
        .sort(),
    ).toEqual(['erpReference', 'items.0.type', 'meta']);
    expect(count()).toBe(before);
    expect((await get(`/dte/${id}`)).statusCode).toBe(404);
  });

  it('strict and wait together are both applied', async () => {
    const res = await post('/dte/fc', fcBody(uuid()), { prefer: 'handling=strict, wait=0' });
    expect(res.statusCode).toBe(201);
    expect(String(res.headers['preference-applied']).split(', ').sort()).toEqual(['handling=strict', 'wait=0']);
  });

  it('a typo in a known field still fails, on the required field it leaves missing', async () => {
    const body = ccfBody(uuid());
    const { recipient, ...rest } = body;
    const res = await post('/dte/ccf', { ...rest, recipent: recipient });
    expect(res.statusCode).toBe(422);
    expect(res.json<{ errors: { path: string; code: string }[] }>().errors).toContainEqual(
      expect.objectContaining({ path: 'recipient', code: 'REQUIRED' }),
    );
  });

  it('other errors are still reported when unknown fields come along; the unknown ones are not', async () => {
    const res = await post('/dte/fc', { ...fcBody(uuid()), items: [], notes: 'x' });
    expect(res.statusCode).toBe(422);
    const paths = res.json<{ errors: { path: string }[] }>().errors.map((e) => e.path);
    expect(paths).toContain('items');
    expect(paths).not.toContain('notes');
  });

  it('on an invalidation too: left out by default, refused when strict', async () => {
    const id = uuid();
    await post('/dte/fc', fcBody(id));
    const lenient = await post('/dte/invalidate', { dteId: id, ticket: 9 });
    // Left out, so the request reaches the rule that matters: the FC is not approved yet.
    expect(lenient.json()).toMatchObject({ status: 409, code: 'DTE_NOT_INVALIDATABLE' });
    const strict = await post('/dte/invalidate', { dteId: id, ticket: 9 }, { prefer: 'handling=strict' });
    expect(strict.statusCode).toBe(422);
    expect(strict.json<{ errors: { path: string; code: string }[] }>().errors).toEqual([
      expect.objectContaining({ path: 'ticket', code: 'UNKNOWN_FIELD' }),
    ]);
  });

  it('a key that is not a plain name cannot break the header', async () => {
    const res = await post('/dte/fc', { ...fcBody(uuid()), 'ñandú "x"\r\n': 1, '': 2 });
    expect(res.statusCode, res.body).toBe(201);
    expect(String(res.headers.warning)).toContain(encodeURIComponent('ñandú "x"\r\n'));
  });

  it('a key with a lone surrogate is named too, never a 5xx after the document is stored', async () => {
    const id = uuid();
    const raw = JSON.stringify(fcBody(id)).replace(/^\{/, '{"\\ud800x":1,');
    const res = await station.app.inject({
      method: 'POST',
      url: '/dte/fc',
      headers: { ...API_HEADERS, 'content-type': 'application/json' },
      payload: raw,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(String(res.headers.warning)).toContain(encodeURIComponent('\uFFFDx'));
    const again = await station.app.inject({
      method: 'POST',
      url: '/dte/invalidate',
      headers: { ...API_HEADERS, 'content-type': 'application/json' },
      payload: `{"\\udc00":1,"dteId":"${id}"}`,
    });
    expect(again.statusCode, again.body).toBe(409);
  });

  it('reads the preference as RFC 7240 writes it', () => {
    expect(preferHandling('handling=strict')).toBe('strict');
    expect(preferHandling('wait=5; handling=strict')).toBe('strict');
    expect(preferHandling('respond-async, handling="lenient"')).toBe('lenient');
    expect(preferHandling(['wait=1', 'HANDLING=STRICT'])).toBe('strict');
    expect(preferHandling('wait=5')).toBeNull();
    expect(preferHandling('mishandling=strict')).toBeNull();
    expect(preferHandling(undefined)).toBeNull();
  });
});

describe('the id as sent', () => {
  it('an upper-case id comes back as sent; GET finds it in either case; MH gets it upper case', async () => {
    const id = uuid().toUpperCase();
    const res = await post('/dte/fc', fcBody(id));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<DteRecord>().id).toBe(id);
    expect(res.headers.location).toBe(`/dte/${id}`);
    for (const asked of [id, id.toLowerCase()]) expect((await get(`/dte/${asked}`)).json()).toMatchObject({ id });
    expect(station.core.dtes.list({}).items.find((r) => r.id.toLowerCase() === id.toLowerCase())?.id).toBe(id);
    const kept = stored(id);
    expect(kept.idAsSent).toBe(id);
    expect((JSON.parse(kept.mh) as { identificacion: { codigoGeneracion: string } }).identificacion.codigoGeneracion).toBe(id);
  });

  it('a mixed-case id is kept exactly; a replay in another case is the same request', async () => {
    const sent = uuid().replace(/[a-f]/g, (c, i: number) => (i % 2 ? c.toUpperCase() : c));
    const first = await post('/dte/fc', fcBody(sent));
    expect(first.json<DteRecord>().id).toBe(sent);
    const replay = await post('/dte/fc', fcBody(sent.toLowerCase()));
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toEqual(first.json());
  });

  it('the detail screen finds the history and events of a document sent in upper case', async () => {
    const id = uuid().toUpperCase();
    await post('/dte/fc', fcBody(id));
    const detail = (await get(`/dte/${id}/detail`)).json<{ record: DteRecord; timeline: { action: string }[] }>();
    expect(detail.record.id).toBe(id);
    expect(detail.timeline.map((t) => t.action)).toContain('dte.issued');
    // A receipt printed for it joins the same history.
    expect((await get(`/dte/${id}/receipt`)).statusCode).toBe(200);
    const after = (await get(`/dte/${id}/detail`)).json<{ timeline: { action: string }[] }>();
    expect(after.timeline.map((t) => t.action)).toEqual(['dte.issued', 'dte.receipt']);
  });
});
