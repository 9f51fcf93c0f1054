// A station issues only with MH's certificate: imported from the station file (password and NIT checked),
// sealed at rest; without one, creation answers 503 STATION_NOT_READY and spends no number.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createCore } from '../../main/core/create-core';
import { CoreError } from '../../main/core/errors';
import { buildHttpServer } from '../../main/http/server';
import { silentLogger } from '../../main/core/logger';
import { generateMhCertificate } from '../../main/core/signing/certificate';
import { verifyJws } from '../../main/core/signing/jws';
import { DEMO_STATION } from '../../main/core/station/demo';
import { fcBody } from '../fixtures/bodies';
import { fixedClock, tempDir, TEST_MH_URLS } from '../support/core';
import { stringContaining } from '../support/match';

const cleanups: (() => void)[] = [];
afterEach(() => cleanups.splice(0).forEach((f) => f()));

const KEY = 'pos-key-0123456789abcdef';
function station(dir: string, mh: Record<string, unknown> | null) {
  return {
    ...DEMO_STATION,
    demo: false,
    newPointOfSale: true,
    apiKeys: [KEY],
    mh: mh ? { baseUrl: 'http://127.0.0.1:9', user: DEMO_STATION.company.nit, password: 'Api#Clave2026', ...mh } : null,
    _dir: dir,
  };
}
const profile = (s: ReturnType<typeof station>) => Object.fromEntries(Object.entries(s).filter(([k]) => k !== '_dir'));

describe('the signing certificate', () => {
  it('without one a station answers 503 STATION_NOT_READY and spends no control number', async () => {
    const t = tempDir();
    const core = createCore({
      allowedMhUrls: TEST_MH_URLS,
      dataDir: t.dir,
      clock: fixedClock(),
      initialStation: profile(station(t.dir, null)),
    });
    cleanups.push(() => (core.close(), t.cleanup()));
    const app = await buildHttpServer(core, { logger: silentLogger });
    const res = await app.inject({
      method: 'POST',
      url: '/dte/fc',
      headers: { 'x-api-key': KEY },
      payload: fcBody('a0000000-0000-4000-8000-000000000001'),
    });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ code: 'STATION_NOT_READY', detail: stringContaining('certificado') });
    expect(core.dtes.list({}).items).toHaveLength(0);
    await app.close();
  });

  it('is imported from the station file; documents are then signed with it', async () => {
    const t = tempDir();
    const file = join(t.dir, `${DEMO_STATION.company.nit}.crt`);
    writeFileSync(file, generateMhCertificate(DEMO_STATION.company.nit, 'Firma#2026'));
    const core = createCore({
      allowedMhUrls: TEST_MH_URLS,
      dataDir: t.dir,
      clock: fixedClock(),
      initialStation: profile(station(t.dir, { certificateFile: file, certificatePassword: 'Firma#2026' })),
    });
    cleanups.push(() => (core.close(), t.cleanup()));
    const rec = core.dtes.create('FC', fcBody('a0000000-0000-4000-8000-000000000002'), 'test').record;
    expect(rec.total).toBe('10.08');
    const { document, jws } = core.dtes.mhDocument(rec.id);
    const publicKey = core.signing.publicKey();
    expect(publicKey).not.toBeNull();
    expect(await verifyJws(jws, publicKey!)).toEqual(document);
  });

  it("a wrong password or another company's certificate stops the configuration, naming the field", () => {
    const t = tempDir();
    cleanups.push(t.cleanup);
    const file = join(t.dir, 'cert.crt');
    writeFileSync(file, generateMhCertificate(DEMO_STATION.company.nit, 'Firma#2026'));
    const attempt = (mh: Record<string, unknown>) => {
      try {
        createCore({
          allowedMhUrls: TEST_MH_URLS,
          dataDir: join(t.dir, String(Math.random())),
          initialStation: profile(station(t.dir, mh)),
        }).close();
        return null;
      } catch (e) {
        return e instanceof CoreError ? e.errors?.[0] : e;
      }
    };
    expect(attempt({ certificateFile: file, certificatePassword: 'mala' })).toMatchObject({
      path: 'mh.certificatePassword',
      message: stringContaining('contraseña'),
    });
    const other = join(t.dir, 'other.crt');
    writeFileSync(other, generateMhCertificate('06140101010101', 'x'));
    // Another company's certificate is the wrong file, not a wrong password.
    expect(attempt({ certificateFile: other, certificatePassword: 'x' })).toMatchObject({
      path: 'mh.certificateFile',
      message: stringContaining('06140101010101'),
    });
    expect(attempt({ certificateFile: join(t.dir, 'missing.crt'), certificatePassword: 'x' })).toMatchObject({
      path: 'mh.certificateFile',
    });
  });

  it('a refused certificate leaves no half-configured station behind', () => {
    const t = tempDir();
    cleanups.push(t.cleanup);
    const file = join(t.dir, 'cert.crt');
    writeFileSync(file, generateMhCertificate(DEMO_STATION.company.nit, 'Firma#2026'));
    const dataDir = join(t.dir, 'data');
    expect(() =>
      createCore({
        allowedMhUrls: TEST_MH_URLS,
        dataDir,
        initialStation: profile(station(t.dir, { certificateFile: file, certificatePassword: 'mala' })),
      }),
    ).toThrow(CoreError);
    // The next start with the right password configures the station from scratch.
    const core = createCore({
      allowedMhUrls: TEST_MH_URLS,
      dataDir,
      initialStation: profile(station(t.dir, { certificateFile: file, certificatePassword: 'Firma#2026' })),
    });
    expect(core.health()).toMatchObject({ demo: false });
    expect(core.signing.nit()).toBe(DEMO_STATION.company.nit);
    core.close();
  });
});
