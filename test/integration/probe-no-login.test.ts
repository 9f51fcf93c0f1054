// Issue 54, item 4 (docs/decisions/0070-station-faults-said-aloud.md): the reachability probe asks MH's base URL and
// never posts a login without credentials, which MH would log as a failed authentication.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createServer } from 'node:net';
import type { Core } from '../../main/core/create-core';
import { mhClient } from '../../main/core/mh/client';
import { silentLogger } from '../../main/core/logger';
import { fcBody } from '../fixtures/bodies';
import { fixedClock, tempDir } from '../support/core';
import { coreWithSimulator, startSimulator, untilContingency } from '../support/mh-sim';

let sim: Awaited<ReturnType<typeof startSimulator>>;
let dir: ReturnType<typeof tempDir>;
let n = 0;
const fc = () => ({ ...fcBody(`9b0be000-0000-4000-8000-${String(++n).padStart(12, '0')}`), generatedAt: undefined });

/** Every login the station posts, with whether its form carried a user and a password. */
const logins: { user: boolean; pwd: boolean }[] = [];
const recording: typeof fetch = (input, init) => {
  if (String(input instanceof Request ? input.url : input).endsWith('/seguridad/auth')) {
    const form = new URLSearchParams(typeof init?.body === 'string' ? init.body : '');
    logins.push({ user: Boolean(form.get('user')), pwd: Boolean(form.get('pwd')) });
  }
  return fetch(input, init);
};

beforeEach(async () => {
  logins.length = 0;
  sim = await startSimulator({ loteDelayMs: 20 });
  dir = tempDir();
});
afterEach(async () => {
  await sim.close();
  dir.cleanup();
});

const client = (baseUrl: string) =>
  mhClient({
    baseUrl,
    user: '06142803901121',
    password: () => 'demo',
    ambiente: '00',
    fetch: recording,
    clock: fixedClock(),
    logger: silentLogger,
    timeoutMs: 1500,
  });

async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  await new Promise((r) => server.close(r));
  return port;
}

describe('the reachability probe', () => {
  it('MH up: reachable, and MH counts no login; MH down (503) or a closed port: not reachable', async () => {
    const before = sim.state.counts.auth ?? 0;
    expect(await client(sim.url).reachable()).toBe(true);
    expect((sim.state.counts.auth ?? 0) - before).toBe(0);
    sim.setMode('down');
    expect(await client(sim.url).reachable()).toBe(false);
    expect(await client(`http://127.0.0.1:${await closedPort()}`).reachable()).toBe(false);
    expect(logins).toEqual([]);
  });

  it('in contingency the probes post no login; the cese logs in with the credentials only', async () => {
    const core: Core = coreWithSimulator(dir.dir, sim, { timeoutMs: 2000, lotePollMs: 0, fetch: recording });
    try {
      sim.setMode('down');
      core.dtes.create('FC', fc(), 'test');
      await untilContingency(core);
      expect(core.sync.status().state).toBe('contingency');
      // Passes while MH is still down: each one probes, none of them logs in.
      logins.length = 0;
      for (let i = 0; i < 3; i++) {
        await core.sync.runOnce();
        await new Promise((r) => setTimeout(r, 280));
      }
      expect(logins).toEqual([]);
      // MH back: the probe answers, the cese logs in, always with a user and a password.
      sim.setMode('normal');
      const before = sim.state.counts.auth ?? 0;
      for (let i = 0; i < 6 && core.sync.status().state !== 'online'; i++) {
        await core.sync.runOnce();
        await new Promise((r) => setTimeout(r, 280));
      }
      expect(core.sync.status().state).toBe('online');
      expect(logins.length).toBeGreaterThan(0);
      expect(logins.every((l) => l.user && l.pwd)).toBe(true);
      expect((sim.state.counts.auth ?? 0) - before).toBe(logins.length);
    } finally {
      core.close();
    }
  });
});
