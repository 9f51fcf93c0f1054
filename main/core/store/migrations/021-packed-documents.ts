import { packDocument, unpackDocument } from '../../dte/packing/packed-document';
import type { Migration } from './types';

// Frozen with this migration: the generation codes a stored MH document names in documentoRelacionado.
const related = (mhJson: unknown): string | null => {
  if (typeof mhJson !== 'string') return null;
  const rel = (JSON.parse(mhJson) as { documentoRelacionado?: { numeroDocumento?: unknown }[] | null }).documentoRelacionado;
  const codes = (rel ?? []).flatMap((r) => (typeof r.numeroDocumento === 'string' ? [r.numeroDocumento] : []));
  return codes.length ? codes.join(' ') : null;
};

/**
 * A document's MH JSON, JWS and contract body become one compressed value, `packed` (dte/packing/, decision
 * 0018): the JWS carries the MH JSON already, and the three texts were most of a row (about 7.5 KB of a 3-line
 * FC's 9.8). The generation codes an NC or ND adjusts move to `related`, which the notes' lookups read instead
 * of searching the JSON text. The space the old columns held is given back by a VACUUM after the migration
 * (store/database.ts), on a copy taken before it (as for every migration).
 */
export const m021PackedDocuments: Migration = {
  version: 21,
  name: 'packed-documents',
  up(db) {
    db.function('sello_pack_021', { deterministic: true }, (mhJson: unknown, jws: unknown, requestJson: unknown) => {
      const texts = {
        mhJson: typeof mhJson === 'string' ? mhJson : null,
        jws: typeof jws === 'string' ? jws : null,
        requestJson: String(requestJson),
      };
      const packed = packDocument(texts);
      // The old columns are dropped below: every value must give its texts back exactly, or nothing changes.
      const back = unpackDocument(packed);
      if (back.mhJson !== texts.mhJson || back.jws !== texts.jws || back.requestJson !== texts.requestJson)
        throw new Error('a packed document did not give its texts back; the migration is undone');
      return packed;
    });
    db.function('sello_related_021', { deterministic: true }, related);
    db.exec(`
      ALTER TABLE documents ADD COLUMN packed BLOB;
      ALTER TABLE documents ADD COLUMN related TEXT;
      UPDATE documents SET packed = sello_pack_021(mh_json, jws, request_json), related = sello_related_021(mh_json);
      ALTER TABLE documents DROP COLUMN mh_json;
      ALTER TABLE documents DROP COLUMN jws;
      ALTER TABLE documents DROP COLUMN request_json;
    `);
  },
};
