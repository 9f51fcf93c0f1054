// What GET /sync/status (and POST /sync/retry, POST /sync/documents/{id}/send-again) answers: the station's
// connection with MH, its queue, its contingencies and the alerts that stop documents from being sealed
// (shared/records.ts SyncStatus); proven the same as the core's type by proof.ts.
import { z } from 'zod';
import { DTE_KINDS } from '../../../../shared/contract';
import { NORMATIVES } from '../../../../shared/normative';
import { STATION_ALERT_CODES } from '../../../../shared/records';
import { invalidationDoubt } from './invalidation';
import { deliveryCounts } from './mail';
import { same, type Answer, type Same } from './proof';

export const normativeStatus = z.strictObject({
  inForce: z.enum(NORMATIVES).describe('La normativa de MH en vigor: legacy (2023) o 2026. / The MH normative in force.'),
  scheduled: z
    .strictObject({ to: z.enum(NORMATIVES), at: z.string() })
    .nullable()
    .describe('El cambio programado; null si no hay. / The scheduled switch, if any.'),
});

export const hubReplicationStatus = z.strictObject({
  configured: z.boolean().describe('La estación está conectada a una central. / A head office hub is configured.'),
  lastReachedAt: z.string().nullable(),
  waiting: z.number().int().describe('Registros que la central aún no confirma. / Records the hub has not acknowledged yet.'),
  refused: z.number().int(),
  lastRefusal: z.string().nullable(),
  refusals: z
    .array(z.strictObject({ entity: z.string(), ref: z.string(), error: z.string().nullable(), at: z.string().nullable() }))
    .optional(),
  lastError: z.string().nullable(),
});

export const syncStatus = z
  .strictObject({
    state: z
      .enum(['unconfigured', 'online', 'offline', 'contingency', 'credentials', 'certificate'])
      .describe(
        'online: MH responde; offline: MH no responde (los documentos esperan); contingency: en contingencia; credentials: MH rechaza ' +
          'la contraseña de la API; certificate: MH rechaza la firma; unconfigured: sin credenciales de MH. / ' +
          'MH reachable, unreachable, in contingency, refusing the credentials or the certificate, or not configured.',
      ),
    queue: z
      .strictObject({
        pending: z.number().int().describe('Documentos por enviar a MH. / Documents waiting to be sent.'),
        sending: z.number().int(),
        unknown: z.number().int().describe('Enviados sin respuesta clara de MH. / Sent without a clear answer.'),
        done: z.number().int(),
        failed: z.number().int(),
        invalidations: z.number().int().describe('Invalidaciones por enviar. / Invalidations waiting.'),
      })
      .describe('La cola de envío a MH. / The queue to MH.'),
    lastContactAt: z.string().nullable().describe('La última respuesta de MH, ISO 8601. / MH last answer.'),
    lastError: z.string().nullable(),
    errors: z.number().int().describe('Fallas inesperadas desde el arranque. / Unexpected faults since start.'),
    contingencies: z.array(
      z.strictObject({
        id: z.string(),
        type: z.number().int().describe('Tipo de contingencia de MH (CAT-005). / MH contingency type.'),
        status: z.string(),
        startedAt: z.string(),
        endedAt: z.string().nullable(),
        documents: z.number().int(),
        eventDeadline: z.string().nullable().describe('MH quiere el evento dentro de 24 h. / MH wants the event within 24 h.'),
        documentsDeadline: z.string().nullable().describe('Y los documentos dentro de 72 h. / And the documents within 72 h.'),
        deadline: z.enum(['ok', 'warning', 'overdue']).nullable(),
        attempts: z.number().int(),
        rejection: z.string().nullable(),
      }),
    ),
    overdue: z.array(z.strictObject({ id: z.string(), type: z.enum(DTE_KINDS), controlNumber: z.string(), deadline: z.string() })),
    deliveries: deliveryCounts.describe('La cola de correos. / The e-mail queue.'),
    normative: normativeStatus,
    hub: hubReplicationStatus,
    alerts: z
      .array(
        z.strictObject({
          code: z.enum(STATION_ALERT_CODES).describe('Qué pasa, un código por condición. / What is wrong, one code per condition.'),
          level: z
            .enum(['warning', 'critical'])
            .describe('critical: no se sellan documentos ahora; warning: pronto. / Not sealing now, or soon unless someone acts.'),
          message: z.string().describe('Qué pasó, en español. / What happened.'),
          action: z.string().describe('Qué hacer, en español. / What to do.'),
          since: z.string().nullable(),
        }),
      )
      .describe('Lo que impide (o pronto impedirá) sellar documentos, lo más grave primero. / What stops sealing, most severe first.'),
    invalidationsInDoubt: z.array(invalidationDoubt).optional(),
    documentsNeedingPerson: z
      .array(
        z.strictObject({
          documentId: z.string(),
          controlNumber: z.string(),
          reason: z.string().describe('Por qué espera y qué hacer. / Why it waits and what to do.'),
          canSendAgain: z.boolean().describe('Un supervisor puede reenviarlo (POST /sync/documents/{id}/send-again). / May be sent again.'),
        }),
      )
      .optional()
      .describe('Documentos que esperan a una persona. / Documents waiting for a person.'),
  })
  .meta({ id: 'SyncStatus' });

same<Same<z.output<typeof syncStatus>, Answer<'syncStatus'>>>(true);
same<Same<z.output<typeof syncStatus>, Answer<'wakeSync'>>>(true);
same<Same<z.output<typeof syncStatus>, Answer<'sendAgain'>>>(true);
