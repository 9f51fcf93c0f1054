// What the webhook routes answer (shared/webhooks.ts): an endpoint (never its secret, but once on creation), its
// delivery log; proven the same as the core's types by proof.ts.
import { z } from 'zod';
import { WEBHOOK_DELIVERY_STATUSES, WEBHOOK_EVENTS } from '../../../../shared/webhooks';
import { same, type Answer, type Same } from './proof';

const webhookFields = {
  id: z.string(),
  url: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENTS)).describe('Los eventos que recibe. / The events it receives.'),
  source: z.enum(['app', 'file']).describe('app: por la API; file: del archivo de la estación. / Registered by API or station file.'),
  active: z.boolean(),
  disabledReason: z.string().nullable(),
  disabledAt: z.string().nullable(),
  createdAt: z.string(),
  pending: z.number().int().describe('Entregas en espera. / Deliveries waiting.'),
  failed: z.number().int().describe('Entregas abandonadas tras 24 horas. / Deliveries given up after 24 hours.'),
};

export const webhookInfo = z.strictObject(webhookFields).meta({ id: 'WebhookInfo' });
export const webhookList = z.array(webhookInfo);

export const webhookCreated = z.strictObject({
  ...webhookFields,
  secret: z
    .string()
    .nullable()
    .describe(
      'El secreto HMAC de X-Sello-Signature, solo esta vez cuando la estación lo generó; null si usted lo dio. / ' +
        'The HMAC secret, shown once when the station made it; null when you gave one.',
    ),
});

export const webhookDelivery = z
  .strictObject({
    id: z.string().describe('El deliveryId del cuerpo: el mismo en cada intento. / The body deliveryId: the same on every attempt.'),
    webhookId: z.string(),
    event: z.enum(WEBHOOK_EVENTS),
    documentId: z.string(),
    occurredAt: z.string(),
    status: z.enum(WEBHOOK_DELIVERY_STATUSES),
    attempts: z.number().int(),
    lastAttemptAt: z.string().nullable(),
    lastStatus: z.number().int().nullable().describe('El estado HTTP del receptor en el último intento. / The receiver HTTP status.'),
    lastError: z.string().nullable(),
    nextAttemptAt: z.string().nullable(),
    deliveredAt: z.string().nullable(),
    giveUpAt: z.string().describe('Después, la entrega queda FAILED. / After this the delivery is FAILED.'),
  })
  .meta({ id: 'WebhookDelivery' });

export const webhookDeliveryPage = z.strictObject({
  items: z.array(webhookDelivery),
  nextCursor: z.string().nullable(),
});

same<Same<z.output<typeof webhookList>, Answer<'listWebhooks'>>>(true);
same<Same<z.output<typeof webhookCreated>, Answer<'createWebhook'>>>(true);
same<Same<z.output<typeof webhookInfo>, Answer<'enableWebhook'>>>(true);
same<Same<z.output<typeof webhookInfo>, Answer<'disableWebhook'>>>(true);
same<Same<z.output<typeof webhookDeliveryPage>, Answer<'webhookDeliveries'>>>(true);
same<Same<z.output<typeof webhookDelivery>, Answer<'retryWebhookDelivery'>>>(true);
