// The hub_certificates table's one owner: the company's public signing keys, renewed ones included, that an ADMIN
// uploaded at the hub. A document's JWS must verify with one of them. Only public keys: the hub never holds a key
// that signs.
import { createPublicKey, type KeyObject } from 'node:crypto';
import { z } from 'zod';
import { bilingual as bi, described as d } from '../../shared/contract/descriptions';
import type { Clock } from '../core/clock';
import { CoreError } from '../core/errors';
import { keyFingerprint } from '../core/signing/certificate';
import type { HubDb } from './hub-database';

export interface HubCertificate {
  readonly fingerprint: string;
  readonly addedAt: string;
  readonly addedBy: string;
}

export const hubCertificateInput = z.strictObject({
  /** The public key as SPKI PEM (-----BEGIN PUBLIC KEY-----), or its DER in base64 as MH's certificate file has it. */
  publicKey: d(
    z.string().trim().min(1).max(20_000),
    bi(
      'Llave pública del certificado de MH: PEM SPKI o su DER en base64.',
      "The MH certificate's public key: SPKI PEM or its DER in base64.",
    ),
  ),
});

/** An RSA public key from PEM or base64 DER; a clear 422 naming the field otherwise. */
export function parsePublicKey(text: string): KeyObject {
  let key: KeyObject;
  try {
    key = text.includes('-----BEGIN')
      ? createPublicKey(text)
      : createPublicKey({ key: Buffer.from(text.replace(/\s+/g, ''), 'base64'), format: 'der', type: 'spki' });
  } catch {
    throw new CoreError('VALIDATION_FAILED', 'La llave pública no se pudo leer.', [
      { path: 'publicKey', code: 'INVALID_TYPE', message: 'Pegue la llave pública del certificado (PEM o base64 de MH).' },
    ]);
  }
  if (key.asymmetricKeyType !== 'rsa')
    throw new CoreError('VALIDATION_FAILED', 'La llave pública no es RSA.', [
      { path: 'publicKey', code: 'INVALID_TYPE', message: 'MH firma con RSA: pegue la llave pública RSA del certificado.' },
    ]);
  return key;
}

export function hubCertificates(db: HubDb, clock: Clock) {
  return {
    /** Adds a key; adding it again changes nothing. */
    async add(publicKey: string, by: string): Promise<HubCertificate> {
      const key = parsePublicKey(publicKey);
      const fingerprint = keyFingerprint(key);
      const pem = key.export({ format: 'pem', type: 'spki' }).toString();
      await db
        .insertInto('hub_certificates')
        .values({ fingerprint, public_key: pem, added_at: clock.now(), added_by: by })
        .onConflict((oc) => oc.column('fingerprint').doNothing())
        .execute();
      const row = await db.selectFrom('hub_certificates').selectAll().where('fingerprint', '=', fingerprint).executeTakeFirstOrThrow();
      return { fingerprint, addedAt: row.added_at.toISOString(), addedBy: row.added_by };
    },
    async list(): Promise<HubCertificate[]> {
      const rows = await db.selectFrom('hub_certificates').selectAll().orderBy('added_at').execute();
      return rows.map((r) => ({ fingerprint: r.fingerprint, addedAt: r.added_at.toISOString(), addedBy: r.added_by }));
    },
    /** Every key a document may be signed with. */
    async keys(): Promise<KeyObject[]> {
      const rows = await db.selectFrom('hub_certificates').select('public_key').execute();
      return rows.map((r) => createPublicKey(r.public_key));
    },
  };
}

export type HubCertificates = ReturnType<typeof hubCertificates>;
