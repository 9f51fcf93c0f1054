// What the e-mail routes answer (shared/delivery.ts): the SMTP settings, a test, a delivery queued, the failed ones
// queued again; proven the same as the core's types by proof.ts.
import { z } from 'zod';
import { DELIVERY_MESSAGES, DELIVERY_STATUSES, type DeliveryCounts } from '../../../../shared/delivery';
import { same, type Answer, type Plain, type Same } from './proof';

export const deliveryRecord = z
  .strictObject({
    id: z.string(),
    documentId: z.string(),
    message: z
      .enum(DELIVERY_MESSAGES)
      .describe(
        'document: el DTE con su PDF y JSON; invalidation: el aviso de invalidación; return: un Evento de Retorno. / ' +
          'The document, its invalidation notice, or a return.',
      ),
    returnId: z.string().nullable().optional(),
    email: z.string(),
    status: z.enum(DELIVERY_STATUSES).describe('PENDING, SENDING, SENT o FAILED. / Queue status.'),
    waiting: z.string().nullable().describe('Por qué espera (p. ej. sin servidor de correo). / Why it waits.'),
    attempts: z.number().int(),
    lastError: z.string().nullable(),
    response: z.string().nullable().describe('La respuesta del servidor de correo. / The mail server answer.'),
    nextAttemptAt: z.string().nullable(),
    createdAt: z.string(),
    sentAt: z.string().nullable(),
    failedAt: z.string().nullable(),
    requestedBy: z.string().nullable(),
    messageId: z.string(),
  })
  .meta({ id: 'DeliveryRecord' });

export const deliveryCounts = z.strictObject({
  pending: z.number().int(),
  sending: z.number().int(),
  sent: z.number().int(),
  failed: z.number().int(),
  waiting: z.string().nullable().describe('Por qué no sale nada, en español; null si sale. / Why nothing goes out.'),
});

export const smtpSettingsView = z.strictObject({
  configured: z.boolean(),
  host: z.string().nullable(),
  port: z.number().int().nullable(),
  secure: z.boolean(),
  user: z.string().nullable(),
  passwordSet: z.boolean().describe('Hay una contraseña guardada (nunca se devuelve). / A password is stored (never returned).'),
  allowInsecureLocal: z.boolean(),
  passwordNeeded: z.string().optional(),
  from: z.strictObject({ name: z.string().nullable(), address: z.string() }).nullable(),
});

export const smtpTestResult = z.strictObject({
  sent: z.boolean(),
  email: z.string(),
  response: z.string().describe('Las palabras del servidor de correo. / The mail server words.'),
});

export const queuedAgain = z.strictObject({
  queued: z.number().int().describe('Correos fallidos puestos de nuevo en cola. / Failed e-mails queued again.'),
});

same<Same<z.output<typeof deliveryRecord>, Answer<'sendDte'>>>(true);
same<Same<z.output<typeof deliveryRecord>, Answer<'sendReturn'>>>(true);
same<Same<z.output<typeof deliveryCounts>, Plain<DeliveryCounts>>>(true);
same<Same<z.output<typeof smtpSettingsView>, Answer<'smtpSettings'>>>(true);
same<Same<z.output<typeof smtpSettingsView>, Answer<'setSmtpSettings'>>>(true);
same<Same<z.output<typeof smtpTestResult>, Answer<'testSmtp'>>>(true);
same<Same<z.output<typeof queuedAgain>, Answer<'retryFailedDeliveries'>>>(true);
