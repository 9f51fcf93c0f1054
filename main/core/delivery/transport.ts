// Handing a message to the SMTP server (nodemailer), and what its answer means for the queue: taken, refused for
// good (a 5xx about this message or recipient), or not now (4xx, no connection, a timeout, the server's settings).
import nodemailer from 'nodemailer';
import { loopbackHost } from '../../../shared/delivery';
import type { SmtpServer } from './smtp-settings';

export interface OutgoingMail {
  readonly messageId: string;
  readonly to: string;
  readonly subject: string;
  readonly text: string;
  readonly html: string;
  readonly date: Date;
  readonly attachments: readonly { readonly filename: string; readonly contentType: string; readonly content: Buffer }[];
  /** Extra headers (Auto-Submitted, the delivery's id). */
  readonly headers: Readonly<Record<string, string>>;
}

/**
 * `sent`: the server took it. `refused`: a permanent answer about this message (5xx to RCPT TO or DATA): it
 * fails, never retried. `retry`: nothing conclusive; `server` says the fault is the server's or the settings'
 * (no connection, a refused login or sender), so the whole queue waits, not only this message.
 */
export type SendOutcome =
  | { readonly outcome: 'sent'; readonly response: string }
  | { readonly outcome: 'refused'; readonly reason: string }
  | { readonly outcome: 'retry'; readonly reason: string; readonly server: boolean };

export type MailTransport = (server: SmtpServer, mail: OutgoingMail) => Promise<SendOutcome>;

/** Timeouts: a server that stops answering is a failure to retry, not a hang that holds the queue. */
export interface SmtpTimeouts {
  readonly connectionMs: number;
  readonly greetingMs: number;
  readonly socketMs: number;
}

export const DEFAULT_SMTP_TIMEOUTS: SmtpTimeouts = { connectionMs: 15_000, greetingMs: 15_000, socketMs: 60_000 };

/** The fields of nodemailer's errors this module reads. */
interface SmtpFailure {
  readonly code?: unknown;
  readonly responseCode?: unknown;
  readonly command?: unknown;
  readonly response?: unknown;
  readonly message?: unknown;
}

/** The server's words (or the error's), one line, without anything the settings hold. */
const words = (e: SmtpFailure): string => {
  const r =
    typeof e.response === 'string' && e.response
      ? e.response
      : typeof e.message === 'string'
        ? e.message
        : typeof e.code === 'string'
          ? e.code
          : 'error';
  return r.replace(/\s+/g, ' ').trim().slice(0, 500);
};

/** What an error from nodemailer means for the queue (pure: the simulation feeds it the same shapes). */
export function classifySmtpError(e: unknown): SendOutcome {
  const f: SmtpFailure = typeof e === 'object' && e !== null ? e : { message: String(e) };
  const code = typeof f.responseCode === 'number' ? f.responseCode : null;
  const command = typeof f.command === 'string' ? f.command.toUpperCase() : '';
  // The server answered about this message or its recipient: 5xx is final, 4xx is "later" (greylisting, a full mailbox).
  const aboutMessage =
    command.startsWith('RCPT') || command.startsWith('DATA') || (command === '' && (f.code === 'EENVELOPE' || f.code === 'EMESSAGE'));
  if (code !== null && aboutMessage) {
    if (code >= 500) return { outcome: 'refused', reason: words(f) };
    return { outcome: 'retry', reason: words(f), server: false };
  }
  // requireTLS: the server refused STARTTLS (it answered), so nothing was sent, the password least of all.
  if (f.code === 'ETLS' && command === 'STARTTLS' && typeof f.response === 'string' && f.response !== '')
    return {
      outcome: 'retry',
      reason: `el servidor de correo no ofrece cifrado (STARTTLS) y la contraseña no se envía sin cifrar: active TLS o STARTTLS en el servidor, o use el puerto 465 con conexión segura (TLS) en Ajustes → Correo. Respondió: ${words(f)}`,
      server: true,
    };
  // Node's certificate checks (self-signed, unknown issuer, another name, expired): an impostor gets nothing either.
  // nodemailer passes them on as ESOCKET with Node's message ("self-signed certificate", "…altnames").
  const certificate =
    (typeof f.code === 'string' && /CERT|SELF_SIGNED|LEAF_SIGNATURE|ALTNAME/.test(f.code)) ||
    (f.code === 'ESOCKET' && typeof f.message === 'string' && /certificate|altnames/i.test(f.message));
  if (f.code === 'ETLS' || certificate)
    return {
      outcome: 'retry',
      reason: `no se pudo cifrar la conexión con el servidor de correo: su certificado no es de confianza en este equipo o no es para este nombre (${words(f)}). Revise el nombre del servidor en Ajustes → Correo o instale el certificado de su empresa en este equipo.`,
      server: true,
    };
  if (f.code === 'EAUTH')
    return { outcome: 'retry', reason: `el servidor de correo rechazó el usuario o la contraseña: ${words(f)}`, server: true };
  // No connection, a timeout, a refused sender or greeting: the server or the settings, for every message alike.
  return { outcome: 'retry', reason: words(f), server: true };
}

/** Plain SMTP only when the administrator said so for a server on this machine; otherwise TLS or STARTTLS. */
export const mustEncrypt = (server: Pick<SmtpServer, 'host' | 'allowInsecureLocal'>): boolean =>
  !(server.allowInsecureLocal === true && loopbackHost(server.host));

/** The real transport: one connection per message (a station mails a few documents a minute at most). */
export function nodemailerTransport(timeouts: SmtpTimeouts = DEFAULT_SMTP_TIMEOUTS): MailTransport {
  return async (server, mail) => {
    const transport = nodemailer.createTransport({
      host: server.host,
      port: server.port,
      secure: server.secure,
      // STARTTLS before AUTH or MAIL, or no message at all (the settings' password never goes in clear).
      requireTLS: mustEncrypt(server),
      ...(server.user ? { auth: { user: server.user, pass: server.password ?? '' } } : {}),
      connectionTimeout: timeouts.connectionMs,
      greetingTimeout: timeouts.greetingMs,
      socketTimeout: timeouts.socketMs,
      disableFileAccess: true,
      disableUrlAccess: true,
    });
    try {
      const info = await transport.sendMail({
        messageId: mail.messageId,
        from: server.from.name ? { name: server.from.name, address: server.from.address } : server.from.address,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        date: mail.date,
        headers: { ...mail.headers },
        attachments: mail.attachments.map((a) => ({ filename: a.filename, contentType: a.contentType, content: a.content })),
      });
      if (info.rejected.length > 0 && info.accepted.length === 0)
        return { outcome: 'refused', reason: `el servidor rechazó ${mail.to}: ${String(info.response)}` };
      return { outcome: 'sent', response: String(info.response).slice(0, 500) };
    } catch (e) {
      return classifySmtpError(e);
    } finally {
      transport.close();
    }
  };
}
