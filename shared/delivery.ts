// E-mail delivery of documents (docs/decisions/0010-email-delivery.md): the SMTP settings an administrator
// gives (Ajustes' API or the station file's `smtp`), a resend's body, and what the detail and the sync state
// show of the queue. Shared by the core (the rule that counts) and the UI.
import { z } from 'zod';
import { addRuleIssue, custom, email, optional, text } from './contract/primitives';
import { bilingual, described } from './contract/descriptions';

/** A host name or an IP address: no scheme, no path, no user. */
const host = () =>
  z
    .string()
    .trim()
    .min(1)
    .max(253)
    .regex(
      /^[A-Za-z0-9.\-:[\]]+$/,
      custom('INVALID_FORMAT', 'Nombre o dirección del servidor, sin http:// ni rutas (p. ej. smtp.empresa.com).'),
    );

const port = () => z.number().int().min(1).max(65_535);

/** This machine (127.0.0.0/8, ::1, localhost): the only host a message may go to without TLS, and only when said so. */
export function loopbackHost(host: string): boolean {
  const h = host
    .trim()
    .replace(/^\[|\]$/g, '')
    .toLowerCase();
  return h === 'localhost' || h === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(h);
}

export const INSECURE_NOT_LOCAL =
  'Sin cifrado solo se acepta un servidor de correo en esta misma computadora (127.0.0.1, ::1 o localhost): quite esta opción o use un servidor con TLS/STARTTLS.';

/** `allowInsecureLocal` names this machine, or the field error saying so. */
const insecureOnlyHere = (v: { host: string; allowInsecureLocal?: boolean | null | undefined }, ctx: z.RefinementCtx) => {
  if (v.allowInsecureLocal === true && !loopbackHost(v.host)) addRuleIssue(ctx, ['allowInsecureLocal'], 'NOT_ALLOWED', INSECURE_NOT_LOCAL);
};

/** The sender: an address, and the name shown before it. */
const sender = z.strictObject({
  name: described(optional(text(100)), bilingual('Nombre que se muestra como remitente.', "The sender's name as shown.")),
  address: described(email(), bilingual('Dirección del remitente.', "The sender's address.")),
});

/**
 * PUT /settings/smtp. `secure`: TLS from the first byte (port 465); false means STARTTLS when the server offers
 * it (587, 25). The password may be left out to keep the stored one; `null` clears it.
 */
export const smtpSettingsInput = z
  .strictObject({
    host: described(
      host(),
      bilingual('Servidor de correo, sin http:// (p. ej. smtp.empresa.com).', 'Mail server, without http:// (e.g. smtp.empresa.com).'),
    ),
    port: described(
      port(),
      bilingual('Puerto, 1 a 65535 (465 con TLS, 587 o 25 con STARTTLS).', 'Port, 1 to 65535 (465 with TLS, 587 or 25 with STARTTLS).'),
    ),
    secure: described(
      z.boolean(),
      bilingual(
        'true: TLS desde el primer byte (puerto 465); false: STARTTLS si el servidor lo ofrece.',
        'true: TLS from the first byte (port 465); false: STARTTLS when the server offers it.',
      ),
    ),
    user: described(optional(text(200)), bilingual('Usuario del servidor de correo.', "The mail server's user.")),
    password: described(
      z.string().min(1).max(200).nullable().optional(),
      bilingual(
        'Contraseña; si falta se conserva la guardada, null la borra.',
        'Password; when absent the stored one is kept, null clears it.',
      ),
    ),
    /**
     * Without TLS or STARTTLS nothing is sent (the password would travel in clear), unless the server is this machine
     * and this is true (docs/decisions/0033-secrets-go-where-typed.md).
     */
    allowInsecureLocal: described(
      optional(z.boolean()),
      bilingual(
        'true permite enviar sin cifrado, solo a un servidor en esta computadora.',
        'true allows sending without encryption, only to a server on this machine.',
      ),
    ),
    from: described(sender, bilingual('El remitente de los correos.', 'The sender of the messages.')),
  })
  .superRefine(insecureOnlyHere);
export type SmtpSettingsInput = z.output<typeof smtpSettingsInput>;

/** The station file's `smtp`: `from` is the sender's address, or `"Name <address>"`. */
export const stationSmtp = z
  .strictObject({
    host: host(),
    port: port(),
    secure: z.boolean(),
    user: optional(text(200)),
    password: optional(z.string().min(1).max(200)),
    allowInsecureLocal: optional(z.boolean()),
    from: z.union([
      z
        .string()
        .trim()
        .max(200)
        .refine(
          (v) => email().safeParse(parseFrom(v).address).success,
          custom('INVALID_FORMAT', 'Correo del remitente: direccion@empresa.com o "Nombre <direccion@empresa.com>".'),
        ),
      sender,
    ]),
  })
  .superRefine(insecureOnlyHere);

/** `"Name <address>"` or a bare address, as the station file writes the sender. */
export function parseFrom(v: string): { name: string | null; address: string } {
  const m = /^\s*"?([^"<]*?)"?\s*<([^<>\s]+)>\s*$/.exec(v);
  return m ? { name: m[1]?.trim() || null, address: m[2] ?? '' } : { name: null, address: v.trim() };
}
export type StationSmtp = z.output<typeof stationSmtp>;

/** `{"email"}`: POST /settings/smtp/test and POST /dte/:id/send. */
export const emailTarget = z.strictObject({
  email: described(
    email(),
    bilingual('Dirección a la que se envía, hasta 100 caracteres.', 'The address to send to, up to 100 characters.'),
  ),
});

/** The settings as shown: never the password, only whether one is stored (and whether it opens here). */
export interface SmtpSettingsView {
  readonly configured: boolean;
  readonly host: string | null;
  readonly port: number | null;
  readonly secure: boolean;
  readonly user: string | null;
  readonly passwordSet: boolean;
  /** Plain SMTP allowed, only to this machine (otherwise TLS or STARTTLS is required). */
  readonly allowInsecureLocal: boolean;
  /** Why the stored password must be typed again (sealed elsewhere); absent when it opens. */
  readonly passwordNeeded?: string;
  readonly from: { readonly name: string | null; readonly address: string } | null;
}

/** What a test message did: the server's answer, or why it did not go. */
export interface SmtpTestResult {
  readonly sent: boolean;
  readonly email: string;
  /** The server's answer (accepted) or the failure, in the server's words. */
  readonly response: string;
}

export const DELIVERY_MESSAGES = ['document', 'invalidation', 'return'] as const;
export type DeliveryMessage = (typeof DELIVERY_MESSAGES)[number];

export const DELIVERY_STATUSES = ['PENDING', 'SENDING', 'SENT', 'FAILED'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

/** One message to one address about one document (the detail's `deliveries`). */
export interface DeliveryRecord {
  readonly id: string;
  readonly documentId: string;
  /**
   * 'document': the DTE with ID.pdf and ID.json; 'invalidation': the notice that MH invalidated it; 'return': an
   * Evento de Retorno on it, with ER.pdf and ER.json (`returnId`).
   */
  readonly message: DeliveryMessage;
  readonly returnId?: string | null;
  readonly email: string;
  readonly status: DeliveryStatus;
  /** Why a PENDING one waits (no SMTP settings, the server's last answer); null otherwise. */
  readonly waiting: string | null;
  readonly attempts: number;
  readonly lastError: string | null;
  /** The server's answer when it took the message. */
  readonly response: string | null;
  /** The next try (PENDING), ISO 8601 with offset. */
  readonly nextAttemptAt: string | null;
  readonly createdAt: string;
  readonly sentAt: string | null;
  readonly failedAt: string | null;
  /** Who asked for a resend (`user:ana`, `api-key:…`); null for the one the document's approval queued. */
  readonly requestedBy: string | null;
  readonly messageId: string;
}

/** The queue at a glance, for GET /sync/status. */
export interface DeliveryCounts {
  readonly pending: number;
  readonly sending: number;
  readonly sent: number;
  readonly failed: number;
  /** Why nothing goes now (no SMTP settings, the server unreachable); null while it works. */
  readonly waiting: string | null;
}
