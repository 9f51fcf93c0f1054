// The station's signing key: imported from MH's certificate, kept sealed at rest (SecretBox), held in memory.
import { createPrivateKey, createPublicKey, type KeyObject } from 'node:crypto';
import { CoreError } from '../errors';
import { CERTIFICATE_LOST, tryOpen, type SecretBox } from '../station/secrets';
import type { Store } from '../store/database';
import { settingsRepo } from '../store/settings-repo';
import { keyFingerprint, type MhCertificate } from './certificate';
import { certificateHistory, type CertificateRow } from './certificate-history';

/** The private key, sealed. */
export const SIGNING_KEY_SETTING = 'signing.privateKey';
const PUBLIC_SETTING = 'signing.publicKey';
const NIT_SETTING = 'signing.nit';

export interface SigningKeys {
  /**
   * Stores a certificate already checked (station/checks.ts: password, key pair, company NIT), its key sealed, as
   * the signing certificate; the one before stays in the history. Returns the fingerprint it replaced, if any.
   */
  store(cert: MhCertificate, at: string, by: string): { replaced: string | null };
  /** The private key, or null when no certificate was imported yet or its sealed key does not open here. */
  privateKey(): KeyObject | null;
  /** A key is stored but this station's secret box cannot open it (sealed on another machine or key). */
  lost(): boolean;
  publicKey(): KeyObject | null;
  nit(): string | null;
  /** The signing certificate's fingerprint (SHA-256 of its public key), null without one. */
  fingerprint(): string | null;
  /** The signing certificate as the history holds it (validity, import), null without one. */
  current(): CertificateRow | null;
  /** Every certificate the station signed with, the current one first. */
  history(): CertificateRow[];
}

export function signingKeys(store: Store, secrets: SecretBox): SigningKeys {
  const settings = settingsRepo(store);
  const read = settings.get;
  const write = settings.set;
  const history = certificateHistory(store);
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
    store(cert, at, by) {
      // Inside a caller's transaction this is a savepoint; the cache is cleared either way.
      cached = null;
      const replaced = store.tx(() => {
        const sealed = secrets.seal(cert.privateKey.export({ format: 'der', type: 'pkcs8' }).toString('base64'));
        const publicKey = cert.publicKey.export({ format: 'der', type: 'spki' }).toString('base64');
        write(SIGNING_KEY_SETTING, sealed);
        write(PUBLIC_SETTING, publicKey);
        write(NIT_SETTING, cert.nit);
        const fingerprint = keyFingerprint(cert.publicKey);
        const c = { fingerprint, nit: cert.nit, publicKey, privateKeySealed: sealed, notBefore: cert.notBefore, notAfter: cert.notAfter };
        return history.makeCurrent(c, at, by);
      });
      cached = null;
      return { replaced };
    },
    privateKey: () => load()?.priv ?? null,
    lost() {
      if (load()) return false;
      const sealed = read(SIGNING_KEY_SETTING);
      return sealed !== null && sealed === unopened;
    },
    publicKey: () => load()?.pub ?? null,
    nit: () => read(NIT_SETTING),
    fingerprint() {
      const pub = read(PUBLIC_SETTING);
      return pub ? keyFingerprint(createPublicKey({ key: Buffer.from(pub, 'base64'), format: 'der', type: 'spki' })) : null;
    },
    current: () => history.current(),
    history: () => history.list(),
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
