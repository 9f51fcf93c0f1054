// The query strings and small bodies the HTTP routes check themselves (the core checks the rest): one copy, read by
// the routes (server.ts) and by the OpenAPI document (openapi/operations.ts).
import { z } from 'zod';
import { D, DTE_KINDS, bilingual, catalogRoute, described, isoDate } from '../../shared/contract';
import { DTE_STATUSES } from '../../shared/records';
import { CATALOG_FORMATS } from '../../shared/catalog';

const kind = bilingual(
  `Tipo de documento: FC, CCF, NC, ND, CR, FSE, FEX, NR, CL, DCL o CD; lista en ${catalogRoute('document-type')}.`,
  `Document type: FC, CCF, NC, ND, CR, FSE, FEX, NR, CL, DCL or CD; list at ${catalogRoute('document-type')}.`,
);

export const listQuery = z.strictObject({
  type: described(z.enum(DTE_KINDS).optional(), kind),
  status: described(
    z.enum(DTE_STATUSES).optional(),
    bilingual(
      'Estado: CREATED, PROCESSING, APPROVED, REJECTED o INVALIDATED.',
      'Status: CREATED, PROCESSING, APPROVED, REJECTED or INVALIDATED.',
    ),
  ),
  from: described(isoDate().optional(), D.dateFrom),
  to: described(isoDate().optional(), D.dateTo),
  q: described(
    z.string().trim().min(1).max(100).optional(),
    bilingual('Texto a buscar: número de control, receptor o código.', 'Text to search: control number, recipient or code.'),
  ),
  limit: described(
    z.coerce.number().int().min(1).max(200).optional(),
    bilingual('Cuántos documentos, de 1 a 200.', 'How many documents, 1 to 200.'),
  ),
  cursor: described(z.string().max(500).optional(), D.cursor),
});

export const receiversQuery = z.strictObject({
  type: described(z.enum(DTE_KINDS), kind),
  q: described(
    z.string().trim().min(1).max(100).optional(),
    bilingual('Nombre o documento del receptor a buscar.', "The recipient's name or document to search."),
  ),
});

export const apiKeyBody = z.strictObject({
  name: described(
    z.string().trim().min(1).max(100),
    bilingual(
      'Nombre de la clave, para reconocerla (p. ej. Caja 2), hasta 100 caracteres.',
      "The key's name, to recognise it (e.g. Caja 2), up to 100 characters.",
    ),
  ),
});

export const receiptQuery = z.strictObject({
  width: described(
    z
      .enum(['58', '80'])
      .default('80')
      .transform((w) => Number(w) as 58 | 80),
    bilingual('Ancho del papel en mm: 58 u 80; por omisión 80.', "The paper's width in mm: 58 or 80; default 80."),
  ),
});

export const homologationReportQuery = z.strictObject({
  format: described(z.enum(['pdf', 'csv']).default('pdf'), bilingual('Formato: pdf (por omisión) o csv.', 'Format: pdf (default) or csv.')),
});

export const exportQuery = z.strictObject({
  format: described(
    z.enum(CATALOG_FORMATS).default('csv'),
    bilingual('Formato: csv (por omisión) o xlsx.', 'Format: csv (default) or xlsx.'),
  ),
});

/** GET /events/eoe: the Eventos de Operaciones Especiales of one tax period (decision 0083). */
export const eoeListQuery = z.strictObject({
  period: described(
    z
      .string()
      .regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: 'El período tributario es aaaa-mm.' })
      .optional(),
    bilingual('Período tributario, aaaa-mm; sin él, los más recientes.', 'Tax period, yyyy-mm; without it, the latest.'),
  ),
});
