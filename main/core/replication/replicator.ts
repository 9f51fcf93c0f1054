// The replicator (issue 18, docs/decisions/0016-head-office-hub.md "Replication"): sends the station's documents
// to the head office hub, off the request path. A single-flight loop on its own timer, woken by new documents and
// the sync engine's status moves, reads the replication queue (queue.ts) in order, posts up to 500 current
// document snapshots to `POST /hub/v1/documents` and deletes what the hub acknowledged. The hub is idempotent, so a
// batch sent twice (an answer lost) is harmless. On any failure it backs off (250 ms floor, 60 s cap) and resumes
// where it was; it never holds a transaction across the network, so issuing and MH's sync never wait for it.
// The token is sent only in Authorization and never logged or shown.
import type { StationHeartbeat } from '../../../shared/hub';
import type { HubReplicationStatus, StationAlert } from '../../../shared/records';
import { isoLocal, type Clock } from '../clock';
import type { Logger } from '../logger';
import { singleFlight } from '../single-flight';
import type { HubTarget } from '../station/station-repo';
import type { Store } from '../store/database';
import { logFailure } from '../store/out-of-space';
import { backoffMs } from '../sync/backoff';
import { realTimers, type TimerHandle, type Timers } from '../timers';
import { replicationQueue } from './queue';
import { documentSnapshots, recordSnapshots } from './snapshots';

/** The hub's limit per request (main/hub/ingest-document.ts MAX_BATCH). */
export const REPLICATION_BATCH = 500;
const FLOOR_MS = 250;
const CAP_MS = 60_000;
/** With nothing waiting, the queue is looked at again this often (a wake-up normally comes first). */
const IDLE_MS = 15_000;
/** With a hub and nothing waiting, the station still reports this often: the head office sees it alive. */
export const HEARTBEAT_MS = 60_000;
/** A parked entity the hub refused for a reason a person can cure is sent again at most this often (30 min). */
export const CURABLE_RETRY_MS = 30 * 60_000;
/** The hub's refusals (main/hub/refusal.ts) that change when a person acts there, not when the station does. */
export const CURABLE_REASONS = ['BAD_SIGNATURE', 'DOCUMENT_UNKNOWN', 'ISSUER_MISMATCH', 'POINT_NOT_BOUND'] as const;
/** The hub's words for those reasons (main/hub/verify-document.ts), in what was parked before the reason was kept. */
const CURABLE_WORDS = ['la firma no se verifica con ningún certificado', 'no es de este token', 'el emisor no es la empresa registrada'];
/** Reports closer than this are skipped unless MH's connectivity changed (a busy counter passes many times a second). */
const HEARTBEAT_MIN_MS = 5_000;
const LAST_REACHED_KEY = 'replication.lastReachedAt';
/** The hub unreachable or refusing this long is said aloud (docs/decisions/0070-station-faults-said-aloud.md). */
export const HUB_UNREACHABLE_ALERT_MS = 15 * 60_000;

export interface ReplicatorDeps {
  readonly store: Store;
  readonly clock: Clock;
  readonly logger: Logger;
  readonly fetch: typeof fetch;
  /** The hub and this station's token, read on every pass (null: not configured, nothing is sent). */
  readonly hub: () => HubTarget | null;
  /** A uniform number in [0, 1) for the backoff's jitter. */
  readonly random: () => number;
  readonly timers?: Timers;
  readonly timeoutMs?: number;
  readonly batch?: number;
  /** The station's report (snapshots.ts stationHeartbeat), sent when the queue is empty; none without it. */
  readonly heartbeat?: () => StationHeartbeat;
  /** Only runOnce() sends: for tests that stage a situation step by step. */
  readonly manual?: boolean;
  /** How long the hub may fail before the `hub_unreachable` alert (HUB_UNREACHABLE_ALERT_MS unless given). */
  readonly unreachableAlertMs?: number;
  /** The alert may have changed: push the status to the screens. */
  readonly changed?: () => void;
  /** A write failed for lack of space: the disk watch raises `disk_low` at once (store/disk-space.ts). */
  readonly diskFull?: () => void;
}

export interface Replicator {
  /** Something was queued: send soon (not before a backoff under way). */
  wake(): void;
  /** One pass now, until the queue is empty or the hub fails; resolves with the documents acknowledged. Never rejects. */
  runOnce(): Promise<number>;
  status(): HubReplicationStatus;
  /**
   * Moves whenever something is queued for the hub or acknowledged by it (the sync engine's `onActivity`). The
   * queue's newest seq alone does not: a queue the hub emptied numbers its next changes from 1 again.
   */
  mark(): string;
  /** The hub setting changed (Ajustes): the old hub's failures and backoff are forgotten, and a pass starts now. */
  hubChanged(): void;
  /** `hub_unreachable` while the configured hub has not answered for the threshold; none once it answers. */
  alerts(): StationAlert[];
  stop(): void;
}

/** `permanent`: the hub refused what was sent (400, 403, 409, 413, 422): sending it again changes nothing. */
/** `retryAfterMs`: the hub's Retry-After (a 503 while its database restarts, a 429): not asked again sooner. */
type Answer = { ok: true } | { ok: false; error: string; permanent?: boolean; retryAfterMs?: number };

/** Retry-After in seconds or as an HTTP date (RFC 9110 10.2.3), in ms from `now`; undefined when absent or unreadable. */
export function retryAfterMs(header: string | null, now: Date): number | undefined {
  if (!header) return undefined;
  const trimmed = header.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  // An HTTP date names its day ("Thu, 26 Nov 2026 15:00:30 GMT"); Date.parse alone would read '-3' as a year.
  const at = /^[A-Za-z]{3}, /.test(trimmed) ? Date.parse(trimmed) : NaN;
  return Number.isNaN(at) ? undefined : Math.max(0, at - now.getTime());
}

/** A 404 is an older hub without the route (wait for it to be updated), not a refusal of what was sent. */
const PERMANENT = new Set([400, 403, 409, 413, 422]);

export function createReplicator(d: ReplicatorDeps): Replicator {
  const timers = d.timers ?? realTimers;
  const queue = replicationQueue(d.store);
  const batch = Math.min(d.batch ?? REPLICATION_BATCH, REPLICATION_BATCH);
  const timeoutMs = d.timeoutMs ?? 30_000;
  const settings = {
    get: () => d.store.one(d.store.q.selectFrom('settings').select('value').where('key', '=', LAST_REACHED_KEY))?.value ?? null,
  };
  let failures = 0;
  /** Changes the hub acknowledged since the start: with the queue's newest seq, the replication's mark. */
  let acknowledged = 0;
  let lastBeat: { at: number; state: string | null } = { at: -Infinity, state: null };
  let retryAt = 0;
  let lastError: string | null = null;
  /** When the hub first failed in the current run of failures (local ms); null once it answers. */
  let failingSince: number | null = null;
  let alerted = false;
  let stopped = false;
  let timer: TimerHandle | null = null;
  const inFlight = new Set<AbortController>();

  async function post(hub: HubTarget, method: 'POST' | 'PUT', path: string, body: string): Promise<Answer> {
    const ac = new AbortController();
    inFlight.add(ac);
    const timeout = timers.set(() => ac.abort(), timeoutMs);
    try {
      const res = await d.fetch(new URL(path, hub.url), {
        method,
        redirect: 'manual',
        signal: ac.signal,
        headers: { 'content-type': 'application/json', authorization: `Bearer ${hub.token}` },
        body,
      });
      const text = await res.text().catch(() => '');
      if (res.ok) return { ok: true };
      let detail = '';
      try {
        const problem = JSON.parse(text) as { detail?: unknown; reason?: unknown };
        if (typeof problem.detail === 'string') detail = problem.detail;
        // The hub's reason (main/hub/refusal.ts) is kept in the parked error: a curable one is tried again.
        if (typeof problem.reason === 'string' && /^[A-Z_]{3,40}$/.test(problem.reason)) detail = `[${problem.reason}] ${detail}`;
      } catch {
        detail = '';
      }
      const wait = retryAfterMs(res.headers.get('retry-after'), d.clock.now());
      return {
        ok: false,
        error: `el hub respondió ${res.status}${detail ? `: ${detail}` : ''}`.slice(0, 300),
        permanent: PERMANENT.has(res.status),
        ...(wait === undefined ? {} : { retryAfterMs: wait }),
      };
    } catch (e) {
      if (ac.signal.aborted) return { ok: false, error: stopped ? 'detenido' : `sin respuesta en ${Math.round(timeoutMs / 1000)} s` };
      const cause = e instanceof Error && e.cause instanceof Error ? e.cause.message : null;
      return { ok: false, error: `sin conexión con el hub: ${cause ?? (e instanceof Error ? e.message : String(e))}`.slice(0, 300) };
    } finally {
      timers.clear(timeout);
      inFlight.delete(ac);
    }
  }

  function failed(error: string, waiting: number, hubWaitMs = 0): void {
    failures += 1;
    lastError = error;
    failingSince ??= d.clock.now().getTime();
    pushIfMoved();
    // The hub's own Retry-After when longer than the backoff, within the same cap.
    const wait = Math.min(CAP_MS, Math.max(backoffMs(failures, d.random, 500, CAP_MS, FLOOR_MS), hubWaitMs));
    retryAt = d.clock.now().getTime() + wait;
    d.logger.warn('hub replication failed', { error, waiting, failures, waitMs: wait });
  }

  /** The station's report, once the queue is empty: at most every few seconds unless MH's state moved. */
  async function beat(hub: HubTarget): Promise<Answer> {
    if (!d.heartbeat) return { ok: true };
    const report = d.heartbeat();
    const now = d.clock.now().getTime();
    // What the hub raises alerts on: MH's state and the signing certificate (a renewed one goes at once).
    const state = `${report.sync.state} ${report.certificate?.fingerprint ?? ''}`;
    if (state === lastBeat.state && now - lastBeat.at < HEARTBEAT_MIN_MS) return { ok: true };
    const answer = await post(hub, 'PUT', '/hub/v1/heartbeat', JSON.stringify(report));
    if (answer.ok) {
      lastBeat = { at: now, state };
      writeLastReached();
      answered();
    }
    return answer;
  }

  function writeLastReached(): void {
    const at = isoLocal(d.clock.now());
    d.store.run(
      d.store.q
        .insertInto('settings')
        .values({ key: LAST_REACHED_KEY, value: at })
        .onConflict((oc) => oc.column('key').doUpdateSet({ value: at })),
    );
  }

  /** The hub answered (a batch or a report taken): its outage, if any, is over. */
  function answered(): void {
    failingSince = null;
    pushIfMoved();
  }

  function alerts(): StationAlert[] {
    if (failingSince === null || d.hub() === null) return [];
    if (d.clock.now().getTime() - failingSince < (d.unreachableAlertMs ?? HUB_UNREACHABLE_ALERT_MS)) return [];
    const minutes = Math.max(1, Math.round((d.clock.now().getTime() - failingSince) / 60_000));
    return [
      {
        code: 'hub_unreachable',
        level: 'warning',
        message: `La oficina central (hub) no recibe los datos de esta estación desde hace ${minutes} min: ${lastError ?? 'sin respuesta'}.`,
        action:
          'Los documentos se siguen emitiendo y enviando a MH; quedan guardados para la oficina central. Revise la conexión a internet ' +
          'y la dirección y el token del hub en Ajustes; si el hub está caído, avise a la oficina central.',
        since: isoLocal(new Date(failingSince)),
      },
    ];
  }

  /** The alert appears or goes: the screens hear it at once (the message's minutes alone do not push). */
  function pushIfMoved(): void {
    const now = alerts().length > 0;
    if (now === alerted) return;
    alerted = now;
    d.changed?.();
  }

  /** When the parked entities a person can cure were last given another chance (at the start: now). */
  let curableTriedAt = -Infinity;

  async function pass(): Promise<number> {
    let sent = 0;
    // Refusals a person cures at the hub (a certificate uploaded, a token's points, the company's name, a document
    // that had not arrived) are sent again at the start and then at most every CURABLE_RETRY_MS (decision 0063):
    // never in a loop, and never the ones sending again cannot change.
    if (d.clock.now().getTime() - curableTriedAt >= CURABLE_RETRY_MS) {
      curableTriedAt = d.clock.now().getTime();
      const retried = queue.unparkCurable(CURABLE_REASONS, CURABLE_WORDS);
      if (retried > 0) d.logger.info('hub refusals a person can cure sent again', { entities: retried });
    }
    // A pass woken during a backoff (a document issued while the hub is away) waits for the timer set then.
    if (!d.manual && failures > 0 && d.clock.now().getTime() < retryAt) return 0;
    // Halved while the hub refuses a batch for good, down to the one entity it refuses, which is parked.
    let size = batch;
    try {
      while (!stopped) {
        const hub = d.hub();
        if (!hub) return sent;
        const changes = queue.head(size);
        if (changes.length === 0) {
          const answer = await beat(hub);
          if (!answer.ok) failed(answer.error, 0, answer.retryAfterMs);
          return sent;
        }
        const documents = documentSnapshots(
          d.store,
          changes.filter((c) => c.entity === 'document').map((c) => c.ref),
        );
        const records = recordSnapshots(d.store, changes);
        // Documents first: a record (an invalidation, a delivery) never reaches the hub before its document.
        let answer: Answer = { ok: true };
        if (documents.length) answer = await post(hub, 'POST', '/hub/v1/documents', JSON.stringify({ documents }));
        if (answer.ok && records.length) answer = await post(hub, 'POST', '/hub/v1/records', JSON.stringify({ records }));
        if (!answer.ok && answer.permanent) {
          if (changes.length > 1) {
            size = Math.ceil(changes.length / 2);
            continue;
          }
          const [refused] = changes;
          queue.park(refused!, answer.error, isoLocal(d.clock.now()));
          d.logger.warn('hub refused a record; set aside', { entity: refused!.entity, ref: refused!.ref, error: answer.error });
          size = batch;
          continue;
        }
        if (!answer.ok) {
          failed(answer.error, changes.length, answer.retryAfterMs);
          return sent;
        }
        d.store.tx(() => {
          queue.acknowledged(changes);
          writeLastReached();
        });
        acknowledged += changes.length;
        answered();
        failures = 0;
        retryAt = 0;
        lastError = null;
        sent += documents.length + records.length;
      }
    } catch (e) {
      failures += 1;
      lastError = `error inesperado: ${e instanceof Error ? e.message : String(e)}`;
      retryAt = d.clock.now().getTime() + backoffMs(failures, d.random, 500, CAP_MS, FLOOR_MS);
      logFailure(d.logger, 'hub replication run failed', e, d.diskFull);
    }
    return sent;
  }

  function schedule(): void {
    if (stopped || d.manual) return;
    if (timer) timers.clear(timer);
    timer = null;
    // Without a hub, or with nothing waiting, there is nothing to look at: a change or a start wakes it. An idle
    // station must not wake every few seconds for nothing (the sync simulation counts idle wake-ups).
    if (failures === 0 && d.hub() === null) return;
    // Parked rows wait for a change of their own, not for a timer.
    const idle = failures === 0 && queue.ready() === 0;
    if (idle && !d.heartbeat) return;
    const wait = failures > 0 ? Math.max(0, retryAt - d.clock.now().getTime()) : idle ? HEARTBEAT_MS : IDLE_MS;
    timer = timers.set(() => void flight.run(), wait);
  }

  const flight = singleFlight(pass, {
    stopped: () => stopped,
    after: () => {
      try {
        schedule();
      } catch (e) {
        logFailure(d.logger, 'hub replication schedule failed', e, d.diskFull);
      }
    },
  });

  return {
    wake() {
      if (stopped || d.manual) return;
      // A failing hub is not asked again before its backoff: the timer set then comes.
      if (failures > 0 && d.clock.now().getTime() < retryAt) return;
      void flight.run();
    },
    runOnce: () => flight.run(),
    alerts,
    mark: () => `${queue.lastSeq()}|${acknowledged}`,
    status() {
      const parked = queue.parked();
      return {
        configured: d.hub() !== null,
        lastReachedAt: settings.get(),
        waiting: queue.ready(),
        refused: parked.count,
        lastRefusal: parked.lastError,
        ...(parked.count > 0 ? { refusals: queue.parkedList(20) } : {}),
        lastError,
      };
    },
    hubChanged() {
      // The last contact was with the hub set before: the new one has not answered yet.
      d.store.run(d.store.q.deleteFrom('settings').where('key', '=', LAST_REACHED_KEY));
      failures = 0;
      retryAt = 0;
      lastError = null;
      failingSince = null;
      pushIfMoved();
      lastBeat = { at: -Infinity, state: null };
      if (stopped || d.manual) return;
      void flight.run();
    },
    stop() {
      stopped = true;
      if (timer) timers.clear(timer);
      timer = null;
      for (const ac of inFlight) ac.abort();
    },
  };
}
