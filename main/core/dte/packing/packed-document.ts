// A document's three texts (the MH document, its JWS and the contract body it was issued from) stored as one
// compressed value: the JWS's payload IS the MH document's JSON and its header is always {"alg":"RS512"}, so
// only the signature's bytes are kept beside the JSON, and the JWS is rebuilt byte for byte on reading
// (docs/decisions/0018-packed-documents.md). A 3-line FC's 7.5 KB of text becomes about 1.3 KB.
import { deflateRawSync, inflateRawSync } from 'node:zlib';
import { JWS_HEADER } from '../../signing/jws';
import { DICTIONARY_V1 } from './dictionary-v1';

export interface DocumentTexts {
  /** The MH document as signed (JSON text); null only for a row that never had one. */
  readonly mhJson: string | null;
  /** The compact JWS of `mhJson`. */
  readonly jws: string | null;
  /** The normalised contract body (JSON text). */
  readonly requestJson: string;
}

/** Format 0: the three texts as a JSON array, deflated. Written only for a JWS the layout of format 1 cannot rebuild. */
const RAW = 0;
/** Format 1: [1][flags][u16 signature length][signature][deflate-raw with DICTIONARY_V1 of `mhJson \n requestJson`]. */
const V1 = 1;
const HAS_MH = 1;
const HAS_JWS = 2;
const HEADER_B64 = Buffer.from(JWS_HEADER).toString('base64url');
const dictionary = Buffer.from(DICTIONARY_V1, 'utf8');

const jwsOf = (payload: string, signature: Buffer) =>
  `${HEADER_B64}.${Buffer.from(payload, 'utf8').toString('base64url')}.${signature.toString('base64url')}`;

/** The signature's bytes when `jws` is exactly what format 1 rebuilds from `mhJson`; null otherwise. */
function signatureOf(mhJson: string, jws: string): Buffer | null {
  const parts = jws.split('.');
  if (parts.length !== 3 || parts[0] !== HEADER_B64) return null;
  const signature = Buffer.from(parts[2]!, 'base64url');
  return signature.length < 0x10000 && jwsOf(mhJson, signature) === jws ? signature : null;
}

export function packDocument(t: DocumentTexts): Buffer {
  const signature = t.mhJson !== null && t.jws !== null ? signatureOf(t.mhJson, t.jws) : null;
  // JSON.stringify never writes a raw line break, so the first one separates the two texts.
  if ((t.jws !== null && signature === null) || (t.mhJson ?? '').includes('\n')) {
    const raw = deflateRawSync(Buffer.from(JSON.stringify([t.mhJson, t.jws, t.requestJson]), 'utf8'));
    return Buffer.concat([Buffer.from([RAW]), raw]);
  }
  const head = Buffer.alloc(4);
  head[0] = V1;
  head[1] = (t.mhJson !== null ? HAS_MH : 0) | (signature ? HAS_JWS : 0);
  head.writeUInt16BE(signature?.length ?? 0, 2);
  const texts = deflateRawSync(Buffer.from(`${t.mhJson ?? ''}\n${t.requestJson}`, 'utf8'), { dictionary });
  return Buffer.concat([head, signature ?? Buffer.alloc(0), texts]);
}

export class PackedDocumentError extends Error {
  constructor(format: number) {
    super(`Documento almacenado en un formato desconocido (${format}): esta versión de Sello es anterior a la que lo guardó.`);
    this.name = 'PackedDocumentError';
  }
}

export function unpackDocument(packed: Uint8Array): DocumentTexts {
  const buf = Buffer.from(packed.buffer, packed.byteOffset, packed.byteLength);
  const format = buf[0];
  if (format === RAW) {
    const [mhJson, jws, requestJson] = JSON.parse(inflateRawSync(buf.subarray(1)).toString('utf8')) as [
      string | null,
      string | null,
      string,
    ];
    return { mhJson, jws, requestJson };
  }
  if (format !== V1) throw new PackedDocumentError(format ?? -1);
  const flags = buf[1]!;
  const signatureEnd = 4 + buf.readUInt16BE(2);
  const texts = inflateRawSync(buf.subarray(signatureEnd), { dictionary }).toString('utf8');
  const cut = texts.indexOf('\n');
  const mhJson = flags & HAS_MH ? texts.slice(0, cut) : null;
  return {
    mhJson,
    jws: flags & HAS_JWS && mhJson !== null ? jwsOf(mhJson, buf.subarray(4, signatureEnd)) : null,
    requestJson: texts.slice(cut + 1),
  };
}
