import type { SecretBox } from '../core/station/secrets';

/** The slice of Electron's safeStorage this module uses. */
export interface SafeStorageLike {
  isEncryptionAvailable(): boolean;
  encryptString(plain: string): Buffer;
  decryptString(encrypted: Buffer): string;
  /** Linux only: which store keeps the key; `basic_text` is a key in Chromium's source, refused (desktop-secrets.ts). */
  getSelectedStorageBackend?(): string;
}

/** Secrets sealed by the OS keychain (DPAPI, Keychain, libsecret) through Electron's safeStorage. */
export function safeStorageBox(safeStorage: SafeStorageLike): SecretBox {
  if (!safeStorage.isEncryptionAvailable()) throw new Error('el almacén seguro del sistema no está disponible');
  return {
    seal: (plain) => `ss1.${safeStorage.encryptString(plain).toString('base64')}`,
    open(sealed) {
      if (!sealed.startsWith('ss1.')) throw new Error('unknown secret format');
      return safeStorage.decryptString(Buffer.from(sealed.slice(4), 'base64'));
    },
  };
}
