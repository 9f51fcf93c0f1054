// E-mail delivery (docs/decisions/0010-email-delivery.md): a single-flight loop that turns document_events into
// deliveries (the cursor moved in the same transaction), then hands due ones to the SMTP server one at a time,
// each marked `sending` before it leaves and its outcome written after, with no transaction open meanwhile.
// It never blocks issuing or MH's sync, never rejects, and sets a timer only for work it can do then.
import { singleFlight } from '../single-flight';
import { emailTarget, type DeliveryCounts, type DeliveryRecord, type SmtpTestResult } from '../../../shared/delivery';
import { validate } from '../../../shared/contract';
import type { DteRecord } from '../../../shared/records';
import { audit } from '../audit';
import { isoLocal, type Clock } from '../clock';
import { cachedCount, writesOf } from '../store/cached-count';
import { documentEvents, type DocumentEventRow } from '../dte/document-events';
import { canonicalId, issuedBody, recipientEmailOf, recipientEmailsOf, signedParts } from '../dte/documents-repo';
import { mhDocumentView } from '../dte/mh/document-types';
import { CoreError, validationFailed } from '../errors';
import type { Logger } from '../logger';
import type { StoredStation } from '../station/profile';
import type { Store } from '../store/database';
import { logFailure } from '../store/out-of-space';
import { turn } from '../turn';
import { backoffMs } from '../sync/backoff';
import { errorBackoff } from '../sync/error-backoff';
import { realTimers, type TimerHandle, type Timers } from '../timers';
import { deliveriesRepo, type DeliveryRow } from './deliveries-repo';
import { composeMessage, messageIdFor } from './message';
import { composeReturnMessage } from './return-message';
import type { ReturnRecord } from '../../../shared/retorno';
import type { SmtpSettings } from './smtp-settings';
import { sendCounter, type SendLimits } from './send-limit';
import type { Actor } from '../auth/actor';
import { SUPERVISORS } from '../auth/permissions';
import { ROLE_NAMES } from '../../../shared/people';
import { nodemailerTransport, type MailTransport, type SendOutcome } from './transport';

/** How a host tunes the queue: tests shorten the backoff, drive it by hand, or give it virtual timers and a fake server. */
export interface DeliveryTuning {
  readonly manual?: boolean;
  readonly timers?: Timers;
  readonly jitter?: () => number;
  readonly transport?: MailTransport;
  readonly retryBaseMs?: number;
  readonly retryCapMs?: number;
  /** The letter PDF to attach: the documents room's by default; the simulation's stand-in costs no rendering. */
  readonly letterPdf?: (id: string) => Promise<Buffer>;
  /** Sends one person or key may ask for (send-limit.ts); the defaults unless a test says otherwise. */
  readonly limits?: SendLimits;
}

export interface DeliveryDeps extends DeliveryTuning {
  readonly store: Store;
  readonly clock: Clock;
  readonly logger: Logger;
  readonly random: () => number;
  readonly newId: () => string;
  readonly station: () => StoredStation;
  readonly smtp: SmtpSettings;
  readonly documents: { get(id: string): DteRecord; letterPdf(id: string): Promise<Buffer> };
  /** Eventos de Retorno as the customer gets them (dte/retorno/return-paper.ts); absent, none is e-mailed. */
  readonly returns?: ReturnMail;
  /** New deliveries were queued (the head office hub replicates them: migration 019). */
  readonly queued?: () => void;
}

/** What a return's e-mail needs of the returns: its record, its letter PDF and its signed JSON. */
export interface ReturnMail {
  record(id: string): ReturnRecord;
  letter(id: string): Promise<Buffer>;
  signedJson(id: string): Record<string, unknown>;
}

export interface Deliveries {
  /** Something may have happened to documents (a status moved, settings changed): run soon. */
  wake(): void;
  /** Reads the feed and sends what is due now; resolves when done. Never rejects. */
  runOnce(): Promise<number>;
  counts(): DeliveryCounts;
  ofDocument(id: string): DeliveryRecord[];
  /**
   * POST /dte/:id/send: the document again, to its recipient's address or (a supervisor's right) another; counted
   * against the actor's limits (send-limit.ts).
   */
  resend(id: string, input: unknown, actor: Actor): DeliveryRecord;
  /**
   * An Evento de Retorno by e-mail: to `input.email` (POST /dte/returns/:id/send), or with no input to the address
   * its document was issued to, if any (when MH seals it, inside that transaction; null when there is none).
   */
  sendReturn(returnId: string, input: unknown, actor: Actor | null): DeliveryRecord | null;
  /** POST /deliveries/retry-failed: every failed one queued again. */
  retryFailed(actor: string): { queued: number };
  /** POST /settings/smtp/test: a test message to an address, through the stored settings. */
  test(input: unknown, actor: string): Promise<SmtpTestResult>;
  stop(): void;
}

/** A message the server keeps answering "later" about is given up after three days (as mail servers do). */
const GIVE_UP_MS = 3 * 24 * 3600_000;
/** One claimed at a time: `sending` then means "at the server now", which is what the sync state shows. */
const BATCH = 1;
/** Wakes within this long are one run: the feed's cursor moves (and the disk syncs) once a page of their events. */
const WAKE_COALESCE_MS = 100;
/**
 * Events read per transaction: 50 held the request thread up to 32 ms while a drained backlog's approvals came
 * (decision 0058); 5, as the lote's slices (decision 0060).
 */
const FEED_PAGE = 5;

/**
 * The e-mail address each of these documents was issued to, null when none: the `recipient_email` column, read
 * once for a page of events; a document stored before migration 024 has none recorded, and its stored request says.
 */
function recipientEmails(store: Store, documentIds: readonly string[]): Map<string, string | null> {
  const recorded = recipientEmailsOf(store, [...new Set(documentIds)]);
  const out = new Map<string, string | null>();
  for (const [id, email] of recorded) {
    const address = email ?? recipientEmailOf(JSON.parse(issuedBody(store, id) ?? 'null'));
    out.set(id, address || null);
  }
  return out;
}

/** Which message an event sends, if any. */
function messageOf(e: DocumentEventRow): 'document' | 'invalidation' | null {
  switch (e.event) {
    case 'dte.approved':
      return 'document';
    case 'dte.invalidated':
      return 'invalidation';
    case 'dte.created':
    case 'dte.rejected':
    case 'invalidation.rejected':
      return null;
    default: {
      const never: never = e.event;
      return never;
    }
  }
}

/** The same mailbox: the domain is case-insensitive, and no mail server of a customer's tells local parts by case. */
const sameAddress = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

const STATUS = { pending: 'PENDING', sending: 'SENDING', sent: 'SENT', failed: 'FAILED' } as const;

export function createDeliveries(d: DeliveryDeps): Deliveries {
  const { store, clock, logger } = d;
  const repo = deliveriesRepo(store);
  // The sync status shows the e-mails ever sent after every run: a count that grows with the station.
  const sent = cachedCount(() => repo.sentCount(), writesOf(store), clock);
  const feed = documentEvents(store);
  const timers = d.timers ?? realTimers;
  const transport = d.transport ?? nodemailerTransport();
  const jitter = d.jitter ?? d.random;
  const baseMs = d.retryBaseMs ?? 5_000;
  const capMs = d.retryCapMs ?? 15 * 60_000;
  const now = () => clock.now();
  let stopped = false;
  let timer: TimerHandle | null = null;
  let wakeTimer: TimerHandle | null = null;
  /** The server (or the settings) failed: nothing goes before this, and why. */
  let serverFailures = 0;
  let pausedUntil = 0;
  let serverError: string | null = null;
  /** A run that failed on the store (not on the server) waits this out (decision 0026). */
  const errors = errorBackoff({ timers, random: jitter, baseMs: Math.min(1_000, baseMs), capMs: Math.min(5 * 60_000, capMs) });

  // At start, holding the data-dir lock: a send the last process left may have gone; it goes again.
  const recovered = repo.recoverAll(now());
  if (recovered) logger.warn('deliveries interrupted by a stop are sent again', { count: recovered });

  const stationIds = () => {
    const s = d.station();
    return { nit: s.company.nit, mhCode: s.branch.mhCode, posNumber: s.branch.posNumber };
  };

  /**
   * Turns new events into deliveries; the cursor moves in the same transaction as the rows it accounts for. A
   * page at a time with a turn between: a drained backlog's thousands of approvals must not hold the counter.
   */
  async function ingest(): Promise<number> {
    let made = 0;
    for (let page = 0; ; page++) {
      if (page > 0) await turn();
      if (stopped) return made;
      const n = store.tx(() => {
        const events = feed.after(repo.cursor(), FEED_PAGE);
        const last = events.at(-1);
        if (!last) return -1;
        let inserted = 0;
        const emails = recipientEmails(
          store,
          events.flatMap((e) => (messageOf(e) ? [e.documentId] : [])),
        );
        for (const e of events) {
          const message = messageOf(e);
          const email = message ? emails.get(e.documentId) : null;
          if (!message || !email) continue;
          const id = d.newId();
          repo.insert({
            id,
            documentId: e.documentId,
            message,
            eventSeq: e.seq,
            requestedBy: null,
            email,
            messageId: messageIdFor(id, stationIds()),
            now: now(),
            createdAt: isoLocal(now()),
          });
          inserted += 1;
        }
        repo.moveCursor(last.seq);
        return inserted;
      });
      if (n < 0) return made;
      made += n;
    }
  }

  /** The signed JSON as the receiver gets it (the download's), whatever the document's status since. */
  function signedJson(id: string): Buffer {
    const row = signedParts(store, id);
    if (!row?.mh_json || !row.jws) throw new CoreError('DTE_NOT_APPROVED', 'El DTE no tiene documento firmado.');
    const doc = { ...(JSON.parse(row.mh_json) as Record<string, unknown>), firmaElectronica: row.jws, selloRecibido: row.seal };
    return Buffer.from(JSON.stringify(doc), 'utf8');
  }

  async function composeReturn(c: DeliveryRow) {
    if (!d.returns || !c.return_id) throw new Error('una devolución sin su evento');
    const record = d.returns.record(c.return_id);
    const er = d.returns.signedJson(c.return_id) as {
      identificacion?: { fecEmi?: string; horEmi?: string };
      resumen?: { totalPagar?: number };
    };
    return composeReturnMessage({
      deliveryId: c.id,
      messageId: c.message_id,
      email: c.email,
      // What the customer gets back: the ER's totalPagar (an FSE's less the income tax withheld), as on its paper.
      record: { ...record, total: String(er.resumen?.totalPagar ?? record.total) },
      companyName: d.station().company.name,
      fecEmi: er.identificacion?.fecEmi ?? '',
      horEmi: er.identificacion?.horEmi ?? '',
      demo: d.station().demo === true,
      now: now(),
      pdf: await d.returns.letter(c.return_id),
      json: Buffer.from(JSON.stringify(er), 'utf8'),
    });
  }

  async function compose(c: DeliveryRow) {
    if (c.message === 'return') return composeReturn(c);
    const record = d.documents.get(c.document_id);
    const parts = signedParts(store, c.document_id);
    const doc = mhDocumentView(JSON.parse(parts?.mh_json ?? '{}') as Record<string, unknown>);
    const ident = doc.identificacion;
    const invalidation = c.message === 'invalidation';
    return composeMessage({
      message: invalidation ? 'invalidation' : 'document',
      deliveryId: c.id,
      messageId: c.message_id,
      email: c.email,
      record,
      companyName: String(doc.emisor?.nombre ?? d.station().company.name),
      commercialName: typeof doc.emisor?.nombreComercial === 'string' ? doc.emisor.nombreComercial : null,
      ambiente: String(ident?.ambiente ?? ''),
      fecEmi: String(ident?.fecEmi ?? ''),
      horEmi: String(ident?.horEmi ?? ''),
      seal: parts?.seal ?? null,
      invalidationSeal: null,
      demo: d.station().demo === true,
      now: now(),
      pdf: invalidation ? null : await (d.letterPdf ?? d.documents.letterPdf)(c.document_id),
      json: invalidation ? null : signedJson(c.document_id),
    });
  }

  /** Writes what the server said about one delivery; true when the server itself failed (the queue waits). */
  function settle(c: DeliveryRow, o: SendOutcome): boolean {
    const at = isoLocal(now());
    switch (o.outcome) {
      case 'sent':
        repo.sent(c.id, at, o.response);
        serverFailures = 0;
        serverError = null;
        return false;
      case 'refused':
        repo.failed(c.id, at, o.reason);
        serverFailures = 0;
        serverError = null;
        logger.warn('delivery refused by the mail server', { delivery: c.id, reason: o.reason });
        return false;
      case 'retry': {
        if (!o.server && now().getTime() - Date.parse(c.created_at) > GIVE_UP_MS) {
          repo.failed(c.id, at, `No se entregó en 3 días; la última respuesta del servidor: ${o.reason}`);
          return false;
        }
        if (o.server) {
          serverFailures += 1;
          serverError = `El servidor de correo no responde o no acepta el envío: ${o.reason}`;
          pausedUntil = now().getTime() + backoffMs(serverFailures, jitter, baseMs, capMs, Math.min(1000, baseMs));
          repo.later(c.id, new Date(pausedUntil), o.reason, false);
          return true;
        }
        repo.later(
          c.id,
          new Date(now().getTime() + backoffMs(c.attempts + 1, jitter, baseMs, capMs, Math.min(1000, baseMs))),
          o.reason,
          true,
        );
        return false;
      }
      default: {
        const never: never = o;
        return never;
      }
    }
  }

  async function sendOne(c: DeliveryRow): Promise<boolean> {
    let mail;
    try {
      mail = await compose(c);
    } catch (e) {
      if (stopped) return true;
      // A message that cannot be made will not be made by trying again: failed, with the reason, and logged.
      logger.error('delivery could not be composed', { delivery: c.id, error: e instanceof Error ? e.stack : String(e) });
      repo.failed(c.id, isoLocal(now()), `No se pudo preparar el mensaje: ${e instanceof Error ? e.message : String(e)}`);
      return false;
    }
    const server = d.smtp.server();
    if (!server) {
      repo.later(c.id, now(), 'sin servidor de correo', false);
      return true;
    }
    let outcome: SendOutcome;
    try {
      outcome = await transport(server, mail);
    } catch (e) {
      // A transport is not meant to throw; if one does, the message may or may not have gone: try again later.
      outcome = { outcome: 'retry', reason: e instanceof Error ? e.message : String(e), server: true };
    }
    // After a stop the store may be closed: the row stays `sending` and the next start sends it again.
    if (stopped) return true;
    return settle(c, outcome);
  }

  async function run(): Promise<number> {
    let sent = 0;
    try {
      if ((await ingest()) > 0) d.queued?.();
      // Stopped while the feed was read page by page: the store may be closed.
      if (stopped) return 0;
      errors.succeeded();
      if (d.smtp.notReady() || now().getTime() < pausedUntil) return 0;
      for (;;) {
        const claimed = repo.claim(now(), BATCH);
        if (!claimed.length) break;
        let serverDown = false;
        for (const c of claimed) {
          if (serverDown) {
            repo.later(c.id, new Date(pausedUntil), serverError ?? 'el servidor de correo no responde', false);
            continue;
          }
          serverDown = await sendOne(c);
          if (stopped) return sent;
          sent += 1;
        }
        if (serverDown) break;
      }
      return sent;
    } catch (e) {
      if (stopped) return sent;
      logFailure(logger, 'delivery run failed', e);
      // Single flight: whatever is marked sending was this run's; it goes again after the backoff.
      try {
        repo.recoverAll(now());
      } catch {
        // The store itself fails: the next start recovers it.
      }
      // Not again at once (a full disk refuses every write): after the backoff, and no wake-up before it.
      if (!d.manual) errors.failed(() => void loop());
      return sent;
    }
  }

  function schedule(): void {
    if (stopped || d.manual) return;
    if (timer) timers.clear(timer);
    timer = null;
    // After a failed run, its backoff's timer runs the next one.
    if (errors.waiting()) return;
    if (d.smtp.notReady()) return;
    const due = repo.nextDue();
    if (!due) return;
    const at = Math.max(due.getTime(), pausedUntil);
    timer = timers.set(() => void loop(), at - now().getTime());
  }

  const flight = singleFlight(run, {
    stopped: () => stopped,
    after: () => {
      if (stopped) return;
      try {
        schedule();
      } catch (e) {
        // Scheduling reads the store; a fault here must not leave the queue asleep for good.
        logFailure(logger, 'delivery schedule failed', e);
        timer = timers.set(() => void loop(), 60_000);
      }
    },
  });
  function loop(): Promise<number> {
    return flight.run();
  }

  const toRecord = (r: DeliveryRow): DeliveryRecord => {
    const state = r.state as keyof typeof STATUS;
    const pending = state === 'pending';
    return {
      id: r.id,
      documentId: r.document_id,
      message: r.message === 'invalidation' ? 'invalidation' : r.message === 'return' ? 'return' : 'document',
      returnId: r.return_id,
      email: r.email,
      status: STATUS[state],
      waiting: pending ? (d.smtp.notReady() ?? r.last_error) : null,
      attempts: r.attempts,
      lastError: r.last_error,
      response: r.smtp_response,
      nextAttemptAt: pending ? isoLocal(new Date(r.next_attempt_at)) : null,
      createdAt: r.created_at,
      sentAt: r.sent_at,
      failedAt: r.failed_at,
      requestedBy: r.requested_by,
      messageId: r.message_id,
    };
  };

  const target = (input: unknown): string => {
    const parsed = validate(emailTarget, input);
    if (!parsed.ok) throw validationFailed(parsed.errors, 'Escriba una dirección de correo válida.');
    return parsed.value.email;
  };

  // Who asked for what is already in the table: the limits hold across a restart (send-limit.ts).
  const counter = sendCounter({
    now: () => now().getTime(),
    past: (actor, sinceMs) => repo.requestedSince(actor, isoLocal(new Date(sinceMs))).filter((t) => t >= sinceMs),
    ...(d.limits ? { limits: d.limits } : {}),
  });

  /**
   * A send `actor` asked for to `email`: the document's recipient address for anyone, another only for a
   * supervisor or an administrator (a key has no such right: docs/decisions/0067-email-rights-and-small-guards.md);
   * then the actor's limits. Throws FORBIDDEN or TOO_MANY_REQUESTS; true when it goes to the recipient.
   */
  const allowed = (actor: Actor, documentId: string, email: string): boolean => {
    const recipient = recipientEmails(store, [documentId]).get(documentId) ?? null;
    const toRecipient = recipient !== null && sameAddress(recipient, email);
    if (!toRecipient && !SUPERVISORS.includes(actor.caller)) {
      const whose = recipient
        ? `a una dirección distinta de la del receptor del documento (${recipient})`
        : 'cuando el documento se emitió sin correo del receptor';
      throw new CoreError(
        'FORBIDDEN',
        actor.caller === 'pos'
          ? `Una clave de API de un punto de venta solo envía el documento al correo de su receptor. Enviarlo ${whose} lo hace un supervisor desde Sello.`
          : `Enviar el documento ${whose} necesita el rol Supervisor o Administrador; usted entró como ${ROLE_NAMES[actor.caller]}. Envíelo al correo del receptor o pida a un supervisor que lo haga.`,
      );
    }
    counter.check(actor.id);
    return toRecipient;
  };

  const api: Deliveries = {
    wake() {
      if (stopped || d.manual || wakeTimer || errors.waiting()) return;
      // A burst of documents (a POS issuing many) is read in one pass and one transaction, not one per event.
      wakeTimer = timers.set(() => {
        wakeTimer = null;
        void loop();
      }, WAKE_COALESCE_MS);
    },
    runOnce: () => loop(),
    counts() {
      const waiting = d.smtp.notReady() ?? (now().getTime() < pausedUntil ? serverError : null);
      return { ...repo.liveCounts(), sent: sent(), waiting };
    },
    ofDocument: (id) => repo.ofDocument(canonicalId(id)).map(toRecord),
    resend(id, input, actor) {
      const email = target(input);
      const record = d.documents.get(id);
      if (record.status !== 'APPROVED' && record.status !== 'INVALIDATED')
        throw new CoreError('DTE_NOT_APPROVED', `El DTE está en estado ${record.status}; solo se envía por correo un DTE aprobado por MH.`);
      const documentId = canonicalId(record.id);
      const recipient = allowed(actor, documentId, email);
      const deliveryId = d.newId();
      store.tx(() => {
        repo.insert({
          id: deliveryId,
          documentId,
          message: record.status === 'INVALIDATED' ? 'invalidation' : 'document',
          eventSeq: null,
          requestedBy: actor.id,
          email,
          messageId: messageIdFor(deliveryId, stationIds()),
          now: now(),
          createdAt: isoLocal(now()),
        });
        audit(store, isoLocal(now()), actor.id, 'dte.delivery.requested', documentId, { delivery: deliveryId, email, recipient });
      });
      counter.counted(actor.id);
      const queued = toRecord(repo.byId(deliveryId) as DeliveryRow);
      api.wake();
      return queued;
    },
    sendReturn(returnId, input, actor) {
      if (!d.returns) throw new CoreError('NOT_IMPLEMENTED', 'Esta estación no envía devoluciones por correo.');
      const record = d.returns.record(returnId);
      if ((record.status !== 'APPROVED' && record.status !== 'INVALIDATED') || !record.seal) {
        // Sealed by MH in a lost answer (no seal to show): nothing goes by itself; asked for, it is refused.
        if (input === undefined) return null;
        throw new CoreError('DTE_NOT_APPROVED', 'La devolución aún no tiene el sello de MH: se envía por correo cuando MH la apruebe.');
      }
      const documentId = canonicalId(record.dteIds[0] ?? '');
      const email = input === undefined ? (recipientEmails(store, [documentId]).get(documentId) ?? null) : target(input);
      if (!email) return null;
      // Asked for by someone, it is checked and counted; the one MH's seal sends by itself is not.
      const recipient = actor ? allowed(actor, documentId, email) : true;
      const deliveryId = d.newId();
      store.tx(() => {
        repo.insert({
          id: deliveryId,
          documentId,
          message: 'return',
          eventSeq: null,
          requestedBy: actor?.id ?? null,
          email,
          messageId: messageIdFor(deliveryId, stationIds()),
          now: now(),
          createdAt: isoLocal(now()),
          returnId: record.id,
        });
        if (actor)
          audit(store, isoLocal(now()), actor.id, 'dte.return.delivery.requested', documentId, {
            delivery: deliveryId,
            event: record.id,
            email,
            recipient,
          });
      });
      if (actor) counter.counted(actor.id);
      const queued = toRecord(repo.byId(deliveryId) as DeliveryRow);
      api.wake();
      return queued;
    },
    retryFailed(actor) {
      const queued = store.tx(() => {
        const n = repo.retryFailed(now());
        if (n) audit(store, isoLocal(now()), actor, 'deliveries.retried', null, { queued: n });
        return n;
      });
      api.wake();
      return { queued };
    },
    async test(input, actor) {
      const email = target(input);
      const notReady = d.smtp.notReady();
      const server = d.smtp.server();
      if (notReady || !server) throw new CoreError('STATION_CONFLICT', notReady ?? 'No hay servidor de correo configurado.');
      const id = d.newId();
      const s = d.station();
      const text = `Mensaje de prueba de Sello para ${s.company.name}: el servidor de correo ${server.host}:${server.port} entrega los documentos de esta estación.`;
      const outcome = await transport(server, {
        messageId: messageIdFor(id, stationIds()),
        to: email,
        subject: `${s.demo ? '[DEMOSTRACIÓN] ' : ''}Prueba de correo de Sello`,
        text,
        html: `<!doctype html><html lang="es"><head><meta charset="utf-8"></head><body><p>${text.replace(/&/g, '&amp;').replace(/</g, '&lt;')}</p></body></html>`,
        date: now(),
        attachments: [],
        headers: { 'Auto-Submitted': 'auto-generated' },
      });
      const result: SmtpTestResult =
        outcome.outcome === 'sent' ? { sent: true, email, response: outcome.response } : { sent: false, email, response: outcome.reason };
      audit(store, isoLocal(now()), actor, 'settings.smtp.test', null, { email, sent: result.sent });
      if (result.sent) api.wake();
      return result;
    },
    stop() {
      stopped = true;
      if (timer) timers.clear(timer);
      if (wakeTimer) timers.clear(wakeTimer);
      errors.stop();
    },
  };
  return api;
}
