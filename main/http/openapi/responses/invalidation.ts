// What POST /dte/invalidate and the settling of an invalidation in doubt answer (shared/records.ts
// InvalidationRecord, InvalidationDoubt), proven the same as the core's types by proof.ts.
import { z } from 'zod';
import { DTE_KINDS } from '../../../../shared/contract';
import { ENVIRONMENTS, INVALIDATION_STATUSES, type InvalidationDoubt } from '../../../../shared/records';
import { same, type Answer, type Plain, type Same } from './proof';

export const invalidationRecord = z
  .strictObject({
    id: z.string().describe('El código de generación del evento de invalidación. / The invalidation event id.'),
    companyId: z.string(),
    environment: z.enum(ENVIRONMENTS),
    type: z.enum(DTE_KINDS).describe('El tipo del documento invalidado. / The invalidated document kind.'),
    version: z.number().int().describe('Versión del esquema de MH del evento. / MH schema version of the event.'),
    status: z
      .enum(INVALIDATION_STATUSES)
      .describe(
        'APPROVED (MH la aceptó: el documento queda INVALIDATED), REJECTED (MH la rechazó), PENDING (espera a MH; respuesta 202), ' +
          'IN_DOUBT (MH puede tenerla: un supervisor la resuelve). / Accepted by MH, rejected, waiting for MH (202), or in doubt.',
      ),
    mhResponse: z
      .record(z.string(), z.unknown())
      .nullable()
      .describe('Lo que MH respondió, tal cual; null mientras espera. / What MH answered; null while waiting.'),
    generatedAt: z.string().describe('Fecha y hora del evento, ISO 8601. / Event date-time.'),
    createdAt: z.string(),
    updatedAt: z.string(),
    dteId: z.string().describe('El id del documento invalidado. / The invalidated document id.'),
  })
  .meta({ id: 'InvalidationRecord' });

export const invalidationDoubt = z
  .strictObject({
    invalidationId: z.string(),
    dteId: z.string(),
    type: z.enum(DTE_KINDS),
    controlNumber: z.string(),
    since: z.string().describe('Desde cuándo está en duda, ISO 8601. / Since when it is in doubt.'),
    reason: z.string().describe('Las palabras de MH que la dejaron en duda. / MH words that left it in doubt.'),
    lookupUrl: z.string().describe('El documento en la consulta pública de MH. / The document on MH public lookup.'),
    instructions: z.string().describe('Qué debe hacer el supervisor, en español. / What the supervisor must do.'),
  })
  .meta({ id: 'InvalidationDoubt' });

same<Same<z.output<typeof invalidationRecord>, Answer<'invalidateDte'>['record']>>(true);
same<Same<z.output<typeof invalidationRecord>, Answer<'settleInvalidation'>>>(true);
same<Same<z.output<typeof invalidationDoubt>, Plain<InvalidationDoubt>>>(true);
