// MH's certificate file (.crt): an XML document, not X.509 PEM/DER nor PKCS#12 (docs/mh.md, the certificate).
// privateKey.encodied is an unencrypted PKCS#8 DER key in base64; privateKey.clave is the lower-case hex
// SHA-512 of the private-key password, which only gates use (it encrypts nothing).
import { createHash, createPrivateKey, createPublicKey, generateKeyPairSync, type KeyObject } from 'node:crypto';
import { XMLParser } from 'fast-xml-parser';

export interface MhCertificate {
  readonly nit: string;
  readonly privateKey: KeyObject;
  readonly publicKey: KeyObject;
  /** The validity MH wrote in the file (certificado.basicEstructure.validity), null when the file has none. */
  readonly notBefore: Date | null;
  readonly notAfter: Date | null;
}

export class CertificateError extends Error {
  constructor(
    readonly reason: 'MALFORMED' | 'WRONG_PASSWORD' | 'KEY_MISMATCH',
    message: string,
  ) {
    super(message);
    this.name = 'CertificateError';
  }
}

const sha512Hex = (s: string) => createHash('sha512').update(s, 'utf8').digest('hex');

interface Llave {
  encodied?: unknown;
  clave?: unknown;
}

/** A moment as MH's firmador writes it: Java's Instant, `{epochSecond, nano}`. */
interface TempDate {
  epochSecond?: unknown;
}
interface Validity {
  notBefore?: TempDate;
  notAfter?: TempDate;
}
type Root = { nit?: unknown; publicKey?: Llave; privateKey?: Llave; certificado?: { basicEstructure?: { validity?: Validity } } };

function rootOf(xml: string): Root | undefined {
  try {
    const doc = new XMLParser({ parseTagValue: false }).parse(xml) as Record<string, unknown>;
    return (doc.CertificadoMH ?? Object.values(doc).find((v) => v && typeof v === 'object' && 'privateKey' in v)) as Root | undefined;
  } catch {
    return undefined;
  }
}

const instant = (t: TempDate | undefined): Date | null => {
  const s = typeof t?.epochSecond === 'string' ? t.epochSecond.trim() : '';
  return /^\d{1,12}$/.test(s) ? new Date(Number(s) * 1000) : null;
};

/** SHA-256 of the public key (SPKI DER), hex: which certificate this is, whatever its file looks like. */
export const keyFingerprint = (publicKey: KeyObject): string =>
  createHash('sha256')
    .update(publicKey.export({ format: 'der', type: 'spki' }))
    .digest('hex');

/** A certificate file's public key, read without its password (what MH registers); null when it has none. */
export function certificatePublicKey(xml: string): KeyObject | null {
  const enc = rootOf(xml)?.publicKey?.encodied;
  if (typeof enc !== 'string') return null;
  try {
    return createPublicKey({ key: Buffer.from(enc.replace(/\s+/g, ''), 'base64'), format: 'der', type: 'spki' });
  } catch {
    return null;
  }
}

/** The fingerprint of a certificate file's public key; null when it has none. */
export function fileFingerprint(xml: string): string | null {
  const key = certificatePublicKey(xml);
  return key ? keyFingerprint(key) : null;
}

export function parseMhCertificate(xml: string, password: string): MhCertificate {
  const root = rootOf(xml);
  const priv = root?.privateKey;
  const pub = root?.publicKey;
  if (
    !root ||
    typeof root.nit !== 'string' ||
    typeof priv?.encodied !== 'string' ||
    typeof pub?.encodied !== 'string' ||
    typeof priv.clave !== 'string'
  ) {
    throw new CertificateError('MALFORMED', 'El archivo no es un certificado de MH (XML con nit, publicKey y privateKey).');
  }
  if (sha512Hex(password) !== priv.clave.toLowerCase()) {
    throw new CertificateError('WRONG_PASSWORD', 'La contraseña de la llave privada no coincide con la del certificado.');
  }
  let privateKey: KeyObject;
  let publicKey: KeyObject;
  try {
    privateKey = createPrivateKey({ key: Buffer.from(priv.encodied.replace(/\s+/g, ''), 'base64'), format: 'der', type: 'pkcs8' });
    publicKey = createPublicKey({ key: Buffer.from(pub.encodied.replace(/\s+/g, ''), 'base64'), format: 'der', type: 'spki' });
  } catch {
    throw new CertificateError('MALFORMED', 'Las llaves del certificado no se pueden leer.');
  }
  const derived = createPublicKey(privateKey).export({ format: 'der', type: 'spki' });
  if (!derived.equals(publicKey.export({ format: 'der', type: 'spki' }))) {
    throw new CertificateError('KEY_MISMATCH', 'La llave pública del certificado no corresponde a su llave privada.');
  }
  const validity = root.certificado?.basicEstructure?.validity;
  return { nit: root.nit.trim(), privateKey, publicKey, notBefore: instant(validity?.notBefore), notAfter: instant(validity?.notAfter) };
}

/** A certificate in MH's format with a fresh RSA-2048 key: the demo station's, and the tests' (with a validity when given). */
export function generateMhCertificate(nit: string, password: string, validity?: { notBefore: Date; notAfter: Date }): string {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const b64 = (k: KeyObject, type: 'pkcs8' | 'spki') => k.export({ format: 'der', type }).toString('base64');
  const clave = sha512Hex(password);
  return `<?xml version="1.0" encoding="UTF-8"?>
<CertificadoMH>
  <_id>${nit}</_id>
  <nit>${nit}</nit>
  <publicKey>
    <keyType>PUBLIC</keyType>
    <algorithm>RSA</algorithm>
    <encodied>${b64(publicKey, 'spki')}</encodied>
    <format>X.509</format>
    <clave>${clave}</clave>
  </publicKey>
  <privateKey>
    <keyType>PRIVATE</keyType>
    <algorithm>RSA</algorithm>
    <encodied>${b64(privateKey, 'pkcs8')}</encodied>
    <format>PKCS#8</format>
    <clave>${clave}</clave>
  </privateKey>
  <activo>true</activo>
  <verificado>true</verificado>${validity ? validityXml(validity) : ''}
</CertificadoMH>
`;
}

const tempDate = (d: Date) => `<epochSecond>${Math.floor(d.getTime() / 1000)}</epochSecond><nano>0</nano>`;
const validityXml = (v: { notBefore: Date; notAfter: Date }) => `
  <certificado>
    <basicEstructure>
      <validity>
        <notBefore>${tempDate(v.notBefore)}</notBefore>
        <notAfter>${tempDate(v.notAfter)}</notAfter>
      </validity>
    </basicEstructure>
  </certificado>`;
