// JWS compact serialization with the header MH expects, exactly {"alg":"RS512"}.
//
// Signing is synchronous on purpose: the document is numbered, built, signed and stored in one SQLite
// transaction, and a better-sqlite3 transaction cannot await. RS512 (RSASSA-PKCS1-v1_5 with SHA-512) is
// deterministic, so node:crypto's signature is byte-for-byte what jose's CompactSign produces (a test checks
// it); verification uses jose.
import { createPublicKey, sign as rsaSign, verify as rsaVerify, type KeyObject } from 'node:crypto';
import { compactVerify } from 'jose';

export const JWS_HEADER = '{"alg":"RS512"}';
const HEADER_B64 = Buffer.from(JWS_HEADER).toString('base64url');

export function signJson(payload: unknown, privateKey: KeyObject): string {
  return signJsonText(JSON.stringify(payload), privateKey);
}

/** The same, for a payload already serialized: the create stores that very text beside its JWS. */
export function signJsonText(json: string, privateKey: KeyObject): string {
  const input = `${HEADER_B64}.${Buffer.from(json, 'utf8').toString('base64url')}`;
  return `${input}.${rsaSign('sha512', Buffer.from(input), privateKey).toString('base64url')}`;
}

/** Verifies a JWS with the public key and returns its JSON payload; throws when it does not verify. */
export async function verifyJws(jws: string, publicKey: KeyObject): Promise<unknown> {
  const { payload, protectedHeader } = await compactVerify(jws, publicKey, { algorithms: ['RS512'] });
  if (JSON.stringify(protectedHeader) !== JWS_HEADER) throw new Error('unexpected JWS header');
  return JSON.parse(new TextDecoder().decode(payload)) as unknown;
}

/**
 * A JWS signed with another key (a certificate since renewed), signed again, the same payload, with `key`; null
 * when `key` already verifies it (docs/decisions/0027-certificate-life-cycle.md).
 */
export function resignedIfStale(jws: string, key: KeyObject): string | null {
  if (!jws || verifyJwsSync(jws, createPublicKey(key))) return null;
  return signJsonText(Buffer.from(jws.split('.')[1] ?? '', 'base64url').toString('utf8'), key);
}

/**
 * The same check, synchronous (node:crypto): the MH simulator uses it so that nothing it does waits on the
 * thread pool, which keeps the sync simulation's schedules exactly replayable. True when header and signature hold.
 */
export function verifyJwsSync(jws: string, publicKey: KeyObject): boolean {
  const parts = jws.split('.');
  if (parts.length !== 3 || Buffer.from(parts[0] ?? '', 'base64url').toString('utf8') !== JWS_HEADER) return false;
  return rsaVerify('sha512', Buffer.from(`${parts[0]}.${parts[1]}`), publicKey, Buffer.from(parts[2] ?? '', 'base64url'));
}

/** The signing key, or null when there is none or it does not open here (an event then goes as it was signed). */
export function keyOrNull(signingKey: (() => KeyObject | null) | undefined): KeyObject | null {
  try {
    return signingKey?.() ?? null;
  } catch {
    return null;
  }
}
