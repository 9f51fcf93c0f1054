// Secrets at rest (docs/decisions/0005-secrets-at-rest.md): sealed under a key kept outside the data folder
// (the OS keyring, else an owner-only key file in the user's configuration folder), so a copied data folder
// does not open its secrets; the station then asks for them again and says why.
import { randomBytes } from 'node:crypto';
import { cpSync, existsSync, readdirSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createCore } from '../../main/core/create-core';
import { CoreError } from '../../main/core/errors';
import type { Logger } from '../../main/core/logger';
import { generateMhCertificate } from '../../main/core/signing/certificate';
import { DEMO_STATION } from '../../main/core/station/demo';
import {
  configFolder,
  dataDirId,
  defaultSecretFile,
  insideDataDir,
  keyFromFile,
  noKeyringMessage,
  SecretFileInDataDirError,
  stationKey,
  stationSecrets,
  type Keyring,
} from '../../main/core/station/secret-key';
import { aesGcmBox, CERTIFICATE_LOST, MH_PASSWORD_LOST, passphraseKey, PASSPHRASE_KDF, tryOpen } from '../../main/core/station/secrets';
import { fcBody } from '../fixtures/bodies';
import { fixedClock, tempDir, TEST_MH_URLS } from '../support/core';

const MH_PASSWORD = 'Secreta#MH-2026';
const CERT_PASSWORD = 'CertClave!99';

function recordingLogger(): Logger & { lines: string[] } {
  const lines: string[] = [];
  const push = (m: string, f?: Record<string, unknown>) => void lines.push(JSON.stringify({ m, ...f }));
  return { lines, info: push, warn: push, error: push };
}

/** Every file under `dir`, recursively. */
const filesUnder = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? filesUnder(join(dir, e.name)) : [join(dir, e.name)]));

/** A real station (MH password, certificate) in `dataDir`, its secrets sealed under the key file `keyFile`. */
function realStation(dataDir: string, keyFile: string, logger?: Logger) {
  return createCore({
    dataDir,
    clock: fixedClock(),
    allowedMhUrls: TEST_MH_URLS,
    secrets: stationSecrets({ secretFile: keyFile }),
    sync: { manual: true },
    ...(logger ? { logger } : {}),
    initialStation: {
      ...DEMO_STATION,
      demo: false,
      newPointOfSale: true,
      apiKeys: ['pos-key-super-secret-0001'],
      mh: { baseUrl: 'http://127.0.0.1:9', user: DEMO_STATION.company.nit, password: MH_PASSWORD, certificatePassword: CERT_PASSWORD },
    },
    initialCertificate: { xml: generateMhCertificate(DEMO_STATION.company.nit, CERT_PASSWORD), password: CERT_PASSWORD },
  });
}

describe('sealing', () => {
  it('AES-256-GCM round-trips; another key does not open it', () => {
    const box = aesGcmBox(randomBytes(32));
    const sealed = box.seal('pwd-123');
    expect(sealed).not.toContain('pwd-123');
    expect(box.open(sealed)).toBe('pwd-123');
    expect(tryOpen(aesGcmBox(randomBytes(32)), sealed)).toBeNull();
    expect(() => aesGcmBox(randomBytes(16))).toThrow(/32 bytes/);
  });

  it('a passphrase gives the same key with its salt, another with another salt (scrypt, N = 2^15)', () => {
    expect(PASSPHRASE_KDF).toMatchObject({ N: 2 ** 15, r: 8, p: 1 });
    const salt = randomBytes(16);
    const key = passphraseKey('frase de paso larga', salt);
    expect(key).toHaveLength(32);
    expect(passphraseKey('frase de paso larga', salt).equals(key)).toBe(true);
    expect(passphraseKey('frase de paso larga', randomBytes(16)).equals(key)).toBe(false);
    expect(passphraseKey('frase de paso Larga', salt).equals(key)).toBe(false);
    // The same text typed as composed or decomposed characters is the same passphrase.
    expect(passphraseKey('contraseña-ñandú', salt).equals(passphraseKey('contraseña-ñandú'.normalize('NFD'), salt))).toBe(true);
  });
});

describe('where the key lives', () => {
  it("defaults to the user's configuration folder of each system", () => {
    const home = '/home/ana';
    expect(configFolder({ platform: 'linux', env: {}, home })).toBe('/home/ana/.config/sello');
    expect(configFolder({ platform: 'linux', env: { XDG_CONFIG_HOME: '/cfg' }, home })).toBe('/cfg/sello');
    // A relative XDG_CONFIG_HOME is ignored, as the XDG specification says.
    expect(configFolder({ platform: 'linux', env: { XDG_CONFIG_HOME: 'cfg' }, home })).toBe('/home/ana/.config/sello');
    expect(configFolder({ platform: 'darwin', env: {}, home: '/Users/ana' })).toBe('/Users/ana/Library/Application Support/Sello');
    expect(configFolder({ platform: 'win32', env: { APPDATA: 'C:\\Users\\ana\\AppData\\Roaming' }, home })).toMatch(
      /^C:\\Users\\ana\\AppData\\Roaming[\\/]Sello$/,
    );
  });

  it('a key file per data folder, created 0600 in a 0700 folder, outside the data folder', () => {
    const cfg = tempDir();
    const data = tempDir();
    const data2 = tempDir();
    const o = { env: { XDG_CONFIG_HOME: cfg.dir }, platform: 'linux' as const, home: cfg.dir };
    const key = stationKey(data.dir, o);
    const file = defaultSecretFile(data.dir, o);
    expect(file).toBe(join(cfg.dir, 'sello', `secret-${dataDirId(data.dir)}.key`));
    expect(dataDirId(data.dir)).toMatch(/^[0-9a-f]{16}$/);
    expect(readFileSync(file).equals(key)).toBe(true);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(statSync(join(cfg.dir, 'sello')).mode & 0o777).toBe(0o700);
    expect(insideDataDir(file, data.dir)).toBe(false);
    expect(filesUnder(data.dir)).toEqual([]);
    // The same key every time for that folder; another folder has its own.
    expect(stationKey(data.dir, o).equals(key)).toBe(true);
    expect(stationKey(data2.dir, o).equals(key)).toBe(false);
    for (const t of [cfg, data, data2]) t.cleanup();
  });

  it('a key file inside the data folder is refused, named by --secret-file or SELLO_SECRET_FILE', () => {
    const data = tempDir();
    expect(() => stationKey(data.dir, { secretFile: join(data.dir, 'llave.key') })).toThrow(SecretFileInDataDirError);
    expect(() => stationKey(data.dir, { secretFile: join(data.dir, 'sub', 'llave.key') })).toThrow(
      /--secret-file .* dentro de la carpeta de datos/,
    );
    expect(() => stationKey(data.dir, { env: { SELLO_SECRET_FILE: join(data.dir, 'k') } })).toThrow(/^SELLO_SECRET_FILE .* dentro/);
    // A configuration folder inside the data folder would put the default file there: refused as well.
    expect(() => stationKey(data.dir, { env: { XDG_CONFIG_HOME: data.dir }, platform: 'linux' })).toThrow(SecretFileInDataDirError);
    expect(filesUnder(data.dir)).toEqual([]);
    // Beside it is fine.
    expect(insideDataDir(`${data.dir}-llave.key`, data.dir)).toBe(false);
    data.cleanup();
  });

  it('a key file that is a link is refused: into the data folder, or nowhere', () => {
    const data = tempDir();
    const outside = tempDir();
    writeFileSync(join(data.dir, 'copia.key'), randomBytes(32));
    symlinkSync(join(data.dir, 'copia.key'), join(outside.dir, 'llave.key'));
    expect(insideDataDir(join(outside.dir, 'llave.key'), data.dir)).toBe(true);
    expect(() => stationKey(data.dir, { secretFile: join(outside.dir, 'llave.key') })).toThrow(SecretFileInDataDirError);
    symlinkSync(join(outside.dir, 'no-existe.key'), join(outside.dir, 'colgante.key'));
    expect(() => keyFromFile(join(outside.dir, 'colgante.key'))).toThrow(/enlace simbólico/);
    data.cleanup();
    outside.cleanup();
  });

  it('the OS keyring is preferred when it answers: no key file is written', () => {
    const cfg = tempDir();
    const data = tempDir();
    const entries = new Map<string, string>();
    const keyring: Keyring = { get: (a) => entries.get(a) ?? null, set: (a, s) => void entries.set(a, s) };
    const o = { env: { XDG_CONFIG_HOME: cfg.dir }, platform: 'linux' as const, keyring };
    const key = stationKey(data.dir, o);
    expect([...entries.keys()]).toEqual([`data-${dataDirId(data.dir)}`]);
    expect(Buffer.from(entries.get(`data-${dataDirId(data.dir)}`)!, 'base64').equals(key)).toBe(true);
    expect(existsSync(defaultSecretFile(data.dir, o))).toBe(false);
    expect(stationKey(data.dir, o).equals(key)).toBe(true);
    // A named file is the user's choice: the keyring is not used for it.
    const named = join(cfg.dir, 'named.key');
    expect(stationKey(data.dir, { ...o, secretFile: named }).equals(readFileSync(named))).toBe(true);
    expect(entries.size).toBe(1);
    cfg.cleanup();
    data.cleanup();
  });

  it('without a keyring that answers (no Secret Service), the key file; the reason is logged, never the key', () => {
    const cfg = tempDir();
    const data = tempDir();
    const logger = recordingLogger();
    const keyring: Keyring = {
      get: () => {
        throw new Error('Platform failure: DBus error: no session bus');
      },
      set: () => {
        throw new Error('unreachable');
      },
    };
    const o = { env: { XDG_CONFIG_HOME: cfg.dir }, platform: 'linux' as const, keyring, logger };
    const key = stationKey(data.dir, o);
    expect(readFileSync(defaultSecretFile(data.dir, o)).equals(key)).toBe(true);
    // One Spanish line with the file used and how to change it; the binding's DBus text stays out.
    expect(logger.lines.join('\n')).toContain(noKeyringMessage(defaultSecretFile(data.dir, o)));
    expect(logger.lines.join('\n')).not.toMatch(/DBus/);
    // A keyring that takes the key but cannot give it back is no place for it either.
    const forgetful: Keyring = { get: () => null, set: () => undefined };
    const data2 = tempDir();
    const key2 = stationKey(data2.dir, { ...o, keyring: forgetful });
    expect(readFileSync(defaultSecretFile(data2.dir, o)).equals(key2)).toBe(true);
    for (const k of [key, key2]) {
      expect(logger.lines.join('\n')).not.toContain(k.toString('base64'));
      expect(logger.lines.join('\n')).not.toContain(k.toString('hex'));
    }
    // Once in the file, the file keeps it, even when the keyring answers again.
    const entries = new Map<string, string>();
    const working: Keyring = { get: (a) => entries.get(a) ?? null, set: (a, s) => void entries.set(a, s) };
    expect(stationKey(data.dir, { ...o, keyring: working }).equals(key)).toBe(true);
    expect(entries.size).toBe(0);
    for (const t of [cfg, data, data2]) t.cleanup();
  });
});

describe('a station', () => {
  it('keeps MH passwords, API keys and its key out of the data folder', () => {
    const t = tempDir();
    const k = tempDir();
    const keyFile = join(k.dir, 'secret.key');
    realStation(t.dir, keyFile).close();
    const key = readFileSync(keyFile);
    const files = filesUnder(t.dir);
    expect(files.map((f) => f.slice(t.dir.length + 1))).not.toContain('secret.key');
    const everything = Buffer.concat(files.map((f) => readFileSync(f)));
    expect(everything.includes(key)).toBe(false);
    const text = everything.toString('latin1');
    expect(text).toContain(DEMO_STATION.company.nit);
    for (const secret of [MH_PASSWORD, CERT_PASSWORD, 'pos-key-super-secret-0001', key.toString('base64'), key.toString('hex')])
      expect(text).not.toContain(secret);
    t.cleanup();
    k.cleanup();
  });

  it('copied to another machine (another key), comes up asking for the passwords again, and says why', async () => {
    const t = tempDir();
    const k = tempDir();
    const original = realStation(t.dir, join(k.dir, 'here.key'));
    original.close();
    const copy = tempDir();
    cpSync(t.dir, copy.dir, { recursive: true });

    const logger = recordingLogger();
    const elsewhere = createCore({
      dataDir: copy.dir,
      clock: fixedClock(),
      allowedMhUrls: TEST_MH_URLS,
      secrets: stationSecrets({ secretFile: join(k.dir, 'there.key') }),
      sync: { manual: true },
      logger,
      mustExist: true,
    });
    // Ajustes: nothing is shown as set up that does not open here, and why, in Spanish.
    const info = elsewhere.stationInfo();
    expect(info.certificate.loaded).toBe(false);
    expect(info.passwordsNeeded).toMatch(/otro equipo o con otra llave/);
    expect(info.passwordsNeeded).toMatch(/contraseña de MH/);
    expect(info.passwordsNeeded).toMatch(/certificado/);
    // The sync screen: the credentials state, with the reason; no login is tried with a password that is not there.
    await elsewhere.sync.runOnce();
    expect(elsewhere.sync.status()).toMatchObject({ state: 'credentials', lastError: MH_PASSWORD_LOST });
    // Issuing says the certificate must be imported again.
    const attempt = () => elsewhere.dtes.create('FC', fcBody('b0000000-0000-4000-8000-000000000001'), 'test');
    expect(attempt).toThrow(CoreError);
    expect(attempt).toThrow(CERTIFICATE_LOST);
    expect(logger.lines.join('\n')).toMatch(/stored secrets do not open/);
    for (const s of [MH_PASSWORD, CERT_PASSWORD]) expect(logger.lines.join('\n')).not.toContain(s);

    // Typed again (station data with the password, the certificate with its own), the station works here.
    elsewhere.importCertificate(generateMhCertificate(DEMO_STATION.company.nit, CERT_PASSWORD), CERT_PASSWORD, 'test');
    expect(elsewhere.stationInfo().passwordsNeeded).toBe(MH_PASSWORD_LOST);
    elsewhere.configure(
      {
        ...DEMO_STATION,
        demo: false,
        newPointOfSale: true,
        mh: { baseUrl: 'http://127.0.0.1:9', user: DEMO_STATION.company.nit, password: MH_PASSWORD, certificatePassword: CERT_PASSWORD },
      },
      'test',
    );
    expect(elsewhere.stationInfo().passwordsNeeded).toBeUndefined();
    expect(elsewhere.stationInfo().certificate.loaded).toBe(true);
    expect(elsewhere.sync.status().state).not.toBe('credentials');
    expect(attempt().record.status).toBe('CREATED');
    elsewhere.close();

    // The original, with its own key, never noticed.
    const again = createCore({ dataDir: t.dir, secrets: stationSecrets({ secretFile: join(k.dir, 'here.key') }), sync: { manual: true } });
    expect(again.stationInfo()).toMatchObject({ certificate: { loaded: true } });
    expect(again.stationInfo().passwordsNeeded).toBeUndefined();
    again.close();
    for (const d of [t, k, copy]) d.cleanup();
  });

  it('a key file left inside the data folder by an older version: its secrets move under the new key, it is deleted', () => {
    const k = tempDir();
    // As the version before 0005 left it: secret.key in the data folder, the secrets sealed under it.
    const legacy = randomBytes(32);
    const legacyDir = tempDir();
    const older = createCore({
      dataDir: legacyDir.dir,
      clock: fixedClock(),
      allowedMhUrls: TEST_MH_URLS,
      secrets: aesGcmBox(legacy),
      sync: { manual: true },
      initialStation: {
        ...DEMO_STATION,
        demo: false,
        newPointOfSale: true,
        mh: { baseUrl: 'http://127.0.0.1:9', user: DEMO_STATION.company.nit, password: MH_PASSWORD, certificatePassword: CERT_PASSWORD },
      },
      initialCertificate: { xml: generateMhCertificate(DEMO_STATION.company.nit, CERT_PASSWORD), password: CERT_PASSWORD },
    });
    older.close();
    writeFileSync(join(legacyDir.dir, 'secret.key'), legacy, { mode: 0o600 });

    const logger = recordingLogger();
    const keyFile = join(k.dir, 'new.key');
    const upgraded = createCore({
      dataDir: legacyDir.dir,
      secrets: stationSecrets({ secretFile: keyFile }),
      sync: { manual: true },
      logger,
    });
    expect(existsSync(join(legacyDir.dir, 'secret.key'))).toBe(false);
    expect(upgraded.stationInfo()).toMatchObject({ certificate: { loaded: true } });
    expect(upgraded.stationInfo().passwordsNeeded).toBeUndefined();
    expect(upgraded.sync.status().state).not.toBe('credentials');
    expect(logger.lines.join('\n')).toMatch(/sealed again under the station key.*"values":2/);
    expect(logger.lines.join('\n')).not.toContain(legacy.toString('base64'));
    upgraded.close();
    // And from now on they open with the new key alone.
    const next = createCore({ dataDir: legacyDir.dir, secrets: stationSecrets({ secretFile: keyFile }), sync: { manual: true } });
    expect(next.stationInfo().passwordsNeeded).toBeUndefined();
    expect(next.stationInfo().certificate.loaded).toBe(true);
    next.close();
    for (const d of [k, legacyDir]) d.cleanup();
  });

  it('without a box given, uses SELLO_SECRET_FILE (this test run sets it): never a key in the data folder', () => {
    expect(process.env.SELLO_SECRET_FILE).toBeTruthy();
    const t = tempDir();
    createCore({ dataDir: t.dir, sync: { manual: true } }).close();
    expect(existsSync(process.env.SELLO_SECRET_FILE!)).toBe(true);
    expect(existsSync(join(t.dir, 'secret.key'))).toBe(false);
    t.cleanup();
  });
});
