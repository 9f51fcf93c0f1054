// The webhook sender (docs/decisions/0011-webhooks.md): a single-flight loop like the sync engine's. Each run
// first turns new `document_events` into deliveries (cursor and inserts in one transaction: a crash neither loses
// nor doubles one), then claims what is due under a lease, sends with no transaction open, and records each
// answer in another. It wakes for new events and for the next due delivery only; it never rejects.
import { singleFlight } from '../single-flight';
import type { DteRecord } from '../../../shared/records';
import { SIGNATURE_HEADER, type WebhookBody } from '../../../shared/webhooks';
import { audit } from '../audit';
import { isoLocal, type Clock } from '../clock';
import { documentEvents } from '../dte/document-events';
import type { Logger } from '../logger';
import { tryOpen, type SecretBox } from '../station/secrets';
import type { Store } from '../store/database';
import { logFailure } from '../store/out-of-space';
import { backoffMs } from '../sync/backoff';
import { errorBackoff } from '../sync/error-backoff';
import { realTimers, type TimerHandle, type Timers } from '../timers';
import { signatureHeader } from './signature';
import { webhooksRepo, type ClaimedDelivery } from './webhooks-repo';

/** Wakes within this long are one run (deliveries.ts waits as long). */
const WAKE_COALESCE_MS = 100;

/** How long a delivery is tried before it is FAILED. */
export const GIVE_UP_MS = 24 * 60 * 60_000;

/** Why an endpoint stopped on its own: the receiver said it is gone. */
export const GONE_REASON = 'El receptor respondió 410 Gone: ya no quiere recibir avisos. Actívelo de nuevo cuando vuelva a estar listo.';
/** Why an endpoint stopped on its own: its secret was sealed elsewhere and cannot sign here. */
export const SECRET_LOST_REASON =
  'El secreto se guardó cifrado en otro equipo o con otra llave y aquí no se puede abrir: regístrelo de nuevo (o vuelva a iniciar con el archivo de la estación).';

/** How a core's host tunes the sender: tests shorten the waits, or drive it by hand. */
export interface WebhookTuning {
  readonly timers?: Timers;
  /** Only runOnce() sends (no wake-ups, no timer). */
  readonly manual?: boolean;
  /** A uniform number in [0, 1) for the backoff's jitter. */
  readonly jitter?: () => number;
  /** Backoff: the first retry within `baseMs`, doubling up to `capMs` (defaults 5 s and 10 min). */
  readonly baseMs?: number;
  readonly capMs?: number;
  /** A receiver that has not answered in this long is a failed attempt (10 s). */
  readonly timeoutMs?: number;
  /** Lease on a claimed delivery; past it another run may send it again (60 s). */
  readonly leaseMs?: number;
  /** While events may have been written by a path that did not wake the sender, it looks again this often (60 s). */
  readonly idleCheckMs?: number;
}

export interface WebhookSenderDeps {
  readonly store: Store;
  readonly clock: Clock;
  readonly logger: Logger;
  readonly fetch: typeof fetch;
  readonly secrets: SecretBox;
  readonly random: () => number;
  readonly newId: () => string;
  /** The spec's record as GET /dte/:id serves it. */
  readonly record: (documentId: string) => DteRecord;
  readonly userAgent: string;
  readonly tuning?: WebhookTuning;
}

export interface WebhookSender {
  /** New events may exist (a document issued or moved): run soon. */
  wake(): void;
  /** Queues new events and sends what is due now; resolves when done. Never rejects. */
  runOnce(): Promise<number>;
  stop(): void;
}

/** One attempt's outcome. */
type Answer = { kind: 'status'; status: number } | { kind: 'error'; error: string } | { kind: 'secret-lost' };

/** What an answer means for the delivery and its endpoint. */
type Verdict = 'delivered' | 'gone' | 'secret-lost' | 'retry';

const verdictOf = (a: Answer): Verdict => {
  switch (a.kind) {
    case 'status':
      return a.status >= 200 && a.status < 300 ? 'delivered' : a.status === 410 ? 'gone' : 'retry';
    case 'error':
      return 'retry';
    case 'secret-lost':
      return 'secret-lost';
    default: {
      const never: never = a;
      return never;
    }
  }
};

const FAN_OUT_PAGE = 200;
const BATCH = 16;

export function webhookSender(d: WebhookSenderDeps): WebhookSender {
  const repo = webhooksRepo(d.store);
  const feed = documentEvents(d.store);
  const t = d.tuning ?? {};
  const timers = t.timers ?? realTimers;
  const baseMs = t.baseMs ?? 5000;
  const capMs = t.capMs ?? 10 * 60_000;
  const timeoutMs = t.timeoutMs ?? 10_000;
  const leaseMs = t.leaseMs ?? 60_000;
  const idleCheckMs = t.idleCheckMs ?? 60_000;
  const nowMs = () => d.clock.now().getTime();
  const inFlight = new Set<AbortController>();
  // A run that failed (the store refusing writes on a full disk) is not tried again at once (decision 0026).
  const errors = errorBackoff({ timers, random: d.random, baseMs: Math.min(1_000, baseMs), capMs: Math.min(5 * 60_000, capMs) });
  let stopped = false;
  let timer: TimerHandle | null = null;
  let wakeTimer: TimerHandle | null = null;

  // Nothing of this process is in flight yet: sends a dead process left are due again at once.
  repo.releaseLeases();

  /** New events become deliveries, one page per transaction with the cursor's advance. */
  function fanOut(): number {
    let queued = 0;
    for (;;) {
      const page = d.store.tx(() => {
        const endpoints = repo.endpoints().filter((e) => e.active);
        // No webhook, no write: the cursor catches up when one is activated (webhooks-repo.ts skipWhileIdle).
        if (endpoints.length === 0) return { read: 0, queued: 0 };
        const events = feed.after(repo.cursor(), FAN_OUT_PAGE);
        if (events.length === 0) return { read: 0, queued: 0 };
        const at = d.clock.now();
        let n = 0;
        for (const ev of events) {
          const targets = endpoints.filter((e) => e.fromSeq < ev.seq && e.events.includes(ev.event));
          if (targets.length === 0) continue;
          const data = d.record(ev.documentId);
          for (const e of targets) {
            const id = d.newId();
            const body: WebhookBody<DteRecord> = { event: ev.event, deliveryId: id, occurredAt: ev.at, data };
            repo.insertDelivery({
              id,
              endpointId: e.id,
              eventSeq: ev.seq,
              documentId: ev.documentId,
              event: ev.event,
              occurredAt: ev.at,
              body: JSON.stringify(body),
              nowMs: at.getTime(),
              giveUpAt: at.getTime() + GIVE_UP_MS,
              createdAt: isoLocal(at),
            });
            n += 1;
          }
        }
        repo.advanceCursor(events[events.length - 1]!.seq);
        return { read: events.length, queued: n };
      });
      queued += page.queued;
      if (page.read < FAN_OUT_PAGE) return queued;
    }
  }

  async function send(c: ClaimedDelivery): Promise<Answer> {
    const secret = tryOpen(d.secrets, c.secretSealed);
    if (secret === null) return { kind: 'secret-lost' };
    const ac = new AbortController();
    inFlight.add(ac);
    const timeout = timers.set(() => ac.abort(), timeoutMs);
    try {
      const res = await d.fetch(c.url, {
        method: 'POST',
        // A redirect is an answer, not a delivery: the registered address is the only one written to.
        redirect: 'manual',
        signal: ac.signal,
        headers: {
          'Content-Type': 'application/json',
          'User-Agent': d.userAgent,
          'X-Sello-Event': c.event,
          'X-Sello-Delivery': c.id,
          [SIGNATURE_HEADER]: signatureHeader(secret, Math.floor(nowMs() / 1000), c.body),
        },
        body: c.body,
      });
      await res.body?.cancel().catch(() => undefined);
      return { kind: 'status', status: res.status };
    } catch (e) {
      if (ac.signal.aborted) return { kind: 'error', error: stopped ? 'detenido' : `sin respuesta en ${Math.round(timeoutMs / 1000)} s` };
      const cause = e instanceof Error && e.cause instanceof Error ? e.cause.message : null;
      return { kind: 'error', error: (cause ?? (e instanceof Error ? e.message : String(e))).slice(0, 200) };
    } finally {
      timers.clear(timeout);
      inFlight.delete(ac);
    }
  }

  /** The endpoint stops on its own (410, or a secret that cannot sign here); the delivery waits, PENDING, for it. */
  function disable(c: ClaimedDelivery, status: number | null, error: string, reason: string, at: string, nowMs: number): void {
    // Kept PENDING: enabling the endpoint again resumes in order from here.
    repo.notDelivered(c.id, { status, error, at, nextMs: nowMs, failed: false });
    if (repo.setActive(c.endpointId, false, reason, at)) {
      audit(d.store, at, 'system', 'webhook.disabled', c.endpointId, { reason: status === 410 ? '410' : 'secret' });
      d.logger.warn('webhook endpoint disabled', { webhook: c.endpointId, why: status === 410 ? '410 Gone' : 'secret does not open here' });
    }
  }

  function record(c: ClaimedDelivery, a: Answer): void {
    const now = d.clock.now();
    const at = isoLocal(now);
    const verdict = verdictOf(a);
    d.store.tx(() => {
      switch (verdict) {
        case 'delivered':
          repo.delivered(c.id, a.kind === 'status' ? a.status : 200, at);
          return;
        case 'gone':
          return disable(c, 410, '410 Gone', GONE_REASON, at, now.getTime());
        case 'secret-lost':
          return disable(c, null, 'secreto ilegible aquí', SECRET_LOST_REASON, at, now.getTime());
        case 'retry': {
          const failed = now.getTime() >= c.giveUpAt;
          repo.notDelivered(c.id, {
            status: a.kind === 'status' ? a.status : null,
            error: a.kind === 'status' ? `HTTP ${a.status}` : a.kind === 'error' ? a.error : '',
            at,
            nextMs: now.getTime() + backoffMs(c.attempts, d.random, baseMs, capMs, Math.min(500, baseMs)),
            failed,
          });
          if (failed) d.logger.warn('webhook delivery failed after 24 h', { webhook: c.endpointId, delivery: c.id, event: c.event });
          return;
        }
        default: {
          const never: never = verdict;
          return never;
        }
      }
    });
  }

  async function run(): Promise<number> {
    try {
      if (stopped) return 0;
      fanOut();
      let sent = 0;
      for (;;) {
        if (stopped) return sent;
        errors.succeeded();
        const now = nowMs();
        const claimed = d.store.tx(() => repo.claim(now, now + leaseMs, BATCH));
        if (claimed.length === 0) return sent;
        const answers = await Promise.all(claimed.map(send));
        if (stopped) return sent;
        claimed.forEach((c, i) => record(c, answers[i]!));
        sent += claimed.length;
        // Sends take time: events written meanwhile go out in this run.
        fanOut();
      }
    } catch (e) {
      if (stopped) return 0;
      const wait = t.manual ? 0 : errors.failed(() => void loop());
      d.logger.error('webhook run failed', { error: e instanceof Error ? e.message : String(e), retryInMs: wait });
      return 0;
    }
  }

  function schedule(): void {
    if (stopped || t.manual) return;
    if (timer) timers.clear(timer);
    timer = null;
    let at: number | null;
    // After a failed run, its backoff's timer runs the next one.
    if (errors.waiting()) return;
    try {
      at = repo.nextDue();
      const listening = repo.endpoints().some((e) => e.active);
      // With no endpoint active there is nothing to send and nothing to fan out: no timer at all.
      if (listening && repo.cursor() < feed.last()) at = nowMs();
      // A path that wrote an event without waking the sender is found within idleCheckMs.
      else if (listening) at = Math.min(at ?? Infinity, nowMs() + idleCheckMs);
    } catch (e) {
      if (stopped) return;
      logFailure(d.logger, 'webhook schedule failed', e);
      at = nowMs() + idleCheckMs;
    }
    if (at !== null) timer = timers.set(() => void loop(), Math.max(0, at - nowMs()));
  }

  const flight = singleFlight(run, {
    stopped: () => stopped,
    after: () => {
      schedule();
    },
  });
  function loop(): Promise<number> {
    return flight.run();
  }

  return {
    wake() {
      // After a failed run the timer set by its backoff comes first.
      if (stopped || t.manual || wakeTimer || errors.waiting()) return;
      // Deferred: a wake from inside a transaction runs after it commits, and the wakes of a burst of documents
      // are one run (the cursor moves, and the disk syncs, once for all their events).
      wakeTimer = timers.set(() => {
        wakeTimer = null;
        void loop();
      }, WAKE_COALESCE_MS);
    },
    runOnce: () => flight.current()?.then(() => loop()) ?? loop(),
    stop() {
      stopped = true;
      if (timer) timers.clear(timer);
      if (wakeTimer) timers.clear(wakeTimer);
      errors.stop();
      for (const ac of inFlight) ac.abort();
    },
  };
}
