// What a station sends for each document (POST /hub/v1/documents), checked at the door with zod so a bad field is a
// 422 naming it, never a database error. camelCase on the wire, as the station's own API.
import { z } from 'zod';
import { DTE_KINDS, isoDate, uuid } from '../../shared/contract';
import { DTE_STATUSES } from '../../shared/records';
import { bilingual as bi, described as d } from '../../shared/contract/descriptions';

/** The most documents one request may carry: a batch stays one short transaction and a few MB. */
export const MAX_BATCH = 500;

/** numeric(14,2): up to 12 integer digits and 2 decimals, as MH's amounts (below 100,000,000,000). */
const amount = z
  .union([z.string(), z.number()])
  .transform((v) => String(v))
  .refine((v) => /^-?\d{1,12}(\.\d{1,2})?$/.test(v), 'Un monto con hasta 12 enteros y 2 decimales, p. ej. "1130.00".');

/** An instant with its offset (the station's updatedAt, MH's fhProcesamiento as stored). */
const instant = z.iso.datetime({ offset: true });

export const ingestDocument = z.object({
  id: d(
    uuid().transform((v) => v.toLowerCase()),
    bi('Código de generación del documento (UUID).', "The document's generation code (UUID)."),
  ),
  /** Optional: the token already says which station sends; if named, it must be that one (else 403). */
  stationId: d(
    z.string().min(1).max(64).optional(),
    bi('La estación que envía; si se indica, la del token (si no, 403).', "The sending station; when given, the token's (else 403)."),
  ),
  kind: d(
    z.enum(DTE_KINDS),
    bi(
      'Tipo de documento: FC, CCF, NC, ND, CR, FSE, FEX, NR, CL, DCL o CD.',
      'Document type: FC, CCF, NC, ND, CR, FSE, FEX, NR, CL, DCL or CD.',
    ),
  ),
  version: d(
    z.number().int().min(1).max(99),
    bi('Versión del esquema de MH con que se emitió.', 'The MH schema version it was issued with.'),
  ),
  status: d(
    z.enum(DTE_STATUSES),
    bi(
      'Estado en la estación: CREATED, PROCESSING, APPROVED, REJECTED o INVALIDATED.',
      'Status at the station: CREATED, PROCESSING, APPROVED, REJECTED or INVALIDATED.',
    ),
  ),
  controlNumber: d(z.string().min(1).max(40), bi('Número de control (DTE-01-M001P001-…).', 'Control number (DTE-01-M001P001-…).')),
  issueDate: d(isoDate(), bi('Fecha de emisión, aaaa-mm-dd.', 'Issue date, yyyy-MM-dd.')),
  total: d(amount, bi('Total del documento en USD, con centavos.', "The document's total, USD, to the cent.")),
  recipientName: d(z.string().max(250).nullable(), bi('Nombre del receptor; null si no hay.', "The recipient's name; null when none.")),
  mhJson: d(z.record(z.string(), z.unknown()), bi('El JSON del documento tal como MH lo recibió.', 'The document JSON as MH received it.')),
  jws: d(
    z.string().min(1).max(2_000_000),
    bi('El documento firmado (JWS compacto); la central lo verifica.', 'The signed document (compact JWS); the head office verifies it.'),
  ),
  seal: d(
    z.string().min(1).max(100).nullable(),
    bi('Sello de recepción de MH; null mientras no lo hay.', "MH's reception seal; null until there is one."),
  ),
  sealedAt: d(instant.nullable(), bi('Cuándo MH lo selló, ISO 8601 con zona.', 'When MH sealed it, ISO 8601 with offset.')),
  /** The station's last change of this document: a newer one replaces status and seal, an older one is ignored. */
  updatedAt: d(
    instant,
    bi(
      'Último cambio en la estación; uno más antiguo que el guardado se ignora.',
      "The station's last change; one older than the stored one is ignored.",
    ),
  ),
  /** Who issued it (`user:ana`, `api-key:…`) and their name then; the books' "issued by" filter reads them. */
  issuedBy: d(
    z.string().max(100).nullable().optional(),
    bi('Quién lo emitió: user:login o api-key:id.', 'Who issued it: user:login or api-key:id.'),
  ),
  issuedByName: d(
    z.string().max(250).nullable().optional(),
    bi('El nombre de quien lo emitió, entonces.', "The issuer's name at the time."),
  ),
  /**
   * The station's date of an invalidation MH accepted. Taken for older stations' sake and ignored: the hub dates an
   * invalidation from the signed event it verified (station-records.ts, decision 0063).
   */
  invalidatedOn: d(
    isoDate().nullable().optional(),
    bi(
      'Fecha de invalidación según la estación; se ignora (la central la toma del evento firmado).',
      "The station's invalidation date; ignored (the head office takes it from the signed event).",
    ),
  ),
});

export type IngestDocument = z.output<typeof ingestDocument>;

export const ingestBody = z.strictObject({
  documents: d(
    z.array(ingestDocument).min(1).max(MAX_BATCH),
    bi(`Los documentos, de 1 a ${MAX_BATCH}.`, `The documents, 1 to ${MAX_BATCH}.`),
  ),
});
