// The contract's answers on a real `sello serve` (the demo, its MH simulator sealing for real): the downloads of
// an invalidated document are 404 DTE_NOT_APPROVED while the app's own screens still get its ANULADO copy, and a
// cursor the list did not hand out is a 422 naming it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DteListPage, DteRecord } from '../../shared/records';
import { fcBody } from '../fixtures/bodies';
import { DEMO_KEY, tempDir } from '../support/core';
import { pdfText } from '../support/pdf';
import { exitOf, startServe } from '../support/serve-process';

let server: Awaited<ReturnType<typeof startServe>>;
let dir: ReturnType<typeof tempDir>;
const ids = ['c0a70000-0000-4000-8000-000000000001', 'c0a70000-0000-4000-8000-000000000002', 'c0a70000-0000-4000-8000-000000000003'];

const pos = (path: string, init: RequestInit = {}) =>
  fetch(`${server.url}${path}`, { ...init, headers: { 'X-API-Key': DEMO_KEY, 'Content-Type': 'application/json', ...init.headers } });

beforeAll(async () => {
  dir = tempDir('sello-contract-');
  server = await startServe(['--demo', '--port', '0', '--data-dir', dir.dir]);
  for (const id of ids) {
    const res = await pos('/dte/fc', { method: 'POST', body: JSON.stringify({ ...fcBody(id), generatedAt: undefined }) });
    expect(res.status).toBe(201);
  }
  for (let i = 0; i < 60; i++) {
    const page = (await (await pos('/dte?status=APPROVED')).json()) as DteListPage;
    if (page.items.length === ids.length) return;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('the demo MH did not seal the documents');
});
afterAll(async () => {
  server.child.kill('SIGTERM');
  await exitOf(server.child);
  dir.cleanup();
});

describe('the contract on a real sello serve', () => {
  it('an invalidated document: its downloads are 404 DTE_NOT_APPROVED; a person gets its ANULADO copy, a POS key does not', async () => {
    const id = ids[0]!;
    const invalidated = await pos('/dte/invalidate', {
      method: 'POST',
      body: JSON.stringify({ dteId: id, type: 2, reason: 'Prueba de anulación' }),
    });
    expect(invalidated.status, await invalidated.clone().text()).toBe(201);
    expect(((await (await pos(`/dte/${id}`)).json()) as DteRecord).status).toBe('INVALIDATED');
    for (const path of ['download/pdf', 'download/json', 'qr']) {
      const res = await pos(`/dte/${id}/${path}`);
      expect(res.status, path).toBe(404);
      expect(res.headers.get('content-type'), path).toContain('application/problem+json');
      expect(await res.json(), path).toMatchObject({ status: 404, code: 'DTE_NOT_APPROVED' });
    }
    // An approved one still downloads.
    expect((await pos(`/dte/${ids[1]!}/download/pdf`)).status).toBe(200);
    const login = await fetch(`${server.url}/session`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ login: 'cajero', password: '123456' }),
    });
    const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0]!;
    const copy = await fetch(`${server.url}/dte/${id}/letter`, { headers: { cookie } });
    expect(copy.status).toBe(200);
    expect(copy.headers.get('content-type')).toBe('application/pdf');
    expect(pdfText(Buffer.from(await copy.arrayBuffer()))).toContain('ANULADO: DOCUMENTO INVALIDADO ANTE MH');
    const byKey = await pos(`/dte/${id}/letter`);
    expect(byKey.status).toBe(403);
  });

  it('GET /dte with a cursor it did not hand out: 422 naming cursor; the one it handed out pages on', async () => {
    for (const cursor of ['garbage', 'bm9wZQ', 'e30']) {
      const res = await pos(`/dte?limit=1&cursor=${cursor}`);
      expect(res.status, cursor).toBe(422);
      expect(res.headers.get('content-type'), cursor).toContain('application/problem+json');
      expect(await res.json(), cursor).toMatchObject({ code: 'VALIDATION_FAILED', errors: [expect.objectContaining({ path: 'cursor' })] });
    }
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page = (await (await pos(`/dte?limit=1${cursor ? `&cursor=${cursor}` : ''}`)).json()) as DteListPage;
      seen.push(...page.items.map((d) => d.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen.sort()).toEqual([...ids].sort());
  });
});
