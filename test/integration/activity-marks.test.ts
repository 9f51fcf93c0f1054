// What wakes the workers beside the sync engine (docs/decisions/0058-workers-woken-by-what-they-read.md): the hub's
// replication by a mark that moves with every change queued or acknowledged, and the UI by the sync state, pushed
// to a listener that comes back even if the state is what an earlier listener was last shown.
import { createServer, type Server } from 'node:http';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createCore, type Core } from '../../main/core/create-core';
import { DEMO_STATION } from '../../main/core/station/demo';
import type { SelloEvent } from '../../shared/records';
import { fcBody } from '../fixtures/bodies';
import { tempDir } from '../support/core';
import { registerStation, startSimulator } from '../support/mh-sim';

let sim: Awaited<ReturnType<typeof startSimulator>>;
let hub: Server;
let dir: ReturnType<typeof tempDir>;
let core: Core;
let n = 0;
const fc = () => ({ ...fcBody(`ac7e0000-0000-4000-8000-${String(++n).padStart(12, '0')}`), generatedAt: undefined });

beforeEach(async () => {
  sim = await startSimulator({ loteDelayMs: 50 });
  // A hub that accepts whatever it is sent.
  hub = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      const documents = req.url === '/hub/v1/documents' ? (JSON.parse(body) as { documents: unknown[] }).documents.length : 0;
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(req.url === '/hub/v1/documents' ? { accepted: documents } : {}));
    });
  });
  await new Promise<void>((r) => hub.listen(0, '127.0.0.1', r));
  const address = hub.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  dir = tempDir();
  core = createCore({
    dataDir: dir.dir,
    mh: { baseUrl: sim.url, user: '06142803901121', password: 'demo', timeoutMs: 3000 },
    sync: { manual: true, jitter: () => 0 },
    replication: { manual: true },
    backups: { everyMs: 0 },
  });
  registerStation(sim, core);
  core.configure({ ...DEMO_STATION, hub: { url: `http://127.0.0.1:${port}`, token: 'token-of-this-station-0001' } }, 'test');
});
afterEach(async () => {
  core.close();
  await new Promise((r) => hub.close(r));
  await sim.close();
  dir.cleanup();
});

describe('what wakes the workers', () => {
  it("the replication's mark moves when the hub emptied the queue and it fills to the same number again", async () => {
    core.dtes.create('FC', fc(), 'test');
    const queued = core.replication.mark();
    expect(core.replication.status().waiting).toBeGreaterThan(0);
    await core.replication.runOnce();
    expect(core.replication.status().waiting).toBe(0);
    const emptied = core.replication.mark();
    expect(emptied).not.toBe(queued);
    // The same changes again, numbered from the start of an empty queue.
    core.dtes.create('FC', fc(), 'test');
    expect(core.replication.mark()).not.toBe(queued);
    expect(core.replication.mark()).not.toBe(emptied);
  });

  it('a listener that comes back is pushed the sync state, though an earlier one was shown the same', async () => {
    const first: SelloEvent[] = [];
    const off = core.sync.onEvent((e) => first.push(e));
    await core.sync.runOnce();
    expect(first.filter((e) => e.type === 'sync')).toHaveLength(1);
    off();
    await core.sync.runOnce();
    const again: SelloEvent[] = [];
    core.sync.onEvent((e) => again.push(e));
    await core.sync.runOnce();
    expect(again.filter((e) => e.type === 'sync')).toHaveLength(1);
  });
});
