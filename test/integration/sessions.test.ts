// People, roles and sessions over HTTP (issue 13): logging in and out, the cookie, throttled guessing, expiry
// after 12 hours and after 30 idle minutes, what each role may do, who issued a document, and the people an
// administrator manages. Routes × roles are walked one by one in route-scopes.test.ts.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import BetterSqlite3 from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildHttpServer, SESSION_COOKIE } from '../../main/http/server';
import { silentLogger } from '../../main/core/logger';
import { DEMO_STATION } from '../../main/core/station/demo';
import type { SessionInfo, UserInfo } from '../../shared/people';
import type { DteDetail } from '../../shared/records';
import { fcBody, ncBody } from '../fixtures/bodies';
import { DEMO_KEY, fixedClock, testCore } from '../support/core';
import type { Problem } from '../support/http-station';
import { pdfText } from '../support/pdf';
import { sessionHeaders } from '../support/session';

let clock: ReturnType<typeof fixedClock>;
let core: ReturnType<typeof testCore>;
let app: FastifyInstance;
let uiDir: string;

beforeEach(async () => {
  clock = fixedClock();
  core = testCore(clock);
  // A stand-in for the renderer's build: the server must add nothing to it.
  uiDir = mkdtempSync(join(tmpdir(), 'sello-ui-'));
  mkdirSync(join(uiDir, 'assets'));
  writeFileSync(
    join(uiDir, 'index.html'),
    '<!doctype html><html><head><title>Sello</title></head><body><div id="root"></div></body></html>',
  );
  writeFileSync(join(uiDir, 'assets', 'index.js'), 'console.log("sello")');
  app = await buildHttpServer(core, { logger: silentLogger, uiDir });
});
afterEach(async () => {
  await app.close();
  core.cleanup();
  rmSync(uiDir, { recursive: true, force: true });
});

const login = (login: string, password: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'POST', url: '/session', headers, payload: { login, password } });
const cookieOf = (res: { headers: Record<string, unknown> }) => String(res.headers['set-cookie']).split(';')[0]!;
const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: Record<string, string>, payload?: unknown) =>
  app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });

describe('the page', () => {
  it('carries no credential of any kind: no token in the HTML or its assets, no cookie set', async () => {
    for (const url of ['/', '/index.html', '/assets/index.js']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['set-cookie'], url).toBeUndefined();
      expect(res.body, url).not.toMatch(/token|api-key|sello_/i);
      expect(res.body, url).not.toContain(DEMO_KEY);
    }
    // And the API needs a session or a key: the page alone reaches nothing.
    expect((await app.inject({ method: 'GET', url: '/dte' })).statusCode).toBe(401);
  });
});

describe('logging in', () => {
  it('201 with the person and an HttpOnly, SameSite=Strict cookie; GET /session answers who; DELETE ends it', async () => {
    const res = await login('cajero', '123456');
    expect(res.statusCode).toBe(201);
    expect(res.json<SessionInfo>()).toEqual({ user: { login: 'cajero', name: 'Cajera Demo', role: 'CASHIER' } });
    const set = String(res.headers['set-cookie']);
    expect(set).toMatch(new RegExp(`^${SESSION_COOKIE}=[A-Za-z0-9_-]{43};`));
    expect(set).toContain('HttpOnly');
    expect(set).toContain('SameSite=Strict');
    expect(set).toContain('Path=/');
    expect(res.body).not.toContain(cookieOf(res).split('=')[1]);
    const cookie = { cookie: cookieOf(res) };
    expect((await call('GET', '/session', cookie)).json<SessionInfo>().user.login).toBe('cajero');
    expect((await call('GET', '/dte', cookie)).statusCode).toBe(200);
    const out = await call('DELETE', '/session', cookie);
    expect(out.statusCode).toBe(204);
    expect(String(out.headers['set-cookie'])).toMatch(new RegExp(`^${SESSION_COOKIE}=;.*Max-Age=0`));
    // The old cookie is worth nothing now.
    expect((await call('GET', '/session', cookie)).statusCode).toBe(401);
    expect((await call('GET', '/dte', cookie)).statusCode).toBe(401);
  });

  it('a wrong password, an unknown login or an inactive person is a 401 problem that says what to do', async () => {
    for (const [who, pwd] of [
      ['cajero', '654321'],
      ['nadie', '123456'],
      ['CAJERO', 'wrong-one'],
    ] as const) {
      const res = await login(who, pwd);
      expect(res.statusCode, who).toBe(401);
      expect(res.headers['content-type']).toContain('application/problem+json');
      expect(res.json<Problem>()).toMatchObject({ code: 'UNAUTHORIZED', detail: expect.stringContaining('incorrectos') as string });
      expect(res.headers['set-cookie']).toBeUndefined();
    }
    // Logins are not case-sensitive.
    expect((await login('CAJERO', '123456')).statusCode).toBe(201);
    const bad = await app.inject({ method: 'POST', url: '/session', payload: { login: 'cajero' } });
    expect(bad.statusCode).toBe(422);
    expect(bad.json<Problem>().errors[0]).toMatchObject({ path: 'password' });
  });

  it('five wrong passwords for one login make it wait 30 s (429, Retry-After), the right one included; it doubles', async () => {
    for (let i = 0; i < 5; i += 1) expect((await login('cajero', `00000${i}`)).statusCode).toBe(401);
    const locked = await login('cajero', '123456');
    expect(locked.statusCode).toBe(429);
    expect(locked.headers['retry-after']).toBe('30');
    expect(locked.json<Problem>()).toMatchObject({ code: 'TOO_MANY_REQUESTS', retryAfter: 30 });
    // Another person at the same counter is not locked out by it.
    expect((await login('supervisor', 'demo-super')).statusCode).toBe(201);
    // One more wrong try after the wait waits twice as long (decision 0065); the right one after it opens.
    clock.advance(31_000);
    expect((await login('cajero', '000009')).statusCode).toBe(401);
    expect((await login('cajero', '123456')).headers['retry-after']).toBe('60');
    clock.advance(61_000);
    expect((await login('cajero', '123456')).statusCode).toBe(201);
  });

  it('wrong logins under other names from one address never lock a person out (decision 0032)', async () => {
    const throttled = await buildHttpServer(core, { logger: silentLogger, now: () => 5_000_000 });
    try {
      for (let i = 0; i < 30; i += 1) {
        const r = await throttled.inject({ method: 'POST', url: '/session', payload: { login: `persona${i}`, password: 'adivinando' } });
        expect(r.statusCode).toBe(401);
      }
      expect(
        (await throttled.inject({ method: 'POST', url: '/session', payload: { login: 'admin', password: 'demo-admin' } })).statusCode,
      ).toBe(201);
    } finally {
      await throttled.close();
    }
  });
});

describe('expiry', () => {
  it('after 30 minutes without a call the session ends, saying so; a call within them keeps it', async () => {
    const cookie = await sessionHeaders(app, 'cajero');
    clock.advance(29 * 60_000);
    expect((await call('GET', '/dte', cookie)).statusCode).toBe(200);
    clock.advance(29 * 60_000);
    expect((await call('GET', '/dte', cookie)).statusCode).toBe(200);
    clock.advance(30 * 60_000);
    const idle = await call('GET', '/dte', cookie);
    expect(idle.statusCode).toBe(401);
    expect(idle.json<Problem>().detail).toContain('30 minutos');
    expect(String(idle.headers['set-cookie'])).toContain('Max-Age=0');
    // Logging in again with the old cookie still in the browser gives a new one that works.
    const again = await login('cajero', '123456', cookie);
    expect(again.statusCode).toBe(201);
    expect((await call('GET', '/dte', { cookie: cookieOf(again) })).statusCode).toBe(200);
  });

  it('12 hours after logging in the session ends however busy it was', async () => {
    const cookie = await sessionHeaders(app, 'cajero');
    for (let m = 0; m < 12 * 60 - 20; m += 20) {
      clock.advance(20 * 60_000);
      expect((await call('GET', '/health', cookie)).statusCode, `${m} min`).toBe(200);
    }
    clock.advance(20 * 60_000);
    const over = await call('GET', '/health', cookie);
    expect(over.statusCode).toBe(401);
    expect(over.json<Problem>().detail).toContain('12 horas');
  });
});

describe('roles', () => {
  it('a cashier issues an FC but not a credit note, nor invalidates, nor retries, nor opens the settings', async () => {
    const cashier = await sessionHeaders(app, 'cajero');
    const supervisor = await sessionHeaders(app, 'supervisor');
    const fc = '3a000000-0000-4000-8000-000000000001';
    expect((await call('POST', '/dte/fc', cashier, fcBody(fc))).statusCode).toBe(201);
    const nc = await call('POST', '/dte/nc', cashier, ncBody('3a000000-0000-4000-8000-000000000002', fc));
    expect(nc.statusCode).toBe(403);
    expect(nc.json<Problem>()).toMatchObject({ code: 'FORBIDDEN', detail: expect.stringContaining('Supervisor') as string });
    for (const [method, url] of [
      ['POST', '/dte/invalidate'],
      ['POST', '/sync/retry'],
      ['GET', '/users'],
      ['PUT', '/settings/station'],
      ['GET', '/api-keys'],
      ['GET', '/backups'],
      ['GET', '/audit/verify'],
    ] as const) {
      expect((await call(method, url, cashier, method === 'GET' ? undefined : {})).statusCode, url).toBe(403);
    }
    // Nothing was written by the refusals.
    expect(core.dtes.list({}).items).toHaveLength(1);
    expect((await call('POST', '/sync/retry', supervisor, {})).statusCode).toBe(202);
    expect((await call('GET', '/users', supervisor)).statusCode).toBe(403);
  });

  it('the audit names the person; the record is the contract’s; detail and receipt say who issued it', async () => {
    const cashier = await sessionHeaders(app, 'cajero');
    const id = '3b000000-0000-4000-8000-000000000001';
    const created = await call('POST', '/dte/fc', cashier, fcBody(id));
    expect(created.statusCode).toBe(201);
    expect(created.json<Record<string, unknown>>()).not.toHaveProperty('issuedBy');
    const detail = (await call('GET', `/dte/${id}/detail`, cashier)).json<DteDetail>();
    expect(detail.summary.issuedBy).toBe('Cajera Demo');
    expect(detail.timeline[0]).toMatchObject({ action: 'dte.issued' });
    const receipt = await call('GET', `/dte/${id}/receipt`, cashier);
    expect(receipt.statusCode).toBe(200);
    expect(pdfText(receipt.rawPayload)).toMatch(/Atendió:\s+Cajera Demo/);
    const db = new BetterSqlite3(join(core.dataDir, 'sello.db'), { readonly: true });
    try {
      const actors = db
        .prepare("SELECT actor, action FROM audit_log WHERE subject = ? AND action != 'document.bound' ORDER BY seq")
        .all(id);
      expect(actors).toEqual([
        { actor: 'user:cajero', action: 'dte.issued' },
        { actor: 'user:cajero', action: 'dte.receipt' },
      ]);
    } finally {
      db.close();
    }
    // A point of sale's key is named by the key's name.
    const pos = '3b000000-0000-4000-8000-000000000002';
    expect((await call('POST', '/dte/fc', { 'x-api-key': DEMO_KEY }, fcBody(pos))).statusCode).toBe(201);
    expect((await call('GET', `/dte/${pos}/detail`, cashier)).json<DteDetail>().summary.issuedBy).toBe('demo');
  });
});

describe('people (Ajustes, administrators only)', () => {
  it('an administrator adds a cashier with a PIN, who logs in; nothing secret comes back', async () => {
    const admin = await sessionHeaders(app, 'admin');
    const res = await call('POST', '/users', admin, { login: 'Beto', name: 'Beto Ramírez', role: 'CASHIER', password: '246810' });
    expect(res.statusCode).toBe(201);
    expect(res.json<UserInfo>()).toEqual({ login: 'beto', name: 'Beto Ramírez', role: 'CASHIER', credential: 'pin', active: true });
    expect(res.body).not.toContain('246810');
    expect(res.body).not.toContain('scrypt');
    expect((await login('beto', '246810')).statusCode).toBe(201);
    const listed = (await call('GET', '/users', admin)).json<UserInfo[]>().map((u) => u.login);
    expect(listed).toEqual(['admin', 'beto', 'cajero', 'supervisor']);
    // Stored as a scrypt hash at the full cost, never as typed.
    const db = new BetterSqlite3(join(core.dataDir, 'sello.db'), { readonly: true });
    try {
      const row = db.prepare("SELECT secret_hash FROM users WHERE login = 'beto'").get() as { secret_hash: string };
      expect(row.secret_hash).toMatch(/^scrypt\$15\$8\$1\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{43}$/);
      const audit = db.prepare("SELECT actor, detail FROM audit_log WHERE action = 'settings.user.created' AND subject = 'beto'").get() as {
        actor: string;
        detail: string;
      };
      expect(audit.actor).toBe('user:admin');
      expect(audit.detail).not.toContain('246810');
    } finally {
      db.close();
    }
  });

  it('names the field: a short PIN, a PIN for a supervisor, a login taken, a bad login; nothing is stored', async () => {
    const admin = await sessionHeaders(app, 'admin');
    const cases: [Record<string, unknown>, string, string][] = [
      [{ login: 'luis', name: 'Luis', role: 'CASHIER', password: '12345' }, 'password', 'NOT_ALLOWED'],
      [{ login: 'luis', name: 'Luis', role: 'SUPERVISOR', password: '123456' }, 'password', 'NOT_ALLOWED'],
      [{ login: 'cajero', name: 'Otra', role: 'CASHIER', password: '987654' }, 'login', 'DUPLICATE'],
      [{ login: 'luis gómez', name: 'Luis', role: 'CASHIER', password: '987654' }, 'login', 'INVALID_FORMAT'],
      [{ login: 'luis', name: 'Luis', role: 'JEFE', password: 'una-clave-larga' }, 'role', 'INVALID_ENUM'],
      // Half a character would hash like any other half: every such password would open the others.
      [{ login: 'luis', name: 'Luis', role: 'ADMIN', password: 'clave-\uD800-larga' }, 'password', 'INVALID_FORMAT'],
    ];
    for (const [body, path, code] of cases) {
      const res = await call('POST', '/users', admin, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(res.json<Problem>().errors, JSON.stringify(body)).toContainEqual(expect.objectContaining({ path, code }));
    }
    expect((await call('GET', '/users', admin)).json<UserInfo[]>()).toHaveLength(3);
  });

  it('a change of role or password ends the person’s sessions; inactive people cannot log in; the last administrator stays', async () => {
    const admin = await sessionHeaders(app, 'admin');
    const cashier = await sessionHeaders(app, 'cajero');
    const promoted = await call('PUT', '/users/cajero', admin, { role: 'SUPERVISOR', password: 'ahora-supervisora' });
    expect(promoted.json<UserInfo>()).toMatchObject({ role: 'SUPERVISOR', credential: 'password' });
    expect((await call('GET', '/dte', cashier)).statusCode).toBe(401);
    // A PIN is a cashier's only: promoting someone who has one needs a password.
    await call('POST', '/users', admin, { login: 'rosa', name: 'Rosa', role: 'CASHIER', password: '135790' });
    const pinOnly = await call('PUT', '/users/rosa', admin, { role: 'ADMIN' });
    expect(pinOnly.statusCode).toBe(422);
    expect(pinOnly.json<Problem>().errors[0]).toMatchObject({ path: 'password' });
    expect((await call('PUT', '/users/rosa', admin, { role: 'CASHIER', active: false })).json<UserInfo>().active).toBe(false);
    expect((await login('rosa', '135790')).statusCode).toBe(401);
    // The only administrator cannot demote or deactivate themself.
    const self = await call('PUT', '/users/admin', admin, { role: 'CASHIER', password: '112233' });
    expect(self.statusCode).toBe(422);
    expect(self.json<Problem>().errors[0]).toMatchObject({ path: 'role' });
    expect((await call('PUT', '/users/admin', admin, { role: 'ADMIN', active: false })).statusCode).toBe(422);
    expect((await call('PUT', '/users/nadie', admin, { role: 'ADMIN' })).statusCode).toBe(404);
    expect((await call('GET', '/session', admin)).statusCode).toBe(200);
  });

  it('the station file declares people: created or updated at start, others kept, unchanged ones left alone', async () => {
    const userEntries = () => {
      const db = new BetterSqlite3(join(core.dataDir, 'sello.db'), { readonly: true });
      try {
        return (db.prepare("SELECT count(*) AS n FROM audit_log WHERE action LIKE 'settings.user.%'").get() as { n: number }).n;
      } finally {
        db.close();
      }
    };
    core.people.users.create({ login: 'marta', name: 'Marta', role: 'CASHIER', password: '555555' }, 'test', '2026-11-22T09:30:00-06:00');
    const ana = { login: 'ana', name: 'Ana Gómez', role: 'ADMIN', password: 'clave-de-ana-1' };
    core.configure({ ...DEMO_STATION, users: [ana] }, 'cli');
    expect(core.people.users.get('ana')).toMatchObject({ name: 'Ana Gómez', role: 'ADMIN', active: true });
    expect(core.people.users.get('marta')).toMatchObject({ role: 'CASHIER', active: true });
    expect((await login('ana', 'clave-de-ana-1')).statusCode).toBe(201);
    // Applied again at the next start, unchanged: no new audit entry, the same hash.
    const before = userEntries();
    core.configure({ ...DEMO_STATION, users: [ana] }, 'cli');
    expect(userEntries()).toBe(before);
    // What Ajustes changes stands while the file stays as it was: a new password, a person made inactive.
    core.people.update('ana', { role: 'ADMIN', password: 'cambiada-en-ajustes' }, { id: 'user:admin', caller: 'ADMIN' });
    core.configure({ ...DEMO_STATION, users: [ana] }, 'cli');
    expect((await login('ana', 'clave-de-ana-1')).statusCode).toBe(401);
    expect((await login('ana', 'cambiada-en-ajustes')).statusCode).toBe(201);
    const afterAjustes = userEntries();
    // A new password in the file takes effect; the old one no longer opens.
    core.configure({ ...DEMO_STATION, users: [{ ...ana, password: 'clave-de-ana-2' }] }, 'cli');
    expect(userEntries()).toBe(afterAjustes + 1);
    expect((await login('ana', 'clave-de-ana-1')).statusCode).toBe(401);
    expect((await login('ana', 'clave-de-ana-2')).statusCode).toBe(201);
    // The file's passwords are never stored with the station's settings.
    const db = new BetterSqlite3(join(core.dataDir, 'sello.db'), { readonly: true });
    try {
      const settings = db.prepare('SELECT value FROM settings').all() as { value: string }[];
      expect(settings.map((r) => r.value).join('\n')).not.toContain('clave-de-ana');
    } finally {
      db.close();
    }
  });
});

describe('what the review found', () => {
  it('wrong PINs sent all at once are counted as if sent one by one: the right one among them gets no session', async () => {
    const guesses = Array.from({ length: 30 }, (_, i) => login('cajero', String(100000 + i)));
    const right = login('cajero', '123456');
    const statuses = (await Promise.all([...guesses, right])).map((r) => r.statusCode);
    // One check at a time per login: the rest wait (429), and at most five wrong ones are ever checked.
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(5);
    expect(statuses.filter((s) => s === 201).length).toBeLessThanOrEqual(1);
    expect(statuses.every((s) => s === 401 || s === 429 || s === 201)).toBe(true);
  });

  it("a POS's wrong keys do not lock people out of logging in from the same address", async () => {
    for (let i = 0; i < 12; i += 1) await call('GET', '/health', { 'x-api-key': `clave-equivocada-${i}` });
    expect((await call('GET', '/health', { 'x-api-key': 'otra-clave-equivocada' })).statusCode).toBe(429);
    expect((await login('admin', 'demo-admin')).statusCode).toBe(201);
  });

  it('wrong passwords from one address do not lock the person out at another (the desktop window)', async () => {
    for (let i = 0; i < 5; i += 1) expect((await login('admin', `adivinando-${i}`)).statusCode).toBe(401);
    expect((await login('admin', 'demo-admin')).statusCode).toBe(429);
    await expect(core.people.login({ login: 'admin', password: 'demo-admin' }, 'ipc')).resolves.toMatchObject({
      session: { user: { login: 'admin' } },
    });
  });

  it('an event stream ends with its session', async () => {
    const supervisor = await sessionHeaders(app, 'supervisor');
    await app.listen({ host: '127.0.0.1', port: 0 });
    const address = app.server.address();
    const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    const res = await fetch(`${base}/sync/events`, { headers: supervisor });
    expect(res.status).toBe(200);
    const reader = res.body!.getReader();
    const first: { value?: Uint8Array } = await reader.read();
    expect(new TextDecoder().decode(first.value)).toContain('"type":"sync"');
    // Logged out: the next event closes the stream instead of reaching it.
    expect((await call('DELETE', '/session', supervisor)).statusCode).toBe(204);
    core.sync.wake();
    core.dtes.create('FC', fcBody('3c000000-0000-4000-8000-000000000001'), 'test');
    const next = await Promise.race([reader.read(), new Promise<'timeout'>((r) => setTimeout(() => r('timeout'), 5000))]);
    expect(next).toMatchObject({ done: true });
  });
});
