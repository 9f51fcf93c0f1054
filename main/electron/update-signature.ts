// A downloaded update is installed only if its detached Ed25519 signature (`<file>.version.sig`, base64, next to the
// file on the feed) verifies against the key pinned in the app: TLS proves who serves the feed, not who built the
// file. The signature covers the version with the file, so an old build cannot be offered under a newer number.
import { createHash, createPublicKey, verify } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { basename } from 'node:path';

export type SignatureVerdict = { readonly ok: true } | { readonly ok: false; readonly reason: string };

/** Where a file's signature lives on the feed: the file's name plus `.version.sig`, under the pinned feed. */
export function signatureUrl(feedUrl: string, file: string): string {
  const base = feedUrl.endsWith('/') ? feedUrl : `${feedUrl}/`;
  return new URL(`${encodeURIComponent(basename(file))}.version.sig`, base).href;
}

/** The file's SHA-512, read in chunks: an installer is too large to hold twice in memory. */
async function sha512Of(file: string): Promise<Buffer> {
  const hash = createHash('sha512');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest();
}

/**
 * What the publisher signs: the version and the file's SHA-512, one per line. scripts/sign-update.mjs writes the
 * same bytes (a test in test/integration/update-feed.test.ts checks the script's signatures verify here).
 */
export const signedStatement = (version: string, sha512: Buffer): Buffer =>
  Buffer.from(`sello-update\nversion ${version}\nsha512 ${sha512.toString('hex')}\n`, 'utf8');

/** Checks `signature` (base64) over `version` and the file's bytes; any failure to read or parse is a refusal, never a pass. */
export async function verifyFileSignature(
  file: string,
  version: string,
  signature: string,
  publicKeyPem: string,
): Promise<SignatureVerdict> {
  let key;
  try {
    key = createPublicKey(publicKeyPem);
  } catch {
    return { ok: false, reason: 'the pinned update key cannot be read' };
  }
  if (key.asymmetricKeyType !== 'ed25519') return { ok: false, reason: 'the pinned update key is not Ed25519' };
  const sig = Buffer.from(signature.trim(), 'base64');
  if (sig.length !== 64) return { ok: false, reason: 'the signature is not an Ed25519 signature' };
  // A line break in the version could make one statement read as another: such a version is no version.
  if (!/^[0-9A-Za-z.+-]{1,64}$/.test(version)) return { ok: false, reason: 'the offered version is not a version' };
  const statement = signedStatement(version, await sha512Of(file));
  return verify(null, statement, key, sig)
    ? { ok: true }
    : { ok: false, reason: `the signature does not match the file with version ${version} (another file, or another version)` };
}

/** Fetches the signature from the pinned feed and checks the downloaded file, as the version offered, against it. */
export async function verifyDownloadedUpdate(
  file: string,
  version: string,
  feedUrl: string,
  publicKeyPem: string,
  fetchFn: typeof fetch = fetch,
): Promise<SignatureVerdict> {
  let signature: string;
  try {
    const res = await fetchFn(signatureUrl(feedUrl, file), { redirect: 'error', signal: AbortSignal.timeout(30_000) });
    if (!res.ok) return { ok: false, reason: `no signature on the feed (HTTP ${res.status})` };
    signature = await res.text();
  } catch (e) {
    return { ok: false, reason: `the signature could not be fetched: ${e instanceof Error ? e.message : String(e)}` };
  }
  return verifyFileSignature(file, version, signature, publicKeyPem);
}
