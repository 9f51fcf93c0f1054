// The replicator honours the hub's Retry-After (docs/decisions/0023-hub-outlives-its-database.md): a hub whose
// database restarts answers 503 with Retry-After, and the station waits that long before asking again instead of
// its own 250 ms floor, while it keeps issuing; what it queued reaches the hub once the hub answers.
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Core } from '../../main/core/create-core';
import { retryAfterMs } from '../../main/core/replication/replicator';
import { DEMO_STATION } from '../../main/core/station/demo';
import { fcBody } from '../fixtures/bodies';
import { tempDir } from '../support/core';
import { coreWithSimulator, startSimulator } from '../support/mh-sim';

const RETRY_AFTER_S = 2;
/** The first answers are 503s, like a hub whose PostgreSQL is restarting. */
const REFUSED = 2;
const dir = tempDir();
let sim: Awaited<ReturnType<typeof startSimulator>>;
let server: Server;
let core: Core;
const seen: { at: number; method: string; path: string; status: number; documents: string[] }[] = [];

beforeAll(async () => {
  sim = await startSimulator({ loteDelayMs: 50 });
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      const refuse = seen.length < REFUSED;
      const documents =
        req.url === '/hub/v1/documents' ? (JSON.parse(body) as { documents: { id: string }[] }).documents.map((d) => d.id) : [];
      seen.push({ at: Date.now(), method: req.method ?? '', path: req.url ?? '', status: refuse ? 503 : 200, documents });
      if (refuse) {
        res.writeHead(503, { 'content-type': 'application/problem+json', 'retry-after': String(RETRY_AFTER_S) });
        res.end(JSON.stringify({ status: 503, code: 'SERVICE_UNAVAILABLE', detail: 'La base de datos de la central no responde.' }));
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(req.url === '/hub/v1/documents' ? { accepted: documents.length } : {}));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  core = coreWithSimulator(dir.dir, sim, { manual: false, timeoutMs: 1000, lotePollMs: 100 });
  core.configure({ ...DEMO_STATION, hub: { url: `http://127.0.0.1:${port}`, token: 'token-of-this-station-0001' } }, 'test');
}, 30_000);
afterAll(async () => {
  core?.close();
  await new Promise((r) => server?.close(r));
  await sim?.close();
  dir.cleanup();
});

async function until(check: () => boolean, what: string, ms = 20_000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(seen)}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

describe('the replicator and Retry-After', () => {
  it('reads seconds and HTTP dates, and nothing else', () => {
    const now = new Date('2026-11-26T15:00:00Z');
    expect(retryAfterMs('5', now)).toBe(5000);
    expect(retryAfterMs(' 0 ', now)).toBe(0);
    expect(retryAfterMs('Thu, 26 Nov 2026 15:00:30 GMT', now)).toBe(30_000);
    expect(retryAfterMs('Thu, 26 Nov 2026 14:00:00 GMT', now)).toBe(0);
    expect(retryAfterMs(null, now)).toBeUndefined();
    expect(retryAfterMs('soon', now)).toBeUndefined();
    expect(retryAfterMs('-3', now)).toBeUndefined();
  });

  it('waits the hub’s Retry-After between attempts, keeps issuing, and delivers what it queued', async () => {
    const ids = Array.from({ length: 3 }, (_, i) => `7d000000-0000-4000-8000-${String(i + 1).padStart(12, '0')}`);
    // Issued while the hub answers 503: issuing never waits for it.
    for (const id of ids) expect(core.dtes.create('FC', { ...fcBody(id), generatedAt: undefined }, 'test').record.id).toBe(id);
    await until(() => seen.length > REFUSED, 'an attempt after the 503s');
    // The replicator's own backoff is 250 ms here (jitter 0): each gap this long is the hub's Retry-After.
    for (let i = 1; i <= REFUSED; i += 1) expect(seen[i]!.at - seen[i - 1]!.at).toBeGreaterThanOrEqual(RETRY_AFTER_S * 1000 - 50);
    await until(() => core.sync.status().hub.waiting === 0, 'the queue to empty');
    const delivered = new Set(seen.filter((s) => s.status === 200).flatMap((s) => s.documents));
    for (const id of ids) expect(delivered.has(id)).toBe(true);
    expect(core.sync.status().hub.lastError).toBeNull();
  }, 30_000);
});
