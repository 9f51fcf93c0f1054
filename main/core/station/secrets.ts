// Secrets at rest (MH password, certificate password, the signing key): sealed with AES-256-GCM under a key
// that never lives in the data folder (docs/decisions/0005-secrets-at-rest.md). Where `serve` keeps that key is
// secret-key.ts; the desktop shell seals with Electron safeStorage, or with a key derived from a passphrase.
import { createCipheriv, createDecipheriv, randomBytes, scryptSync } from 'node:crypto';
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

/** The plain text, or null when this box cannot open it (sealed on another machine, or under another key). */
export function tryOpen(box: SecretBox, sealed: string): string | null {
  try {
    return box.open(sealed);
  } catch {
    return null;
  }
}

/** scrypt's cost: 2^15 × 8 × 128 bytes = 32 MiB of memory and about 0.1 s per derivation. */
export const PASSPHRASE_KDF = { N: 2 ** 15, r: 8, p: 1, maxmem: 64 * 1024 * 1024 } as const;

/** The 32-byte key for a passphrase and its salt (scrypt): the one KDF for keys derived from something typed. */
export function passphraseKey(passphrase: string, salt: Buffer): Buffer {
  if (salt.length < 16) throw new Error('salt must be at least 16 bytes');
  return scryptSync(passphrase.normalize('NFC'), salt, 32, PASSPHRASE_KDF);
}

/** Where the key was kept before decision 0005: inside the data folder. Only read to move its secrets out. */
export const legacyKeyFile = (dataDir: string): string => join(dataDir, 'secret.key');

const SEALED_ELSEWHERE =
  'se guardó cifrada en otro equipo o con otra llave (por ejemplo, la carpeta de datos o una copia se trajo de otro equipo)';

/** Why the MH password must be typed again, in the words the station shows. */
export const MH_PASSWORD_LOST = `La contraseña de la API de MH ${SEALED_ELSEWHERE} y este equipo no puede abrirla. Escríbala de nuevo en Ajustes → Editar datos de la estación; mientras tanto no se envía nada a MH.`;

/** Why the certificate must be imported again (its private key is sealed the same way). */
export const CERTIFICATE_LOST = `La llave del certificado de MH ${SEALED_ELSEWHERE} y este equipo no puede abrirla. Importe de nuevo el certificado con su contraseña en Ajustes → Editar datos de la estación.`;

/** Ajustes' note when stored secrets do not open here: which to type again, and why. */
export function secretsLostReason(lost: { mhPassword: boolean; certificate: boolean }): string | null {
  if (lost.mhPassword && lost.certificate)
    return `Las contraseñas guardadas (la de la API de MH y la del certificado) se guardaron cifradas en otro equipo o con otra llave (por ejemplo, la carpeta de datos o una copia se trajo de otro equipo) y este equipo no puede abrirlas. Escriba de nuevo la contraseña de MH e importe otra vez el certificado con su contraseña en Ajustes → Editar datos de la estación.`;
  if (lost.mhPassword) return MH_PASSWORD_LOST;
  if (lost.certificate) return CERTIFICATE_LOST;
  return null;
}
