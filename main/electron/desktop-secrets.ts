// Which box seals the desktop app's secrets. Electron's safeStorage when the OS keeps its key (DPAPI, Keychain,
// libsecret, KWallet); on Linux its `basic_text` backend seals with a key written in Chromium's source, so it is
// refused: a passphrase is asked for instead, and the key derived from it (station/secrets.ts's scrypt). What
// basic_text sealed before is sealed again under the passphrase (docs/decisions/0005-secrets-at-rest.md).
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { aesGcmBox, passphraseKey, tryOpen, type SecretBox } from '../core/station/secrets';
import { safeStorageBox, type SafeStorageLike } from './safe-storage-box';

/** safeStorage, or a passphrase and why (shown to the person before they type it). */
export type DesktopSecretsChoice = { readonly kind: 'safeStorage' } | { readonly kind: 'passphrase'; readonly reason: string };

export function desktopSecretsChoice(platform: NodeJS.Platform, safeStorage: SafeStorageLike): DesktopSecretsChoice {
  if (!safeStorage.isEncryptionAvailable())
    return { kind: 'passphrase', reason: 'El sistema no ofrece un almacén seguro para las contraseñas.' };
  if (platform === 'linux' && safeStorage.getSelectedStorageBackend?.() === 'basic_text')
    return {
      kind: 'passphrase',
      reason: 'Este escritorio no tiene un llavero del sistema (Secret Service o KWallet) que guarde las contraseñas de forma segura.',
    };
  return { kind: 'safeStorage' };
}

/** What the passphrase window is asked: a new passphrase, the one already set, or that one again after a miss. */
export type PassphraseAsk = 'new' | 'unlock' | 'wrong' | 'short';

export const MIN_PASSPHRASE = 10;

/** The salt and a check value sealed under the passphrase's key, in the data folder (the passphrase is not). */
export const passphraseFile = (baseDir: string): string => join(baseDir, 'passphrase.json');
const CHECK = 'sello-passphrase-check';

interface PassphraseRecord {
  readonly v: 1;
  readonly salt: string;
  readonly check: string;
}

function readRecord(file: string): PassphraseRecord | null {
  if (!existsSync(file)) return null;
  const r = JSON.parse(readFileSync(file, 'utf8')) as Partial<PassphraseRecord>;
  if (r.v !== 1 || typeof r.salt !== 'string' || typeof r.check !== 'string') throw new Error(`${file} no es un archivo de Sello válido.`);
  return r as PassphraseRecord;
}

export interface DesktopSecretsDeps {
  readonly platform: NodeJS.Platform;
  readonly safeStorage: SafeStorageLike;
  /** The folder holding the stations (`<userData>/data`). */
  readonly baseDir: string;
  /** Shows the passphrase window; null when the person closed it (the app then quits). */
  readonly ask: (what: PassphraseAsk, reason: string) => Promise<string | null>;
}

export interface DesktopSecrets {
  readonly box: SecretBox;
  /** safeStorage's basic_text box, when it sealed what the station holds: sealed again under the passphrase. */
  readonly former?: SecretBox;
}

/** The box for this machine; null when the person would not give a passphrase. */
export async function desktopSecrets(d: DesktopSecretsDeps): Promise<DesktopSecrets | null> {
  const choice = desktopSecretsChoice(d.platform, d.safeStorage);
  if (choice.kind === 'safeStorage') return { box: safeStorageBox(d.safeStorage) };
  const file = passphraseFile(d.baseDir);
  const record = readRecord(file);
  const former = d.safeStorage.isEncryptionAvailable() ? { former: safeStorageBox(d.safeStorage) } : {};
  let what: PassphraseAsk = record ? 'unlock' : 'new';
  for (;;) {
    const passphrase = await d.ask(what, choice.reason);
    if (passphrase === null) return null;
    if (record) {
      const box = aesGcmBox(passphraseKey(passphrase, Buffer.from(record.salt, 'base64')));
      if (tryOpen(box, record.check) === CHECK) return { box, ...former };
      what = 'wrong';
      continue;
    }
    if (passphrase.length < MIN_PASSPHRASE) {
      what = 'short';
      continue;
    }
    const salt = randomBytes(16);
    const box = aesGcmBox(passphraseKey(passphrase, salt));
    mkdirSync(d.baseDir, { recursive: true, mode: 0o700 });
    const written: PassphraseRecord = { v: 1, salt: salt.toString('base64'), check: box.seal(CHECK) };
    writeFileSync(file, `${JSON.stringify(written)}\n`, { mode: 0o600, flag: 'wx' });
    return { box, ...former };
  }
}
