// Release pipeline: writes `<file>.sig` (base64 Ed25519 signature) beside each update file to publish. The private
// key comes from SELLO_UPDATE_SIGNING_KEY (PKCS#8 PEM) and is never committed; its public half is given to the
// build as SELLO_UPDATE_PUBLIC_KEY (scripts/build-shell.mjs). Usage: node scripts/sign-update.mjs FILE...
import { createPrivateKey, createPublicKey, sign } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';

const pem = process.env.SELLO_UPDATE_SIGNING_KEY;
if (!pem) {
  console.error('SELLO_UPDATE_SIGNING_KEY is not set: give the release key (PKCS#8 PEM) in the environment.');
  process.exit(2);
}
const files = process.argv.slice(2);
if (files.length === 0) {
  console.error('usage: node scripts/sign-update.mjs FILE...');
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
  writeFileSync(`${f}.sig`, `${sign(null, readFileSync(f), key).toString('base64')}\n`);
  console.log(`signed ${f}`);
}
// The public half, to compare with the one the build pinned.
console.log(createPublicKey(key).export({ type: 'spki', format: 'pem' }).toString().trim());
