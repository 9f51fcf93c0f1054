// The station's signing key: imported from MH's certificate, kept sealed at rest (SecretBox), held in memory.
import { createPrivateKey, createPublicKey, type KeyObject } from 'node:crypto';
import { CoreError } from '../errors';
import { CERTIFICATE_LOST, tryOpen, type SecretBox } from '../station/secrets';
import type { Store } from '../store/database';
import { settingsRepo } from '../store/settings-repo';
import type { MhCertificate } from './certificate';

/** The private key, sealed. */
export const SIGNING_KEY_SETTING = 'signing.privateKey';
const PUBLIC_SETTING = 'signing.publicKey';
const NIT_SETTING = 'signing.nit';

export interface SigningKeys {
  /** Stores a certificate already checked (station/checks.ts: password, key pair, company NIT), its key sealed. */
  store(cert: MhCertificate): void;
  /** The private key, or null when no certificate was imported yet or its sealed key does not open here. */
  privateKey(): KeyObject | null;
  /** A key is stored but this station's secret box cannot open it (sealed on another machine or key). */
  lost(): boolean;
  publicKey(): KeyObject | null;
  nit(): string | null;
}

export function signingKeys(store: Store, secrets: SecretBox): SigningKeys {
  const settings = settingsRepo(store);
  const read = settings.get;
  const write = settings.set;
  let cached: { priv: KeyObject; pub: KeyObject } | null = null;
  /** The sealed value last found unopenable: not tried again until another is stored. */
  let unopened: string | null = null;

  const load = () => {
    if (cached) return cached;
    const sealed = read(SIGNING_KEY_SETTING);
    const pub = read(PUBLIC_SETTING);
    if (!sealed || !pub || sealed === unopened) return null;
    const der = tryOpen(secrets, sealed);
    if (der === null) {
      unopened = sealed;
      return null;
    }
    cached = {
      priv: createPrivateKey({ key: Buffer.from(der, 'base64'), format: 'der', type: 'pkcs8' }),
      pub: createPublicKey({ key: Buffer.from(pub, 'base64'), format: 'der', type: 'spki' }),
    };
    return cached;
  };

  return {
    store(cert) {
      // Inside a caller's transaction this is a savepoint; the cache is cleared either way.
      cached = null;
      store.tx(() => {
        write(SIGNING_KEY_SETTING, secrets.seal(cert.privateKey.export({ format: 'der', type: 'pkcs8' }).toString('base64')));
        write(PUBLIC_SETTING, cert.publicKey.export({ format: 'der', type: 'spki' }).toString('base64'));
        write(NIT_SETTING, cert.nit);
      });
      cached = null;
    },
    privateKey: () => load()?.priv ?? null,
    lost() {
      if (load()) return false;
      const sealed = read(SIGNING_KEY_SETTING);
      return sealed !== null && sealed === unopened;
    },
    publicKey: () => load()?.pub ?? null,
    nit: () => read(NIT_SETTING),
  };
}

/**
 * The key for issuing and invalidating: null until a certificate is imported (the create path says so), and a
 * STATION_NOT_READY saying why when the stored key does not open here (a data folder from another machine).
 */
export const issuingKey = (signing: Pick<SigningKeys, 'privateKey' | 'lost'>) => (): KeyObject | null => {
  const key = signing.privateKey();
  if (!key && signing.lost()) throw new CoreError('STATION_NOT_READY', CERTIFICATE_LOST);
  return key;
};
