// The sync engine (DESIGN.md §4): a single-flight loop woken by new documents, connectivity changes and its
// own timer (never busy polling). Each document is claimed under a lease in a short transaction, sent with
// no transaction open, and its outcome recorded in another short transaction. When MH or the internet fails
// as MH's rules say, the station enters contingency (contingency.ts) and later recovers: event, lotes, results.
import type { KeyObject } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { MH_TYPE, type DteKind } from '../../../shared/contract';
import type { ContingencySummary, DteStatus, SelloEvent, SyncStatus } from '../../../shared/records';
import { isoLocal, type Clock } from '../clock';
import type { Logger } from '../logger';
import { classify, type Exchange, type Outcome } from '../mh/classify';
import { MhLoginError, type MhClient } from '../mh/client';
import type { StoredStation } from '../station/profile';
import type { Store } from '../store/database';
import { backoffMs } from './backoff';
import { DOCUMENTS_DEADLINE_MS, EVENT_DEADLINE_MS, MAX_PER_LOTE, contingencyStore, type ContingencyType } from './contingency';
import { outbox, type Claimed } from './outbox';

export type { Connectivity, ContingencySummary, SyncStatus } from '../../../shared/records';

export interface SyncEngineDeps {
  readonly store: Store;
  readonly clock: Clock;
  readonly random: () => number;
  readonly logger: Logger;
  /** The MH client for the station's current settings, or null when MH is not configured. */
  readonly client: () => MhClient | null;
  readonly station: () => StoredStation;
  readonly signingKey: () => KeyObject | null;
  readonly newId: () => string;
  readonly leaseMs?: number;
  readonly batch?: number;
  /** How long MH gets to process a lote before it is asked for the results (MH: 1–3 minutes). */
  readonly lotePollMs?: number;
  /** Consecutive failed transmissions that put the station in contingency (MH: a send and two retries). */
  readonly failuresForContingency?: number;
  /** Only runOnce() sends (no wake-ups, no timer): for tests that stage a situation step by step. */
  readonly manual?: boolean;
  /** Work that follows the documents on every run (pending invalidations); says whether anything is left. */
  readonly afterDocuments?: (client: MhClient) => Promise<{ left: number }>;
}

export interface SyncEngine {
  /** Something changed (a new document, the network came back): run soon. */
  wake(): void;
  /** Processes everything due now; resolves when done. */
  runOnce(): Promise<number>;
  status(): SyncStatus;
  /** Resolves when the document leaves CREATED/PROCESSING or after `ms`. */
  waitForDocument(id: string, ms: number): Promise<void>;
  onChange(listener: (e: { id: string; status: DteStatus }) => void): () => void;
  /** Document changes and, after each run that changed it, the sync state: what the UI is pushed. */
  onEvent(listener: (e: SelloEvent) => void): () => void;
  stop(): void;
}

/** Failures that mean the station itself has no network, rather than MH being down (CAT-005 type 3, not 1). */
const NO_INTERNET = /ENOTFOUND|EAI_AGAIN|ENETUNREACH|ENETDOWN|EHOSTUNREACH/;

export function createSyncEngine(d: SyncEngineDeps): SyncEngine {
  const box = outbox(d.store);
  const cs = contingencyStore(d.store);
  const leaseMs = d.leaseMs ?? 60_000;
  const batch = d.batch ?? 8;
  const lotePollMs = d.lotePollMs ?? 60_000;
  const threshold = d.failuresForContingency ?? 3;
  const events = new EventEmitter();
  events.setMaxListeners(0);
  let running: Promise<number> | null = null;
  let again = false;
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;
  let failures = 0;
  let streakStartedAt: Date | null = null;
  let lastFailureType: ContingencyType = 1;
  let extraLeft = 0;
  let connectivity: 'online' | 'offline' = 'online';
  let lastContactAt: string | null = null;
  let lastError: string | null = null;

  const now = () => d.clock.now();
  const later = (ms: number) => new Date(now().getTime() + ms);
  let lastPushed = '';
  const emit = (id: string, status: DteStatus): void => {
    events.emit('dte', { id, status });
    events.emit('event', { type: 'dte', id, status } satisfies SelloEvent);
  };
  const contact = () => {
    failures = 0;
    streakStartedAt = null;
    connectivity = 'online';
    lastContactAt = now().toISOString();
  };
  /** One more failed attempt to reach MH; `x` tells whether MH failed or the network did. */
  const trouble = (reason: string, x: Exchange | null, offline: boolean) => {
    failures += 1;
    streakStartedAt ??= now();
    lastError = reason;
    if (offline) connectivity = 'offline';
    lastFailureType = x && x.kind === 'unreachable' && NO_INTERNET.test(x.message) ? 3 : 1;
  };
  const nextTry = () => later(backoffMs(failures, d.random));

  /** MH's rule: after the send and its retries fail, the station works in contingency. */
  function maybeEnterContingency(): boolean {
    if (failures < threshold || cs.open()) return Boolean(cs.open());
    const key = d.signingKey();
    if (!key) return false;
    const converted = cs.enter({ id: d.newId(), type: lastFailureType, reason: null, startedAt: streakStartedAt ?? now(), now: now(), key });
    d.logger.warn('contingency entered', { type: lastFailureType, converted });
    return true;
  }

  /** MH's verdict on a document, from a send, a query or a lote. */
  function record(c: Pick<Claimed, 'documentId' | 'outboxId'>, o: Extract<Outcome, { outcome: 'accepted' | 'accepted_with_observations' | 'rejected' }>, body: unknown): void {
    contact();
    if (o.outcome === 'rejected') {
      box.rejected(c, now(), body, o.message);
      return emit(c.documentId, 'REJECTED');
    }
    box.approved(c, now(), o.seal, body);
    return emit(c.documentId, 'APPROVED');
  }

  async function process(client: MhClient, c: Claimed): Promise<void> {
    const tipoDte = MH_TYPE[c.kind as DteKind];
    const codigoGeneracion = c.documentId.toUpperCase();
    if (c.reconcile) {
      // Sent before without a conclusive answer: ask MH before any resend (never a second copy).
      const q = await client.queryDte({ tipoDte, codigoGeneracion });
      if (stopped) return; // the store may be closed; the lease expires and the next start asks again
      switch (q.outcome.outcome) {
        case 'accepted':
        case 'accepted_with_observations':
        case 'rejected':
          return record(c, q.outcome, q.body);
        case 'not_found':
          contact();
          break; // MH never got it: send the same JWS again, below.
        case 'retry':
        case 'auth':
        case 'duplicate':
          trouble(q.outcome.outcome === 'retry' ? q.outcome.reason : 'consulta no concluyente', q.exchange, q.outcome.outcome === 'retry');
          return box.notSent(c, now(), nextTry(), lastError ?? '');
        case 'unknown':
          trouble(q.outcome.reason, q.exchange, false);
          return box.inDoubt(c, nextTry(), q.outcome.reason);
        default: {
          const never: never = q.outcome;
          return never;
        }
      }
    }
    const r = await client.sendDte({ tipoDte, version: c.version, codigoGeneracion, jws: c.jws, idEnvio: c.idEnvio });
    if (stopped) return; // as above: recovered as unknown and reconciled by query
    switch (r.outcome.outcome) {
      case 'accepted':
      case 'accepted_with_observations':
      case 'rejected':
        return record(c, r.outcome, r.body);
      case 'duplicate':
        // MH holds it: take its seal by query at once.
        contact();
        return box.inDoubt(c, now(), r.outcome.message);
      case 'unknown':
        // MH may hold it: query before anything else is sent for it.
        trouble(r.outcome.reason, r.exchange, false);
        return box.inDoubt(c, now(), r.outcome.reason);
      case 'retry':
      case 'auth':
      case 'not_found':
        // Nothing was processed: being offline does not spend the document's attempts.
        trouble(r.outcome.outcome === 'retry' ? r.outcome.reason : 'MH no aceptó la sesión', r.exchange, r.outcome.outcome === 'retry');
        return box.notSent(c, now(), nextTry(), lastError ?? '');
      default: {
        const never: never = r.outcome;
        return never;
      }
    }
  }

  /** The documents, one by one; stops when the station enters contingency. */
  async function sendDocuments(client: MhClient): Promise<number> {
    let processed = 0;
    while (!stopped && !cs.open()) {
      const claimed = box.claim(now(), batch, leaseMs);
      if (!claimed.length) break;
      for (const c of claimed) {
        if (stopped) break;
        try {
          await process(client, c);
          // Stopped while MH answered: the store may be closed; leave everything to the next start.
          if (stopped) return processed;
        } catch (e) {
          if (stopped) return processed;
          const reason = e instanceof MhLoginError ? e.message : `error inesperado: ${e instanceof Error ? e.message : String(e)}`;
          if (!(e instanceof MhLoginError)) d.logger.error('sync error', { document: c.documentId, error: e instanceof Error ? e.stack : String(e) });
          trouble(reason, null, false);
          box.notSent(c, now(), nextTry(), reason);
        }
        processed += 1;
        // Documents already claimed but not sent go back to the queue, to be re-signed as contingency documents.
        if (maybeEnterContingency()) {
          for (const rest of claimed.slice(claimed.indexOf(c) + 1)) box.notSent({ ...rest, reconcile: false }, now(), now(), 'contingencia');
          await reSignReturned();
          break;
        }
      }
    }
    return processed;
  }

  /** Documents put back in the queue after the event opened are re-signed into it. */
  async function reSignReturned(): Promise<void> {
    const open = cs.open();
    const key = d.signingKey();
    if (!open || !key) return;
    for (const row of d.store.all(
      d.store.q.selectFrom('outbox').innerJoin('documents', 'documents.id', 'outbox.document_id').select('documents.id').where('outbox.state', '=', 'pending').where('documents.status', '=', 'CREATED').where('documents.contingency_id', 'is', null),
    )) {
      cs.adopt(row.id, open, key);
    }
  }

  /** In contingency: probe MH; at the first answer (the cese), settle what is in doubt and end the event. */
  async function probeAndEnd(client: MhClient): Promise<boolean> {
    const open = cs.open();
    if (!open) return true;
    const reachable = await client.reachable();
    if (stopped) return false;
    if (!reachable) {
      trouble('MH sigue sin responder (contingencia)', null, true);
      return false;
    }
    contact();
    const key = d.signingKey();
    if (!key) return false;
    // Documents sent before the contingency without an answer: MH has them, or they join the event.
    for (const doubt of box.inDoubtOutsideContingency()) {
      const q = await client.queryDte({ tipoDte: MH_TYPE[doubt.kind as DteKind], codigoGeneracion: doubt.documentId.toUpperCase() });
      if (stopped) return false;
      if (q.outcome.outcome === 'accepted' || q.outcome.outcome === 'accepted_with_observations') {
        record(doubt, q.outcome, q.body);
      } else if (q.outcome.outcome === 'not_found') {
        cs.adopt(doubt.documentId, open, key);
      }
    }
    cs.end({ event: open, now: now(), station: d.station(), key, newId: d.newId });
    return true;
  }

  /** After the cese: each event goes to MH first, then its documents in lotes, then the lotes' results. */
  async function recover(client: MhClient): Promise<void> {
    for (const ev of cs.active()) {
      if (stopped) return;
      if (ev.status !== 'ended' || !ev.jws) continue;
      const r = await client.sendContingency(ev.jws);
      if (stopped) return;
      const body = r.body ?? {};
      if (r.exchange.kind === 'response' && body.estado === 'RECIBIDO' && typeof body.selloRecibido === 'string') cs.sealed(ev.id, now(), body.selloRecibido, body);
      else if (r.exchange.kind === 'response' && body.estado === 'RECHAZADO') cs.rejected(ev.id, now(), body);
      else trouble('el evento de contingencia no tuvo respuesta', r.exchange, r.outcome.outcome === 'retry');
    }
    for (const ev of cs.active().filter((e) => e.status === 'sealed')) {
      for (;;) {
        if (stopped) return;
        const docs = cs.unsent(ev.id, MAX_PER_LOTE);
        if (!docs.length) break;
        const idEnvio = d.newId().toUpperCase();
        const r = await client.sendLote({ idEnvio, jwsList: docs.map((x) => x.jws ?? '') });
        if (stopped) return;
        if (!r.codigoLote) {
          trouble('MH no recibió el lote', r.exchange, r.outcome.outcome === 'retry');
          break;
        }
        contact();
        // The documents wait for the lote's result under a lease long enough for MH's processing.
        cs.loteSubmitted({ idEnvio, eventId: ev.id, codigoLote: r.codigoLote, documentIds: docs.map((x) => x.id), now: now(), leaseMs: Math.max(leaseMs, lotePollMs * 10), response: r.body });
      }
    }
    for (const lote of cs.submittedLotes()) {
      if (stopped) return;
      if (now().getTime() - new Date(lote.submitted_at).getTime() < lotePollMs) continue;
      const r = await client.queryLote(lote.codigo_lote ?? '');
      if (stopped) return;
      const body = r.body ?? {};
      const items = [...((body.procesados as unknown[]) ?? []), ...((body.rechazados as unknown[]) ?? [])] as Record<string, unknown>[];
      if (!items.length) continue; // still processing
      // One durable transaction for the whole lote's results (each document's change is a savepoint in it).
      const changed: [string, DteStatus][] = [];
      d.store.tx(() => {
        for (const item of items) {
          const id = String(item.codigoGeneracion ?? '').toLowerCase();
          const outboxId = box.outboxIdOf(id);
          if (outboxId === undefined) continue;
          const o = classify({ kind: 'response', status: 200, body: item }, 'query');
          if (o.outcome === 'accepted' || o.outcome === 'accepted_with_observations') {
            box.approved({ documentId: id, outboxId }, now(), o.seal, item);
            changed.push([id, 'APPROVED']);
          } else if (o.outcome === 'rejected' || o.outcome === 'duplicate') {
            box.rejected({ documentId: id, outboxId }, now(), item, o.message);
            changed.push([id, 'REJECTED']);
          }
        }
        // Documents missing from both lists stay under their lease, then are queried one by one.
        cs.loteDone(lote.id, now());
      });
      for (const [id, status] of changed) emit(id, status);
    }
    cs.closeFinished(now());
  }

  async function run(): Promise<number> {
    const client = d.client();
    if (!client) return 0;
    if (cs.open() && !(await probeAndEnd(client))) return 0;
    if (stopped) return 0;
    await recover(client);
    if (stopped) return 0;
    const processed = await sendDocuments(client);
    if (!stopped && !cs.open() && d.afterDocuments) {
      try {
        extraLeft = (await d.afterDocuments(client)).left;
      } catch (e) {
        // After a stop the store may be closed under a pending write: that is not a fault.
        if (!stopped) d.logger.error('sync error', { error: e instanceof Error ? e.stack : String(e) });
      }
    }
    return processed;
  }

  function schedule(): void {
    if (stopped || d.manual) return;
    if (timer) clearTimeout(timer);
    timer = null;
    const candidates: Date[] = [];
    const due = box.nextDue();
    if (due) candidates.push(due);
    // In contingency MH is probed on a backoff capped at one minute (MH asks for at least every 15).
    if (cs.open()) candidates.push(nextTry());
    const active = cs.active();
    if (active.some((e) => e.status === 'ended') || cs.submittedLotes().length) candidates.push(later(Math.min(lotePollMs, 60_000)));
    if (active.some((e) => e.status === 'sealed')) candidates.push(later(1000));
    if (extraLeft > 0) candidates.push(later(backoffMs(failures, d.random, 1000, 60_000, 1000)));
    if (!candidates.length) return;
    const next = Math.min(...candidates.map((c) => c.getTime()));
    timer = setTimeout(() => void loop(), Math.min(Math.max(0, next - now().getTime()), 2_147_000_000));
    timer.unref();
  }

  function loop(): Promise<number> {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      let total = 0;
      do {
        again = false;
        total += await run();
      } while (again && !stopped);
      return total;
    })().finally(() => {
      running = null;
      schedule();
      if (events.listenerCount('event') > 0 && !stopped) {
        const status = api.status();
        const json = JSON.stringify(status);
        if (json !== lastPushed) {
          lastPushed = json;
          events.emit('event', { type: 'sync', status } satisfies SelloEvent);
        }
      }
    });
    return running;
  }

  function summaries(): ContingencySummary[] {
    return cs.active().map((e) => {
      const documents = Number(
        d.store.one(d.store.q.selectFrom('documents').select((eb) => eb.fn.countAll<number>().as('n')).where('contingency_id', '=', e.id))?.n ?? 0,
      );
      return {
        id: e.id,
        type: e.type,
        status: e.status,
        startedAt: isoLocal(new Date(e.started_at)),
        endedAt: e.ended_at ? isoLocal(new Date(e.ended_at)) : null,
        documents,
        eventDeadline: e.ended_at ? isoLocal(new Date(new Date(e.ended_at).getTime() + EVENT_DEADLINE_MS)) : null,
        documentsDeadline: e.sealed_at ? isoLocal(new Date(new Date(e.sealed_at).getTime() + DOCUMENTS_DEADLINE_MS)) : null,
      };
    });
  }

  const api: SyncEngine = {
    wake() {
      if (!stopped && !d.manual) void loop();
    },
    runOnce: () => loop(),
    status() {
      const c = box.counts();
      const contingencies = summaries();
      return {
        state: d.client() === null ? 'unconfigured' : contingencies.length ? 'contingency' : connectivity,
        queue: { pending: c.pending ?? 0, sending: c.sending ?? 0, unknown: c.unknown ?? 0, done: c.done ?? 0, failed: c.failed ?? 0 },
        lastContactAt,
        lastError,
        contingencies,
      };
    },
    waitForDocument(id, ms) {
      return new Promise((resolve) => {
        const t = setTimeout(done, ms);
        function done() {
          clearTimeout(t);
          events.off('dte', listener);
          resolve();
        }
        function listener(e: { id: string; status: DteStatus }) {
          if (e.id === id) done();
        }
        events.on('dte', listener);
      });
    },
    onChange(listener) {
      events.on('dte', listener);
      return () => events.off('dte', listener);
    },
    onEvent(listener) {
      events.on('event', listener);
      return () => events.off('event', listener);
    },
    stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
    },
  };
  return api;
}
