// The hub's people over a real PostgreSQL (issue 18): logging in and out by cookie or bearer, sessions kept in
// PostgreSQL (a second hub server over the same database honours them), ADMIN making people and station tokens,
// an AUDITOR reading only, revoked sessions and tokens refused, and no password, hash or token in any response but
// the one that hands it out. Then `sello hub create-admin` with its password on stdin and in the environment.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hubCommand } from '../../main/cli/hub';
import { silentLogger } from '../../main/core/logger';
import { createHub, type Hub } from '../../main/hub/create-hub';
import { openHubDatabase, type HubDatabase } from '../../main/hub/hub-database';
import { buildHubServer } from '../../main/hub/http';
import { migrateHub } from '../../main/hub/migrate';
import { HUB_MIGRATIONS } from '../../main/hub/migrations';
import { loginKey } from '../../main/hub/login-throttle';
import { startPgCluster, type PgCluster } from '../support/pg-cluster';
import { ROOT } from '../support/serve-process';

let cluster: PgCluster;
let db: HubDatabase;
let hub: Hub;
const apps: FastifyInstance[] = [];
let base: string;
let other: string;

const ADMIN_PW = 'clave-admin-2026';
const PASSWORDS = [ADMIN_PW, 'clave-contador-1', 'clave-auditor-1', 'otra-clave-99', 'clave-auditora-2'];
/** Every response body of the test: none may hold a password, a hash or a token it did not hand out itself. */
const seen: { url: string; text: string; handsOut: string | null }[] = [];

beforeAll(async () => {
  cluster = await startPgCluster();
  db = openHubDatabase(cluster.url);
  await migrateHub(db.q, HUB_MIGRATIONS);
  hub = createHub({ db: db.q, scryptCost: 10 });
  await hub.people.create({ login: 'admin', name: 'Ana Admin', role: 'ADMIN', password: ADMIN_PW });
  await hub.stations.register({ id: 'M001-P001', companyId: '06140101001010', branchCode: 'M001', posNumber: 'P001', name: 'Centro' });
  // Two hub servers over one database, as behind a load balancer: a session opened at one is good at the other.
  for (let i = 0; i < 2; i++) {
    const app = await buildHubServer({ hub: createHub({ db: db.q, scryptCost: 10 }), logger: silentLogger });
    apps.push(app);
  }
  base = await apps[0]!.listen({ host: '127.0.0.1', port: 0 });
  other = await apps[1]!.listen({ host: '127.0.0.1', port: 0 });
});
afterAll(async () => {
  for (const app of apps) await app.close();
  await db?.close();
  await cluster?.stop();
});

async function call(
  method: string,
  path: string,
  o: { bearer?: string; cookie?: string; body?: unknown; at?: string } = {},
): Promise<{ status: number; json: Record<string, unknown>; headers: Headers }> {
  const res = await fetch(`${o.at ?? base}${path}`, {
    method,
    headers: {
      ...(o.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(o.bearer ? { authorization: `Bearer ${o.bearer}` } : {}),
      ...(o.cookie ? { cookie: o.cookie } : {}),
    },
    ...(o.body === undefined ? {} : { body: JSON.stringify(o.body) }),
  });
  const text = await res.text();
  const json = (text ? JSON.parse(text) : {}) as Record<string, unknown>;
  seen.push({ url: `${method} ${path}`, text, handsOut: typeof json.token === 'string' ? json.token : null });
  return { status: res.status, json, headers: res.headers };
}

const login = async (who: string, password: string) => {
  const r = await call('POST', '/hub/v1/session', { body: { login: who, password } });
  expect(r.status, who).toBe(201);
  return r.json.token as string;
};

describe('hub people and sessions', () => {
  it('logs in by password: the token as bearer and as cookie, at either hub server; wrong passwords are 401', async () => {
    expect((await call('POST', '/hub/v1/session', { body: { login: 'admin', password: 'nada-de-esto' } })).status).toBe(401);
    expect((await call('POST', '/hub/v1/session', { body: { login: 'nadie', password: ADMIN_PW } })).status).toBe(401);
    expect((await call('POST', '/hub/v1/session', { body: { login: 'admin' } })).status).toBe(422);

    const r = await call('POST', '/hub/v1/session', { body: { login: 'ADMIN', password: ADMIN_PW } });
    expect(r.status).toBe(201);
    expect(r.json.person).toEqual({ login: 'admin', name: 'Ana Admin', role: 'ADMIN', active: true });
    const token = r.json.token as string;
    expect(token).toMatch(/^sello_hubsession_[A-Za-z0-9_-]{43}$/);
    const setCookie = r.headers.get('set-cookie') ?? '';
    expect(setCookie).toMatch(/^sello_hub_session=sello_hubsession_.+; HttpOnly; SameSite=Strict; Path=\/hub$/);

    expect((await call('GET', '/hub/v1/session', { bearer: token })).json.person).toMatchObject({ login: 'admin' });
    expect((await call('GET', '/hub/v1/session', { cookie: setCookie.split(';')[0] })).status).toBe(200);
    expect((await call('GET', '/hub/v1/session', { bearer: token, at: other })).status).toBe(200);
    expect((await call('GET', '/hub/v1/session')).status).toBe(401);
    // A session is no station: it cannot ingest, and a station's token opens no person's route.
    expect((await call('POST', '/hub/v1/documents', { bearer: token, body: { documents: [] } })).status).toBe(401);
  });

  it('a revoked session is refused everywhere: logout at one server, then 401 at both', async () => {
    const token = await login('admin', ADMIN_PW);
    const out = await call('DELETE', '/hub/v1/session', { bearer: token, at: other });
    expect(out.status).toBe(204);
    expect(out.headers.get('set-cookie')).toMatch(/Max-Age=0/);
    for (const at of [base, other]) expect((await call('GET', '/hub/v1/documents', { bearer: token, at })).status).toBe(401);
    // The row remains, ended: nothing in memory decided it.
    const rows = await db.q.selectFrom('hub_sessions').select(['login', 'ended_at']).where('login', '=', 'admin').execute();
    expect(rows.filter((s) => s.ended_at !== null).length).toBeGreaterThanOrEqual(1);
  });

  it('ADMIN makes people; an AUDITOR and an ACCOUNTANT read but change nothing', async () => {
    const admin = await login('admin', ADMIN_PW);
    for (const [who, role, password] of [
      ['conta', 'ACCOUNTANT', PASSWORDS[1]],
      ['audi', 'AUDITOR', PASSWORDS[2]],
    ] as const) {
      const made = await call('POST', '/hub/v1/people', { bearer: admin, body: { login: who, name: `Persona ${who}`, role, password } });
      expect(made.status).toBe(201);
      expect(made.json).toEqual({ login: who, name: `Persona ${who}`, role, active: true });
    }
    const again = await call('POST', '/hub/v1/people', {
      bearer: admin,
      body: { login: 'audi', name: 'Otra', role: 'ADMIN', password: PASSWORDS[3] },
    });
    expect(again.status).toBe(409);
    const short = await call('POST', '/hub/v1/people', {
      bearer: admin,
      body: { login: 'x1', name: 'X', role: 'AUDITOR', password: 'corta' },
    });
    expect(short.status).toBe(422);
    expect((short.json.errors as { path: string }[]).map((e) => e.path)).toContain('password');
    const badRole = await call('POST', '/hub/v1/people', {
      bearer: admin,
      body: { login: 'x2', name: 'X', role: 'CASHIER', password: PASSWORDS[3] },
    });
    expect((badRole.json.errors as { path: string }[]).map((e) => e.path)).toContain('role');

    const people = await call('GET', '/hub/v1/people', { bearer: admin });
    expect((people.json.people as { login: string }[]).map((p) => p.login)).toEqual(['admin', 'audi', 'conta']);

    for (const [who, pw] of [
      ['audi', PASSWORDS[2]!],
      ['conta', PASSWORDS[1]!],
    ] as const) {
      const t = await login(who, pw);
      expect((await call('GET', '/hub/v1/documents', { bearer: t })).status).toBe(200);
      expect((await call('GET', '/hub/v1/stations', { bearer: t })).status).toBe(200);
      for (const [method, path, body] of [
        ['POST', '/hub/v1/stations/M001-P001/tokens', undefined],
        ['GET', '/hub/v1/stations/M001-P001/tokens', undefined],
        ['POST', '/hub/v1/people', { login: 'x3', name: 'X', role: 'ADMIN', password: PASSWORDS[3] }],
        ['GET', '/hub/v1/people', undefined],
        ['PATCH', '/hub/v1/people/admin', { active: false }],
        ['POST', '/hub/v1/stations', { companyId: 'N', branchCode: 'M009', posNumber: 'P001', name: 'X' }],
      ] as const) {
        const r = await call(method, path, { bearer: t, body });
        expect(r.status, `${who} ${method} ${path}`).toBe(403);
        expect(r.json.code).toBe('FORBIDDEN');
      }
    }
    expect(await db.q.selectFrom('station_tokens').select('id').execute()).toHaveLength(0);
  });

  it('ADMIN makes a station token (shown once), lists it without it and revokes it; the station is then refused', async () => {
    const admin = await login('admin', ADMIN_PW);
    const made = await call('POST', '/hub/v1/stations/M001-P001/tokens', { bearer: admin });
    expect(made.status).toBe(201);
    expect(made.headers.get('cache-control')).toBe('no-store');
    const plain = made.json.token as string;
    expect(plain).toMatch(/^sello_hub_/);
    const listed = await call('GET', '/hub/v1/stations/M001-P001/tokens', { bearer: admin });
    expect(listed.json.tokens).toEqual([
      { id: made.json.id, stationId: 'M001-P001', createdAt: expect.any(String) as unknown, revokedAt: null, points: ['M001P001'] },
    ]);
    expect((await call('POST', '/hub/v1/stations/M404/tokens', { bearer: admin })).status).toBe(404);

    const ingest = () => call('POST', '/hub/v1/documents', { bearer: plain, body: { documents: [{}] } });
    expect((await ingest()).status).toBe(422); // authenticated: the body is what is wrong
    expect((await call('DELETE', `/hub/v1/stations/OTHER/tokens/${String(made.json.id)}`, { bearer: admin })).status).toBe(404);
    expect((await call('DELETE', `/hub/v1/stations/M001-P001/tokens/${String(made.json.id)}`, { bearer: admin })).status).toBe(204);
    expect((await call('DELETE', `/hub/v1/stations/M001-P001/tokens/${String(made.json.id)}`, { bearer: admin })).status).toBe(404);
    expect((await ingest()).status).toBe(401);
  });

  it("a person changed or made inactive loses their sessions; the last ADMIN can't be demoted", async () => {
    const admin = await login('admin', ADMIN_PW);
    const audi = await login('audi', PASSWORDS[2]!);
    expect((await call('PATCH', '/hub/v1/people/audi', { bearer: admin, body: { active: false } })).json).toMatchObject({ active: false });
    expect((await call('GET', '/hub/v1/documents', { bearer: audi })).status).toBe(401);
    expect((await call('POST', '/hub/v1/session', { body: { login: 'audi', password: PASSWORDS[2] } })).status).toBe(401);
    const demote = await call('PATCH', '/hub/v1/people/admin', { bearer: admin, body: { role: 'AUDITOR' } });
    expect(demote.status).toBe(403);
    expect((await call('PATCH', '/hub/v1/people/nadie', { bearer: admin, body: { active: false } })).status).toBe(404);
  });

  it('five wrong passwords make that login at that address wait 30 s at every hub server; others log in; it doubles on repeat', async () => {
    await hub.people.create({ login: 'auditora2', name: 'Berta', role: 'AUDITOR', password: 'clave-auditora-2' });
    for (let i = 0; i < 5; i++) {
      const r = await call('POST', '/hub/v1/session', { body: { login: 'auditora2', password: 'no-es-esta' }, at: i % 2 ? other : base });
      expect(r.status).toBe(401);
    }
    // The right password now waits, at either server: the count is in PostgreSQL, not in one process.
    for (const at of [base, other]) {
      const locked = await call('POST', '/hub/v1/session', { body: { login: 'Auditora2', password: 'clave-auditora-2' }, at });
      expect(locked.status).toBe(429);
      expect(locked.json.code).toBe('TOO_MANY_REQUESTS');
      expect(String(locked.json.detail)).toMatch(/para este usuario\. Espere \d+ s/);
      const wait = Number(locked.headers.get('retry-after'));
      expect(wait).toBeGreaterThan(0);
      expect(wait).toBeLessThanOrEqual(30);
    }
    expect((await call('POST', '/hub/v1/session', { body: { login: 'admin', password: ADMIN_PW } })).status).toBe(201);
    // After the wait (moved into the past) one more wrong password waits twice as long; the right one then opens.
    const past = async () =>
      db.q
        .updateTable('hub_login_throttle')
        .set({ locked_until: new Date(Date.now() - 1000) })
        .where('key', '=', loginKey('auditora2', '127.0.0.1'))
        .execute();
    await past();
    expect((await call('POST', '/hub/v1/session', { body: { login: 'auditora2', password: 'no-es-esta' } })).status).toBe(401);
    const again = await call('POST', '/hub/v1/session', { body: { login: 'auditora2', password: 'clave-auditora-2' } });
    expect(again.status).toBe(429);
    expect(Number(again.headers.get('retry-after'))).toBeGreaterThan(30);
    await past();
    expect((await call('POST', '/hub/v1/session', { body: { login: 'auditora2', password: 'clave-auditora-2' } })).status).toBe(201);
  });

  it('no response holds a password, a hash, or a token other than the one it hands out', async () => {
    const hashes = (await db.q.selectFrom('hub_people').select('password_hash').execute()).map((r) => r.password_hash);
    const sessionHashes = (await db.q.selectFrom('hub_sessions').select('token_hash').execute()).map((r) => r.token_hash);
    const tokenHashes = (await db.q.selectFrom('station_tokens').select('token_hash').execute()).map((r) => r.token_hash);
    const handedOut = seen.flatMap((s) => (s.handsOut ? [s.handsOut] : []));
    expect(handedOut.length).toBeGreaterThan(5);
    for (const s of seen) {
      for (const secret of [...PASSWORDS, ...hashes, ...sessionHashes, ...tokenHashes, 'scrypt$'])
        expect(s.text, s.url).not.toContain(secret);
      for (const t of handedOut) if (t !== s.handsOut) expect(s.text, s.url).not.toContain(t);
    }
  });
});

function sello(args: string[], stdin: string): Promise<{ code: number | null; err: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'main/cli/main.ts'), ...args], {
      cwd: ROOT,
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let err = '';
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    child.on('error', reject);
    child.on('exit', (code) => resolve({ code, err }));
    child.stdin.end(stdin);
  });
}

describe('sello hub create-admin', () => {
  const args = (login: string) => ['create-admin', '--database', cluster.url, '--login', login, '--name', `Jefa ${login}`];
  const io = () => {
    const lines: string[] = [];
    return { lines, out: (l: string) => void lines.push(l), err: (l: string) => void lines.push(l) };
  };

  it('reads the password from stdin as a process', async () => {
    const piped = await sello(['hub', ...args('jefa')], 'clave-de-jefa-1\n');
    expect(piped.code, piped.err).toBe(0);
    expect((await call('POST', '/hub/v1/session', { body: { login: 'jefa', password: 'clave-de-jefa-1' } })).json.person).toMatchObject({
      role: 'ADMIN',
    });
  }, 20_000);

  it('or from SELLO_HUB_PASSWORD; never argv; a short one is refused', async () => {
    process.env.SELLO_HUB_PASSWORD = 'clave-de-jefe-1';
    try {
      expect(await hubCommand(args('jefe'), io(), () => Promise.reject(new Error('stdin read')))).toBe(0);
    } finally {
      delete process.env.SELLO_HUB_PASSWORD;
    }
    expect((await call('POST', '/hub/v1/session', { body: { login: 'jefe', password: 'clave-de-jefe-1' } })).status).toBe(201);
    const short = io();
    expect(await hubCommand(args('corta'), short, () => Promise.resolve('corta'))).toBe(2);
    expect(short.lines.join('\n')).toMatch(/password/);
    expect(await hub.people.get('corta')).toBeNull();
    await expect(hubCommand([...args('argv'), '--password', 'clave-en-argv'], io(), () => Promise.resolve(''))).rejects.toThrow(/password/);
  });
});
