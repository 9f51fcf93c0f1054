// The cap on sends (docs/decisions/0068-a-document-is-sent-a-few-times.md): a document whose sends never get an
// answer, MH's query saying each time that it does not hold it, is sent at most three times; then it waits in doubt for a
// supervisor, named on GET /sync/status and the banner, asked about once an hour and never sent, until a
// supervisor who checked MH's public lookup lets it go again (POST /sync/documents/{id}/send-again).
import BetterSqlite3 from 'better-sqlite3';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createCore, type Core } from '../../main/core/create-core';
import { silentLogger } from '../../main/core/logger';
import { MAX_SENDS } from '../../main/core/sync/send-cap';
import { buildHttpServer } from '../../main/http/server';
import type { SyncStatus } from '../../shared/records';
import { fcBody } from '../fixtures/bodies';
import { DEMO_KEY, fixedClock, tempDir } from '../support/core';
import { registerStation, startSimulator } from '../support/mh-sim';
import { sessionHeaders } from '../support/session';

const clock = fixedClock('2026-11-22T15:30:00Z');
let sim: Awaited<ReturnType<typeof startSimulator>>;
let dir: ReturnType<typeof tempDir>;
let core: Core;
let app: FastifyInstance;
let n = 0;
const newId = () => `2c0c0000-0000-4000-8000-${String(++n).padStart(12, '0')}`;
/** Every send is cut before it reaches MH (a connection reset, as the station sees it); queries go through. */
let cutSends = true;
let sendsTried = 0;
/** MH's query fails (HTTP 500) while set: it never says whether it holds the document. */
let queriesFail = false;
const fetchThrough: typeof fetch = (input, init) => {
  const url = String(input instanceof Request ? input.url : input);
  if (url.endsWith('/fesv/recepciondte')) {
    sendsTried += 1;
    if (cutSends) return Promise.reject(Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' }));
  }
  if (queriesFail && url.endsWith('/fesv/recepcion/consultadte/')) return Promise.resolve(new Response('error', { status: 500 }));
  return fetch(input, init);
};

beforeEach(async () => {
  clock.set('2026-11-22T15:30:00Z');
  cutSends = true;
  queriesFail = false;
  sendsTried = 0;
  sim = await startSimulator({ clock });
  dir = tempDir();
  core = createCore({
    dataDir: dir.dir,
    clock,
    fetch: fetchThrough,
    mh: { baseUrl: sim.url, user: '06142803901121', password: 'demo' },
    sync: { manual: true, jitter: () => 0 },
  });
  registerStation(sim, core);
  app = await buildHttpServer(core, { logger: silentLogger });
});
afterEach(async () => {
  await app.close();
  core.close();
  await sim.close();
  dir.cleanup();
});

/** One engine round a minute later: past every backoff but the hour's. */
async function round(): Promise<void> {
  clock.advance(60_000);
  await core.sync.runOnce();
}
const outboxRow = (id: string) => {
  const db = new BetterSqlite3(join(dir.dir, 'sello.db'), { readonly: true });
  try {
    return db.prepare("SELECT state, sends FROM outbox WHERE document_id = ? AND topic = 'dte'").get(id) as {
      state: string;
      sends: number;
    };
  } finally {
    db.close();
  }
};
const sendAgain = async (id: string, who: 'cajero' | 'supervisor') =>
  app.inject({
    method: 'POST',
    url: `/sync/documents/${id}/send-again`,
    headers: { ...(await sessionHeaders(app, who)), 'x-api-version': '1' },
  });

describe('a document whose sends never conclude', () => {
  it('is sent three times, then waits for a supervisor; a supervisor lets it go again and MH seals it', async () => {
    const { record } = core.dtes.create('FC', { ...fcBody(newId()), generatedAt: undefined }, 'test');
    await core.sync.runOnce();
    for (let i = 0; i < 8; i++) await round();
    expect(sendsTried).toBe(MAX_SENDS);
    expect(outboxRow(record.id)).toEqual({ state: 'unknown', sends: MAX_SENDS });
    expect(core.dtes.get(record.id).status).toBe('PROCESSING');
    const status = (await app.inject({ method: 'GET', url: '/sync/status', headers: { 'x-api-key': DEMO_KEY } })).json<SyncStatus>();
    expect(status.documentsNeedingPerson).toEqual([
      {
        documentId: record.id,
        controlNumber: core.dtes.get(record.id).controlNumber,
        reason: expect.stringMatching(/^Se envió a MH 3 veces sin una respuesta clara.*Sincronización/) as unknown,
        canSendAgain: true,
      },
    ]);
    expect(status.alerts).toContainEqual(expect.objectContaining({ code: 'document_needs_person', level: 'warning' }));
    // Asked about once an hour, never sent.
    const asked = sim.state.counts.consultadte ?? 0;
    clock.advance(61 * 60_000);
    await core.sync.runOnce();
    expect(sim.state.counts.consultadte).toBe(asked + 1);
    expect(sendsTried).toBe(MAX_SENDS);

    // A cashier cannot let it go; a supervisor can, once.
    expect((await sendAgain(record.id, 'cajero')).statusCode).toBe(403);
    cutSends = false;
    const ok = await sendAgain(record.id, 'supervisor');
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json<SyncStatus>().documentsNeedingPerson).toEqual([]);
    await core.sync.runOnce();
    expect(core.dtes.get(record.id).status).toBe('APPROVED');
    expect(sendsTried).toBe(MAX_SENDS + 1);
    expect(sim.state.received.get(record.id.toUpperCase())).toBe(1);
    // Nothing waits for a supervisor any more: a second word is a conflict, and changes nothing.
    const again = await sendAgain(record.id, 'supervisor');
    expect(again.statusCode).toBe(409);
    expect(again.json<{ detail: string }>().detail).toMatch(/no espera a un supervisor/);
  });

  it('MH never answering its query clearly: sent once, only asked about, and named for a person without a resend', async () => {
    queriesFail = true;
    const { record } = core.dtes.create('FC', { ...fcBody(newId()), generatedAt: undefined }, 'test');
    await core.sync.runOnce();
    for (let i = 0; i < 4; i++) await round();
    expect(sendsTried).toBe(1);
    const status = core.sync.status();
    expect(status.documentsNeedingPerson).toEqual([
      {
        documentId: record.id,
        controlNumber: core.dtes.get(record.id).controlNumber,
        reason: expect.stringMatching(/^MH no da una respuesta clara.*no lo reenvía.*consulta pública de MH/) as unknown,
        canSendAgain: false,
      },
    ]);
    expect(status.alerts).toContainEqual(expect.objectContaining({ code: 'document_needs_person' }));
    // Not a supervisor's to send: it may be at MH.
    expect((await sendAgain(record.id, 'supervisor')).statusCode).toBe(409);
    // MH answers again: the query settles it, and it leaves the list.
    queriesFail = false;
    cutSends = false;
    for (let i = 0; i < 3; i++) await round();
    expect(core.dtes.get(record.id).status).toBe('APPROVED');
    expect(core.sync.status().documentsNeedingPerson).toEqual([]);
  });
});
