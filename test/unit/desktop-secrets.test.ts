// The desktop app's secrets (main/electron/desktop-secrets.ts): safeStorage where the OS keeps its key; on
// Linux's basic_text backend (a key written in Chromium's source) or without safeStorage, a passphrase.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { createCore } from '../../main/core/create-core';
import { DEMO_STATION } from '../../main/core/station/demo';
import {
  desktopSecrets,
  desktopSecretsChoice,
  MIN_PASSPHRASE,
  passphraseFile,
  type PassphraseAsk,
} from '../../main/electron/desktop-secrets';
import { safeStorageBox, type SafeStorageLike } from '../../main/electron/safe-storage-box';
import { fixedClock, tempDir, TEST_MH_URLS } from '../support/core';

/** A fake safeStorage; `backend` is what Linux reports. */
const fakeSafeStorage = (backend: string, available = true): SafeStorageLike => ({
  isEncryptionAvailable: () => available,
  encryptString: (s: string) => Buffer.from(`enc:${s}`),
  decryptString: (b: Buffer) => b.toString().slice(4),
  getSelectedStorageBackend: () => backend,
});

/** Answers the passphrase window with `answers` in turn, recording what it was asked. */
function typing(...answers: (string | null)[]) {
  const asked: PassphraseAsk[] = [];
  const ask = (what: PassphraseAsk) => {
    asked.push(what);
    return Promise.resolve(answers.shift() ?? null);
  };
  return { asked, ask };
}

describe('which box seals the desktop app’s secrets', () => {
  it('safeStorage with an OS keyring; a passphrase on basic_text or without safeStorage', () => {
    expect(desktopSecretsChoice('linux', fakeSafeStorage('gnome_libsecret'))).toEqual({ kind: 'safeStorage' });
    expect(desktopSecretsChoice('linux', fakeSafeStorage('kwallet5'))).toEqual({ kind: 'safeStorage' });
    expect(desktopSecretsChoice('win32', fakeSafeStorage('unknown'))).toEqual({ kind: 'safeStorage' });
    expect(desktopSecretsChoice('darwin', fakeSafeStorage('unknown'))).toEqual({ kind: 'safeStorage' });
    expect(desktopSecretsChoice('linux', fakeSafeStorage('basic_text'))).toMatchObject({
      kind: 'passphrase',
      reason: expect.stringMatching(/llavero del sistema/) as unknown,
    });
    expect(desktopSecretsChoice('win32', fakeSafeStorage('unknown', false))).toMatchObject({ kind: 'passphrase' });
  });

  it('with an OS keyring no passphrase is asked for', async () => {
    const t = tempDir();
    const { asked, ask } = typing('never');
    const secrets = await desktopSecrets({ platform: 'linux', safeStorage: fakeSafeStorage('gnome_libsecret'), baseDir: t.dir, ask });
    expect(asked).toEqual([]);
    expect(secrets?.former).toBeUndefined();
    expect(secrets?.box.seal('x')).toMatch(/^ss1\./);
    expect(existsSync(passphraseFile(t.dir))).toBe(false);
    t.cleanup();
  });

  it('on basic_text: a passphrase is chosen, then asked at every start; a wrong one is asked again', async () => {
    const t = tempDir();
    const ss = fakeSafeStorage('basic_text');
    const first = typing('corta', 'una frase de paso larga');
    const chosen = await desktopSecrets({ platform: 'linux', safeStorage: ss, baseDir: t.dir, ask: first.ask });
    expect(first.asked).toEqual(['new', 'short']);
    expect('corta'.length).toBeLessThan(MIN_PASSPHRASE);
    const sealed = chosen!.box.seal('Clave#MH');
    expect(sealed).toMatch(/^v1\./);
    // The data folder holds the salt and a check value, never the passphrase; owner-only.
    const file = passphraseFile(t.dir);
    expect(readFileSync(file, 'utf8')).not.toContain('una frase de paso larga');
    expect(statSync(file).mode & 0o777).toBe(0o600);

    const next = typing('otra frase equivocada', 'una frase de paso larga');
    const opened = await desktopSecrets({ platform: 'linux', safeStorage: ss, baseDir: t.dir, ask: next.ask });
    expect(next.asked).toEqual(['unlock', 'wrong']);
    expect(opened!.box.open(sealed)).toBe('Clave#MH');

    // Closing the window gives no box: the app quits.
    expect(await desktopSecrets({ platform: 'linux', safeStorage: ss, baseDir: t.dir, ask: typing(null).ask })).toBeNull();
    t.cleanup();
  });

  it('what basic_text sealed before is sealed again under the passphrase', async () => {
    const t = tempDir();
    const ss = fakeSafeStorage('basic_text');
    // An earlier version sealed with safeStorage whatever its backend.
    const mh = { baseUrl: 'http://127.0.0.1:9', user: DEMO_STATION.company.nit, password: 'Clave#MH-2026' };
    const hub = { url: 'https://casa-matriz.example', token: 'token-de-la-sucursal-0123456789' };
    const smtp = { host: 'smtp.example', port: 587, secure: false, user: 'caja', password: 'Clave#SMTP-2026', from: 'caja@example.com' };
    createCore({
      dataDir: t.dir,
      clock: fixedClock(),
      allowedMhUrls: TEST_MH_URLS,
      secrets: safeStorageBox(ss),
      sync: { manual: true },
      initialStation: {
        ...DEMO_STATION,
        demo: false,
        mh,
        hub,
        smtp,
        webhooks: [{ url: 'https://pos.example/sello', secret: 'secreto-del-webhook-0123456789abcdef' }],
      },
    }).close();

    const secrets = await desktopSecrets({
      platform: 'linux',
      safeStorage: ss,
      baseDir: t.dir,
      ask: typing('una frase de paso larga').ask,
    });
    expect(secrets?.former).toBeDefined();
    const core = createCore({ dataDir: t.dir, secrets: secrets!.box, formerSecrets: secrets!.former!, sync: { manual: true } });
    expect(core.stationInfo().passwordsNeeded).toBeUndefined();
    core.close();
    // Now only the passphrase opens them.
    const again = createCore({ dataDir: t.dir, secrets: secrets!.box, sync: { manual: true } });
    expect(again.stationInfo().passwordsNeeded).toBeUndefined();
    again.close();
    const db = new BetterSqlite3(join(t.dir, 'sello.db'), { readonly: true });
    // Every sealed setting: MH's passwords, the hub's token, the SMTP password.
    for (const key of ['station.mh.secrets', 'station.hub', 'smtp.password']) {
      const stored = db.prepare('SELECT value FROM settings WHERE key = ?').get(key) as { value: string } | undefined;
      expect(stored?.value, key).toMatch(/^v1\./);
    }
    const hooks = db.prepare('SELECT secret_sealed FROM webhook_endpoints').all() as { secret_sealed: string }[];
    expect(hooks.length).toBe(1);
    for (const h of hooks) expect(h.secret_sealed).toMatch(/^v1\./);
    db.close();
    t.cleanup();
  });
});
