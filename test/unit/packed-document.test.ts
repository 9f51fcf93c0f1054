import { createHash, generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { DICTIONARY_V1 } from '../../main/core/dte/packing/dictionary-v1';
import { packDocument, PackedDocumentError, unpackDocument } from '../../main/core/dte/packing/packed-document';
import { signJson } from '../../main/core/signing/jws';

const key = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
const doc = {
  identificacion: { version: 1, tipoDte: '01', codigoGeneracion: 'BE000000-0000-4000-8000-000000000001', fecEmi: '2026-11-23' },
  receptor: { nombre: 'María Elena Hernández — "la del café"', correo: 'maria@example.com' },
  cuerpoDocumento: [{ numItem: 1, descripcion: 'Café molido 1 lb\t(ñ)', precioUni: 5, ventaGravada: 10 }],
  resumen: { totalPagar: 10.08, totalLetras: 'DIEZ DÓLARES CON 08/100' },
};
const mhJson = JSON.stringify(doc);
const jws = signJson(doc, key);
const requestJson = JSON.stringify({ id: 'be000000-0000-4000-8000-000000000001', recipient: { name: 'María' }, items: [] });

describe('packed documents', () => {
  it('gives back the MH JSON, the JWS and the request byte for byte, in far less space', () => {
    const packed = packDocument({ mhJson, jws, requestJson });
    expect(unpackDocument(packed)).toEqual({ mhJson, jws, requestJson });
    expect(packed[0]).toBe(1);
    expect(packed.length).toBeLessThan((mhJson.length + jws.length + requestJson.length) / 2);
  });

  it('reads a packed value from any Uint8Array view (as SQLite hands it back)', () => {
    const packed = packDocument({ mhJson, jws, requestJson });
    const copy = new Uint8Array(packed.length + 8);
    copy.set(packed, 8);
    expect(unpackDocument(copy.subarray(8))).toEqual({ mhJson, jws, requestJson });
  });

  it('keeps a row without a document or without a signature as it was', () => {
    expect(unpackDocument(packDocument({ mhJson: null, jws: null, requestJson }))).toEqual({ mhJson: null, jws: null, requestJson });
    expect(unpackDocument(packDocument({ mhJson, jws: null, requestJson }))).toEqual({ mhJson, jws: null, requestJson });
  });

  it('stores a JWS it cannot rebuild (another header, another payload, padding) in the raw format, unchanged', () => {
    const other = signJson({ otro: true }, key);
    const padded = `${jws}=`;
    const foreignHeader = `${Buffer.from('{"alg":"RS256"}').toString('base64url')}.${jws.split('.').slice(1).join('.')}`;
    for (const odd of [other, padded, foreignHeader, 'no-es-un-jws']) {
      const packed = packDocument({ mhJson, jws: odd, requestJson });
      expect(packed[0]).toBe(0);
      expect(unpackDocument(packed)).toEqual({ mhJson, jws: odd, requestJson });
    }
  });

  it('refuses a format it does not know, saying the data is newer than this Sello', () => {
    expect(() => unpackDocument(Buffer.from([7, 0, 0, 0]))).toThrow(PackedDocumentError);
    expect(() => unpackDocument(Buffer.from([7, 0, 0, 0]))).toThrow(/formato desconocido \(7\)/);
  });

  it('keeps the frozen dictionary of format 1 exactly as stored documents need it', () => {
    expect(createHash('sha256').update(DICTIONARY_V1, 'utf8').digest('hex')).toBe(DICTIONARY_SHA256);
  });
});

// Written once, when format 1 was made (migration 021): documents packed with it can only be read with these bytes.
const DICTIONARY_SHA256 = 'c10d6c7bcadba13ee6be94ec6f69a5bd52e6da1cd9dbc45a24179cc0cf460baa';
