// Webhooks for the POS (docs/decisions/0011-webhooks.md): what an administrator registers (in Ajustes' API or the
// station file), and what the delivery log shows. Shared by the core (the rule that counts) and a later UI.
import { z } from 'zod';
import { custom, optional } from './contract/primitives';
import { D, bilingual, described } from './contract/descriptions';

/** What a receiver may subscribe to: the events of `document_events` (main/core/dte/document-events.ts). */
export const WEBHOOK_EVENTS = ['dte.created', 'dte.approved', 'dte.rejected', 'dte.invalidated', 'invalidation.rejected'] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

/** The header carrying `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">`. */
export const SIGNATURE_HEADER = 'X-Sello-Signature';

/** A receiver's address: http or https only, no user or password in it (they would be shown and logged). */
export const webhookUrl = () =>
  z
    .string()
    .trim()
    .max(2000)
    .pipe(z.url({ protocol: /^https?$/, error: 'Dirección web http:// o https:// del receptor.' }))
    .refine((u) => !/^https?:\/\/[^/?#]*@/i.test(u), custom('NOT_ALLOWED', 'La dirección no lleva usuario ni contraseña; use el secreto.'));

/** A shared secret given by the administrator: long enough that it cannot be guessed. */
export const webhookSecret = () =>
  z
    .string()
    .min(16, { error: 'Un secreto tiene al menos 16 caracteres.' })
    .max(200)
    .regex(/^[\x21-\x7e]+$/, custom('INVALID_FORMAT', 'Solo letras, dígitos y signos, sin espacios.'));

const events = () =>
  z
    .array(z.enum(WEBHOOK_EVENTS))
    .min(1)
    .max(WEBHOOK_EVENTS.length)
    .refine((e) => new Set(e).size === e.length, custom('DUPLICATE', 'Cada evento una sola vez.'));

/** POST /webhooks: events default to all five; without a secret the station makes one and shows it once. */
export const webhookInput = z.strictObject({
  url: described(
    webhookUrl(),
    bilingual(
      'Dirección http:// o https:// que recibe los POST, sin usuario ni contraseña.',
      'The http:// or https:// address that receives the POSTs, without user or password.',
    ),
  ),
  events: described(
    optional(events()),
    bilingual(
      `Eventos a enviar, sin repetir: ${WEBHOOK_EVENTS.join(', ')}; por omisión todos.`,
      `Events to send, none repeated: ${WEBHOOK_EVENTS.join(', ')}; default all.`,
    ),
  ),
  secret: described(
    optional(webhookSecret()),
    bilingual(
      'Secreto compartido para la firma X-Sello-Signature, de 16 a 200 caracteres sin espacios; si falta, la estación crea uno y lo muestra una vez.',
      'Shared secret for the X-Sello-Signature signature, 16 to 200 characters without spaces; when absent, the station makes one and shows it once.',
    ),
  ),
});
export type WebhookInput = z.output<typeof webhookInput>;

/** The station file's `webhooks` entries: the secret is the file's. */
export const stationWebhook = z.strictObject({
  url: webhookUrl(),
  secret: webhookSecret(),
  events: optional(events()),
});
export type StationWebhook = z.output<typeof stationWebhook>;

/** GET /webhooks/:id/deliveries?limit=&cursor= */
export const webhookDeliveriesQuery = z.strictObject({
  limit: described(
    z.coerce.number().int().min(1).max(200).optional(),
    bilingual('Cuántas entregas, de 1 a 200.', 'How many deliveries, 1 to 200.'),
  ),
  cursor: described(
    z
      .string()
      .regex(/^\d{1,15}$/, custom('INVALID_FORMAT', 'Use el nextCursor de la página anterior.'))
      .optional(),
    D.cursor,
  ),
});
export type WebhookDeliveriesQuery = z.output<typeof webhookDeliveriesQuery>;

/** An endpoint as listed (never its secret). */
export interface WebhookInfo {
  readonly id: string;
  readonly url: string;
  readonly events: readonly WebhookEvent[];
  /** `app`: registered through the API; `file`: the station file's (changed there, not here). */
  readonly source: 'app' | 'file';
  readonly active: boolean;
  /** Why it stopped (the receiver answered 410 Gone, or an administrator disabled it). */
  readonly disabledReason: string | null;
  readonly disabledAt: string | null;
  readonly createdAt: string;
  /** Deliveries waiting, and those given up after 24 hours. */
  readonly pending: number;
  readonly failed: number;
}

/** POST /webhooks: the endpoint, and the secret once when the station made it (null when the admin gave one). */
export interface WebhookCreated extends WebhookInfo {
  readonly secret: string | null;
}

export const WEBHOOK_DELIVERY_STATUSES = ['PENDING', 'DELIVERED', 'FAILED'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

/** One event for one endpoint: its log line. */
export interface WebhookDelivery {
  /** The body's `deliveryId`: the same on every attempt and on "send again". */
  readonly id: string;
  readonly webhookId: string;
  readonly event: WebhookEvent;
  readonly documentId: string;
  readonly occurredAt: string;
  readonly status: WebhookDeliveryStatus;
  readonly attempts: number;
  readonly lastAttemptAt: string | null;
  /** The receiver's HTTP status of the last attempt; null when none came (refused, timed out). */
  readonly lastStatus: number | null;
  readonly lastError: string | null;
  readonly nextAttemptAt: string | null;
  readonly deliveredAt: string | null;
  /** After this the delivery is FAILED (24 hours from its queueing or its last "send again"). */
  readonly giveUpAt: string;
}

export interface WebhookDeliveryPage {
  readonly items: readonly WebhookDelivery[];
  readonly nextCursor: string | null;
}

/** What the receiver gets as the POST body. */
export interface WebhookBody<Record = unknown> {
  readonly event: WebhookEvent;
  readonly deliveryId: string;
  readonly occurredAt: string;
  readonly data: Record;
}
