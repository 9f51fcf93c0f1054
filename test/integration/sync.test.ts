// The sync engine against the MH simulator over HTTP: every path a document can take to MH and back.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Core } from '../../main/core/create-core';
import { buildHttpServer } from '../../main/http/server';
import { silentLogger } from '../../main/core/logger';
import { mhClient } from '../../main/core/mh/client';
import { outbox } from '../../main/core/outbox/outbox';
import { openStore } from '../../main/core/store/database';
import type { DteRecord, SelloEvent } from '../../shared/records';
import { join } from 'node:path';
import { ccfBody, fcBody, ncBody } from '../fixtures/bodies';
import { DEMO_KEY, tempDir } from '../support/core';
import { anyString, stringContaining, stringMatching } from '../support/match';
import { coreWithSimulator, startSimulator } from '../support/mh-sim';

let sim: Awaited<ReturnType<typeof startSimulator>>;
let dir: ReturnType<typeof tempDir>;
let core: Core;
let n = 0;
const newId = () => `5a0c0000-0000-4000-8000-${String(++n).padStart(12, '0')}`;
// Today's date in El Salvador: MH checks it on normal transmissions.
const fc = (id = newId()) => ({ ...fcBody(id), generatedAt: undefined });

const open = (options: { timeoutMs?: number; leaseMs?: number; manual?: boolean } = {}): Core =>
  coreWithSimulator(dir.dir, sim, { manual: false, ...options });

beforeEach(async () => {
  sim = await startSimulator({ loteDelayMs: 100 });
  dir = tempDir();
  core = open();
});
afterEach(async () => {
  core.close();
  await sim.close();
  dir.cleanup();
});

const settle = async (id: string) => {
  await core.sync.runOnce();
  return core.dtes.get(id);
};

describe('sync engine ↔ MH simulator', () => {
  it('approved: the seal and MH answer are stored; the signed JSON is downloadable', async () => {
    const { record } = core.dtes.create('FC', fc(), 'test');
    const done = await settle(record.id);
    expect(done.status).toBe('APPROVED');
    expect(done.mhResponse).toMatchObject({ estado: 'PROCESADO', codigoMsg: '001', selloRecibido: stringMatching(/^[A-Z0-9]{40}$/) });
    expect(core.dtes.signedJson(record.id)).toMatchObject({
      firmaElectronica: core.dtes.mhDocument(record.id).jws,
      selloRecibido: done.mhResponse?.selloRecibido,
    });
  });

  it('approved with observations keeps them in mhResponse', async () => {
    sim.setMode('observations');
    const { record } = core.dtes.create('FC', fc(), 'test');
    const done = await settle(record.id);
    expect(done.status).toBe('APPROVED');
    expect(done.mhResponse).toMatchObject({ codigoMsg: '002', observaciones: [expect.stringContaining('SIMULADOR')] });
  });

  it("rejected: the control number is spent, MH's answer is kept, and the next document goes through", async () => {
    sim.setMode('reject');
    const bad = core.dtes.create('FC', fc(), 'test').record;
    expect((await settle(bad.id)).status).toBe('REJECTED');
    expect(core.dtes.get(bad.id).mhResponse).toMatchObject({ estado: 'RECHAZADO', codigoMsg: '099' });
    sim.setMode('normal');
    const good = core.dtes.create('FC', fc(), 'test').record;
    expect((await settle(good.id)).status).toBe('APPROVED');
    expect(good.controlNumber).not.toBe(bad.controlNumber);
  });

  it('duplicate: MH already holds it, so the query recovers the original seal', async () => {
    core.close();
    core = open({ manual: true });
    const { record } = core.dtes.create('FC', fc(), 'test');
    const direct = mhClient({
      baseUrl: sim.url,
      user: '06142803901121',
      password: () => 'demo',
      ambiente: '00',
      fetch,
      clock: { now: () => new Date() },
      logger: silentLogger,
    });
    const first = await direct.sendDte({
      tipoDte: '01',
      version: 1,
      codigoGeneracion: record.id.toUpperCase(),
      jws: core.dtes.mhDocument(record.id).jws,
      idEnvio: 1,
    });
    const done = await settle(record.id);
    expect(done.status).toBe('APPROVED');
    expect(done.mhResponse?.selloRecibido).toBe((first.outcome as { seal: string }).seal);
    expect(sim.state.counts.consultadte).toBeGreaterThanOrEqual(1);
  });

  it('timeout: reconciled by query, and MH received it once', async () => {
    // The simulator's first document compiles MH's schemas: done here, under no timeout, so the short one
    // below measures MH being slow and not a loaded machine.
    await settle(core.dtes.create('FC', fc(), 'test').record.id);
    core.close();
    core = open({ timeoutMs: 800, manual: true });
    // A first document while MH is fast gives the client its token, so only the document's call is slow.
    expect((await settle(core.dtes.create('FC', fc(), 'test').record.id)).status).toBe('APPROVED');
    const before = sim.state.counts.recepciondte ?? 0;
    sim.setMode('slow', 1800);
    const { record } = core.dtes.create('FC', fc(), 'test');
    const sending = core.sync.runOnce();
    await new Promise((r) => setTimeout(r, 1200));
    sim.setMode('normal');
    await sending;
    // Sent once, queried once (also timed out): now in doubt, due again after the backoff.
    expect(core.sync.status().queue.unknown).toBe(1);
    await new Promise((r) => setTimeout(r, 1200));
    const done = await settle(record.id);
    expect(done.status).toBe('APPROVED');
    expect((sim.state.counts.recepciondte ?? 0) - before).toBe(1);
    expect(sim.state.counts.consultadte).toBeGreaterThanOrEqual(1);
  });

  it('accept-then-drop: the lost answer is recovered by query, without a second send', async () => {
    core.close();
    core = open({ manual: true });
    await settle(core.dtes.create('FC', fc(), 'test').record.id);
    sim.setMode('drop');
    const { record } = core.dtes.create('FC', fc(), 'test');
    await core.sync.runOnce();
    expect(core.dtes.get(record.id).status).toBe('PROCESSING');
    sim.setMode('normal');
    // The query is due after the backoff.
    await new Promise((r) => setTimeout(r, 300));
    expect((await settle(record.id)).status).toBe('APPROVED');
    expect(sim.state.counts.recepciondte).toBe(2);
  });

  it('MH down: the document waits as CREATED without spending attempts, and goes once MH is back', async () => {
    sim.setMode('down');
    const { record } = core.dtes.create('FC', fc(), 'test');
    await core.sync.runOnce();
    expect(core.dtes.get(record.id).status).toBe('CREATED');
    expect(core.sync.status()).toMatchObject({ state: 'offline', queue: { pending: 1 }, lastError: stringContaining('503') });
    sim.setMode('normal');
    // The retry is due after a backoff; the loop's own timer picks it up (no busy polling).
    await core.sync.waitForDocument(record.id, 5000);
    expect(core.dtes.get(record.id).status).toBe('APPROVED');
    expect(core.sync.status().state).toBe('online');
  });

  it('an NC goes to MH only after the CCF it adjusts is sealed', async () => {
    sim.setMode('down');
    const ccf = core.dtes.create('CCF', { ...ccfBody(newId()), generatedAt: undefined }, 'test').record;
    const nc = core.dtes.create('NC', { ...ncBody(newId(), ccf.id), generatedAt: undefined }, 'test').record;
    await core.sync.runOnce();
    sim.setMode('normal');
    await core.sync.waitForDocument(nc.id, 5000);
    await core.sync.runOnce();
    expect(core.dtes.get(ccf.id).status).toBe('APPROVED');
    expect(core.dtes.get(nc.id).status).toBe('APPROVED');
    expect(sim.state.accepted.indexOf(ccf.id.toUpperCase())).toBeLessThan(sim.state.accepted.indexOf(nc.id.toUpperCase()));
  });

  it('a send cut short by a crash is reconciled by query on the next start, never sent twice', async () => {
    core.close();
    core = open({ manual: true });
    const { record } = core.dtes.create('FC', fc(), 'test');
    // A sender that claimed it and reached MH, then died before recording the answer.
    const store = openStore(join(dir.dir, 'sello.db'));
    const [claimed] = outbox(store, silentLogger).claim(new Date(), 1, 50).claimed;
    const direct = mhClient({
      baseUrl: sim.url,
      user: '06142803901121',
      password: () => 'demo',
      ambiente: '00',
      fetch,
      clock: { now: () => new Date() },
      logger: silentLogger,
    });
    await direct.sendDte({
      tipoDte: '01',
      version: 1,
      codigoGeneracion: record.id.toUpperCase(),
      jws: claimed!.jws,
      idEnvio: claimed!.idEnvio,
    });
    store.close();
    core.close();
    await new Promise((r) => setTimeout(r, 80));
    core = open({ leaseMs: 50, manual: true });
    await core.sync.runOnce();
    expect(core.dtes.get(record.id).status).toBe('APPROVED');
    expect(sim.state.counts.recepciondte).toBe(1);
  });

  it("Prefer: wait=N answers with MH's verdict, or after N seconds with the document still queued", async () => {
    const app = await buildHttpServer(core, { logger: silentLogger });
    const headers = { 'x-api-key': DEMO_KEY, prefer: 'wait=5' };
    const res = await app.inject({ method: 'POST', url: '/dte/fc', headers, payload: fc() });
    expect(res.statusCode).toBe(201);
    expect(res.headers['preference-applied']).toBe('wait=5');
    expect(res.json()).toMatchObject({ status: 'APPROVED', mhResponse: { estado: 'PROCESADO' } });
    sim.setMode('down');
    const started = Date.now();
    const queued = await app.inject({ method: 'POST', url: '/dte/fc', headers: { ...headers, prefer: 'wait=1' }, payload: fc() });
    expect(queued.json<DteRecord>().status).toBe('CREATED');
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
    // Three failed attempts within that second: MH's rule puts the station in contingency.
    expect((await app.inject({ method: 'GET', url: '/sync/status', headers })).json()).toMatchObject({
      state: 'contingency',
      queue: { pending: 1 },
      contingencies: [{ type: 1, status: 'open', documents: 1 }],
    });
    await app.close();
  });

  it('pushes document changes and the sync state as Server-Sent Events', async () => {
    const app = await buildHttpServer(core, { logger: silentLogger });
    await app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = app.server.address() as { port: number };
    const abort = new AbortController();
    const res = await fetch(`http://127.0.0.1:${port}/sync/events`, { headers: { 'X-API-Key': DEMO_KEY }, signal: abort.signal });
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    const reader = (res.body as ReadableStream<Uint8Array>).getReader();
    const decoder = new TextDecoder();
    const received: SelloEvent[] = [];
    let buffer = '';
    const { record } = core.dtes.create('FC', fc(), 'test');
    const deadline = Date.now() + 5000;
    while (!received.some((e) => e.type === 'dte' && e.id === record.id && e.status === 'APPROVED') && Date.now() < deadline) {
      const { value } = await reader.read();
      buffer += decoder.decode(value, { stream: true });
      for (let cut = buffer.indexOf('\n\n'); cut >= 0; cut = buffer.indexOf('\n\n')) {
        const line = buffer.slice(0, cut);
        buffer = buffer.slice(cut + 2);
        if (line.startsWith('data: ')) received.push(JSON.parse(line.slice(6)) as SelloEvent);
      }
    }
    abort.abort();
    await app.close();
    expect(received[0]).toMatchObject({ type: 'sync', status: { state: anyString() } });
    expect(received).toContainEqual({ type: 'dte', id: record.id, status: 'APPROVED' });
  });

  it('wakes a worker at a status change and when its mark moved, never for a run that left its mark alone', async () => {
    core.close();
    core = open({ manual: true });
    let mark = 0;
    let wakes = 0;
    let built = 0;
    const status = core.sync.status.bind(core.sync);
    core.sync.status = () => {
      built += 1;
      return status();
    };
    const off = core.sync.onActivity(
      () => mark,
      () => (wakes += 1),
    );
    // An approval wakes it.
    const { record } = core.dtes.create('FC', fc(), 'test');
    await core.sync.runOnce();
    expect(core.dtes.get(record.id).status).toBe('APPROVED');
    expect(wakes).toBeGreaterThanOrEqual(1);
    const woken = wakes;
    // MH away: each run fails and writes its bookkeeping, and the worker's mark stays where it was.
    sim.setMode('down');
    core.dtes.create('FC', fc(), 'test');
    await core.sync.runOnce();
    core.sync.retryNow();
    await core.sync.runOnce();
    expect(wakes).toBe(woken);
    // Its mark moves (what it reads changed): the next run wakes it, once.
    mark += 1;
    core.sync.retryNow();
    await core.sync.runOnce();
    await core.sync.runOnce();
    expect(wakes).toBe(woken + 1);
    // Nobody listening for the sync state: the runs never built it for the workers. A listener (a window) gets it.
    expect(built).toBe(0);
    const offEvents = core.sync.onEvent(() => {});
    mark += 1;
    await core.sync.runOnce();
    expect(built).toBeGreaterThan(0);
    offEvents();
    // Unsubscribed: no more wakes, though its mark moves.
    off();
    const before = wakes;
    mark += 1;
    await core.sync.runOnce();
    expect(wakes).toBe(before);
  });
});
