// The answers the OpenAPI document describes field by field: the contract's record, its list page and the problem
// body. They are written here as zod schemas for the document; `Same` below makes the compiler refuse any
// difference from the types the core answers with (shared/records.ts, shared/errors.ts), so the two cannot drift,
// and the examples test (test/integration/openapi.test.ts) parses real answers with them.
import { z } from 'zod';
import { DTE_KINDS } from '../../../../shared/contract';
import { ERROR_CODES } from '../../../../shared/errors';
import { DTE_STATUSES, ENVIRONMENTS, type DteListPage, type DteRecord } from '../../../../shared/records';

export const dteRecord = z
  .strictObject({
    id: z.string().describe('El UUID del cliente tal como lo envió al crear el documento.'),
    companyId: z.string(),
    controlNumber: z.string().describe('numeroControl de MH: DTE-XX-XXXXXXXX-XXXXXXXXXXXXXXX.'),
    environment: z.enum(ENVIRONMENTS),
    type: z.enum(DTE_KINDS),
    version: z.number().int().describe('Versión del esquema de MH del documento.'),
    status: z.enum(DTE_STATUSES),
    mhResponse: z.record(z.string(), z.unknown()).nullable().describe('Lo que MH respondió, tal cual; null mientras MH no responde.'),
    generatedAt: z.string().describe('Fecha y hora de emisión (hora de El Salvador), ISO 8601 con desfase.'),
    createdAt: z.string(),
    updatedAt: z.string(),
    branchCode: z.string(),
    posNumber: z.number().int(),
    recipientName: z.string().nullable(),
    total: z.string().nullable().describe('Total a pagar en USD como texto decimal.'),
  })
  .meta({ id: 'DteRecord' });

export const dteListPage = z
  .strictObject({
    items: z.array(dteRecord),
    nextCursor: z.string().nullable().describe('Envíelo como `cursor` para la página siguiente; null en la última.'),
  })
  .meta({ id: 'DteListPage' });

export const problem = z
  .object({
    type: z.string().describe('urn:sello:problem:<código en minúsculas con guiones>'),
    title: z.string(),
    status: z.number().int(),
    detail: z.string().optional().describe('Qué pasó y qué hacer, en español.'),
    code: z.enum(ERROR_CODES),
    errors: z
      .array(
        z.strictObject({
          path: z.string().describe('Ruta con puntos dentro del cuerpo, p. ej. items.0.quantity.'),
          code: z.string().describe('INVALID_TYPE, REQUIRED, UNKNOWN_FIELD, TOO_LONG…'),
          message: z.string(),
        }),
      )
      .optional(),
    retryAfter: z.number().int().optional(),
    reason: z.string().optional(),
  })
  .meta({ id: 'Problem', description: 'RFC 9457 (application/problem+json): cada error de la API.' });

/** True only when A and B are the same type: a property added to one and not the other fails to compile. */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const same = <T extends true>(_proof: T) => _proof;
same<Same<z.output<typeof dteRecord>, { -readonly [K in keyof DteRecord]: DteRecord[K] }>>(true);
same<Same<z.output<typeof dteListPage>['nextCursor'], DteListPage['nextCursor']>>(true);
