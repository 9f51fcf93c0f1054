// The local server's security, rule by rule: Host (DNS rebinding), Origin and CORS, hashed and revocable keys,
// failed-auth throttling, and no secret in any log line.
import { createHash, randomBytes } from 'node:crypto';
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { buildHttpServer } from '../../main/http/server';
import { createCoreHost } from '../../main/core/core-host';
import { createCore } from '../../main/core/create-core';
import { authThrottle } from '../../main/core/auth/throttle';
import { hostName } from '../../main/http/guards';
import type { Logger } from '../../main/core/logger';
import { silentLogger } from '../../main/core/logger';
import { generateMhCertificate, parseMhCertificate } from '../../main/core/signing/certificate';
import { DEMO_STATION } from '../../main/core/station/demo';
import { stationSecrets } from '../../main/core/station/secret-key';
import { aesGcmBox } from '../../main/core/station/secrets';
import { fcBody } from '../fixtures/bodies';
import { DEMO_KEY, fixedClock, tempDir, testCore, TEST_MH_URLS } from '../support/core';
import { startSimulator } from '../support/mh-sim';
import { sessionHeaders } from '../support/session';
import { demoSimulator } from '../../main/mh-sim/demo';

// Each may answer a promise, which is awaited.
const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const f of cleanups.splice(0).reverse()) await f();
});

async function server(options: Parameters<typeof buildHttpServer>[1] = { logger: silentLogger }) {
  const core = testCore();
  const app = await buildHttpServer(core, options);
  cleanups.push(
    () => core.cleanup(),
    () => app.close(),
  );
  return { core, app };
}

describe('Host header (DNS rebinding)', () => {
  it('answers loopback names and refuses any other, for the API and the UI alike', async () => {
    const { app } = await server();
    for (const host of ['127.0.0.1:8417', 'localhost:8417', 'localhost', '[::1]:8417', 'LOCALHOST:1']) {
      const res = await app.inject({ method: 'GET', url: '/health', headers: { host, 'x-api-key': DEMO_KEY } });
      expect(res.statusCode, host).toBe(200);
    }
    for (const host of ['evil.example:8417', 'evil.example', '127.0.0.1.evil.example', 'a b', '127.0.0.2:8417']) {
      for (const url of ['/health', '/', '/dte']) {
        const res = await app.inject({ method: 'GET', url, headers: { host, 'x-api-key': DEMO_KEY } });
        expect(res.statusCode, `${host} ${url}`).toBe(403);
        expect(res.json()).toMatchObject({ code: 'FORBIDDEN' });
      }
    }
  });

  it('a LAN name is accepted only when configured', async () => {
    const { app } = await server({ logger: silentLogger, allowedHosts: ['caja-1.local'] });
    expect(
      (await app.inject({ method: 'GET', url: '/health', headers: { host: 'caja-1.local:8417', 'x-api-key': DEMO_KEY } })).statusCode,
    ).toBe(200);
    expect(
      (await app.inject({ method: 'GET', url: '/health', headers: { host: 'caja-2.local:8417', 'x-api-key': DEMO_KEY } })).statusCode,
    ).toBe(403);
  });

  it('parses Host headers strictly', () => {
    expect(hostName('Example.COM:80')).toBe('example.com');
    expect(hostName('[::1]:8417')).toBe('[::1]');
    expect(hostName('127.0.0.1')).toBe('127.0.0.1');
    for (const bad of [undefined, '', 'a/b', 'user@host', 'host:port', `${'a'.repeat(300)}`]) expect(hostName(bad)).toBeNull();
  });
});

describe('Origin and CORS', () => {
  it("refuses another site's page, accepts its own UI and clients without Origin; never sends CORS headers", async () => {
    const { app } = await server();
    const other = await app.inject({
      method: 'POST',
      url: '/dte/fc',
      headers: { host: '127.0.0.1:8417', origin: 'https://evil.example', 'x-api-key': DEMO_KEY },
      payload: fcBody('c0000000-0000-4000-8000-000000000001'),
    });
    expect(other.statusCode).toBe(403);
    const nullOrigin = await app.inject({
      method: 'GET',
      url: '/health',
      headers: { host: '127.0.0.1:8417', origin: 'null', 'x-api-key': DEMO_KEY },
    });
    expect(nullOrigin.statusCode).toBe(403);
    const own = await app.inject({
      method: 'GET',
      url: '/health',
      headers: { host: '127.0.0.1:8417', origin: 'http://127.0.0.1:8417', 'x-api-key': DEMO_KEY },
    });
    expect(own.statusCode).toBe(200);
    const preflight = await app.inject({
      method: 'OPTIONS',
      url: '/dte/fc',
      headers: {
        host: '127.0.0.1:8417',
        origin: 'http://127.0.0.1:8417',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'x-api-key',
      },
    });
    for (const res of [other, nullOrigin, own, preflight]) {
      expect(Object.keys(res.headers).filter((h) => h.startsWith('access-control-'))).toEqual([]);
    }
  });
});

describe('API keys', () => {
  it('are stored as hashes only, and a revoked key stops working at once', async () => {
    const { core, app } = await server();
    const { id, key } = core.apiKeys.create('Caja 2', '2026-11-22T09:30:00-06:00');
    const stored = core.apiKeys.list().find((k) => k.id === id);
    expect(stored?.hint).toBe(`…${key.slice(-4)}`);
    const db = new BetterSqlite3(join(core.dataDir, 'sello.db'), { readonly: true });
    const rows = JSON.stringify(db.prepare('SELECT * FROM api_keys').all());
    db.close();
    expect(rows).not.toContain(key);
    expect(rows).toContain(createHash('sha256').update(key).digest('hex'));
    expect((await app.inject({ method: 'GET', url: '/health', headers: { 'x-api-key': key } })).statusCode).toBe(200);
    core.apiKeys.revoke(id, '2026-11-22T09:31:00-06:00');
    expect((await app.inject({ method: 'GET', url: '/health', headers: { 'x-api-key': key } })).statusCode).toBe(401);
  });
});

describe('failed-auth throttling', () => {
  it('ten wrong keys lock the address out of guessing with 429 and Retry-After; valid keys and sessions still work; the lock ends', async () => {
    let now = 1_000_000;
    const { app } = await server({ logger: silentLogger, now: () => now });
    const admin = await sessionHeaders(app, 'admin');
    const get = (key: string) => app.inject({ method: 'GET', url: '/health', headers: { 'x-api-key': key } });
    for (let i = 0; i < 10; i += 1) expect((await get(`wrong-key-${i}`)).statusCode).toBe(401);
    const locked = await get('wrong-key-11');
    expect(locked.statusCode).toBe(429);
    expect(locked.headers['retry-after']).toBe('60');
    expect(locked.json()).toMatchObject({ code: 'TOO_MANY_REQUESTS' });
    // While locked, wrong keys from that address get 429; the right one still works (decision 0032): other
    // callers' wrong keys never stop the POS.
    expect((await get(DEMO_KEY)).statusCode).toBe(200);
    expect((await get('wrong-key-12')).statusCode).toBe(429);
    expect((await app.inject({ method: 'GET', url: '/health', headers: admin })).statusCode).toBe(200);
    // A request without a key is not a guess.
    expect((await app.inject({ method: 'GET', url: '/health' })).statusCode).toBe(401);
    now += 61_000;
    expect((await get('wrong-key-13')).statusCode).toBe(401);
  });

  it('a lock that comes back soon lasts twice as long, up to a cap', () => {
    let now = 0;
    const t = authThrottle({ now: () => now, maxFailures: 3, windowMs: 1000, lockMs: 10_000, maxLockMs: 30_000 });
    const burst = () => [1, 2, 3].forEach(() => t.failed('a'));
    burst();
    expect(t.blockedFor('a')).toBe(10);
    expect(t.blockedFor('b')).toBe(0);
    now += 10_001;
    burst();
    expect(t.blockedFor('a')).toBe(20);
    now += 20_001;
    burst();
    expect(t.blockedFor('a')).toBe(30);
  });
});

describe('logs', () => {
  it('carry no secret: station file, wizard, MH login refused and accepted, wrong and right API keys and passwords, sessions', async () => {
    const lines: string[] = [];
    const logger: Logger = {
      info: (m, f) => lines.push(JSON.stringify({ m, ...f })),
      warn: (m, f) => lines.push(JSON.stringify({ m, ...f })),
      error: (m, f) => lines.push(JSON.stringify({ m, ...f })),
    };
    const secrets = {
      mhPassword: 'Api#Clave-Muy-Secreta-77',
      certPassword: 'Llave#Privada-Secreta-88',
      stationKey: 'pos-key-secret-0123456789abcdef',
      adminPassword: 'Clave#De-Ana-Secreta-99',
    };
    const nit = '06140506901017';
    const xml = generateMhCertificate(nit, secrets.certPassword);
    const sim = await startSimulator({ credentials: new Map([[nit, secrets.mhPassword]]), logger });
    cleanups.push(() => sim.close());
    sim.registerKey(
      nit,
      parseMhCertificate(xml, secrets.certPassword).publicKey.export({ format: 'der', type: 'spki' }).toString('base64'),
    );

    const dir = tempDir();
    cleanups.push(dir.cleanup);
    const host = await createCoreHost({
      demoMh: demoSimulator,
      baseDir: dir.dir,
      deps: { logger, clock: fixedClock(), allowedMhUrls: TEST_MH_URLS },
    });
    cleanups.push(() => host.close());
    const app = await buildHttpServer(host, { logger });
    cleanups.push(() => app.close());
    const ui = await sessionHeaders(app, 'admin');
    const body = {
      environment: 'TEST',
      company: { ...DEMO_STATION.company, id: undefined, nit },
      branch: { mhCode: 'S001', posNumber: 1, establishmentType: '02' },
      mh: { baseUrl: sim.url, user: nit, password: secrets.mhPassword },
      certificate: { xml, password: secrets.certPassword },
      admin: { login: 'ana', name: 'Ana Gómez', password: secrets.adminPassword },
      newPointOfSale: true,
    };
    // Refused first (wrong MH password, wrong certificate password), then accepted.
    await app.inject({
      method: 'POST',
      url: '/settings/station/setup',
      headers: ui,
      payload: { ...body, mh: { ...body.mh, password: `${secrets.mhPassword}-x` } },
    });
    await app.inject({
      method: 'POST',
      url: '/settings/station/setup',
      headers: ui,
      payload: { ...body, certificate: { xml, password: `${secrets.certPassword}-x` } },
    });
    expect((await app.inject({ method: 'POST', url: '/settings/station/setup', headers: ui, payload: body })).statusCode).toBe(201);
    // The wizard's administrator logs in: once with a wrong password, then right.
    await app.inject({ method: 'POST', url: '/session', payload: { login: 'ana', password: `${secrets.adminPassword}-x` } });
    const session = await app.inject({ method: 'POST', url: '/session', payload: { login: 'ana', password: secrets.adminPassword } });
    expect(session.statusCode).toBe(201);
    const cookie = String(session.headers['set-cookie']).split(';')[0]!;
    const { key } = host.current().apiKeys.create('Caja', '2026-11-22T09:30:00-06:00');
    await app.inject({ method: 'GET', url: '/health', headers: { 'x-api-key': `${key}x` } });
    const created = await app.inject({
      method: 'POST',
      url: '/dte/fc',
      headers: { 'x-api-key': key },
      payload: fcBody('c0000000-0000-4000-8000-000000000002'),
    });
    expect(created.statusCode).toBe(201);
    await host.current().sync.waitForDocument('c0000000-0000-4000-8000-000000000002', 10_000);

    // A station file with its own secrets, applied to a core of its own.
    const d2 = tempDir();
    cleanups.push(d2.cleanup);
    const core = createCore({
      dataDir: d2.dir,
      logger,
      allowedMhUrls: TEST_MH_URLS,
      initialStation: {
        ...DEMO_STATION,
        demo: false,
        newPointOfSale: true,
        apiKeys: [secrets.stationKey],
        mh: { baseUrl: sim.url, user: nit, password: secrets.mhPassword },
      },
    });
    cleanups.push(() => core.close());

    const log = lines.join('\n');
    expect(lines.length).toBeGreaterThan(0);
    for (const s of [
      ...Object.values(secrets),
      `${secrets.mhPassword}-x`,
      `${secrets.certPassword}-x`,
      key,
      `${key}x`,
      `${secrets.adminPassword}-x`,
      cookie.split('=')[1]!,
      ui.cookie.split('=')[1]!,
    ]) {
      expect(log).not.toContain(s);
    }
    // Nor the private key.
    expect(log).not.toMatch(/BEGIN PRIVATE KEY|encodied/);
  });

  it('carry no secret and no key when secrets move out of the data folder or do not open on another machine', async () => {
    const lines: string[] = [];
    const logger: Logger = {
      info: (m, f) => lines.push(JSON.stringify({ m, ...f })),
      warn: (m, f) => lines.push(JSON.stringify({ m, ...f })),
      error: (m, f) => lines.push(JSON.stringify({ m, ...f })),
    };
    const mhPassword = 'Api#Clave-Movida-Secreta-55';
    const certPassword = 'Llave#Movida-Secreta-66';
    const nit = DEMO_STATION.company.nit;
    const dir = tempDir();
    cleanups.push(dir.cleanup);
    const keys = tempDir();
    cleanups.push(keys.cleanup);
    // A data folder as a version before decision 0005 left it: its key file inside, the secrets sealed under it.
    const legacy = randomBytes(32);
    createCore({
      dataDir: dir.dir,
      clock: fixedClock(),
      allowedMhUrls: TEST_MH_URLS,
      secrets: aesGcmBox(legacy),
      sync: { manual: true },
      initialStation: {
        ...DEMO_STATION,
        demo: false,
        newPointOfSale: true,
        mh: { baseUrl: 'http://127.0.0.1:9', user: nit, password: mhPassword },
      },
      initialCertificate: { xml: generateMhCertificate(nit, certPassword), password: certPassword },
    }).close();
    writeFileSync(join(dir.dir, 'secret.key'), legacy, { mode: 0o600 });
    const options = { clock: fixedClock(), allowedMhUrls: TEST_MH_URLS, logger, sync: { manual: true } };
    // Moved out: sealed again under a key outside the folder, the key file deleted.
    createCore({ ...options, dataDir: dir.dir, secrets: stationSecrets({ secretFile: join(keys.dir, 'here.key'), logger }) }).close();
    // Copied to another machine: they do not open; what the station says and logs names none of them.
    const copy = tempDir();
    cleanups.push(copy.cleanup);
    cpSync(dir.dir, copy.dir, { recursive: true });
    const there = createCore({
      ...options,
      dataDir: copy.dir,
      mustExist: true,
      secrets: stationSecrets({ secretFile: join(keys.dir, 'there.key'), logger }),
    });
    cleanups.push(() => there.close());
    await there.sync.runOnce();
    const said = [there.stationInfo().passwordsNeeded, there.sync.status().lastError];
    try {
      there.dtes.create('FC', fcBody('c0000000-0000-4000-8000-000000000003'), 'test');
    } catch (e) {
      said.push((e as Error).message);
    }
    expect(said.every((m) => typeof m === 'string' && /otro equipo/.test(m))).toBe(true);

    const text = [...lines, ...said].join('\n');
    expect(text).toMatch(/sealed again under the station key/);
    expect(text).toMatch(/stored secrets do not open/);
    const sealing = [legacy, ...['here.key', 'there.key'].map((f) => readFileSync(join(keys.dir, f)))];
    for (const s of [mhPassword, certPassword, ...sealing.flatMap((k) => [k.toString('base64'), k.toString('hex')])]) {
      expect(text).not.toContain(s);
    }
  });
});
