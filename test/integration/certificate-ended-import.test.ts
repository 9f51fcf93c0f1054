// Issue 54: a certificate whose validity already ended is refused at import (station/checks.ts), on the real HTTP
// boundary: the wizard and Ajustes answer a 422 problem+json naming `certificate.xml` and the end date, and nothing
// is stored; one ending within 30 days is taken, and the certificate_expiring alert warns.
import BetterSqlite3 from 'better-sqlite3';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createCoreHost, type CoreHost } from '../../main/core/core-host';
import { buildHttpServer } from '../../main/http/server';
import { silentLogger } from '../../main/core/logger';
import { generateMhCertificate, parseMhCertificate } from '../../main/core/signing/certificate';
import { DEMO_STATION } from '../../main/core/station/demo';
import { demoSimulator } from '../../main/mh-sim/demo';
import type { StationInfo, SyncStatus } from '../../shared/records';
import { fixedClock, tempDir, TEST_MH_URLS } from '../support/core';
import { startSimulator } from '../support/mh-sim';
import { sessionHeaders } from '../support/session';

const DAY = 86_400_000;
const NIT = '06140506901017';
const PASSWORD = 'Llave#Privada2026';
const MH_PASSWORD = 'Api#Clave-Secreta-2026';
const clock = fixedClock('2026-11-22T15:30:00Z');
const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const f of cleanups.splice(0).reverse()) await f();
});

/** A .crt in MH's format whose validity ends `days` after the station's clock (negative: already ended). */
const certificate = (days: number): string =>
  generateMhCertificate(NIT, PASSWORD, {
    notBefore: new Date(clock.now().getTime() - 300 * DAY),
    notAfter: new Date(clock.now().getTime() + days * DAY),
  });
const spki = (xml: string) => parseMhCertificate(xml, PASSWORD).publicKey.export({ format: 'der', type: 'spki' }).toString('base64');

interface Problem {
  status: number;
  code: string;
  detail: string;
  errors: { path: string; message: string }[];
}

async function station(): Promise<{ host: CoreHost; app: FastifyInstance; mhUrl: string }> {
  clock.set('2026-11-22T15:30:00Z');
  const sim = await startSimulator({ clock, credentials: new Map([[NIT, MH_PASSWORD]]) });
  cleanups.push(() => sim.close());
  const dir = tempDir();
  cleanups.push(dir.cleanup);
  const host = await createCoreHost({
    demoMh: demoSimulator,
    baseDir: dir.dir,
    deps: { clock, logger: silentLogger, allowedMhUrls: TEST_MH_URLS },
  });
  cleanups.push(() => host.close());
  const app = await buildHttpServer(host, { logger: silentLogger });
  cleanups.push(() => app.close());
  return { host, app, mhUrl: sim.url };
}

const setupBody = (mhUrl: string, xml: string) => ({
  environment: 'TEST',
  company: { ...DEMO_STATION.company, id: undefined, nit: NIT },
  branch: { mhCode: 'S001', posNumber: 1, establishmentType: '02' },
  mh: { baseUrl: mhUrl, user: NIT, password: MH_PASSWORD },
  certificate: { xml, password: PASSWORD },
  admin: { login: 'ana', name: 'Ana Gómez', password: 'clave-de-ana-2026' },
  newPointOfSale: true,
});

const refusal = (res: { statusCode: number; headers: Record<string, unknown>; json: <T>() => T }) => {
  expect(res.statusCode).toBe(422);
  expect(String(res.headers['content-type'])).toContain('application/problem+json');
  return res.json<Problem>();
};

describe('a certificate whose validity ended yesterday', () => {
  it('is refused by the first-run wizard, naming certificate.xml and the end date; the station is not set up', async () => {
    const { host, app, mhUrl } = await station();
    const res = await app.inject({
      method: 'POST',
      url: '/settings/station/setup',
      headers: await sessionHeaders(app, 'admin'),
      payload: setupBody(mhUrl, certificate(-1)),
    });
    const p = refusal(res);
    expect(p).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect(p.detail).toContain('venció el 21/11/2026');
    expect(p.errors).toMatchObject([
      { path: 'certificate.xml', message: expect.stringMatching(/venció el 21\/11\/2026.*Renuévelo/) as string },
    ]);
    expect(host.current().stationInfo().demo).toBe(true);
  });

  it('is refused in Ajustes and changes nothing stored; one ending in 10 days is taken, with the expiry warning', async () => {
    const { host, app, mhUrl } = await station();
    const first = certificate(200);
    const setup = await app.inject({
      method: 'POST',
      url: '/settings/station/setup',
      headers: await sessionHeaders(app, 'admin'),
      payload: setupBody(mhUrl, first),
    });
    expect(setup.statusCode, setup.body).toBe(201);
    const ana = await sessionHeaders(app, 'ana', undefined, undefined, 'clave-de-ana-2026');
    const before = (await app.inject({ method: 'GET', url: '/settings/station', headers: ana })).json<StationInfo>();
    const update = (xml: string) => {
      const { admin: _admin, newPointOfSale: _new, ...body } = setupBody(mhUrl, xml);
      return app.inject({
        method: 'PUT',
        url: '/settings/station',
        headers: ana,
        payload: {
          ...body,
          company: { ...body.company, id: undefined, name: 'Otro Nombre, S.A. de C.V.' },
          mh: { baseUrl: mhUrl, user: NIT },
        },
      });
    };

    const p = refusal(await update(certificate(-1)));
    expect(p.errors).toMatchObject([{ path: 'certificate.xml' }]);
    expect(p.errors[0]?.message).toContain('venció el 21/11/2026');
    expect(p.detail).toContain('21/11/2026');
    // Nothing stored: not the certificate, not the other data sent with it, not an audit line.
    expect((await app.inject({ method: 'GET', url: '/settings/station', headers: ana })).json<StationInfo>()).toEqual(before);
    const db = () => new BetterSqlite3(join(host.current().dataDir, 'sello.db'), { readonly: true });
    const certs = () => db().prepare('SELECT public_key FROM certificates').all() as { public_key: string }[];
    expect(certs()).toHaveLength(1);
    expect(db().prepare(`SELECT count(*) AS n FROM audit_log WHERE action = 'certificate.renewed'`).get()).toEqual({ n: 0 });

    // Ending within 30 days is still valid: taken, and the alert says when it ends.
    const soon = certificate(10);
    const ok = await update(soon);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ station: { certificate: { loaded: true, nit: NIT } } });
    expect(certs().map((c) => c.public_key)).toContain(spki(soon));
    const status = (await app.inject({ method: 'GET', url: '/sync/status', headers: ana })).json<SyncStatus>();
    expect(status.alerts).toContainEqual(expect.objectContaining({ code: 'certificate_expiring', level: 'warning' }));
  });
});
