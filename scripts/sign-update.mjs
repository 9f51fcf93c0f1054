// Release pipeline: writes `<file>.version.sig` (base64 Ed25519 signature over the version and the file's SHA-512,
// main/electron/update-signature.ts) beside each update file to publish, and `<file>.sig` (over the bytes alone),
// which only stations older than decision 0071 read. The private key comes from SELLO_UPDATE_SIGNING_KEY (PKCS#8
// PEM) and is never committed; its public half is given to the build as SELLO_UPDATE_PUBLIC_KEY
// (scripts/build-shell.mjs). Usage: node scripts/sign-update.mjs [--version X.Y.Z] FILE...
import { createHash, createPrivateKey, createPublicKey, sign } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';

const pem = process.env.SELLO_UPDATE_SIGNING_KEY;
if (!pem) {
  console.error('SELLO_UPDATE_SIGNING_KEY is not set: give the release key (PKCS#8 PEM) in the environment.');
  process.exit(2);
}
const { values, positionals: files } = parseArgs({ allowPositionals: true, options: { version: { type: 'string' } } });
if (files.length === 0) {
  console.error('usage: node scripts/sign-update.mjs [--version X.Y.Z] FILE...');
  process.exit(2);
}
// The version the feed's manifest will offer: package.json's, which electron-builder writes there, unless given.
const version = values.version ?? JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')).version;
if (typeof version !== 'string' || !/^\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?(?:\+[0-9A-Za-z.-]+)?$/.test(version)) {
  console.error(`--version ${String(version)} is not a version (X.Y.Z).`);
  process.exit(2);
}
let key;
try {
  key = createPrivateKey(pem);
} catch (e) {
  console.error(`SELLO_UPDATE_SIGNING_KEY cannot be read: ${e instanceof Error ? e.message : String(e)}`);
  process.exit(2);
}
if (key.asymmetricKeyType !== 'ed25519') {
  console.error('SELLO_UPDATE_SIGNING_KEY must be an Ed25519 key.');
  process.exit(2);
}
for (const f of files) {
  const bytes = readFileSync(f);
  const sha512 = createHash('sha512').update(bytes).digest('hex');
  // The same statement main/electron/update-signature.ts (signedStatement) verifies.
  const statement = Buffer.from(`sello-update\nversion ${version}\nsha512 ${sha512}\n`, 'utf8');
  writeFileSync(`${f}.version.sig`, `${sign(null, statement, key).toString('base64')}\n`);
  writeFileSync(`${f}.sig`, `${sign(null, bytes, key).toString('base64')}\n`);
  console.log(`signed ${f} as version ${version}`);
}
// The public half, to compare with the one the build pinned.
console.log(createPublicKey(key).export({ type: 'spki', format: 'pem' }).toString().trim());
