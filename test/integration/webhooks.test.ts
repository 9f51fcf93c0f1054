// Webhooks for the POS (docs/decisions/0011-webhooks.md) against a real node:http receiver, with real timers:
// signed, in order per document, at least once through a receiver that is away or failing, stopped by 410,
// only the events subscribed to, the same delivery id when sent again, and the secret never stored or logged.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createCore, type Core } from '../../main/core/create-core';
import { buildHttpServer } from '../../main/http/server';
import type { Logger } from '../../main/core/logger';
import { DEMO_STATION } from '../../main/core/station/demo';
import { aesGcmBox } from '../../main/core/station/secrets';
import { randomBytes } from 'node:crypto';
import type { WebhookInfo } from '../../shared/webhooks';
import { fcBody } from '../fixtures/bodies';
import { DEMO_KEY, fixedClock, tempDir } from '../support/core';
import { registerStation, startSimulator } from '../support/mh-sim';
import { sessionHeaders } from '../support/session';
import { verifySignature, webhookReceiver, type WebhookReceiver } from '../support/webhook-receiver';

let sim: Awaited<ReturnType<typeof startSimulator>>;
let dir: ReturnType<typeof tempDir>;
let core: Core;
let receiver: WebhookReceiver;
let logLines: string[];
let n = 0;
const newId = () => `3b0e0000-0000-4000-8000-${String(++n).padStart(12, '0')}`;
const fc = () => ({ ...fcBody(newId()), generatedAt: undefined });

const capture: Logger = {
  info: (m, f) => void logLines.push(JSON.stringify({ m, ...f })),
  warn: (m, f) => void logLines.push(JSON.stringify({ m, ...f })),
  error: (m, f) => void logLines.push(JSON.stringify({ m, ...f })),
};

async function until(what: string, ok: () => boolean, ms = 15_000): Promise<void> {
  const end = Date.now() + ms;
  while (!ok()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

function open(): Core {
  const c = createCore({
    dataDir: dir.dir,
    logger: capture,
    mh: { baseUrl: sim.url, user: '06142803901121', password: 'demo', timeoutMs: 3000 },
    sync: { manual: true, jitter: () => 0 },
    webhooks: { baseMs: 100, capMs: 400, timeoutMs: 800, leaseMs: 3000, jitter: () => 0.5 },
  });
  registerStation(sim, c);
  return c;
}

/** Issues an FC and lets MH approve it: two events, dte.created then dte.approved. */
async function issueApproved(): Promise<string> {
  const id = core.dtes.create('FC', fc(), 'test').record.id;
  await core.sync.runOnce();
  expect(core.dtes.get(id).status).toBe('APPROVED');
  return id;
}

/** The station's log says `n` deliveries of the endpoint are DELIVERED (a receiver's 200 may still be on its way). */
const deliveredCount = (webhookId: string) => core.webhooks.deliveries(webhookId, {}).items.filter((d) => d.status === 'DELIVERED').length;

/** Per document, the events of the deliveries first acknowledged, in the order they were acknowledged. */
function ackedByDocument(r: WebhookReceiver): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const a of r.acknowledged()) out.set(a.documentId, [...(out.get(a.documentId) ?? []), a.event]);
  return out;
}

beforeEach(async () => {
  logLines = [];
  sim = await startSimulator({ loteDelayMs: 100 });
  dir = tempDir();
  receiver = await webhookReceiver();
  core = open();
});
afterEach(async () => {
  core.close();
  await receiver.close();
  await sim.close();
  dir.cleanup();
});

describe('webhooks', () => {
  it('signs each POST with the secret: t and an HMAC-SHA256 of "t.body"; the body is the record, the event and a delivery id', async () => {
    const created = core.webhooks.create({ url: receiver.url }, 'user:admin');
    expect(created.secret).toMatch(/^whsec_/);
    receiver.setSecret(created.secret!);
    const id = await issueApproved();
    // The receiver's 200 is on its way back when it counts it: the station's log is what says delivered.
    await until('two deliveries', () => deliveredCount(created.id) === 2);

    for (const r of receiver.received) {
      expect(r.verified).toBe(true);
      // Recomputed here as a receiver would, with a tolerance on t.
      expect(verifySignature(created.secret!, r.signature, r.raw, Math.floor(Date.now() / 1000))).toBe(true);
      expect(verifySignature('another-secret-of-16+', r.signature, r.raw, Math.floor(Date.now() / 1000))).toBe(false);
      expect(verifySignature(created.secret!, r.signature, r.raw, Math.floor(Date.now() / 1000) + 3600)).toBe(false);
    }
    const [first, second] = receiver.received.map((r) => JSON.parse(r.raw) as Record<string, unknown>);
    // `data` is the record as it stood when the delivery was queued: at once, before MH's answer.
    expect(first).toMatchObject({ event: 'dte.created', data: { id } });
    expect(['CREATED', 'PROCESSING']).toContain((first!.data as { status: string }).status);
    expect(second).toMatchObject({ event: 'dte.approved', data: core.dtes.get(id) });
    expect(Object.keys(first!).sort()).toEqual(['data', 'deliveryId', 'event', 'occurredAt']);
    expect(first!.occurredAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}-06:00$/);

    const log = core.webhooks.deliveries(created.id, {});
    expect(log.items.map((d) => [d.event, d.status, d.attempts, d.lastStatus])).toEqual([
      ['dte.approved', 'DELIVERED', 1, 200],
      ['dte.created', 'DELIVERED', 1, 200],
    ]);
    expect(core.webhooks.list()).toEqual([expect.objectContaining({ id: created.id, active: true, pending: 0, failed: 0 })]);
    expect(JSON.stringify(core.webhooks.list())).not.toContain(created.secret!);
  });

  it('sends only the events subscribed to, and nothing from before the endpoint existed', async () => {
    const before = await issueApproved();
    core.webhooks.create({ url: receiver.url, events: ['dte.approved', 'dte.invalidated'] }, 'user:admin');
    const id = await issueApproved();
    await until('one delivery', () => receiver.acknowledged().length === 1);
    await new Promise((r) => setTimeout(r, 500));
    expect(receiver.received.map((r) => [r.documentId, r.event])).toEqual([[id, 'dte.approved']]);
    expect(receiver.received.some((r) => r.documentId === before)).toBe(false);
  });

  it('a receiver away, then failing with 500, gets every event once back, in order per document', async () => {
    core.webhooks.create({ url: receiver.url }, 'user:admin');
    await receiver.down();
    const ids = [await issueApproved(), await issueApproved(), await issueApproved()];
    await new Promise((r) => setTimeout(r, 600));
    await receiver.up();
    receiver.setMode({ kind: 'status', status: 500 });
    await until('500s answered', () => receiver.received.filter((r) => r.status === 500).length >= 3);
    receiver.setMode({ kind: 'ok' });
    await until('every event acknowledged', () => receiver.acknowledged().length === 6, 20_000);
    await until('every delivery recorded', () => deliveredCount(core.webhooks.list()[0]!.id) === 6);

    const acked = ackedByDocument(receiver);
    for (const id of ids) expect(acked.get(id)).toEqual(['dte.created', 'dte.approved']);
    // Never a later event of a document on the wire while an earlier one was unacknowledged.
    for (const id of ids) {
      const createdAck = receiver.acknowledged().find((r) => r.documentId === id && r.event === 'dte.created')!;
      const approvedFirst = receiver.received.find((r) => r.documentId === id && r.event === 'dte.approved')!;
      expect(approvedFirst.at).toBeGreaterThanOrEqual(createdAck.at);
    }
    const [endpoint] = core.webhooks.list();
    const log = core.webhooks.deliveries(endpoint!.id, {});
    expect(log.items.every((d) => d.status === 'DELIVERED')).toBe(true);
    expect(Math.max(...log.items.map((d) => d.attempts))).toBeGreaterThan(1);
  });

  it('a slow receiver times out and gets the same delivery again', async () => {
    const w = core.webhooks.create({ url: receiver.url, events: ['dte.created'] }, 'user:admin');
    receiver.setMode({ kind: 'slow', ms: 1500, status: 200 });
    core.dtes.create('FC', fc(), 'test');
    await until('a second try', () => receiver.received.length >= 2);
    receiver.setMode({ kind: 'ok' });
    await until('delivered', () => core.webhooks.deliveries(w.id, {}).items[0]?.status === 'DELIVERED');
    expect(new Set(receiver.received.map((r) => r.deliveryId)).size).toBe(1);
    const [d] = core.webhooks.deliveries(w.id, {}).items;
    expect(d!.attempts).toBeGreaterThanOrEqual(2);
  });

  it('410 Gone disables the endpoint, says why, and nothing more is sent to it until enabled', async () => {
    const w = core.webhooks.create({ url: receiver.url }, 'user:admin');
    // Away while both events are queued; back answering 410 to the first.
    await receiver.down();
    const first = await issueApproved();
    await until('both queued', () => core.webhooks.list()[0]!.pending === 2);
    receiver.setMode({ kind: 'status', status: 410 });
    await receiver.up();
    await until('disabled', () => core.webhooks.list()[0]!.active === false);
    await issueApproved();
    await new Promise((r) => setTimeout(r, 800));
    expect(receiver.received).toHaveLength(1);
    const info: WebhookInfo = core.webhooks.list()[0]!;
    expect(info.disabledReason).toMatch(/410/);
    expect(info.pending).toBe(2);

    // Enabled again: what waited goes out, in order; events while it was disabled were never queued.
    receiver.setMode({ kind: 'ok' });
    core.webhooks.setActive(w.id, true, 'user:admin');
    await until('resumed', () => receiver.acknowledged().length === 2);
    expect(receiver.acknowledged().map((r) => [r.documentId, r.event])).toEqual([
      [first, 'dte.created'],
      [first, 'dte.approved'],
    ]);
  });

  it('"send again" delivers the same delivery id and body', async () => {
    const w = core.webhooks.create({ url: receiver.url, events: ['dte.created'] }, 'user:admin');
    core.dtes.create('FC', fc(), 'test');
    await until('delivered', () => deliveredCount(w.id) === 1);
    const [d] = core.webhooks.deliveries(w.id, {}).items;
    expect(core.webhooks.retry(d!.id, 'user:admin')).toMatchObject({ id: d!.id, status: 'PENDING' });
    await until('delivered again', () => receiver.received.length === 2);
    const [a, b] = receiver.received;
    expect(b!.deliveryId).toBe(d!.id);
    expect(b!.raw).toBe(a!.raw);
    expect(() => core.webhooks.retry('no-such-delivery', 'user:admin')).toThrow(/envío/);
  });

  it('keeps the secret sealed: never in the database file in plain text, nor in any log line', async () => {
    const given = 'whsec_given_by_the_admin_0123456789';
    const fileSecret = 'file-secret-of-the-station-file-42';
    const second = await webhookReceiver({ secret: fileSecret });
    try {
      const w = core.webhooks.create({ url: receiver.url, secret: given }, 'user:admin');
      expect(w.secret).toBeNull();
      receiver.setSecret(given);
      core.configure({ ...DEMO_STATION, webhooks: [{ url: second.url, secret: fileSecret }] }, 'cli');
      receiver.setMode({ kind: 'status', status: 500 });
      await issueApproved();
      await until('both tried', () => receiver.received.length >= 2 && second.acknowledged().length === 2);
      receiver.setMode({ kind: 'status', status: 410 });
      await until('disabled', () => core.webhooks.list().some((e) => !e.active));
      expect(second.received.every((r) => r.verified)).toBe(true);
      expect(receiver.received.every((r) => r.verified)).toBe(true);
    } finally {
      await second.close();
    }
    core.close();
    core = open();
    const files = readdirSync(dir.dir).filter((f) => f.startsWith('sello.db'));
    expect(files.length).toBeGreaterThan(0);
    for (const f of files) {
      const bytes = readFileSync(join(dir.dir, f));
      for (const s of [given, fileSecret]) {
        expect(bytes.includes(Buffer.from(s))).toBe(false);
        expect(bytes.includes(Buffer.from(s, 'utf16le'))).toBe(false);
      }
    }
    expect(logLines.length).toBeGreaterThan(0);
    for (const line of logLines) for (const s of [given, fileSecret]) expect(line).not.toContain(s);
  });

  it('the station file: applied at every start without changes, updated in place, removed when gone from it', () => {
    const file = { url: receiver.url, secret: 'file-secret-of-the-station-file-42', events: ['dte.approved'] };
    core.configure({ ...DEMO_STATION, webhooks: [file] }, 'cli');
    const [w] = core.webhooks.list();
    expect(w).toMatchObject({ source: 'file', events: ['dte.approved'], active: true });
    core.configure({ ...DEMO_STATION, webhooks: [file] }, 'cli');
    expect(core.webhooks.list()).toEqual([w]);
    // Ajustes and the demo's profile leave them alone (no `webhooks` key).
    core.configure(DEMO_STATION, 'cli');
    expect(core.webhooks.list()).toEqual([w]);
    core.configure({ ...DEMO_STATION, webhooks: [{ ...file, events: ['dte.created', 'dte.approved'] }] }, 'cli');
    expect(core.webhooks.list()).toEqual([{ ...w, events: ['dte.created', 'dte.approved'] }]);
    expect(() => core.webhooks.remove(w!.id, 'user:admin')).toThrow(/archivo de la estación/);
    core.configure({ ...DEMO_STATION, webhooks: [] }, 'cli');
    expect(core.webhooks.list()).toEqual([]);
    expect(() => core.configure({ ...DEMO_STATION, webhooks: [file, file] }, 'cli')).toThrow(
      expect.objectContaining({ errors: [expect.objectContaining({ path: 'webhooks', code: 'DUPLICATE' })] }),
    );
    expect(() => core.configure({ ...DEMO_STATION, webhooks: [{ ...file, secret: 'short' }] }, 'cli')).toThrow(
      expect.objectContaining({ errors: [expect.objectContaining({ path: 'webhooks.0.secret' })] }),
    );
  });
});

describe('a secret sealed elsewhere', () => {
  it('disables the endpoint saying why; the station file seals it again at the next start and it works again', async () => {
    const other = tempDir();
    const secret = 'file-secret-of-the-station-file-42';
    const profile = { ...DEMO_STATION, webhooks: [{ url: receiver.url, secret, events: ['dte.created'] }] };
    const opened = (key: Buffer) =>
      createCore({ dataDir: other.dir, logger: capture, secrets: aesGcmBox(key), sync: { manual: true }, webhooks: { manual: true } });
    let c = opened(randomBytes(32));
    c.configure(profile, 'cli');
    c.close();
    // The data folder on another machine: another key.
    c = opened(randomBytes(32));
    try {
      // The demo makes itself a new certificate (as core-host does); the file's webhooks are left as they are.
      c.configure(DEMO_STATION, 'system');
      c.dtes.create('FC', fc(), 'test');
      await c.webhooks.runOnce();
      expect(receiver.received).toHaveLength(0);
      expect(c.webhooks.list()[0]).toMatchObject({ active: false, pending: 1 });
      expect(c.webhooks.list()[0]!.disabledReason).toMatch(/otro equipo/);
      c.configure(profile, 'cli');
      expect(c.webhooks.list()[0]).toMatchObject({ active: true });
      receiver.setSecret(secret);
      await c.webhooks.runOnce();
      expect(receiver.acknowledged()).toHaveLength(1);
      expect(receiver.received[0]!.verified).toBe(true);
    } finally {
      c.close();
      other.cleanup();
    }
  });
});

describe('webhooks after 24 hours', () => {
  it('a delivery still failing 24 h after it was queued is FAILED; "send again" gives it 24 h more and delivers it', async () => {
    const clock = fixedClock();
    const other = tempDir();
    const c = createCore({
      dataDir: other.dir,
      clock,
      logger: capture,
      sync: { manual: true },
      webhooks: { manual: true, timeoutMs: 800 },
    });
    try {
      const w = c.webhooks.create({ url: receiver.url, events: ['dte.created'] }, 'user:admin');
      receiver.setMode({ kind: 'status', status: 500 });
      const a = c.dtes.create('FC', fcBody(newId()), 'test').record.id;
      c.dtes.create('FC', fcBody(newId()), 'test');
      await c.webhooks.runOnce();
      expect(c.webhooks.list()[0]).toMatchObject({ pending: 2, failed: 0 });
      clock.advance(23 * 60 * 60_000);
      await c.webhooks.runOnce();
      expect(c.webhooks.list()[0]).toMatchObject({ pending: 2, failed: 0 });
      clock.advance(60 * 60_000);
      await c.webhooks.runOnce();
      expect(c.webhooks.list()[0]).toMatchObject({ pending: 0, failed: 2 });
      expect(receiver.received).toHaveLength(6);

      receiver.setMode({ kind: 'ok' });
      const failed = c.webhooks.deliveries(w.id, {}).items.find((d) => d.documentId === a)!;
      expect(failed).toMatchObject({ status: 'FAILED', attempts: 3, lastStatus: 500, lastError: 'HTTP 500' });
      c.webhooks.retry(failed.id, 'user:admin');
      await c.webhooks.runOnce();
      expect(c.webhooks.deliveries(w.id, {}).items.map((d) => [d.documentId, d.status])).toEqual([
        [expect.any(String), 'FAILED'],
        [a, 'DELIVERED'],
      ]);
      expect(receiver.acknowledged().map((r) => r.deliveryId)).toEqual([failed.id]);
    } finally {
      c.close();
      other.cleanup();
    }
  });
});

describe('webhooks over HTTP', () => {
  it('an administrator registers, lists, reads the log, sends again, disables, enables and deletes; bad input is 422 naming the field', async () => {
    const app = await buildHttpServer(core, { logger: capture });
    try {
      const admin = await sessionHeaders(app, 'admin');
      const h = { ...admin, 'x-api-version': '1' };
      const post = (url: string, payload?: unknown) => app.inject({ method: 'POST', url, headers: h, ...(payload ? { payload } : {}) });

      for (const [payload, path] of [
        [{ url: 'ftp://127.0.0.1/x' }, 'url'],
        [{ url: 'http://user:pw@127.0.0.1/x' }, 'url'],
        [{ url: 'no es una dirección' }, 'url'],
        [{ url: receiver.url, events: ['dte.sold'] }, 'events.0'],
        [{ url: receiver.url, events: [] }, 'events'],
        [{ url: receiver.url, secret: 'corto' }, 'secret'],
        [{ url: receiver.url, extra: 1 }, 'extra'],
        [{}, 'url'],
      ] as const) {
        const res = await post('/webhooks', payload);
        expect(res.statusCode, JSON.stringify(payload)).toBe(422);
        expect(res.json<{ errors: { path: string }[] }>().errors.map((e) => e.path)).toContain(path);
      }

      const res = await post('/webhooks', { url: receiver.url, events: ['dte.created'] });
      expect(res.statusCode).toBe(201);
      const w = res.json<WebhookInfo & { secret: string }>();
      expect(res.headers.location).toBe(`/webhooks/${w.id}`);
      expect(w.secret).toMatch(/^whsec_/);
      const list = await app.inject({ method: 'GET', url: '/webhooks', headers: h });
      expect(list.json()).toEqual([expect.objectContaining({ id: w.id, url: receiver.url })]);
      expect(list.body).not.toContain(w.secret);

      core.dtes.create('FC', fc(), 'test');
      await until('delivered', () => deliveredCount(w.id) === 1);
      const log = await app.inject({ method: 'GET', url: `/webhooks/${w.id}/deliveries?limit=1`, headers: h });
      expect(log.statusCode).toBe(200);
      const [d] = log.json<{ items: { id: string }[] }>().items;
      expect((await app.inject({ method: 'GET', url: `/webhooks/${w.id}/deliveries?limit=0`, headers: h })).statusCode).toBe(422);
      expect((await post(`/webhook-deliveries/${d!.id}/retry`)).statusCode).toBe(202);
      await until('sent again', () => receiver.received.length === 2);

      expect((await post(`/webhooks/${w.id}/disable`)).json()).toMatchObject({ active: false });
      expect((await post(`/webhooks/${w.id}/enable`)).json()).toMatchObject({ active: true });
      expect((await post('/webhooks/nope/enable')).statusCode).toBe(404);
      expect((await app.inject({ method: 'DELETE', url: `/webhooks/${w.id}`, headers: h })).statusCode).toBe(204);
      expect((await app.inject({ method: 'DELETE', url: `/webhooks/${w.id}`, headers: h })).statusCode).toBe(404);

      const pos = await app.inject({ method: 'GET', url: '/webhooks', headers: { 'x-api-key': DEMO_KEY, 'x-api-version': '1' } });
      expect(pos.statusCode).toBe(403);
      const cashier = await sessionHeaders(app, 'cajero');
      expect((await app.inject({ method: 'GET', url: '/webhooks', headers: { ...cashier, 'x-api-version': '1' } })).statusCode).toBe(403);
    } finally {
      await app.close();
    }
  });
});
