import { createPublicKey } from 'node:crypto';
import { CompactSign } from 'jose';
import { describe, expect, it } from 'vitest';
import { CertificateError, generateMhCertificate, parseMhCertificate } from '../../main/core/signing/certificate';
import { JWS_HEADER, signJson, verifyJws } from '../../main/core/signing/jws';

const NIT = '06142803901121';
const xml = generateMhCertificate(NIT, 'Clave#Firma2026');

describe('MH certificate', () => {
  it('reads the XML format and checks the password against clave (SHA-512)', () => {
    const cert = parseMhCertificate(xml, 'Clave#Firma2026');
    expect(cert.nit).toBe(NIT);
    expect(cert.privateKey.asymmetricKeyDetails?.modulusLength).toBe(2048);
    expect(createPublicKey(cert.privateKey).export({ format: 'pem', type: 'spki' })).toBe(
      cert.publicKey.export({ format: 'pem', type: 'spki' }),
    );
  });

  it('refuses a wrong password, a file that is not a certificate, and mismatched keys', () => {
    expect(() => parseMhCertificate(xml, 'otra')).toThrow(expect.objectContaining({ reason: 'WRONG_PASSWORD' }));
    expect(() => parseMhCertificate('<html>no</html>', 'x')).toThrow(CertificateError);
    expect(() => parseMhCertificate('not xml at all <<<', 'x')).toThrow(expect.objectContaining({ reason: 'MALFORMED' }));
    const other = generateMhCertificate(NIT, 'Clave#Firma2026');
    const pubOfOther = /<publicKey>[\s\S]*?<encodied>([^<]+)<\/encodied>/.exec(other)?.[1] ?? '';
    const swapped = xml.replace(/(<publicKey>[\s\S]*?<encodied>)[^<]+(<\/encodied>)/, `$1${pubOfOther}$2`);
    expect(() => parseMhCertificate(swapped, 'Clave#Firma2026')).toThrow(expect.objectContaining({ reason: 'KEY_MISMATCH' }));
  });
});

describe('JWS RS512', () => {
  const cert = parseMhCertificate(xml, 'Clave#Firma2026');
  const doc = {
    identificacion: { codigoGeneracion: 'ABC', fecEmi: '2026-11-22' },
    receptor: null,
    montos: [1.15044248, 0.1],
    texto: 'Cañas ñandú',
  };

  it('has exactly the header {"alg":"RS512"} and three base64url parts without padding', () => {
    const jws = signJson(doc, cert.privateKey);
    const [h, p, s] = jws.split('.');
    expect(Buffer.from(h!, 'base64url').toString()).toBe(JWS_HEADER);
    expect(jws.startsWith('eyJhbGciOiJSUzUxMiJ9.')).toBe(true);
    expect(JSON.parse(Buffer.from(p!, 'base64url').toString())).toEqual(doc);
    expect(Buffer.from(s!, 'base64url')).toHaveLength(256);
    expect(jws).not.toContain('=');
  });

  it('is byte-for-byte what jose signs, and jose verifies it', async () => {
    const ours = signJson(doc, cert.privateKey);
    const joses = await new CompactSign(new TextEncoder().encode(JSON.stringify(doc)))
      .setProtectedHeader({ alg: 'RS512' })
      .sign(cert.privateKey);
    expect(ours).toBe(joses);
    expect(await verifyJws(ours, cert.publicKey)).toEqual(doc);
  });

  it('does not verify with another key or after tampering', async () => {
    const jws = signJson(doc, cert.privateKey);
    const other = parseMhCertificate(generateMhCertificate(NIT, 'x'), 'x');
    await expect(verifyJws(jws, other.publicKey)).rejects.toThrow();
    const [h, , s] = jws.split('.');
    const forged = `${h}.${Buffer.from(JSON.stringify({ ...doc, texto: 'otro' })).toString('base64url')}.${s}`;
    await expect(verifyJws(forged, cert.publicKey)).rejects.toThrow();
  });
});
