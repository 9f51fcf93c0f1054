// The first run: the demo serves until the wizard sets up a real station, which then serves from its own
// folder (also after a restart). Every check happens before anything is stored.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { SelloEvent } from '../../shared/records';
import { createCoreHost, demoDir, type CoreHost } from '../../main/core/core-host';
import { CoreError } from '../../main/core/errors';
import { buildHttpServer } from '../../main/http/server';
import { silentLogger } from '../../main/core/logger';
import { generateMhCertificate, parseMhCertificate } from '../../main/core/signing/certificate';
import { DEMO_STATION } from '../../main/core/station/demo';
import { fcBody } from '../fixtures/bodies';
import { fixedClock, tempDir, TEST_MH_URLS } from '../support/core';
import type { Problem } from '../support/http-station';
import { startSimulator } from '../support/mh-sim';
import { sessionHeaders } from '../support/session';
import { demoSimulator } from '../../main/mh-sim/demo';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const f of cleanups.splice(0).reverse()) await f();
});

const NIT = '06140506901017';
const CERT_PASSWORD = 'Llave#Privada2026';
const MH_PASSWORD = 'Api#Clave-Secreta-2026';
const certificate = generateMhCertificate(NIT, CERT_PASSWORD);

/** The wizard's first administrator. */
const SETUP_ADMIN = { login: 'ana', name: 'Ana Gómez', password: 'clave-de-ana-2026' };

function setupBody(mhUrl: string, over: Record<string, unknown> = {}) {
  return {
    environment: 'TEST',
    company: {
      nit: NIT,
      nrc: '1234567',
      name: 'Librería La Pluma, S.A. de C.V.',
      commercialName: 'La Pluma',
      economicActivity: '47610',
      economicActivityDescription: 'Venta al por menor de libros',
      phone: '22223333',
      email: 'ventas@lapluma.example',
      address: { department: '06', municipality: '23', complement: 'Calle Arce 1010, San Salvador' },
    },
    branch: { mhCode: 'S001', posNumber: 2, establishmentType: '02' },
    mh: { baseUrl: mhUrl, user: NIT, password: MH_PASSWORD },
    certificate: { xml: certificate, password: CERT_PASSWORD },
    admin: SETUP_ADMIN,
    newPointOfSale: true,
    ...over,
  };
}

async function host(
  options: { demo?: boolean; allowedMhUrls?: readonly string[] } = {},
  base?: string,
): Promise<{ host: CoreHost; base: string }> {
  const dir =
    base ??
    (() => {
      const t = tempDir();
      cleanups.push(t.cleanup);
      return t.dir;
    })();
  const h = await createCoreHost({
    demoMh: demoSimulator,
    baseDir: dir,
    deps: { clock: fixedClock(), logger: silentLogger, allowedMhUrls: options.allowedMhUrls ?? TEST_MH_URLS },
    ...(options.demo !== undefined ? { demo: options.demo } : {}),
  });
  cleanups.push(() => h.close());
  return { host: h, base: dir };
}

/** A server that records every request: an address MH's password must never reach. */
async function listener() {
  const heard: string[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      heard.push(`${req.method ?? ''} ${req.url ?? ''} ${body}`);
      res.end('{}');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  cleanups.push(() => new Promise<void>((r) => server.close(() => r())));
  return { heard, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

async function mh(credentials?: ReadonlyMap<string, string>) {
  const sim = await startSimulator({ clock: fixedClock(), ...(credentials ? { credentials } : {}) });
  cleanups.push(() => sim.close());
  sim.registerKey(NIT, parseMhCertificate(certificate, CERT_PASSWORD).publicKey.export({ format: 'der', type: 'spki' }).toString('base64'));
  return sim;
}

const fieldOf = async (p: Promise<unknown>): Promise<{ code: string; paths: string[] }> => {
  try {
    await p;
  } catch (e) {
    if (e instanceof CoreError) return { code: e.code, paths: (e.errors ?? []).map((x) => x.path) };
    throw e;
  }
  throw new Error('expected a refusal');
};

describe('the station host', () => {
  it('serves the demo from DIR/demo, with its own MH simulator, until a station is set up', async () => {
    const { host: h, base } = await host();
    expect(h.current().health().demo).toBe(true);
    expect(h.current().dataDir).toBe(demoDir(base));
    expect(h.demoMh()).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(existsSync(join(base, 'sello.db'))).toBe(false);
    // The app offers the wizard: the demo stands in for a station not set up yet.
    expect(h.health().firstRun).toBe(true);
  });

  it('"look around the demo" is answered once per station: another window, a restart, still no welcome', async () => {
    const first = await host();
    expect(first.host.health()).toMatchObject({ firstRun: true, welcomeSeen: false });
    first.host.seeWelcome();
    expect(first.host.health()).toMatchObject({ firstRun: true, welcomeSeen: true });
    await first.host.close();
    // A new process over the same folder (a new window, another browser, the next day) knows it too.
    const again = await host({}, first.base);
    expect(again.host.health()).toMatchObject({ firstRun: true, welcomeSeen: true });
    expect(statSync(join(first.base, 'welcome-seen')).mode & 0o077).toBe(0);
  });

  it('sets up a real station: it serves at once, pushes a station event, signs with the imported certificate and MH seals', async () => {
    const sim = await mh();
    const { host: h, base } = await host();
    const events: SelloEvent[] = [];
    h.onEvent((e) => events.push(e));
    const demoUrl = h.demoMh();
    const saved = await h.setUp(setupBody(sim.url), 'ui');
    expect(saved).toMatchObject({
      mhCheck: 'ok',
      station: {
        demo: false,
        environment: 'TEST',
        company: { nit: NIT },
        branch: { mhCode: 'S001', posNumber: 2 },
        certificate: { loaded: true, nit: NIT },
      },
    });
    expect(h.current().dataDir).toBe(base);
    expect(h.health()).toMatchObject({ demo: false, firstRun: false });
    expect(events.some((e) => e.type === 'station' && e.station.company.nit === NIT)).toBe(true);
    // The demo and its simulator are gone.
    expect(h.demoMh()).toBeNull();
    await expect(fetch(`${demoUrl}/_sim/state`)).rejects.toThrow();

    const { record } = h.current().dtes.create('FC', fcBody('5a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d'), 'ui');
    expect(record.controlNumber).toMatch(/^DTE-01-S001P002-0{14}1$/);
    await h.current().sync.waitForDocument(record.id, 10_000);
    expect(h.current().dtes.get(record.id).status).toBe('APPROVED');
    // Secrets are sealed: neither password is in the database in plain text.
    const db =
      readFileSync(join(base, 'sello.db')).toString('latin1') +
      (existsSync(join(base, 'sello.db-wal')) ? readFileSync(join(base, 'sello.db-wal')).toString('latin1') : '');
    expect(db).not.toContain(MH_PASSWORD);
    expect(db).not.toContain(CERT_PASSWORD);

    await expect(fieldOf(h.setUp(setupBody(sim.url), 'ui'))).resolves.toMatchObject({ code: 'STATION_CONFLICT' });
  });

  it('after a restart the real station serves, not the demo; --demo still shows the demo', async () => {
    const sim = await mh();
    const first = await host();
    await first.host.setUp(setupBody(sim.url), 'ui');
    await first.host.close();
    const again = await host({}, first.base);
    expect(again.host.current().stationInfo()).toMatchObject({ demo: false, company: { nit: NIT }, certificate: { loaded: true } });
    await again.host.close();
    const demo = await host({ demo: true }, first.base);
    expect(demo.host.current().health().demo).toBe(true);
    // Asked for the demo: no wizard offered.
    expect(demo.host.health().firstRun).toBe(false);
    // A real station exists: the wizard refuses to make a second one in the same folder.
    await expect(fieldOf(demo.host.setUp(setupBody(sim.url), 'ui'))).resolves.toMatchObject({ code: 'STATION_CONFLICT' });
  });

  it("names the field and stores nothing: bad data, wrong certificate password, another company's certificate, refused MH credentials", async () => {
    const sim = await mh(new Map([[NIT, MH_PASSWORD]]));
    const { host: h, base } = await host();
    const body = setupBody(sim.url);
    const attempts: [unknown, string][] = [
      [{ ...body, company: { ...body.company, nit: '0614-050690-101-7' } }, 'company.nit'],
      [{ ...body, branch: { ...body.branch, mhCode: 's1' } }, 'branch.mhCode'],
      [{ ...body, certificate: { xml: certificate, password: 'otra' } }, 'certificate.password'],
      [{ ...body, certificate: { xml: generateMhCertificate('06141111111111', 'x'), password: 'x' } }, 'certificate.xml'],
      [{ ...body, certificate: { xml: '<html>no</html>', password: 'x' } }, 'certificate.xml'],
      [{ ...body, mh: { ...body.mh, password: 'equivocada' } }, 'mh.password'],
      [{ ...body, mh: { ...body.mh, baseUrl: 'ftp://mh' } }, 'mh.baseUrl'],
    ];
    for (const [input, path] of attempts) {
      const r = await fieldOf(h.setUp(input, 'ui'));
      expect(r, path).toMatchObject({ code: 'VALIDATION_FAILED' });
      expect(r.paths, path).toContain(path);
      expect(h.current().health().demo).toBe(true);
      expect(existsSync(join(base, 'sello.db')), path).toBe(false);
    }
  });

  it('MH unreachable: the station is set up anyway and says its credentials were not verified', async () => {
    const { host: h } = await host();
    const saved = await h.setUp(setupBody('http://127.0.0.1:9'), 'ui');
    expect(saved.mhCheck).toBe('unreachable');
    expect(h.current().health().demo).toBe(false);
  });
});

describe('Ajustes on a configured station', () => {
  it('changes its data and MH password; environment, NIT, branch and point of sale are refused, naming each', async () => {
    const sim = await mh();
    const { host: h } = await host();
    await h.setUp(setupBody(sim.url), 'ui');
    const { certificate: _c, admin: _a, newPointOfSale: _n, ...body } = setupBody(sim.url);
    const update = { ...body, company: { ...body.company, phone: '22224444' }, mh: { ...body.mh, password: undefined } };
    const saved = await h.current().updateStation(update, 'ui');
    expect(saved).toMatchObject({ mhCheck: 'unchanged', station: { company: { phone: '22224444' } } });
    const newPassword = await h.current().updateStation({ ...update, mh: { ...body.mh, password: 'Nueva#Clave-2027' } }, 'ui');
    expect(newPassword.mhCheck).toBe('ok');

    const identity = await fieldOf(
      h.current().updateStation(
        {
          ...update,
          environment: 'LIVE',
          company: { ...update.company, nit: '06141111111111' },
          branch: { ...update.branch, mhCode: 'S009', posNumber: 7 },
        },
        'ui',
      ),
    );
    expect(identity.paths.sort()).toEqual(['branch.mhCode', 'branch.posNumber', 'company.nit', 'environment']);
    expect(h.current().stationInfo()).toMatchObject({
      environment: 'TEST',
      company: { nit: NIT, phone: '22224444' },
      branch: { mhCode: 'S001', posNumber: 2 },
    });

    // A new certificate goes through the same checks.
    const wrong = await fieldOf(h.current().updateStation({ ...update, certificate: { xml: certificate, password: 'mala' } }, 'ui'));
    expect(wrong.paths).toEqual(['certificate.password']);
  });

  it('a new MH address or user needs the password typed again: the stored one never goes elsewhere', async () => {
    const sim = await mh();
    const { host: h } = await host();
    await h.setUp(setupBody(sim.url), 'ui');
    // Anything listening at the new address would receive the login: nothing may arrive.
    const { heard, url: elsewhere } = await listener();
    const { certificate: _c, admin: _a, newPointOfSale: _n, ...body } = setupBody(sim.url);
    for (const mhPart of [
      { baseUrl: elsewhere, user: body.mh.user },
      { baseUrl: sim.url, user: '06149999999999' },
    ]) {
      const refused = await fieldOf(h.current().updateStation({ ...body, mh: { ...mhPart, password: undefined } }, 'ui'));
      expect(refused.paths).toEqual(['mh.password']);
    }
    expect(heard).toEqual([]);
    expect(h.current().stationInfo().mh).toEqual({ baseUrl: sim.url, user: body.mh.user });
    // Typed again, it goes to the new address, as typed.
    const moved = await h
      .current()
      .updateStation({ ...body, mh: { baseUrl: elsewhere, user: body.mh.user, password: 'Tecleada#2027' } }, 'ui');
    expect(moved.station.mh?.baseUrl).toBe(elsewhere);
    expect(heard.join('\n')).toContain('Tecleada');
    expect(heard.join('\n')).not.toContain(body.mh.password);
  });

  it('the demo is not edited', async () => {
    const { host: h } = await host();
    const r = await fieldOf(
      h.current().updateStation(
        {
          ...setupBody('http://127.0.0.1:9'),
          certificate: undefined,
          admin: undefined,
          company: { ...DEMO_STATION.company, id: undefined },
        },
        'ui',
      ),
    );
    expect(r.code).toBe('STATION_CONFLICT');
  });
});

describe("MH's address is pinned", () => {
  it("the wizard refuses an address that is not MH's own unless the process allows it, and sends nothing there", async () => {
    const fake = await listener();
    const { host: h } = await host({ allowedMhUrls: [] });
    const r = await fieldOf(h.setUp(setupBody(fake.url), 'ui'));
    expect(r).toEqual({ code: 'VALIDATION_FAILED', paths: ['mh.baseUrl'] });
    expect(fake.heard).toEqual([]);
    expect(h.current().health().demo).toBe(true);
    // Allowed by the start (SELLO_ALLOW_MH_URL), the same address is accepted.
    const { host: allowed } = await host({ allowedMhUrls: [fake.url] });
    expect((await allowed.setUp(setupBody(fake.url), 'ui')).mhCheck).not.toBe('ok');
    expect(fake.heard.length).toBeGreaterThan(0);
  });

  it('a station file or Ajustes naming another address is refused; one stored before the pin is never called', async () => {
    const sim = await mh();
    const fake = await listener();
    const { host: h, base } = await host();
    await h.setUp(setupBody(sim.url), 'ui');
    const { certificate: _c, admin: _a, newPointOfSale: _n, ...body } = setupBody(sim.url);
    // Started again without the simulator allowed: Ajustes cannot move it, and the engine sends nothing.
    await h.close();
    const { host: pinned } = await host({ allowedMhUrls: [] }, base);
    const moved = await fieldOf(
      pinned.current().updateStation({ ...body, mh: { baseUrl: fake.url, user: NIT, password: 'Otra#2027' } }, 'ui'),
    );
    expect(moved.paths).toEqual(['mh.baseUrl']);
    const before = sim.state.counts.recepciondte ?? 0;
    pinned.current().dtes.create('FC', fcBody('3e4f0000-0000-4000-8000-000000000001'), 'test');
    await pinned.current().sync.runOnce();
    expect(sim.state.counts.recepciondte ?? 0).toBe(before);
    expect(fake.heard).toEqual([]);
    // A station file is checked the same way.
    const t = tempDir();
    cleanups.push(t.cleanup);
    const { createCore } = await import('../../main/core/create-core');
    const file = { ...DEMO_STATION, demo: false, mh: { baseUrl: fake.url, user: NIT, password: 'x' } };
    expect((await fieldOf(Promise.resolve().then(() => createCore({ dataDir: t.dir, initialStation: file })))).paths).toEqual([
      'mh.baseUrl',
    ]);
    // Nothing was configured: the folder holds no station.
    expect(() => createCore({ dataDir: t.dir, mustExist: true })).toThrow(/No hay una estación/);
  });
});

describe('over HTTP', () => {
  it("the desktop app's port never sets a station up, not even for the demo's administrator", async () => {
    const sim = await mh();
    const { host: h } = await host();
    const app = await buildHttpServer(h, { logger: silentLogger, setupOverHttp: false });
    cleanups.push(() => app.close());
    const res = await app.inject({
      method: 'POST',
      url: '/settings/station/setup',
      headers: await sessionHeaders(app, 'admin'),
      payload: setupBody(sim.url),
    });
    expect(res.statusCode).toBe(403);
    expect(res.json<Problem>().detail).toContain('ventana de Sello');
    expect(h.current().stationInfo().demo).toBe(true);
  });

  it("only an administrator sets up the station: a POS key and a cashier get 403; the demo's admin gets 201", async () => {
    const sim = await mh();
    const { host: h } = await host();
    const app = await buildHttpServer(h, { logger: silentLogger });
    cleanups.push(() => app.close());
    const admin = await sessionHeaders(app, 'admin');
    const cashier = await sessionHeaders(app, 'cajero');
    const post = (headers: Record<string, string>, payload: unknown) =>
      app.inject({ method: 'POST', url: '/settings/station/setup', headers, payload: payload as object });
    const pos = await post({ 'x-api-key': 'sello-demo-api-key' }, setupBody(sim.url));
    expect(pos.statusCode).toBe(403);
    expect(pos.json()).toMatchObject({ code: 'FORBIDDEN' });
    expect((await post(cashier, setupBody(sim.url))).statusCode).toBe(403);
    const bad = await post(admin, { ...setupBody(sim.url), environment: 'PROD' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json<Problem>().errors[0]).toMatchObject({ path: 'environment' });
    const ok = await post(admin, setupBody(sim.url));
    expect(ok.statusCode).toBe(201);
    // The demo's people belonged to the demo: its admin's session ended with it; the wizard's admin logs in.
    expect((await app.inject({ method: 'GET', url: '/settings/station', headers: admin })).statusCode).toBe(401);
    expect((await app.inject({ method: 'POST', url: '/session', payload: { login: 'admin', password: 'demo-admin' } })).statusCode).toBe(
      401,
    );
    const owner = await sessionHeaders(app, SETUP_ADMIN.login, undefined, 'ADMIN', SETUP_ADMIN.password);
    const station = await app.inject({ method: 'GET', url: '/settings/station', headers: owner });
    expect(station.json()).toMatchObject({ demo: false, company: { nit: NIT } });
    // The demo's key belonged to the demo station.
    expect((await app.inject({ method: 'GET', url: '/health', headers: { 'x-api-key': 'sello-demo-api-key' } })).statusCode).toBe(401);
    const put = await app.inject({ method: 'PUT', url: '/settings/station', headers: { 'x-api-key': 'sello-demo-api-key' }, payload: {} });
    expect(put.statusCode).toBe(401);
  });
});
