// One seed of the e-mail delivery simulation (docs/decisions/0010-email-delivery.md), in the sync simulation's
// style: the real core (store in a temp dir, the delivery queue, the real letter PDF) with MH always up (the real
// simulator through inject) and a simulated SMTP server whose every answer is held until a seeded scheduler
// gives it, under weather (up, down, 4xx, 5xx, slow: stored but the answer lost), on virtual time. The
// scheduler interleaves issuing (with and without an e-mail), MH's verdicts, invalidations, resends, SMTP
// answers, timers and crashes; then the server stays up until the queue is empty, and the invariants are read
// from the database file and from what the server received.
import { createHash } from 'node:crypto';
import Database from 'better-sqlite3';
import { join } from 'node:path';
import { createCore, type Core } from '../../../main/core/create-core';
import { CoreError } from '../../../main/core/errors';
import { classifySmtpError, type MailTransport, type OutgoingMail, type SendOutcome } from '../../../main/core/delivery/transport';
import { createMhSimulator } from '../../../main/mh-sim/server';
import { uuidV4 } from '../../../main/core/ids';
import type { Logger } from '../../../main/core/logger';
import { todayBody } from '../../fixtures/bodies';
import type { SimFixture } from '../sync-sim/fixture';
import { prng } from '../sync-sim/prng';
import { virtualTime } from '../sync-sim/virtual-time';

export const SMTP_WEATHERS = ['up', 'down', '4xx', '5xx', 'slow'] as const;
export type SmtpWeather = (typeof SMTP_WEATHERS)[number];

export interface DeliverySeedResult {
  readonly seed: number;
  readonly violations: string[];
  readonly trace: string[];
  readonly traceHash: string;
  readonly stats: { documents: number; withEmail: number; received: number; repeats: number; crashes: number };
}

const START = '2026-11-22T15:30:00Z';

interface Held {
  readonly generation: number;
  readonly mail: OutgoingMail;
  readonly resolve: (o: SendOutcome) => void;
}

interface Arrived {
  readonly messageId: string;
  readonly to: string;
  readonly subject: string;
}

export async function runDeliverySeed(
  fx: SimFixture,
  seed: number,
  options: { steps?: number; trace?: boolean } = {},
): Promise<DeliverySeedResult> {
  const rng = prng(seed);
  const stationRandom = prng(seed ^ 0x5e110);
  const simRandom = prng(seed ^ 0x3a7);
  const jitter = prng(seed ^ 0x1177);
  const vt = virtualTime(START);
  const trace: string[] = [];
  const violations: string[] = [];
  const note = (s: string) => trace.push(`${new Date(vt.nowMs()).toISOString().slice(11, 19)} ${s}`);
  const sim = createMhSimulator({ schemas: fx.schemas, clock: vt.clock, random: (n) => simRandom.bytes(n), loteDelayMs: 30_000 });
  sim.registerKey(fx.nit, fx.publicKeySpki);
  const mhFetch = (async (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
    const res = await sim.app.inject({
      method: (init?.method ?? 'GET') as 'GET' | 'POST',
      url: url.pathname + url.search,
      headers: Object.fromEntries(new Headers(init?.headers).entries()),
      ...(typeof init?.body === 'string' ? { payload: init.body } : {}),
    });
    return new Response(res.body, { status: res.statusCode, headers: { 'content-type': String(res.headers['content-type'] ?? '') } });
  }) as typeof fetch;

  let weather: SmtpWeather = 'up';
  let generation = 0;
  let held: Held[] = [];
  const arrived: Arrived[] = [];
  const transport: MailTransport = (_server, mail) =>
    new Promise((resolve) => {
      held.push({ generation, mail, resolve });
      note(`smtp ← ${mail.to} ${mail.messageId.slice(1, 9)}`);
    });
  const errors: string[] = [];
  const logger: Logger = {
    info() {},
    warn() {},
    error: (m, f) => errors.push(`${m} ${JSON.stringify(f ?? {}).slice(0, 300)}`),
  };
  const data = fx.copy();
  const open = (): Core => {
    const c = createCore({
      dataDir: data.dir,
      clock: vt.clock,
      random: (n) => stationRandom.bytes(n),
      fetch: mhFetch,
      logger,
      mh: { baseUrl: 'http://mh.sim', user: fx.nit, password: 'demo', timeoutMs: 8000 },
      backups: { everyMs: 0 },
      sync: { manual: true, jitter: () => 0 },
      deliveries: {
        timers: vt.timers,
        jitter: () => jitter.next(),
        transport,
        // The real PDF costs a fifth of a second; integration tests read it, the schedules need only its place.
        letterPdf: (id) => Promise.resolve(Buffer.from(`%PDF-1.7 stand-in for ${id}`)),
        limits: { perMinute: Number.MAX_SAFE_INTEGER, perDay: Number.MAX_SAFE_INTEGER },
      },
    });
    return c;
  };
  let core = open();
  if (!core.deliveries.smtp.view().configured)
    core.deliveries.smtp.set({ host: 'smtp.sim', port: 25, secure: false, from: { address: 'facturacion@sello.example' } }, 'sim');
  const documents: { id: string; email: string | null }[] = [];
  let crashes = 0;

  /** Lets the queue move until it waits on something the scheduler gives: an SMTP answer or a timer. */
  async function settle(): Promise<void> {
    const until = Date.now() + 1_000;
    let quiet = 0;
    while (quiet < 4 && Date.now() < until) {
      await new Promise((r) => setImmediate(r));
      const busy = core.deliveries.counts().sending > held.filter((h) => h.generation === generation).length;
      quiet = busy ? 0 : quiet + 1;
    }
  }

  function answer(h: Held, w: SmtpWeather): void {
    switch (w) {
      case 'up':
        arrived.push({ messageId: h.mail.messageId, to: h.mail.to, subject: h.mail.subject });
        return h.resolve({ outcome: 'sent', response: '250 2.0.0 OK queued' });
      case 'down':
        return h.resolve(classifySmtpError({ code: 'ESOCKET', message: 'connect ECONNREFUSED 127.0.0.1:25' }));
      case '4xx':
        return h.resolve(
          classifySmtpError({ code: 'EENVELOPE', responseCode: 451, command: 'RCPT TO', response: '451 4.7.1 Try again later' }),
        );
      case '5xx':
        return h.resolve(
          classifySmtpError({ code: 'EENVELOPE', responseCode: 550, command: 'RCPT TO', response: '550 5.1.1 User unknown' }),
        );
      case 'slow':
        // The server stored it; the answer never came in time.
        arrived.push({ messageId: h.mail.messageId, to: h.mail.to, subject: h.mail.subject });
        return h.resolve(classifySmtpError({ code: 'ETIMEDOUT', message: 'Timeout' }));
      default: {
        const never: never = w;
        return never;
      }
    }
  }

  function create() {
    const id = uuidV4((n) => rng.bytes(n));
    const email = rng.chance(0.75) ? `cliente${documents.length + 1}@example.com` : null;
    const base = todayBody('FC', id, null);
    const body = { ...base, recipient: { ...(base.recipient as Record<string, unknown>), email: email ?? undefined } };
    try {
      core.dtes.create('FC', body, 'sim');
      documents.push({ id, email });
      note(`create ${id.slice(0, 8)} ${email ?? 'sin correo'}`);
    } catch (e) {
      violations.push(`create threw ${e instanceof Error ? e.message : String(e)}`);
    }
  }

  async function invalidate() {
    const approved = documents.filter((d) => core.dtes.get(d.id).status === 'APPROVED');
    if (!approved.length) return;
    const d = rng.pick(approved);
    try {
      const r = await core.dtes.invalidate({ dteId: d.id, reason: 'Anulación de prueba del simulador' }, 'sim');
      note(`invalidate ${d.id.slice(0, 8)} → ${r.record.status}`);
    } catch (e) {
      if (!(e instanceof CoreError)) violations.push(`invalidate threw ${e instanceof Error ? e.stack : String(e)}`);
    }
  }

  function resend() {
    const done = documents.filter((d) => ['APPROVED', 'INVALIDATED'].includes(core.dtes.get(d.id).status));
    if (!done.length) return;
    const d = rng.pick(done);
    // An administrator's resend (to any address), never held back by the per-actor limits the schedules do not test.
    const r = core.deliveries.resend(d.id, { email: `otro${rng.int(5)}@example.com` }, { id: 'sim', caller: 'ADMIN' });
    note(`resend ${d.id.slice(0, 8)} → ${r.email}`);
  }

  function crash() {
    crashes += 1;
    note('crash');
    const dead = core;
    generation += 1;
    // What the dead process had in flight reached the server or not; its answer goes nowhere.
    for (const h of held) if (rng.chance(0.5)) arrived.push({ messageId: h.mail.messageId, to: h.mail.to, subject: h.mail.subject });
    held = [];
    vt.clearAll();
    dead.close();
    core = open();
  }

  try {
    await settle();
    const steps = options.steps ?? 40;
    for (let step = 0; step < steps && !violations.length; step++) {
      const action = rng.weighted([
        [22, 'create'],
        [14, 'mh'],
        [4, 'invalidate'],
        [3, 'resend'],
        [25, 'answer'],
        [16, 'advance'],
        [12, 'weather'],
        [3, 'crash'],
      ] as const);
      switch (action) {
        case 'create':
          create();
          break;
        case 'mh':
          note(`mh verdicts ${await core.sync.runOnce()}`);
          break;
        case 'invalidate':
          await invalidate();
          break;
        case 'resend':
          resend();
          break;
        case 'answer': {
          const h = held.shift();
          if (h) {
            note(`smtp → ${weather} ${h.mail.messageId.slice(1, 9)}`);
            answer(h, weather);
          } else if (!vt.fireNext()) vt.advance(rng.int(60_000));
          break;
        }
        case 'advance':
          if (!vt.fireNext()) vt.advance(1 + rng.int(60_000));
          break;
        case 'weather':
          weather = rng.pick(SMTP_WEATHERS);
          note(`weather ${weather}`);
          break;
        case 'crash':
          crash();
          break;
        default: {
          const never: never = action;
          throw new Error(String(never));
        }
      }
      await settle();
    }

    // The calm: MH answers everything, the server stays up, until nothing is left to send.
    weather = 'up';
    note('calm');
    for (let i = 0; i < 5000; i++) {
      await core.sync.runOnce();
      await settle();
      const h = held.shift();
      if (h) answer(h, 'up');
      else {
        const c = core.deliveries.counts();
        const docsFinal = documents.every((d) => !['CREATED', 'PROCESSING'].includes(core.dtes.get(d.id).status));
        if (docsFinal && c.pending + c.sending === 0) {
          // Wakes are coalesced (deliveries.ts waits WAKE_COALESCE_MS on its timers): the last events may wait for the
          // run of that timer. Let the earliest timer fire (that one, or the periodic look); done once nothing is left.
          if (!vt.fireNext()) break;
          await settle();
          const after = core.deliveries.counts();
          if (after.pending + after.sending === 0) break;
          continue;
        }
        if (!vt.fireNext()) {
          violations.push(`work is left but nothing is scheduled: ${JSON.stringify(c)}`);
          break;
        }
      }
      await settle();
    }
    violations.push(...checkDeliveryInvariants(data.dir, documents, arrived));
  } finally {
    violations.push(...errors.map((e) => `logged: ${e}`));
    vt.clearAll();
    core.close();
    await sim.app.close();
    data.cleanup();
  }
  const ids = new Set(arrived.map((a) => a.messageId));
  const traceHash = createHash('sha256').update(trace.join('\n')).digest('hex').slice(0, 16);
  return {
    seed,
    violations,
    trace: options.trace || violations.length ? trace : [],
    traceHash,
    stats: {
      documents: documents.length,
      withEmail: documents.filter((d) => d.email).length,
      received: arrived.length,
      repeats: arrived.length - ids.size,
      crashes,
    },
  };
}

interface DeliveryRow {
  id: string;
  document_id: string;
  message: string;
  event_seq: number | null;
  email: string;
  message_id: string;
  state: string;
}

/** What must hold after every seed, read from the database file and from what the server received. */
export function checkDeliveryInvariants(
  dataDir: string,
  documents: readonly { id: string; email: string | null }[],
  arrived: readonly Arrived[],
): string[] {
  const v: string[] = [];
  const db = new Database(join(dataDir, 'sello.db'), { readonly: true });
  try {
    const rows = db.prepare('SELECT id, document_id, message, event_seq, email, message_id, state FROM deliveries').all() as DeliveryRow[];
    const events = db
      .prepare("SELECT seq, document_id, event FROM document_events WHERE event IN ('dte.approved', 'dte.invalidated')")
      .all() as { seq: number; document_id: string; event: string }[];
    const emailOf = new Map(documents.map((d) => [d.id, d.email]));
    const bySeq = new Map(rows.filter((r) => r.event_seq !== null).map((r) => [r.event_seq, r]));
    // Exactly one delivery per event of a document with an e-mail, final (sent or failed for good); none without.
    for (const e of events) {
      const email = emailOf.get(e.document_id) ?? null;
      const r = bySeq.get(e.seq);
      if (!email) {
        if (r) v.push(`${e.event} of ${e.document_id} (no e-mail) has delivery ${r.id}`);
        continue;
      }
      if (!r) v.push(`${e.event} of ${e.document_id} has no delivery`);
      else {
        if (r.email !== email) v.push(`delivery ${r.id} goes to ${r.email}, the document's address is ${email}`);
        if (r.message !== (e.event === 'dte.approved' ? 'document' : 'invalidation'))
          v.push(`delivery ${r.id} sends ${r.message} for ${e.event}`);
        if (r.state !== 'sent' && r.state !== 'failed') v.push(`delivery ${r.id} ended ${r.state}`);
      }
    }
    if (bySeq.size !== [...bySeq.values()].filter((r) => events.some((e) => e.seq === r.event_seq)).length)
      v.push('a delivery names an event that is not an approval or an invalidation');
    for (const r of rows) if (r.state !== 'sent' && r.state !== 'failed') v.push(`delivery ${r.id} is still ${r.state}`);
    // Nothing lost: a sent delivery reached the server; nothing the server got is unaccounted for.
    const received = new Map<string, Arrived[]>();
    for (const a of arrived) received.set(a.messageId, [...(received.get(a.messageId) ?? []), a]);
    const byMessageId = new Map(rows.map((r) => [r.message_id, r]));
    for (const r of rows)
      if (r.state === 'sent' && !received.has(r.message_id)) v.push(`delivery ${r.id} is sent but the server never got it`);
    for (const [mid, copies] of received) {
      const r = byMessageId.get(mid);
      if (!r) v.push(`the server got ${mid}, which no delivery sent`);
      else if (copies.some((c) => c.to !== r.email)) v.push(`${mid} reached another address than ${r.email}`);
    }
    // Nothing for documents without an e-mail, except what someone resent by hand.
    for (const d of documents.filter((x) => !x.email))
      for (const r of rows.filter((x) => x.document_id === d.id && x.event_seq !== null))
        v.push(`delivery ${r.id} for ${d.id}, which has no e-mail`);
    const cursor = (db.prepare('SELECT seq FROM delivery_cursor').get() as { seq: number } | undefined)?.seq ?? 0;
    const last = (db.prepare('SELECT MAX(seq) AS seq FROM document_events').get() as { seq: number | null }).seq ?? 0;
    if (cursor !== last) v.push(`the cursor is at ${cursor}, the feed at ${last}`);
  } finally {
    db.close();
  }
  return v;
}
