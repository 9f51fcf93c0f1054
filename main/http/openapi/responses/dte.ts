// The answers the OpenAPI document describes field by field: the contract's record, its list page, a document's
// detail, its QR and the problem body. Written here as zod schemas for the document; `same` (proof.ts) makes the
// compiler refuse any difference from the types the core answers with (shared/records.ts, shared/errors.ts), and
// test/integration/openapi-answers.test.ts parses real answers with them.
import { z } from 'zod';
import { DTE_KINDS } from '../../../../shared/contract';
import { CUSTOM_CODES } from '../../../../shared/contract/primitives';
import { ERROR_CODES, type ApiError } from '../../../../shared/errors';
import { DTE_STATUSES, ENVIRONMENTS, type DteListPage, type DteRecord } from '../../../../shared/records';
import { invalidationDoubt, invalidationRecord } from './invalidation';
import { deliveryRecord } from './mail';
import { same, type Answer, type Plain, type Same } from './proof';

export const dteRecord = z
  .strictObject({
    id: z.string().describe('El UUID del cliente tal como lo envió al crear el documento. / The client UUID as sent on creation.'),
    companyId: z.string().describe('La empresa emisora. / The issuing company.'),
    controlNumber: z.string().describe('numeroControl de MH: DTE-XX-XXXXXXXX-XXXXXXXXXXXXXXX. / MH control number.'),
    environment: z.enum(ENVIRONMENTS).describe('TEST (pruebas de MH) o LIVE (producción). / MH test or production environment.'),
    type: z.enum(DTE_KINDS).describe('El tipo de documento. / The document kind.'),
    version: z.number().int().describe('Versión del esquema de MH del documento. / MH schema version of the document.'),
    status: z
      .enum(DTE_STATUSES)
      .describe(
        'CREATED (firmado, en cola), PROCESSING (enviado a MH), APPROVED (sellado), REJECTED (MH lo rechazó), INVALIDATED. / ' +
          'Signed and queued, sent to MH, sealed, rejected by MH, invalidated.',
      ),
    mhResponse: z
      .record(z.string(), z.unknown())
      .nullable()
      .describe('Lo que MH respondió, tal cual; null mientras MH no responde. / What MH answered, verbatim; null until it answers.'),
    generatedAt: z
      .string()
      .describe('Fecha y hora de emisión (hora de El Salvador), ISO 8601 con desfase. / Issue date-time, El Salvador time, ISO 8601.'),
    createdAt: z.string().describe('Cuándo la estación lo guardó, ISO 8601. / When the station stored it.'),
    updatedAt: z.string().describe('Último cambio, ISO 8601. / Last change.'),
    branchCode: z.string().describe('El establecimiento (código de MH). / The MH branch code.'),
    posNumber: z.number().int().describe('El punto de venta. / The point of sale.'),
    recipientName: z.string().nullable().describe('Nombre del receptor; null en una FC sin receptor. / Recipient name, null when none.'),
    total: z
      .string()
      .nullable()
      .describe('Total a pagar en USD como texto decimal, p. ej. "9.00". / Amount to pay in USD as a decimal string.'),
  })
  .meta({ id: 'DteRecord' });

export const dteListPage = z
  .strictObject({
    items: z.array(dteRecord),
    nextCursor: z
      .string()
      .nullable()
      .describe(
        'Envíelo como `cursor` para la página siguiente; null en la última. / Send as `cursor` for the next page; null on the last.',
      ),
  })
  .meta({ id: 'DteListPage' });

const timelineEntry = z.strictObject({
  at: z.string().describe('Cuándo, ISO 8601. / When.'),
  action: z.string().describe('Qué pasó (registro de auditoría). / What happened (audit log action).'),
  detail: z.record(z.string(), z.unknown()).nullable(),
});

export const dteDetail = z
  .strictObject({
    record: dteRecord,
    timeline: z.array(timelineEntry).describe('La historia del documento. / The document history.'),
    invalidation: z.strictObject({
      deadline: z
        .string()
        .nullable()
        .describe('Hasta cuándo MH acepta invalidarlo (null si no está aprobado). / Until when MH accepts its invalidation.'),
      events: z.array(invalidationRecord),
      doubt: invalidationDoubt.nullable().optional(),
    }),
    summary: z.strictObject({
      receiver: z.string().nullable(),
      total: z.string().nullable().describe('USD como texto decimal. / USD as a decimal string.'),
      items: z.number().int().describe('Cantidad de líneas. / Number of lines.'),
      contingency: z.boolean().describe('Emitido en contingencia. / Issued in contingency.'),
      issuedBy: z.string().nullable().describe('Quién lo emitió: persona o clave de API. / Who issued it: person or API key.'),
    }),
    body: z
      .record(z.string(), z.unknown())
      .nullable()
      .describe('El cuerpo del contrato con que se emitió. / The contract body it was issued from.'),
    creditLeft: z
      .strictObject({ GRAVADA: z.string(), EXENTA: z.string(), NO_SUJETA: z.string() })
      .nullable()
      .describe(
        'Un CCF: lo que las notas de crédito aún pueden devolver por tipo de venta, USD; null en otros tipos. / A CCF: what credit notes may still give back.',
      ),
    deliveries: z.array(deliveryRecord).describe('Los correos sobre el documento. / The e-mails about it.'),
  })
  .meta({ id: 'DteDetail' });

export const qrCode = z.strictObject({
  qrCodeUri: z
    .string()
    .describe(
      'El QR de la consulta pública de MH como data URI PNG (data:image/png;base64,...); solo documentos aprobados. / ' +
        'The QR to MH public lookup as a PNG data URI; APPROVED documents only.',
    ),
});

export const receivers = z.strictObject({
  items: z.array(
    z.strictObject({
      name: z.string(),
      document: z.string().nullable().describe('Documento de identidad, si lo hubo. / Identity document, if any.'),
      lastUsedAt: z.string(),
      uses: z.number().int(),
      recipient: z
        .record(z.string(), z.unknown())
        .describe('El receptor tal como se usó, listo para el formulario. / The recipient as last used.'),
    }),
  ),
});

/** A field error's code (shared/contract/issues.ts FieldErrorCode). */
export const fieldErrorCode = z.enum([
  ...CUSTOM_CODES,
  'INVALID_TYPE',
  'INVALID_ENUM',
  'TOO_LONG',
  'TOO_SHORT',
  'TOO_MANY',
  'TOO_FEW',
  'TOO_LARGE',
  'TOO_SMALL',
  'NOT_POSITIVE',
  'NEGATIVE',
  'NOT_INTEGER',
  'UNKNOWN_FIELD',
]);

export const problem = z
  .object({
    type: z.string().describe('urn:sello:problem:<código en minúsculas con guiones>. / The code as a URN.'),
    title: z.string(),
    status: z.number().int(),
    detail: z.string().optional().describe('Qué pasó y qué hacer, en español. / What happened and what to do, in Spanish.'),
    code: z.enum(ERROR_CODES),
    errors: z
      .array(
        z.strictObject({
          path: z.string().describe('Ruta con puntos dentro del cuerpo, p. ej. items.0.quantity. / Dotted path into the body.'),
          code: fieldErrorCode.describe('Qué regla no se cumple. / Which rule is broken.'),
          message: z.string(),
        }),
      )
      .optional(),
    retryAfter: z.number().int().optional(),
    reason: z.string().optional(),
  })
  .meta({ id: 'Problem', description: 'RFC 9457 (application/problem+json): cada error de la API.' });

same<Same<Omit<z.output<typeof problem>, 'type' | 'status'>, Plain<ApiError>>>(true);
same<Same<z.output<typeof dteRecord>, Plain<DteRecord>>>(true);
same<Same<z.output<typeof dteListPage>, Plain<DteListPage>>>(true);
same<Same<z.output<typeof dteRecord>, Answer<'issue'>['record']>>(true);
same<Same<z.output<typeof dteDetail>, Answer<'dteDetail'>>>(true);
same<Same<z.output<typeof qrCode>, Answer<'qrCode'>>>(true);
same<Same<z.output<typeof receivers>, Answer<'receivers'>>>(true);
