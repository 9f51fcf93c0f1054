// A downloaded update is installed only if its detached Ed25519 signature (`<file>.sig`, base64, next to the file
// on the feed) verifies against the key pinned in the app: TLS proves who serves the feed, not who built the file.
import { createPublicKey, verify } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';

export type SignatureVerdict = { readonly ok: true } | { readonly ok: false; readonly reason: string };

/** Where a file's signature lives on the feed: the file's name plus `.sig`, under the pinned feed. */
export function signatureUrl(feedUrl: string, file: string): string {
  const base = feedUrl.endsWith('/') ? feedUrl : `${feedUrl}/`;
  return new URL(`${encodeURIComponent(basename(file))}.sig`, base).href;
}

/** Checks `signature` (base64) over the file's bytes; any failure to read or parse is a refusal, never a pass. */
export async function verifyFileSignature(file: string, signature: string, publicKeyPem: string): Promise<SignatureVerdict> {
  let key;
  try {
    key = createPublicKey(publicKeyPem);
  } catch {
    return { ok: false, reason: 'the pinned update key cannot be read' };
  }
  if (key.asymmetricKeyType !== 'ed25519') return { ok: false, reason: 'the pinned update key is not Ed25519' };
  const sig = Buffer.from(signature.trim(), 'base64');
  if (sig.length !== 64) return { ok: false, reason: 'the signature is not an Ed25519 signature' };
  const bytes = await readFile(file);
  return verify(null, bytes, key, sig) ? { ok: true } : { ok: false, reason: 'the signature does not match the file' };
}

/** Fetches the signature from the pinned feed and checks the downloaded file against it. */
export async function verifyDownloadedUpdate(
  file: string,
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
  return verifyFileSignature(file, signature, publicKeyPem);
}
