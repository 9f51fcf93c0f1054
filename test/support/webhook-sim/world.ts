// The webhook sender's deterministic simulation (docs/decisions/0011-webhooks.md), in the style of the sync
// engine's (test/support/sync-sim/): the real core (sender, SQLite in a temp dir) on a virtual clock and virtual
// timers, its fetch a network that holds every POST until a seeded scheduler delivers it to one of three
// receivers under its weather (up, 500, away, slow past the timeout, 410 Gone rarely). The scheduler interleaves
// documents and their status moves (written by a second connection, as MH's answers are by the engine), sends,
// timers, "send again" and crashes (the core thrown away and rebuilt from its database; requests in flight reach
// the receiver or not, their answers are lost). Then the weather clears and everything drains; the invariants
// are checked on what each receiver saw.
import { AUDIT_KEY_SETTING, openChainKey } from '../../../main/core/audit-key';
import { stationSecretBox } from '../../../main/core/station/former-secrets';
import { settingsRepo } from '../../../main/core/store/settings-repo';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createCore, type Core } from '../../../main/core/create-core';
import { documentEvents } from '../../../main/core/dte/document-events';
import { moveStatus } from '../../../main/core/dte/status';
import { isoLocal } from '../../../main/core/clock';
import type { Logger } from '../../../main/core/logger';
import { openStore, type Store } from '../../../main/core/store/database';
import type { WebhookEvent } from '../../../shared/webhooks';
import { fcBody } from '../../fixtures/bodies';
import { prng, type Prng } from '../sync-sim/prng';
import { virtualTime, type VirtualTime } from '../sync-sim/virtual-time';
import { settle } from '../sync-sim/world';
import { verifySignature } from '../webhook-receiver';

const START = '2026-11-22T14:00:00Z';
const TIMEOUT_MS = 10_000;

type Weather = 'up' | 'error' | 'down' | 'slow' | 'gone';

interface Held {
  readonly n: number;
  readonly endpoint: number;
  readonly body: string;
  readonly signature: string;
  readonly resolve: (r: Response) => void;
  readonly reject: (e: unknown) => void;
  settled: boolean;
}

/** What a receiver saw: each request, and its answer (0: none reached the station). */
interface Seen {
  readonly step: number;
  readonly deliveryId: string;
  readonly documentId: string;
  readonly event: WebhookEvent;
  readonly status: number;
  readonly verified: boolean;
}

export interface WebhookSimFixture {
  copy(): { dir: string; cleanup(): void };
  cleanup(): void;
}

/** One demo station (its certificate generated once), copied per seed. */
export function webhookSimFixture(): WebhookSimFixture {
  const root = mkdtempSync(join(existsSync('/dev/shm') ? '/dev/shm' : tmpdir(), 'sello-whsim-'));
  const template = join(root, 'template');
  createCore({ dataDir: template, backups: { everyMs: 0 }, sync: { manual: true }, webhooks: { manual: true } }).close();
  let n = 0;
  return {
    copy() {
      const dir = join(root, `seed-${++n}`);
      cpSync(template, dir, { recursive: true, filter: (src) => !src.endsWith('sello.lock') && !src.includes('backups') });
      return { dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
    },
    cleanup: () => rmSync(root, { recursive: true, force: true }),
  };
}

export interface WebhookSeedResult {
  readonly trace: string[];
  readonly violations: string[];
  readonly stats: {
    documents: number;
    events: number;
    requests: number;
    crashes: number;
    gone: number;
    timers: number;
    virtualMinutes: number;
  };
}

/** The three receivers: what each subscribes to. */
const SUBSCRIPTIONS: readonly (readonly WebhookEvent[])[] = [
  ['dte.created', 'dte.approved', 'dte.rejected', 'dte.invalidated', 'invalidation.rejected'],
  ['dte.approved', 'dte.invalidated'],
  ['dte.created', 'dte.rejected', 'invalidation.rejected'],
];

export async function runWebhookSeed(fx: WebhookSimFixture, seed: number, options: { steps?: number } = {}): Promise<WebhookSeedResult> {
  const rng: Prng = prng(seed);
  const stationRandom = prng(seed ^ 0x5e110);
  const jitter = prng(seed ^ 0x1177);
  const vt: VirtualTime = virtualTime(START);
  const trace: string[] = [];
  const violations: string[] = [];
  const note = (s: string) => trace.push(`${new Date(vt.nowMs()).toISOString().slice(11, 19)} ${s}`);
  const data = fx.copy();
  const errors: string[] = [];
  const logger: Logger = {
    info() {},
    warn() {},
    error: (message, fields) => errors.push(`${message} ${JSON.stringify(fields ?? {}).slice(0, 300)}`),
  };

  // The network: POSTs held until the scheduler delivers them.
  const urls = SUBSCRIPTIONS.map((_, i) => `http://receiver-${i}.sim/hooks`);
  const secrets = SUBSCRIPTIONS.map(() => `whsec_${rng.bytes(18).toString('base64url')}`);
  const weather: Weather[] = SUBSCRIPTIONS.map(() => 'up');
  const seen: Seen[][] = SUBSCRIPTIONS.map(() => []);
  /** Whether a 410 from each receiver ever reached the station. */
  const saidGone: boolean[] = SUBSCRIPTIONS.map(() => false);
  let held: Held[] = [];
  let requests = 0;
  let step = 0;

  // The sender posts a string URL and a string body (webhooks/sender.ts).
  const fetchFn = (url: string, init?: RequestInit): Promise<Response> =>
    new Promise<Response>((resolve, reject) => {
      const endpoint = urls.indexOf(url);
      const headers = new Headers(init?.headers);
      const h: Held = {
        n: ++requests,
        endpoint,
        body: typeof init?.body === 'string' ? init.body : '',
        signature: headers.get('x-sello-signature') ?? '',
        resolve,
        reject,
        settled: false,
      };
      if (endpoint < 0) violations.push(`a POST to an address never registered: ${url}`);
      else if (!activeInDb(endpoint)) violations.push(`receiver ${endpoint} got a POST after its endpoint was disabled`);
      held.push(h);
      init?.signal?.addEventListener('abort', () => {
        held = held.filter((x) => x !== h);
        if (!h.settled) {
          h.settled = true;
          reject(new DOMException('aborted', 'AbortError'));
        }
      });
    });

  /** The receiver processes a request under its weather; whether the answer reaches the station is `answered`. */
  function receive(h: Held, answered: boolean): string {
    held = held.filter((x) => x !== h);
    const w = weather[h.endpoint]!;
    const body = JSON.parse(h.body) as { deliveryId: string; event: WebhookEvent; data: { id: string } };
    if (w === 'down') {
      if (answered && !h.settled) {
        h.settled = true;
        h.reject(new TypeError('fetch failed', { cause: new Error('connect ECONNREFUSED') }));
      }
      return `#${h.n}→${h.endpoint} refused`;
    }
    const status = w === 'up' ? 200 : w === 'error' ? 500 : w === 'gone' ? 410 : 200;
    const reaches = answered && w !== 'slow';
    seen[h.endpoint]!.push({
      step,
      deliveryId: body.deliveryId,
      documentId: body.data.id,
      event: body.event,
      status: reaches ? status : 0,
      verified: verifySignature(secrets[h.endpoint]!, h.signature, h.body, Math.floor(vt.nowMs() / 1000)),
    });
    if (reaches && !h.settled) {
      h.settled = true;
      h.resolve(new Response(null, { status }));
      if (status === 410) saidGone[h.endpoint] = true;
    }
    return `#${h.n}→${h.endpoint} ${body.event} ${body.data.id.slice(-4)} ${w}${reaches ? ` ${status}` : ' (answer lost)'}`;
  }

  // MH's answers, as the engine records them: a second connection moving statuses (writing the events with them).
  const feedStore: Store = openStore(join(data.dir, 'sello.db'), { integrityChecked: true });
  const open = (): Core =>
    createCore({
      dataDir: data.dir,
      clock: vt.clock,
      random: (n) => stationRandom.bytes(n),
      fetch: (url, init) => fetchFn(typeof url === 'string' ? url : url instanceof URL ? url.href : url.url, init),
      logger,
      backups: { everyMs: 0 },
      sync: { manual: true, timers: vt.timers },
      webhooks: { timers: vt.timers, jitter: () => jitter.next(), timeoutMs: TIMEOUT_MS, idleCheckMs: 10 * 60_000 },
    });

  const activeInDb = (r: number): boolean =>
    (feedStore.sqlite.prepare('SELECT active FROM webhook_endpoints WHERE url = ?').get(urls[r]) as { active: number } | undefined)
      ?.active === 1;

  let core = open();
  // The feed's connection writes audit entries too (status moves): keyed with the station's chain key, as the
  // engine's own writes are (docs/decisions/0034-keyed-audit-chain.md).
  feedStore.chain.key = openChainKey(
    settingsRepo(feedStore).get(AUDIT_KEY_SETTING) ?? null,
    stationSecretBox({ given: undefined, dataDir: data.dir, store: feedStore, logger }),
  );
  const endpointIds = SUBSCRIPTIONS.map((events, i) => core.webhooks.create({ url: urls[i], events, secret: secrets[i] }, 'user:admin').id);
  const docs: { id: string; status: 'CREATED' | 'PROCESSING' | 'APPROVED' | 'REJECTED' | 'INVALIDATED'; refused?: true }[] = [];
  let crashes = 0;
  let gone = 0;
  const signature = () => `${held.length}|${requests}|${vt.fired()}|${seen.map((s) => s.length).join(',')}`;

  const move = (i: number, to: 'PROCESSING' | 'APPROVED' | 'REJECTED' | 'INVALIDATED') => {
    const d = docs[i]!;
    moveStatus(feedStore, logger, { id: d.id, to, at: isoLocal(vt.clock.now()), cause: 'sim' });
    d.status = to;
    note(`${d.id.slice(-4)} → ${to}`);
  };

  function crash() {
    crashes += 1;
    // In flight at the crash: each reached its receiver or not; no answer reaches the dead station.
    const inFlight = [...held];
    const reached = inFlight.filter(() => rng.chance(0.5));
    note(`crash (${reached.length}/${inFlight.length} in flight reached their receivers)`);
    for (const h of reached) receive(h, false);
    for (const h of held) h.settled = true;
    held = [];
    vt.clearAll();
    const dead = core;
    dead.close();
    core = open();
  }

  try {
    await settle(signature);
    const steps = options.steps ?? 120;
    for (step = 0; step < steps && !violations.length; step++) {
      const action = rng.weighted([
        [14, 'create'],
        [14, 'move'],
        [30, 'deliver'],
        [22, 'timer'],
        [4, 'idle'],
        [8, 'weather'],
        [2, 'resend'],
        [2, 'crash'],
      ] as const);
      switch (action) {
        case 'create': {
          const id = core.dtes.create(
            'FC',
            { ...fcBody(`7e570000-0000-4000-8000-${String(docs.length + 1).padStart(12, '0')}`), generatedAt: undefined },
            'sim',
          ).record.id;
          docs.push({ id, status: 'CREATED' });
          note(`create ${id.slice(-4)}`);
          break;
        }
        case 'move': {
          const open = docs.map((d, i) => [d, i] as const).filter(([d]) => d.status !== 'REJECTED' && d.status !== 'INVALIDATED');
          if (!open.length) break;
          const [d, i] = rng.pick(open);
          if (d.status === 'CREATED') move(i, 'PROCESSING');
          else if (d.status === 'PROCESSING') move(i, rng.chance(0.8) ? 'APPROVED' : 'REJECTED');
          else if (d.refused || rng.chance(0.5)) move(i, 'INVALIDATED');
          else {
            // Once per document here, so that a document's event names one delivery.
            d.refused = true;
            documentEvents(feedStore).record(d.id, 'invalidation.rejected', isoLocal(vt.clock.now()));
            note(`${d.id.slice(-4)} invalidation.rejected`);
          }
          break;
        }
        case 'deliver':
          if (held.length) note(`deliver ${receive(held[rng.int(held.length)]!, true)}`);
          break;
        case 'timer':
          if (vt.fireNext()) note('timer');
          break;
        case 'idle': {
          // Time passes: every timer due by then fires (a receiver away for minutes, backoffs running out).
          const until = vt.nowMs() + 1000 + rng.int(15 * 60_000);
          let fired = 0;
          for (let at = vt.nextAt(); at !== null && at <= until && fired < 30; at = vt.nextAt()) {
            vt.fireNext();
            fired += 1;
            await settle(signature);
          }
          // Never past a timer still due: a request's timeout always fires before its answer could be that late.
          const next = vt.nextAt();
          const to = next === null ? until : Math.min(until, next);
          if (vt.nowMs() < to) vt.advance(to - vt.nowMs());
          note(`idle to ${new Date(vt.nowMs()).toISOString().slice(11, 19)} (${fired} timers)`);
          break;
        }
        case 'weather': {
          const r = rng.int(SUBSCRIPTIONS.length);
          const w = rng.weighted<Weather>([
            [5, 'up'],
            [2, 'error'],
            [2, 'down'],
            [1, 'slow'],
            [0.15, 'gone'],
          ]);
          weather[r] = w;
          note(`weather ${r} ${w}`);
          break;
        }
        case 'resend': {
          const id = rng.pick(endpointIds);
          const page = core.webhooks.deliveries(id, { limit: 20 }).items.filter((d) => d.status === 'DELIVERED');
          if (!page.length) break;
          const d = rng.pick(page);
          core.webhooks.retry(d.id, 'user:admin');
          note(`send again ${d.id.slice(0, 8)}`);
          break;
        }
        case 'crash':
          crash();
          break;
        default: {
          const never: never = action;
          throw new Error(`unknown action ${String(never)}`);
        }
      }
      await settle(signature);
    }

    // The weather clears (a receiver that said 410 keeps saying it); everything left drains.
    for (let i = 0; i < weather.length; i++) if (weather[i] !== 'gone') weather[i] = 'up';
    note('calm');
    const drainedBy = vt.nowMs() + 6 * 60 * 60_000;
    const pending = () =>
      feedStore.sqlite
        .prepare(
          "SELECT COUNT(*) AS n FROM webhook_deliveries d JOIN webhook_endpoints e ON e.id = d.endpoint_id WHERE d.status = 'PENDING' AND e.active = 1",
        )
        .get() as { n: number };
    const behind = () =>
      (feedStore.sqlite.prepare('SELECT seq FROM webhook_cursor').get() as { seq: number }).seq < documentEvents(feedStore).last();
    while (!violations.length && (held.length || pending().n > 0 || behind())) {
      if (vt.nowMs() > drainedBy) {
        violations.push(`not drained 6 virtual hours after the calm: ${pending().n} pending, ${held.length} in flight`);
        break;
      }
      if (held.length) note(`deliver ${receive(held[0]!, true)}`);
      else if (!vt.fireNext()) {
        violations.push('deliveries pending and no timer set: the sender is asleep');
        break;
      }
      await settle(signature);
      step++;
    }

    // Invariants.
    const feed = documentEvents(feedStore).after(0, 1_000_000);
    const endpoints = core.webhooks.list();
    for (let r = 0; r < SUBSCRIPTIONS.length; r++) {
      const info = endpoints.find((e) => e.id === endpointIds[r]);
      if (!info) {
        violations.push(`endpoint ${r} vanished`);
        continue;
      }
      const s = seen[r]!;
      for (const x of s) if (!x.verified) violations.push(`receiver ${r}: a signature did not verify (${x.deliveryId})`);
      // One delivery id per event and endpoint, whatever the redeliveries.
      const idOf = new Map<string, string>();
      for (const x of s) {
        const key = `${x.documentId} ${x.event}`;
        const before = idOf.get(key);
        if (before && before !== x.deliveryId) violations.push(`receiver ${r}: ${key} came with two delivery ids`);
        idOf.set(key, x.deliveryId);
      }
      if (!info.active) {
        gone += 1;
        if (!saidGone[r]) violations.push(`receiver ${r} never answered 410 but its endpoint is disabled: ${info.disabledReason ?? ''}`);
      } else {
        // Every event subscribed to, after the endpoint existed, acknowledged at least once.
        const acked = new Set(s.filter((x) => x.status >= 200 && x.status < 300).map((x) => `${x.documentId} ${x.event}`));
        for (const ev of feed) {
          if (!SUBSCRIPTIONS[r]!.includes(ev.event)) continue;
          if (!acked.has(`${ev.documentId} ${ev.event}`))
            violations.push(`receiver ${r}: ${ev.event} of ${ev.documentId.slice(-4)} (seq ${ev.seq}) never acknowledged`);
        }
      }
      // In order per document: an event's first arrival comes after the previous event's first acknowledgement.
      const byDoc = new Map<string, typeof feed>();
      for (const ev of feed) if (SUBSCRIPTIONS[r]!.includes(ev.event)) byDoc.set(ev.documentId, [...(byDoc.get(ev.documentId) ?? []), ev]);
      for (const [doc, evs] of byDoc) {
        for (let k = 1; k < evs.length; k++) {
          const prev = evs[k - 1]!;
          const next = evs[k]!;
          const firstNext = s.findIndex((x) => x.documentId === doc && x.event === next.event);
          if (firstNext < 0) continue;
          const firstAck = s.findIndex((x) => x.documentId === doc && x.event === prev.event && x.status >= 200 && x.status < 300);
          if (firstAck < 0 || firstAck > firstNext)
            violations.push(`receiver ${r}: ${next.event} of ${doc.slice(-4)} arrived before ${prev.event} was acknowledged`);
        }
      }
    }
    for (const e of errors) violations.push(`logged error: ${e}`);
    return {
      trace,
      violations,
      stats: {
        documents: docs.length,
        events: documentEvents(feedStore).last(),
        requests,
        crashes,
        gone,
        timers: vt.fired(),
        virtualMinutes: Math.round((vt.nowMs() - Date.parse(START)) / 60_000),
      },
    };
  } finally {
    core.close();
    feedStore.close();
    data.cleanup();
  }
}
