// Every answer of the station's HTTP server says `X-Content-Type-Options: nosniff`
// (docs/decisions/0067-email-rights-and-small-guards.md): a JSON answer, each kind of problem (401, 403, 404, 400,
// 422), a file download, the UI's page and its static files, and the event stream.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { silentLogger } from '../../main/core/logger';
import { buildHttpServer } from '../../main/http/server';
import { DEMO_KEY, testCore } from '../support/core';
import { sessionHeaders } from '../support/session';

let core: ReturnType<typeof testCore>;
let app: FastifyInstance;
let uiDir: string;

beforeEach(async () => {
  core = testCore();
  uiDir = mkdtempSync(join(tmpdir(), 'sello-ui-'));
  mkdirSync(join(uiDir, 'assets'));
  writeFileSync(join(uiDir, 'index.html'), '<!doctype html><html><head><title>Sello</title></head><body></body></html>');
  writeFileSync(join(uiDir, 'assets', 'index.js'), 'console.log("sello")');
  app = await buildHttpServer(core, { logger: silentLogger, uiDir });
});
afterEach(async () => {
  await app.close();
  core.cleanup();
  rmSync(uiDir, { recursive: true, force: true });
});

const KEY = { 'x-api-key': DEMO_KEY };

describe('X-Content-Type-Options: nosniff', () => {
  it.each([
    ['a JSON answer', 'GET', '/health', KEY, 200],
    ['a list', 'GET', '/dte', KEY, 200],
    ['no credential', 'GET', '/dte', {}, 401],
    ["a key on an administrator's route", 'GET', '/users', KEY, 403],
    ['no such route', 'GET', '/no-existe', KEY, 404],
    ['no such document', 'GET', '/dte/00000000-0000-4000-8000-000000000000', KEY, 404],
    ['a URL Fastify cannot route', 'GET', '/dte/%E0%A4%A', KEY, 400],
    ['an invalid body', 'POST', '/dte/fc', { ...KEY, 'content-type': 'application/json' }, 422],
    ['a host that is not this server', 'GET', '/health', { ...KEY, host: 'evil.example' }, 403],
    ['the UI page', 'GET', '/', {}, 200],
    ["the UI's static file", 'GET', '/assets/index.js', {}, 200],
    ['a static file that does not exist', 'GET', '/assets/nada.js', {}, 404],
    ['the API document', 'GET', '/openapi.json', {}, 200],
  ] as const)('%s (%s %s)', async (_what, method, url, headers, status) => {
    const res = await app.inject({ method, url, headers, ...(method === 'POST' ? { payload: { nada: 1 } } : {}) });
    expect(res.statusCode).toBe(status);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    // And an id to quote to support (issue 56, main/http/request-id.ts).
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('a downloaded file (the catalog as CSV) and the event stream', async () => {
    const csv = await app.inject({ method: 'GET', url: '/products/export?format=csv', headers: KEY });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['x-content-type-options']).toBe('nosniff');

    // The stream is written by hand (hijacked): read its head over a real socket, then let it go.
    const base = await app.listen({ host: '127.0.0.1', port: 0 });
    const stop = new AbortController();
    const res = await fetch(`${base}/sync/events`, { headers: await sessionHeaders(app, 'cajero', core), signal: stop.signal });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    stop.abort();
  });
});
