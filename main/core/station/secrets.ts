// Secrets at rest (MH password, certificate password): sealed with AES-256-GCM. In `serve` the key lives
// in an owner-only key file in the data dir; the desktop shell passes a box backed by Electron safeStorage.
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { chmodSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export interface SecretBox {
  seal(plain: string): string;
  open(sealed: string): string;
}

export function aesGcmBox(key: Buffer): SecretBox {
  if (key.length !== 32) throw new Error('secret key must be 32 bytes');
  return {
    seal(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return `v1.${Buffer.concat([iv, cipher.getAuthTag(), data]).toString('base64')}`;
    },
    open(sealed) {
      if (!sealed.startsWith('v1.')) throw new Error('unknown secret format');
      const raw = Buffer.from(sealed.slice(3), 'base64');
      const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
      decipher.setAuthTag(raw.subarray(12, 28));
      return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
    },
  };
}

/** The key file `secret.key` (mode 0600) in the data dir, created on first use. */
export function keyFileBox(dataDir: string): SecretBox {
  const file = join(dataDir, 'secret.key');
  if (!existsSync(file)) writeFileSync(file, randomBytes(32), { mode: 0o600, flag: 'wx' });
  chmodSync(file, 0o600);
  return aesGcmBox(readFileSync(file));
}
