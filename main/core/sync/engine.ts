// The sync engine (DESIGN.md §4): a single-flight loop woken by new documents, connectivity changes and its
// own timer (never busy polling). Each document is claimed under a lease in a short transaction, sent with
// no transaction open, and its outcome recorded in another short transaction.
import { EventEmitter } from 'node:events';
import { MH_TYPE, type DteKind } from '../../../shared/contract';
import type { DteStatus } from '../../../shared/records';
import type { Clock } from '../clock';
import type { Logger } from '../logger';
import { MhLoginError, type MhClient } from '../mh/client';
import type { Store } from '../store/database';
import { backoffMs } from './backoff';
import { outbox, type Claimed } from './outbox';

export type Connectivity = 'unconfigured' | 'online' | 'offline';

export interface SyncStatus {
  readonly state: Connectivity;
  readonly queue: { readonly pending: number; readonly sending: number; readonly unknown: number; readonly done: number; readonly failed: number };
  readonly lastContactAt: string | null;
  readonly lastError: string | null;
}

export interface SyncEngineDeps {
  readonly store: Store;
  readonly clock: Clock;
  readonly random: () => number;
  readonly logger: Logger;
  /** The MH client for the station's current settings, or null when MH is not configured. */
  readonly client: () => MhClient | null;
  readonly leaseMs?: number;
  readonly batch?: number;
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
  stop(): void;
}

export function createSyncEngine(d: SyncEngineDeps): SyncEngine {
  const box = outbox(d.store);
  const leaseMs = d.leaseMs ?? 60_000;
  const batch = d.batch ?? 8;
  const events = new EventEmitter();
  events.setMaxListeners(0);
  let running: Promise<number> | null = null;
  let again = false;
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;
  let failures = 0;
  /** Events (invalidations) still waiting for MH after the last run: retried on the timer. */
  let extraLeft = 0;
  let state: Connectivity = 'online';
  let lastContactAt: string | null = null;
  let lastError: string | null = null;

  const now = () => d.clock.now();
  const later = (ms: number) => new Date(now().getTime() + ms);
  const emit = (id: string, status: DteStatus): void => {
    events.emit('dte', { id, status });
  };
  const contact = () => {
    failures = 0;
    state = 'online';
    lastContactAt = now().toISOString();
  };
  const trouble = (reason: string, offline: boolean) => {
    failures += 1;
    lastError = reason;
    if (offline) state = 'offline';
  };

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
          contact();
          box.approved(c, now(), q.outcome.seal, q.body);
          return emit(c.documentId, 'APPROVED');
        case 'rejected':
          contact();
          box.rejected(c, now(), q.body, q.outcome.message);
          return emit(c.documentId, 'REJECTED');
        case 'not_found':
          contact();
          break; // MH never got it: send the same JWS again, below.
        case 'retry':
        case 'auth':
        case 'duplicate':
          trouble(q.outcome.outcome === 'retry' ? q.outcome.reason : 'consulta no concluyente', q.outcome.outcome === 'retry');
          return box.notSent(c, now(), later(backoffMs(failures, d.random)), lastError ?? '');
        case 'unknown':
          trouble(q.outcome.reason, false);
          return box.inDoubt(c, later(backoffMs(failures, d.random)), q.outcome.reason);
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
        contact();
        box.approved(c, now(), r.outcome.seal, r.body);
        return emit(c.documentId, 'APPROVED');
      case 'rejected':
        contact();
        box.rejected(c, now(), r.body, r.outcome.message);
        return emit(c.documentId, 'REJECTED');
      case 'duplicate':
      case 'unknown':
        // MH may hold it: reconcile by query at once, before anything else is sent for it.
        if (r.outcome.outcome === 'duplicate') contact();
        else trouble(r.outcome.reason, false);
        return box.inDoubt(c, now(), r.outcome.outcome === 'duplicate' ? r.outcome.message : r.outcome.reason);
      case 'retry':
      case 'auth':
      case 'not_found':
        // Nothing was processed: being offline does not spend the document's attempts.
        trouble(r.outcome.outcome === 'retry' ? r.outcome.reason : 'MH no aceptó la sesión', r.outcome.outcome === 'retry');
        return box.notSent(c, now(), later(backoffMs(failures, d.random)), lastError ?? '');
      default: {
        const never: never = r.outcome;
        return never;
      }
    }
  }

  async function run(): Promise<number> {
    let processed = 0;
    const client = d.client();
    if (!client) {
      state = 'unconfigured';
      return 0;
    }
    while (!stopped) {
      const claimed = box.claim(now(), batch, leaseMs);
      if (!claimed.length) break;
      for (const c of claimed) {
        try {
          await process(client, c);
        } catch (e) {
          if (stopped) return processed;
          const reason = e instanceof MhLoginError ? e.message : `error inesperado: ${e instanceof Error ? e.message : String(e)}`;
          if (!(e instanceof MhLoginError)) d.logger.error('sync error', { document: c.documentId, error: e instanceof Error ? e.stack : String(e) });
          trouble(reason, false);
          box.notSent(c, now(), later(backoffMs(failures, d.random)), reason);
        }
        processed += 1;
      }
    }
    if (!stopped && d.afterDocuments) {
      try {
        extraLeft = (await d.afterDocuments(client)).left;
      } catch (e) {
        d.logger.error('sync error', { error: e instanceof Error ? e.stack : String(e) });
      }
    }
    return processed;
  }

  function schedule(): void {
    if (stopped || d.manual) return;
    if (timer) clearTimeout(timer);
    timer = null;
    const due = box.nextDue();
    const extra = extraLeft > 0 ? later(backoffMs(failures, d.random, 1000, 60_000, 1000)) : null;
    const next = due && extra ? (due < extra ? due : extra) : (due ?? extra);
    if (!next) return;
    const delay = Math.max(0, next.getTime() - now().getTime());
    timer = setTimeout(() => void loop(), Math.min(delay, 2_147_000_000));
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
    });
    return running;
  }

  return {
    wake() {
      if (!stopped && !d.manual) void loop();
    },
    runOnce: () => loop(),
    status() {
      const c = box.counts();
      return {
        state,
        queue: { pending: c.pending ?? 0, sending: c.sending ?? 0, unknown: c.unknown ?? 0, done: c.done ?? 0, failed: c.failed ?? 0 },
        lastContactAt,
        lastError,
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
    stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
    },
  };
}
