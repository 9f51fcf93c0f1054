// Issue 54, item 3 (docs/decisions/0070-station-faults-said-aloud.md): a configured hub that does not answer for
// longer than the threshold raises `hub_unreachable` on the status, on real timers against a closed port, and the
// alert goes once something answers there as the hub does.
import { createServer, type Server } from 'node:http';
import { createServer as netServer } from 'node:net';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { createCore, type Core } from '../../main/core/create-core';
import { DEMO_STATION } from '../../main/core/station/demo';
import { fcBody } from '../fixtures/bodies';
import { tempDir } from '../support/core';

const dir = tempDir();
// The data folder goes with the file's last test.
afterAll(() => dir.cleanup());
let core: Core | null = null;
let server: Server | null = null;
afterEach(async () => {
  core?.close();
  core = null;
  if (server) await new Promise((r) => server?.close(r));
  server = null;
});

async function freePort(): Promise<number> {
  const s = netServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const address = s.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  await new Promise((r) => s.close(r));
  return port;
}
const hubAlert = (c: Core) => c.sync.status().alerts.find((a) => a.code === 'hub_unreachable');

describe('the hub away for long', () => {
  it('a closed port past the threshold raises hub_unreachable; a hub answering there clears it', async () => {
    const port = await freePort();
    core = createCore({ dataDir: dir.dir, replication: { unreachableAlertMs: 1500 } });
    core.configure({ ...DEMO_STATION, hub: { url: `http://127.0.0.1:${port}`, token: 'token-de-prueba-0123456789' } }, 'test');
    core.dtes.create('FC', { ...fcBody('4b0b0000-0000-4000-8000-000000000001'), generatedAt: undefined }, 'test');
    // Failing, but not for long yet: no alert.
    await expect.poll(() => core?.replication.status().lastError ?? null, { timeout: 5000 }).toMatch(/sin conexión con el hub/);
    expect(hubAlert(core)).toBeUndefined();
    // Past the threshold, at the next failed pass (its backoff is at most a few seconds this early).
    await expect.poll(() => (core ? hubAlert(core) : undefined), { timeout: 15_000, interval: 200 }).toMatchObject({ level: 'warning' });
    expect(hubAlert(core)?.message).toMatch(/oficina central \(hub\) no recibe .*sin conexión con el hub/);
    expect(hubAlert(core)?.action).toMatch(/Revise la conexión a internet/);
    // Something answers at that address as the hub does (every batch and report taken): the alert goes.
    server = createServer((req, res) => {
      req.resume();
      req.on('end', () => res.writeHead(200, { 'content-type': 'application/json' }).end('{}'));
    });
    await new Promise<void>((r) => server?.listen(port, '127.0.0.1', r));
    await expect.poll(() => (core ? hubAlert(core) : 'gone'), { timeout: 70_000, interval: 250 }).toBeUndefined();
    expect(core.replication.status().lastReachedAt).not.toBeNull();
  }, 90_000);
});
