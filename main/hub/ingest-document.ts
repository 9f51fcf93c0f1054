// What a station sends for each document (POST /hub/v1/documents), checked at the door with zod so a bad field is a
// 422 naming it, never a database error. camelCase on the wire, as the station's own API.
import { z } from 'zod';
import { DTE_KINDS, isoDate, uuid } from '../../shared/contract';
import { DTE_STATUSES } from '../../shared/records';

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
  id: uuid().transform((v) => v.toLowerCase()),
  /** Optional: the token already says which station sends; if named, it must be that one (else 403). */
  stationId: z.string().min(1).max(64).optional(),
  kind: z.enum(DTE_KINDS),
  version: z.number().int().min(1).max(99),
  status: z.enum(DTE_STATUSES),
  controlNumber: z.string().min(1).max(40),
  issueDate: isoDate(),
  total: amount,
  recipientName: z.string().max(250).nullable(),
  mhJson: z.record(z.string(), z.unknown()),
  jws: z.string().min(1).max(2_000_000),
  seal: z.string().min(1).max(100).nullable(),
  sealedAt: instant.nullable(),
  /** The station's last change of this document: a newer one replaces status and seal, an older one is ignored. */
  updatedAt: instant,
  /** Who issued it (`user:ana`, `api-key:…`) and their name then; the books' "issued by" filter reads them. */
  issuedBy: z.string().max(100).nullable().optional(),
  issuedByName: z.string().max(250).nullable().optional(),
  /**
   * The station's date of an invalidation MH accepted. Taken for older stations' sake and ignored: the hub dates an
   * invalidation from the signed event it verified (station-records.ts, decision 0063).
   */
  invalidatedOn: isoDate().nullable().optional(),
});

export type IngestDocument = z.output<typeof ingestDocument>;

export const ingestBody = z.strictObject({ documents: z.array(ingestDocument).min(1).max(MAX_BATCH) });
