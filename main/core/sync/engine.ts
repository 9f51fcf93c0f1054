// The sync engine (docs/decisions/0001-sync-truth.md): a single-flight loop woken by new documents, queued
// invalidations, connectivity changes and its own timer, which is set only for work the engine can do then.
// Each document is claimed under a lease in a short transaction, sent with no transaction open, and its
// outcome recorded in another; a document that may have reached MH is asked about before anything else
// happens to it. When MH or the internet fails as MH's rules say, the station enters contingency
// (contingency.ts) and later recovers: event, lotes, results. No fault escapes a run: it is logged, shown in
// the status, and the next run comes on the backoff.
import { HELD_RECHECK_MS, heldByMh, heldInvalidated } from './held-by-mh';
import { MAX_SENDS, needsPerson, pastTheCap } from './send-cap';
import { singleFlight } from '../single-flight';
import type { KeyObject } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { MH_TYPE, type DteKind } from '../../../shared/contract';
import { judgeEventAnswer } from '../mh/event-judgment';
import type {
  ContingencySummary,
  DteStatus,
  HubReplicationStatus,
  InvalidationDoubt,
  OverdueDocument,
  SelloEvent,
  StationAlert,
  SyncStatus,
} from '../../../shared/records';
import type { DeliveryCounts } from '../../../shared/delivery';
import { isoLocal, type Clock } from '../clock';
import { audit } from '../audit';
import { logFailure } from '../store/out-of-space';
import { CoreError } from '../errors';
import { countOfEvent, queuedOutsideEvents, resignDocument } from '../dte/documents-repo';
import { resignedIfStale } from '../signing/jws';
import type { Logger } from '../logger';
import { isNumberTaken, type Exchange, type Outcome } from '../mh/classify';
import { MhLoginError, type MhClient } from '../mh/client';
import { dueByNow, LOTE_PROCESSING_MS, outbox, type Claimed, type DocumentRef } from '../outbox/outbox';
import { cachedCount, writesOf } from '../store/cached-count';
import type { StoredStation } from '../station/profile';
import { normativeStatus } from '../../../shared/normative';
import { StoreReplacedError, type Store } from '../store/database';
import { realTimers, type TimerHandle, type Timers } from '../timers';
import { turn } from '../turn';
import { backoffMs, unitFrom } from './backoff';
import { MAX_PER_EVENT } from './contingency-event';
import { recordLoteResults } from './lote-results';
import { isSignatureRefusal, refusalAlert, refusalText, refusedAgain, type CertificateRefusal } from './certificate-refusal';
import {
  DEADLINE_WARNING_MS,
  DOCUMENTS_DEADLINE_MS,
  EVENT_DEADLINE_MS,
  MAX_PER_LOTE,
  contingencyStore,
  type ContingencyType,
} from './contingency';

export type { Connectivity, ContingencySummary, SyncStatus } from '../../../shared/records';

export interface SyncEngineDeps {
  readonly store: Store;
  readonly clock: Clock;
  readonly random: () => number;
  readonly logger: Logger;
  /** The MH client for the station's current settings, or null when MH is not configured. */
  readonly client: () => MhClient | null;
  /** Why MH's password must be typed again before anything is sent (it does not open here); null when it opens. */
  readonly passwordNeeded?: () => string | null;
  readonly station: () => StoredStation;
  readonly signingKey: () => KeyObject | null;
  /** The signing certificate's fingerprint: a new one ends MH's refusal of the old one (certificate-refusal.ts). */
  readonly certificateFingerprint?: () => string | null;
  readonly newId: () => string;
  readonly leaseMs?: number;
  readonly batch?: number;
  /** How long MH gets to process a lote before it is asked for the results (MH: 1–3 minutes). */
  readonly lotePollMs?: number;
  /** Documents per contingency event: MH's 1,000 (contingency-event.ts); the simulation's few make every cese split. */
  readonly eventSize?: number;
  /** Consecutive failed transmissions that put the station in contingency (MH: a send and two retries). */
  readonly failuresForContingency?: number;
  /** Only runOnce() sends (no wake-ups, no timer): for tests that stage a situation step by step. */
  readonly manual?: boolean;
  /** The engine's timers: real ones by default, virtual ones in the simulation. */
  readonly timers?: Timers;
  /** Invalidations waiting for MH: how many, and one attempt at each (after the documents, outside contingency). */
  /** The e-mail queue's counts, shown with the sync state (delivery/deliveries.ts). */
  readonly deliveries?: () => DeliveryCounts;
  /** Replication to the head office hub, shown with the sync state (replication/replicator.ts). */
  readonly hub?: () => HubReplicationStatus;
  /** The station's alerts from every other room (alerts.ts), shown with the sync state. */
  readonly alerts?: () => readonly StationAlert[];
  /** Invalidations MH may hold that a supervisor must settle (decision 0024), shown with the sync state. */
  readonly invalidationsInDoubt?: () => readonly InvalidationDoubt[];
  /** MH holds another document under this one's control number (dte/numbering.ts): stops the sequence, says why. */
  readonly numberingCollision?: (documentId: string, mhMessage: string) => string;
  readonly invalidations?: {
    pending(): number;
    /** Null when every attempt reached MH; else why one did not (`login`: MH refused the credentials). */
    send(client: MhClient): Promise<{ reason: string; exchange: Exchange | null; login: boolean } | null>;
  };
}

/** How a core's host tunes the engine: tests shorten the lease, or drive the engine by hand. */
export interface SyncTuning {
  readonly leaseMs?: number;
  readonly manual?: boolean;
  readonly jitter?: () => number;
  readonly lotePollMs?: number;
  readonly eventSize?: number;
  readonly timers?: Timers;
}

/** The engine's settings from a host's tuning; the jitter comes from the core's randomness unless a test gives one. */
export const tunedBy = (t: SyncTuning | undefined, random: (n: number) => Buffer) => ({
  random: t?.jitter ?? unitFrom(random),
  manual: t?.manual === true,
  lotePollMs: t?.lotePollMs,
  eventSize: t?.eventSize,
  leaseMs: t?.leaseMs || undefined,
  timers: t?.timers,
});

export interface SyncEngine {
  /** Something changed (a new document, a queued invalidation, the network came back): run soon. */
  wake(): void;
  /** Someone asked to try now (Reintentar ahora, new MH credentials): no backoff, not even a login probe's. */
  retryNow(): void;
  /** A supervisor lets a document past the cap on sends go to MH again (send-cap.ts); a conflict if it is not. */
  sendAgain(documentId: string, actor: string): void;
  /** Processes everything due now; resolves when done. Never rejects. */
  runOnce(): Promise<number>;
  status(): SyncStatus;
  /** Pushes the sync state now if it changed: for alerts that change outside a run (the disk, the clock). */
  publish(): void;
  /** Resolves when the document leaves CREATED/PROCESSING or after `ms`. */
  waitForDocument(id: string, ms: number): Promise<void>;
  onChange(listener: (e: { id: string; status: DteStatus }) => void): () => void;
  /** Document changes and, after each run that changed it, the sync state: what the UI is pushed. */
  onEvent(listener: (e: SelloEvent) => void): () => void;
  /**
   * Wakes a worker that reads the store (the e-mails, the webhooks, the hub's replication) when a document's status
   * changes, and after a run or a step of the cese that changed what it reads: `mark` (cheap) says what it has read
   * up to. Not given the sync state: building it for them at every step cost the counter up to 20 ms a time while a
   * backlog drained. Not after every write either: with MH away, each attempt's bookkeeping would wake them for nothing.
   */
  onActivity(mark: () => unknown, wake: () => void): () => void;
  stop(): void;
}

/** How long a lote MH took may stay without results before its documents are asked about one by one. */
const LOTE_GIVE_UP_MS = 30 * 60_000;
/**
 * A lote's results recorded this many at a time: a slice of 5 is one to three milliseconds, so a create and a
 * slice in one turn stay near a create alone (decision 0060; 10 a slice left the loop's delay at twice its own).
 */
const RESULTS_PER_TX = 5;
/** A lote's documents marked as leaving this many at a time (decision 0060). */
const LEAVING_PER_TX = 5;

/** Failures that mean the station itself has no network, rather than MH being down (CAT-005 type 3, not 1). */
const NO_INTERNET = /ENOTFOUND|EAI_AGAIN|ENETUNREACH|ENETDOWN|EHOSTUNREACH/;

/** Why a run stopped early: the store closed under it (a stop), or MH refused the credentials. */
class Stopped extends Error {}
/** MH refused a document's signature: the run stops, nothing more is sent (certificate-refusal.ts). */
class CertificateRefused extends Error {}

export function createSyncEngine(d: SyncEngineDeps): SyncEngine {
  const box = outbox(d.store, d.logger);
  // Every status (pushed after every run) shows how many documents MH settled: at a million, a count of 0.2 s.
  const settled = cachedCount(() => box.doneCount(), writesOf(d.store), d.clock);
  const cs = contingencyStore(d.store, d.logger, d.eventSize);
  const leaseMs = d.leaseMs ?? 60_000;
  const batch = d.batch ?? 8;
  const lotePollMs = d.lotePollMs ?? 60_000;
  const threshold = d.failuresForContingency ?? 3;
  const timers = d.timers ?? realTimers;
  const events = new EventEmitter();
  events.setMaxListeners(0);
  let stopped = false;
  let timer: TimerHandle | null = null;
  let failures = 0;
  let streakStartedAt: Date | null = null;
  let lastFailureType: ContingencyType = 1;
  let connectivity: 'online' | 'offline' = 'online';
  let lastContactAt: string | null = null;
  let lastError: string | null = null;
  let errorCount = 0;
  /** MH refused the station's credentials: nothing is sent until a probe (on the backoff) logs in again. */
  let refused: { message: string; probes: number; nextProbeAt: number } | null = null;
  /** MH refuses the signing certificate: one probe document on the backoff until one is accepted or a new one comes. */
  let certRefused: CertificateRefusal | null = null;
  const fingerprint = () => d.certificateFingerprint?.() ?? null;
  /** The refusal in force: importing another certificate ends it at once. */
  const refusal = (): CertificateRefusal | null => {
    if (certRefused && fingerprint() !== certRefused.fingerprint) {
      d.logger.info('a new signing certificate: the refusal of the previous one ends');
      certRefused = null;
    }
    return certRefused;
  };

  const now = () => d.clock.now();
  const later = (ms: number) => new Date(now().getTime() + ms);
  let lastPushed = '';
  const watchers = new Set<{ readonly mark: () => unknown; readonly wake: () => void; seen: unknown }>();
  const emit = (id: string, status: DteStatus): void => {
    // The workers first: a listener that throws must not leave them asleep.
    for (const w of watchers) w.wake();
    events.emit('dte', { id, status });
    events.emit('event', { type: 'dte', id, status } satisfies SelloEvent);
  };
  const contact = () => {
    failures = 0;
    streakStartedAt = null;
    connectivity = 'online';
    lastContactAt = isoLocal(now());
    lastError = null;
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
  /** After a stop the store may be closed: nothing more is written, the next start picks everything up. */
  const alive = () => {
    if (stopped) throw new Stopped();
  };

  /** MH's rule: after the send and its retries fail, the station works in contingency. */
  function maybeEnterContingency(): boolean {
    if (failures < threshold || cs.open()) return Boolean(cs.open());
    const key = d.signingKey();
    if (!key) return false;
    const converted = cs.enter({
      id: d.newId(),
      type: lastFailureType,
      reason: null,
      startedAt: streakStartedAt ?? now(),
      now: now(),
      key,
    });
    d.logger.warn('contingency entered', { type: lastFailureType, converted });
    return true;
  }

  /** MH's verdict on a document, from a send, a query or a lote. A repeated or late verdict changes nothing. */
  function record(
    c: DocumentRef,
    o: Extract<Outcome, { outcome: 'accepted' | 'accepted_with_observations' | 'rejected' }>,
    body: unknown,
  ): void {
    contact();
    if (o.outcome === 'rejected' && isSignatureRefusal(o.code)) {
      // Not the document's fault: back to the queue, no attempt spent, nothing more sent until a probe passes.
      box.notSent({ ...c, reconcile: false }, now(), now(), `MH no reconoce el certificado: ${o.message}`);
      certRefused = refusedAgain(refusal(), {
        message: o.message,
        fingerprint: fingerprint(),
        now: now(),
        at: isoLocal(now()),
        random: d.random,
      });
      d.logger.warn('mh refused the signature', { code: o.code, probes: certRefused.probes });
      throw new CertificateRefused();
    }
    if (o.outcome === 'rejected') {
      if (box.rejected(c, now(), body, o.message)) emit(c.documentId, 'REJECTED');
      return;
    }
    if (box.approved(c, now(), o.seal, body)) emit(c.documentId, 'APPROVED');
  }

  /** Asks MH about a document that may have reached it; true when MH does not have it (safe to send). */
  async function askMh(client: MhClient, c: Claimed): Promise<boolean> {
    const q = await client.queryDte({ tipoDte: MH_TYPE[c.kind as DteKind], codigoGeneracion: c.documentId.toUpperCase() });
    alive();
    switch (q.outcome.outcome) {
      case 'accepted':
      case 'accepted_with_observations':
        record(c, q.outcome, q.body);
        return false;
      case 'rejected':
        // MH holds this code refused (issue 54: its query repeats a 004 on numeroControl): never sent again.
        rejectedByQuery(c, q.outcome, q.body);
        return false;
      case 'not_found':
        contact();
        return true;
      case 'invalidated':
        // MH holds it, invalidated by an event this station has no record of (a restored copy): never sent again.
        contact();
        box.inDoubt(c, later(HELD_RECHECK_MS), heldInvalidated(q.outcome.message));
        return false;
      case 'retry':
      case 'auth':
      case 'duplicate':
        trouble(q.outcome.outcome === 'retry' ? q.outcome.reason : 'consulta no concluyente', q.exchange, q.outcome.outcome === 'retry');
        box.notSent(c, now(), nextTry(), lastError ?? '');
        return false;
      case 'unknown':
        trouble(q.outcome.reason, q.exchange, false);
        box.inDoubt(c, nextTry(), q.outcome.reason);
        return false;
      default: {
        const never: never = q.outcome;
        return never;
      }
    }
  }

  /**
   * The JWS to send: a document MH does not hold that was signed with another certificate (renewed since) is
   * signed again, the same JSON, with the current one (docs/decisions/0027-certificate-life-cycle.md).
   */
  function currentlySigned(c: { readonly documentId: string; readonly jws: string }): string {
    const key = d.signingKey();
    const jws = key ? resignedIfStale(c.jws, key) : null;
    if (!jws) return c.jws;
    resignDocument(d.store, c.documentId, jws);
    d.logger.info('document signed again with the current certificate', { id: c.documentId });
    return jws;
  }

  async function process(client: MhClient, c: Claimed): Promise<void> {
    // Sent before without a conclusive answer: ask MH before any resend (never a second copy).
    if (c.reconcile && !(await askMh(client, c))) return;
    // MH says it does not hold it, yet its sends never concluded: past the cap, a person decides (send-cap.ts).
    if (c.sends >= MAX_SENDS) {
      box.inDoubt(c, later(HELD_RECHECK_MS), needsPerson(c.sends));
      return;
    }
    const r = await client.sendDte({
      tipoDte: MH_TYPE[c.kind as DteKind],
      version: c.version,
      codigoGeneracion: c.documentId.toUpperCase(),
      jws: currentlySigned(c),
      idEnvio: c.idEnvio,
    });
    alive();
    switch (r.outcome.outcome) {
      case 'accepted':
      case 'accepted_with_observations':
        // A probe MH accepted: the certificate is recognised again.
        if (certRefused) d.logger.info('mh accepts the signature again');
        certRefused = null;
        return record(c, r.outcome, r.body);
      case 'rejected':
        return record(c, r.outcome, r.body);
      case 'duplicate':
        // The control number is taken: ours (a query finds our code and its seal) or another document's.
        if (r.outcome.on === 'numeroControl') return controlNumberTaken(client, c, r.body, r.outcome.message);
        // MH holds it: its seal comes from a query (soon, and later each time MH says so again).
        contact();
        return box.inDoubt(c, later(c.attempts === 0 ? 0 : backoffMs(c.attempts, d.random)), r.outcome.message, true);
      case 'unknown':
        // MH may hold it: query before anything else is sent for it, on the backoff of this document's tries.
        trouble(r.outcome.reason, r.exchange, false);
        return box.inDoubt(c, later(backoffMs(Math.max(failures, c.attempts), d.random)), r.outcome.reason, true);
      case 'invalidated':
        // A query's answer only (classify.ts); were MH to say it of a send, it holds the document: never sent again.
        contact();
        return box.inDoubt(c, later(HELD_RECHECK_MS), heldInvalidated(r.outcome.message), true);
      case 'retry':
      case 'auth':
      case 'not_found':
        // Nothing was processed: being offline does not spend the document's attempts.
        trouble(r.outcome.outcome === 'retry' ? r.outcome.reason : 'MH no aceptó la sesión', r.exchange, r.outcome.outcome === 'retry');
        return box.notSent({ ...c, reconcile: false }, now(), nextTry(), lastError ?? '');
      default: {
        const never: never = r.outcome;
        return never;
      }
    }
  }

  /**
   * MH answered 004 on numeroControl. Asked at once: MH holding our generation code means it is ours (sealed on
   * an earlier try); MH not knowing it means another document holds the number, a numbering collision. The
   * document ends REJECTED with MH's words and the reason, is never sent again, and its sequence stops
   * (docs/decisions/0029-numbering-never-collides-silently.md). An inconclusive query leaves it in doubt, as before.
   */
  async function controlNumberTaken(client: MhClient, c: Claimed, body: unknown, mhMessage: string): Promise<void> {
    contact();
    // Its first meeting with MH (never sent, refused or in doubt before): MH cannot hold this code, so the number is
    // another document's. No query is needed, nor trusted to settle it (issue 54: MH's answer is not published).
    if (!c.reconcile && c.sends === 0 && c.lastError === null) return collided(c, body, mhMessage);
    // Sent before without an answer: the query says whose number it is. Counted toward the cap meanwhile.
    box.countSend(c);
    if (!(await askMh(client, c))) return;
    collided(c, body, mhMessage);
  }

  /** Another document holds this one's control number at MH: REJECTED with the reason, and its sequence stops. */
  function collided(c: DocumentRef, body: unknown, mhMessage: string): void {
    const reason =
      d.numberingCollision?.(c.documentId, mhMessage) ?? `MH ya tiene otro documento con este número de control (MH dijo: «${mhMessage}»).`;
    const words = body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
    if (box.rejected(c, now(), { ...words, motivo: reason }, reason)) emit(c.documentId, 'REJECTED');
    // Shown with the sync state until the next contact; the alert (numbering.ts) stays until it is resolved.
    lastError = reason;
  }

  /** MH's answer to a query names this document rejected: a rejection, or a collision when its words say so. */
  function rejectedByQuery(c: DocumentRef, o: Extract<Outcome, { outcome: 'rejected' }>, body: unknown): void {
    if (isNumberTaken(o.message)) {
      contact();
      collided(c, body, o.message);
    } else record(c, o, body);
  }

  /** The documents, a batch at a time; stops when the station enters contingency. */
  async function sendDocuments(client: MhClient): Promise<number> {
    let processed = 0;
    while (!cs.open()) {
      // While MH refuses the certificate, one document at a time: the probe.
      const { claimed, failed } = box.claim(now(), refusal() ? 1 : batch, leaseMs);
      for (const id of failed) emit(id, 'REJECTED');
      if (!claimed.length) break;
      for (let i = 0; i < claimed.length; i++) {
        const c = claimed[i] as Claimed;
        try {
          await process(client, c);
        } catch (e) {
          // The one being sent may have reached MH: in doubt. The rest go back as they were.
          // (A refused signature already put the one being sent back in the queue.)
          if (!stopped) {
            if (!(e instanceof CertificateRefused)) box.notSent({ ...c, reconcile: true }, now(), nextTry(), 'interrumpido');
            for (const rest of claimed.slice(i + 1)) box.notSent(rest, now(), now(), 'interrumpido');
          }
          throw e;
        }
        processed += 1;
        if (maybeEnterContingency()) {
          // Claimed but not sent: back to the queue as they were. Pending ones are re-signed into the event;
          // ones in doubt are asked about at the cese, never re-signed before MH says it lacks them.
          for (const rest of claimed.slice(i + 1)) box.notSent(rest, now(), now(), 'contingencia');
          reSignReturned();
          break;
        }
      }
    }
    return processed;
  }

  /** Documents put back in the queue after the event opened are re-signed into it. */
  function reSignReturned(): void {
    const open = cs.open();
    const key = d.signingKey();
    if (!open || !key) return;
    for (const id of queuedOutsideEvents(d.store)) cs.adopt(id, open, key, now());
  }

  /** In contingency: probe MH; at the first answer (the cese), settle what is in doubt and end the event. */
  async function probeAndEnd(client: MhClient): Promise<boolean> {
    const open = cs.open();
    if (!open) return true;
    const reachable = await client.reachable();
    alive();
    if (!reachable) {
      trouble('MH sigue sin responder (contingencia)', null, true);
      return false;
    }
    const key = d.signingKey();
    if (!key) {
      trouble('la estación no tiene certificado de firma para cerrar la contingencia', null, false);
      return false;
    }
    // Documents sent before the contingency without an answer: MH has them (or refused them), or they join the event.
    for (const doubt of box.inDoubtOutsideContingency()) {
      const q = await client.queryDte({ tipoDte: MH_TYPE[doubt.kind as DteKind], codigoGeneracion: doubt.documentId.toUpperCase() });
      alive();
      switch (q.outcome.outcome) {
        case 'accepted':
        case 'accepted_with_observations':
        case 'rejected':
          // MH refused its signature: it holds no valid copy, so it joins the event signed with the current certificate.
          if (q.outcome.outcome === 'rejected' && isSignatureRefusal(q.outcome.code)) cs.adopt(doubt.documentId, open, key, now());
          else if (q.outcome.outcome === 'rejected') rejectedByQuery(doubt, q.outcome, q.body);
          else record(doubt, q.outcome, q.body);
          break;
        case 'not_found':
          cs.adopt(doubt.documentId, open, key, now());
          break;
        case 'invalidated':
          // MH holds it: it never joins the event; it waits in doubt with MH's words for a person.
          box.inDoubt(doubt, later(HELD_RECHECK_MS), heldInvalidated(q.outcome.message));
          break;
        case 'retry':
        case 'unknown':
        case 'auth':
        case 'duplicate':
          // MH did not answer after all: still in contingency; probe again later.
          trouble('MH no respondió la consulta al salir de contingencia', q.exchange, q.outcome.outcome === 'retry');
          return false;
        default: {
          const never: never = q.outcome;
          return never;
        }
      }
    }
    // The cese, one event per transaction with a turn between (contingency.ts, end): the counter's sales go on,
    // and the sync screen sees each event as it is made.
    const ceasedAt = now();
    for (;;) {
      const step = cs.end({ event: open, ceasedAt, now: now(), station: d.station(), key, newId: d.newId });
      if (step === 'ended') break;
      // The sync screen sees each event as it is signed.
      if (step === 'split') push();
      await turn();
      alive();
    }
    contact();
    return true;
  }

  /** After the cese: each event goes to MH first, then its documents in lotes, then the lotes' results. */
  async function recover(client: MhClient): Promise<void> {
    const key = d.signingKey();
    if (key) {
      const signed = cs.signLeftOver({ now: now(), station: d.station(), key, newId: d.newId });
      if (signed) d.logger.warn('unsigned contingency events with no cese to finish them: signed', { events: signed });
      // An event MH rejected is corrected and goes again, on its backoff, within MH's 24 hours.
      for (const ev of cs.dueRejected(now())) cs.correct({ event: ev, now: now(), station: d.station(), key, newId: d.newId });
    }
    for (const ev of cs.active()) {
      if (ev.status !== 'ended' || !ev.jws) continue;
      const r = await client.sendContingency(ev.jws);
      alive();
      const body = r.body ?? {};
      if (r.exchange.kind === 'response' && body.estado === 'RECIBIDO' && typeof body.selloRecibido === 'string') {
        contact();
        cs.sealed(ev.id, now(), body.selloRecibido, body);
      } else if (
        r.exchange.kind === 'response' &&
        body.estado === 'RECHAZADO' &&
        judgeEventAnswer({ kind: 'contingency', outcome: r.outcome, earlierSendInDoubt: false, earlierSendInTime: true }).verdict ===
          'took_effect'
      ) {
        // MH already holds this event (its answer was lost): it counts as received; no correction, no split
        // (mh/event-judgment.ts: "already exists", code 004, "already received").
        contact();
        cs.sealed(ev.id, now(), typeof body.selloRecibido === 'string' ? body.selloRecibido : '', body);
      } else if (r.exchange.kind === 'response' && body.estado === 'RECHAZADO') {
        contact();
        d.logger.warn('contingency event rejected', { event: ev.id, message: body.mensaje ?? body.descripcionMsg ?? null });
        cs.rejected(ev.id, now(), body, later(backoffMs(ev.attempts, d.random, 30_000, 10 * 60_000, 5_000)));
      } else {
        trouble('el evento de contingencia no tuvo respuesta', r.exchange, r.outcome.outcome === 'retry');
        return;
      }
    }
    /**
     * A lote whose later slice failed after earlier ones were marked: nothing left the station, so it ends not
     * taken and its documents are unsent again. If this fails too, the next start finds it lost and asks about them.
     */
    const notTakenAfterAll = (idEnvio: string, e: unknown) => {
      try {
        d.store.tx(() => {
          cs.loteEnded(idEnvio, 'failed', now());
          box.loteNotTaken(idEnvio, now(), now(), e instanceof Error ? e.message : String(e));
        });
      } catch {
        // The store itself fails: as said above.
      }
    };
    // A lote MH took is recorded in the very next write, with no await before it: the lote after it leaving, or
    // alone when none follows. Its code is durable before anything else goes to MH or is asked of it.
    let taken: (() => void) | null = null;
    const recordTaken = () => taken?.();
    // On its own, when no lote follows or the next one's write failed (its rollback must not take this code along).
    const settleTaken = () => {
      if (taken) d.store.tx(recordTaken);
      taken = null;
    };
    for (const ev of cs.active().filter((e) => e.status === 'sealed')) {
      // The event's unsent documents listed once (an event lists at most 1,000), then cut into lotes; each lote
      // reads its own signatures.
      for (let docs = cs.unsent(ev.id, MAX_PER_EVENT); docs.length; docs = cs.unsent(ev.id, MAX_PER_EVENT)) {
        for (let i = 0; i < docs.length; i += MAX_PER_LOTE) {
          const idEnvio = d.newId().toUpperCase();
          // Written before it leaves: a crash or a lost answer leaves these documents in doubt, never "unsent".
          // Only those still unsent now go (nothing else may have touched them while an earlier lote was out). A
          // slice per transaction, a turn between (decision 0046); the lote's row grows with each, and a stop
          // between slices leaves a lote that never left: lost at the next start, its documents asked about.
          const lote: { id: string; jws: string }[] = [];
          const end = Math.min(i + MAX_PER_LOTE, docs.length);
          for (let j = i; j < end; j += LEAVING_PER_TX) {
            if (j > i) await turn();
            // Stopped meanwhile: nothing more of this run (run() takes Stopped as the end).
            alive();
            try {
              lote.push(
                ...d.store.tx(() => {
                  recordTaken();
                  const ready = cs.stillUnsent(
                    ev.id,
                    docs.slice(j, Math.min(j + LEAVING_PER_TX, end)).map((x) => x.id),
                  );
                  if (!ready.length) return [];
                  const ids = ready.map((x) => x.id);
                  cs.loteLeaving({ idEnvio, eventId: ev.id, documentIds: [...lote.map((x) => x.id), ...ids], now: now() });
                  box.loteLeaving(idEnvio, ids, now(), leaseMs);
                  // Signed in the contingency with a certificate renewed since: signed again before the lote leaves.
                  return ready.map((x) => ({ id: x.id, jws: currentlySigned({ documentId: x.id, jws: x.jws ?? '' }) }));
                }),
              );
            } catch (e) {
              settleTaken();
              if (lote.length) notTakenAfterAll(idEnvio, e);
              throw e;
            }
            // Committed with this lote's first slice.
            taken = null;
          }
          if (!lote.length) continue;
          const r = await client.sendLote({ idEnvio, jwsList: lote.map((x) => x.jws) });
          alive();
          if (r.codigoLote) {
            contact();
            const codigoLote = r.codigoLote;
            const at = now();
            taken = () => {
              cs.loteSubmitted({ idEnvio, codigoLote, now: at, response: r.body });
              box.loteTaken(idEnvio, at, Math.max(leaseMs, lotePollMs * 10));
            };
            continue;
          }
          trouble('MH no recibió el lote', r.exchange, r.outcome.outcome === 'retry');
          d.store.tx(() => {
            if (r.outcome.outcome === 'retry') {
              cs.loteEnded(idEnvio, 'failed', now());
              box.loteNotTaken(idEnvio, now(), nextTry(), lastError ?? '');
            } else {
              // No code came back, but MH may have taken it: each document is asked about before anything else.
              cs.loteEnded(idEnvio, 'lost', now());
              box.loteInDoubt(idEnvio, later(LOTE_PROCESSING_MS), lastError ?? '');
            }
          });
          return;
        }
      }
    }
    settleTaken();
    for (const lote of cs.submittedLotes()) {
      if (now().getTime() < nextPoll(lote)) continue;
      const r = await client.queryLote(lote.codigo_lote ?? '');
      alive();
      polled.set(lote.id, now().getTime());
      // No answer, or MH's busy page: MH is away, and the lote waits for the backoff.
      if (r.exchange.kind !== 'response' || r.exchange.status >= 500 || r.exchange.status === 429) {
        trouble('MH no respondió la consulta del lote', r.exchange, r.exchange.kind === 'unreachable');
        return;
      }
      contact();
      if (r.exchange.status >= 400) {
        // MH does not know the lote (or refuses the question): its documents are asked about one by one.
        d.store.tx(() => {
          cs.loteEnded(lote.id, 'lost', now());
          box.loteInDoubt(lote.id, now(), `MH no encontró el lote (HTTP ${r.exchange.kind === 'response' ? r.exchange.status : ''})`);
        });
        continue;
      }
      const body = r.body ?? {};
      const items = [...listOf(body.procesados), ...listOf(body.rechazados)] as Record<string, unknown>[];
      if (!items.length) {
        // Still processing; after half an hour with no result MH has lost it: ask about each document instead.
        if (now().getTime() - notAhead(waiting, lote) > LOTE_GIVE_UP_MS) {
          d.store.tx(() => {
            cs.loteEnded(lote.id, 'lost', now());
            box.loteInDoubt(lote.id, now(), 'MH no dio el resultado del lote');
          });
        }
        continue;
      }
      // A slice of the results per transaction, a turn between: a hundred status moves at once held the counter
      // for a twentieth of a second (decision 0046). Each verdict is atomic with its queue row and the lote ends
      // last, so a stop between slices leaves the lote to be asked about again, and a verdict twice moves nothing.
      for (let k = 0; k < items.length; k += RESULTS_PER_TX) {
        if (k > 0) await turn();
        alive();
        const changed = d.store.tx(() => recordLoteResults(box, items.slice(k, k + RESULTS_PER_TX), now()));
        for (const [id, status] of changed) emit(id, status);
      }
      d.store.tx(() => {
        // Documents missing from both lists: MH finished the lote without them, so each is asked about.
        box.loteInDoubt(lote.id, now(), 'ausente del resultado del lote');
        cs.loteEnded(lote.id, 'done', now());
      });
    }
    cs.closeFinished(now());
  }

  /**
   * When each submitted lote was last asked about (its sending, before the first question), and since when it
   * waits; in memory. Neither is ever later than now: a lote sent, or asked about, while the clock ran ahead is
   * asked about one poll after the clock is put back, and given up on half an hour after, not a day later.
   */
  const polled = new Map<string, number>();
  const waiting = new Map<string, number>();
  const notAhead = (m: Map<string, number>, lote: { id: string; submitted_at: string }) => {
    const v = Math.min(m.get(lote.id) ?? Date.parse(lote.submitted_at), now().getTime());
    m.set(lote.id, v);
    return v;
  };
  const nextPoll = (lote: { id: string; submitted_at: string }) => notAhead(polled, lote) + lotePollMs;

  /** A probe's moment, unless a clock since put back set it (days) ahead: then it is due now (decision 0028). */
  const probeAt = (p: { readonly nextProbeAt: number }) => dueByNow(p.nextProbeAt, now().getTime());

  /** MH refused the credentials: one login on the backoff says whether they work again. */
  async function probeCredentials(client: MhClient): Promise<boolean> {
    if (!refused) return true;
    if (now().getTime() < probeAt(refused)) return false;
    const v = await client.verifyLogin();
    alive();
    if (v.result === 'ok') {
      d.logger.info('mh credentials accepted again');
      refused = null;
      contact();
      return true;
    }
    refused = {
      message: v.result === 'rejected' ? refusedMessage(v.message) : refused.message,
      probes: refused.probes + 1,
      nextProbeAt: later(backoffMs(refused.probes + 1, d.random)).getTime(),
    };
    return false;
  }

  const refusedMessage = (m: string | null) =>
    `MH rechazó las credenciales de la API (${m ?? 'sin detalle'}). Escriba la contraseña vigente en Ajustes → Editar datos de la estación.`;

  async function run(): Promise<number> {
    try {
      const client = d.client();
      if (!client || stopped) return 0;
      // No login with a password that is not there: the sync screen asks for it, Ajustes wakes the engine.
      if (d.passwordNeeded?.()) return 0;
      // MH refuses the certificate: nothing goes (not even a login) before the next probe.
      const r = refusal();
      if (r && now().getTime() < probeAt(r)) return 0;
      if (!(await probeCredentials(client))) return 0;
      if (cs.open() && !(await probeAndEnd(client))) return 0;
      await recover(client);
      const processed = await sendDocuments(client);
      if (!cs.open() && d.invalidations && d.invalidations.pending() > 0) {
        const unreached = await d.invalidations.send(client);
        alive();
        if (unreached?.login) throw new MhLoginError(unreached.reason);
        if (unreached) trouble(unreached.reason, unreached.exchange, unreached.exchange?.kind === 'unreachable');
        else contact();
      }
      // Documents of an event may have been settled one by one (asked about) rather than by a lote.
      cs.closeFinished(now());
      return processed;
    } catch (e) {
      if (e instanceof Stopped || stopped) return 0;
      // Not an outage either: no contingency, no attempt spent; the alert says what to do.
      if (e instanceof CertificateRefused) return 0;
      if (e instanceof MhLoginError) {
        // Not an outage: no contingency, no attempt spent; the sync screen asks for the new password.
        d.logger.warn('mh refused the credentials', { detail: e.message });
        refused = {
          message: refusedMessage(e.message.replace(/^MH rechazó las credenciales: /, '')),
          probes: refused?.probes ?? 0,
          nextProbeAt: later(backoffMs(refused?.probes ?? 0, d.random)).getTime(),
        };
        return 0;
      }
      // The file replaced under the station: said once by its own alert (store/replaced-alert.ts), not at every run.
      if (e instanceof StoreReplacedError) {
        lastError = e.message;
        return 0;
      }
      errorCount += 1;
      lastError = `error inesperado: ${e instanceof Error ? e.message : String(e)}`;
      failures += 1;
      // A full disk is one line, not a stack (store/out-of-space.ts); anything else keeps its stack.
      logFailure(d.logger, 'sync run failed', e);
      return 0;
    }
  }

  function schedule(): void {
    if (stopped || d.manual) return;
    if (timer) timers.clear(timer);
    timer = null;
    const at = nextWake();
    if (at !== null) timer = timers.set(() => void loop(), at - now().getTime());
  }

  /** The earliest moment the engine has something it can do; null when it can only wait to be woken. */
  function nextWake(): number | null {
    if (!d.client() || d.passwordNeeded?.()) return null;
    // Refused credentials: only the next login probe; a refused certificate: only the next probe document.
    if (refused) return probeAt(refused);
    // While MH fails, nothing is tried again before the backoff (capped at one minute; MH asks for 15).
    const backoffAt = failures > 0 ? nextTry().getTime() : 0;
    // A probe MH could not be reached for waits on the outage's backoff too, not only on the refusal's.
    const r = refusal();
    if (r) {
      // A probe goes when it is due and there is a document to probe with; with none (the rest wait in a lote
      // MH took), the lotes' polls and the other work below set the time, never a probe moment already past.
      const probeWith = box.nextDue(now());
      if (probeAt(r) > now().getTime() || (probeWith && probeWith.getTime() <= now().getTime())) return Math.max(probeAt(r), backoffAt);
    }
    if (cs.open()) return backoffAt || now().getTime();
    const candidates: number[] = [];
    const due = box.nextDue(now());
    if (due) candidates.push(due.getTime());
    for (const lote of cs.submittedLotes()) candidates.push(nextPoll(lote));
    for (const e of cs.active()) {
      // An unsigned ended event is a cese's chunk; with none open, the next run signs it, if it has the key to.
      const sendable = e.status === 'ended' && (e.jws !== null || d.signingKey() !== null);
      if (sendable || (e.status === 'sealed' && cs.unsent(e.id, 1).length > 0)) candidates.push(now().getTime());
      if (e.status === 'rejected')
        candidates.push(e.next_attempt_at ? dueByNow(Date.parse(e.next_attempt_at), now().getTime()) : now().getTime());
    }
    if (d.invalidations && d.invalidations.pending() > 0)
      candidates.push(later(backoffMs(failures, d.random, 1000, 60_000, 1000)).getTime());
    return candidates.length ? Math.max(Math.min(...candidates), backoffAt) : null;
  }

  const flight = singleFlight(run, {
    stopped: () => stopped,
    after: () => {
      if (stopped) return;
      try {
        schedule();
        push();
      } catch (e) {
        // Scheduling reads the store; a fault here must not leave the engine asleep for good.
        logFailure(d.logger, 'sync schedule failed', e);
        timer = timers.set(() => void loop(), 60_000);
      }
    },
  });
  function loop(): Promise<number> {
    return flight.run();
  }
  /** Each worker woken if what it reads moved since it last was; the sync state to the UI, if it changed. */
  function push() {
    for (const w of watchers) {
      const seen = w.mark();
      if (seen === w.seen) continue;
      w.seen = seen;
      w.wake();
    }
    // Nobody listens: the next listener gets the state whatever was pushed before (the host detaches when none).
    if (events.listenerCount('event') === 0) {
      lastPushed = '';
      return;
    }
    const status = api.status();
    const json = JSON.stringify(status);
    if (json === lastPushed) return;
    lastPushed = json;
    events.emit('event', { type: 'sync', status } satisfies SelloEvent);
  }

  function summaries(): ContingencySummary[] {
    const t = now().getTime();
    const events = cs.active();
    const open = events.find((e) => e.status === 'open');
    // A chunk the cese is filling (ended, unsigned, the open event's start) is still the open contingency's until it
    // is signed: a stop mid-cese during a new outage must not show an event ended, nor its 24 hours running.
    const filling = events.filter((e) => open && e.status === 'ended' && !e.jws && e.started_at === open.started_at);
    const inFilling = filling.reduce((n, e) => n + countOfEvent(d.store, e.id), 0);
    return events
      .filter((e) => !filling.includes(e))
      .map((e) => {
        const documents = countOfEvent(d.store, e.id) + (e === open ? inFilling : 0);
        const eventDeadline =
          e.ended_at && (e.status === 'ended' || e.status === 'rejected') ? new Date(e.ended_at).getTime() + EVENT_DEADLINE_MS : null;
        const documentsDeadline = e.sealed_at ? new Date(e.sealed_at).getTime() + DOCUMENTS_DEADLINE_MS : null;
        const closest = [eventDeadline, documentsDeadline].filter((x): x is number => x !== null);
        const left = closest.length ? Math.min(...closest) - t : null;
        return {
          id: e.id,
          type: e.type,
          status: e.status,
          startedAt: isoLocal(new Date(e.started_at)),
          endedAt: e.ended_at ? isoLocal(new Date(e.ended_at)) : null,
          documents,
          eventDeadline: e.ended_at ? isoLocal(new Date(new Date(e.ended_at).getTime() + EVENT_DEADLINE_MS)) : null,
          documentsDeadline: documentsDeadline === null ? null : isoLocal(new Date(documentsDeadline)),
          deadline: left === null ? null : left <= 0 ? 'overdue' : left < DEADLINE_WARNING_MS ? 'warning' : 'ok',
          attempts: e.attempts,
          rejection: e.status === 'rejected' && e.mh_response ? rejectionOf(e.mh_response) : null,
        };
      });
  }

  const api: SyncEngine = {
    wake() {
      if (!stopped && !d.manual) void loop();
    },
    retryNow() {
      if (refused) refused = { ...refused, nextProbeAt: 0 };
      if (certRefused) certRefused = { ...certRefused, nextProbeAt: 0 };
      api.wake();
    },
    runOnce: () => loop(),
    status() {
      // A file replaced under the station may fail any read: the status still answers, its alert saying what to do.
      const readOr = <T>(fn: () => T, fallback: T): T => {
        try {
          return fn();
        } catch (e) {
          if (d.store.replaced() === null) throw e;
          return fallback;
        }
      };
      const c = readOr(() => box.liveCounts(), {});
      const contingencies = readOr(() => summaries(), []);
      const overdue: OverdueDocument[] = readOr(() => cs.overdue(now()), []).map((r) => ({
        id: r.id,
        type: r.kind as DteKind,
        controlNumber: r.control_number,
        deadline: isoLocal(new Date(new Date(r.sealed_at ?? 0).getTime() + DOCUMENTS_DEADLINE_MS)),
      }));
      const needed = d.passwordNeeded?.() ?? null;
      const certificate = refusal();
      return {
        state:
          d.client() === null
            ? 'unconfigured'
            : needed || refused
              ? 'credentials'
              : certificate
                ? 'certificate'
                : contingencies.length
                  ? 'contingency'
                  : connectivity,
        queue: {
          pending: c.pending ?? 0,
          sending: c.sending ?? 0,
          unknown: c.unknown ?? 0,
          done: settled(),
          failed: c.failed ?? 0,
          invalidations: readOr(() => d.invalidations?.pending() ?? 0, 0),
        },
        lastContactAt,
        lastError: needed ?? (refused ? refused.message : certificate ? refusalText(certificate) : lastError),
        errors: errorCount,
        contingencies,
        overdue,
        deliveries: d.deliveries?.() ?? { pending: 0, sending: 0, sent: 0, failed: 0, waiting: null },
        normative: normativeStatus(d.station().mhNormative, now()),
        hub: d.hub?.() ?? { configured: false, lastReachedAt: null, waiting: 0, refused: 0, lastRefusal: null, lastError: null },
        alerts: [...(certificate ? [refusalAlert(certificate)] : []), ...(d.alerts?.() ?? [])],
        ...(d.invalidationsInDoubt ? { invalidationsInDoubt: readOr(d.invalidationsInDoubt, []) } : {}),
        documentsNeedingPerson: readOr(
          () => [...pastTheCap(d.store), ...heldByMh(d.store).map((x) => ({ ...x, canSendAgain: false }))],
          [],
        ),
      };
    },
    sendAgain(documentId: string, actor: string): void {
      // Only a document past the cap on sends, on a supervisor's word after checking MH's lookup (send-cap.ts).
      const ok = d.store.tx(() => {
        if (!box.allowSends(documentId, now())) return false;
        audit(d.store, isoLocal(now()), actor, 'dte.send_again', documentId, {});
        return true;
      });
      if (!ok) throw new CoreError('STATION_CONFLICT', 'Este documento no espera a un supervisor: Sello lo envía o lo consulta solo.');
      d.logger.info('document allowed to be sent again', { id: documentId, by: actor });
      api.wake();
    },
    publish() {
      if (stopped) return;
      try {
        push();
      } catch (e) {
        d.logger.error('sync status push failed', { error: e instanceof Error ? e.stack : String(e) });
      }
    },
    waitForDocument(given, ms) {
      // Pushes carry the stored (lower-case) id; a client may ask in either case.
      const id = given.toLowerCase();
      return new Promise((resolve) => {
        const t = timers.set(done, ms);
        function done() {
          timers.clear(t);
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
    onActivity(mark, wake) {
      const w = { mark, wake, seen: mark() };
      watchers.add(w);
      return () => watchers.delete(w);
    },
    stop() {
      stopped = true;
      if (timer) timers.clear(timer);
    },
  };
  return api;
}

/** A list in MH's answer, or none when the field is missing or not a list; its items are still unread. */
function listOf(v: unknown): readonly unknown[] {
  return Array.isArray(v) ? v : [];
}

/** MH's words when it refused an event, for the sync screen. */
function rejectionOf(response: string): string | null {
  try {
    const b = JSON.parse(response) as { mensaje?: unknown; descripcionMsg?: unknown; observaciones?: unknown };
    const words = [b.mensaje ?? b.descripcionMsg, ...listOf(b.observaciones)].filter(
      (x): x is string => typeof x === 'string' && x.length > 0,
    );
    return words.length ? words.join(' · ') : null;
  } catch {
    return null;
  }
}
