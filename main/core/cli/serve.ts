import { readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import { createCore, type Core } from '../create-core';
import { CoreError } from '../errors';
import { buildHttpServer } from '../http/server';
import type { Logger } from '../logger';
import { DEMO_STATION } from '../station/demo';
import { createMhSimulator, type MhSimulator } from '../mh-sim/server';

export interface ServeOptions {
  readonly dataDir?: string;
  readonly host: string;
  readonly port: number;
  readonly config?: string;
  readonly demo: boolean;
  readonly uiDir: string;
  /** Port of the demo's embedded MH simulator (random when absent), so a test can steer it through /_sim. */
  readonly demoMhPort?: number;
}

export const defaultDataDir = (): string => process.env.SELLO_DATA_DIR ?? join(homedir(), '.sello');

/** Demo data lives in its own folder so it never mixes with a real station's documents. */
export function dataDirFor(options: Pick<ServeOptions, 'dataDir' | 'demo' | 'config'>): string {
  const base = resolve(options.dataDir ?? defaultDataDir());
  return options.demo || !options.config ? join(base, 'demo') : base;
}

export interface Running {
  readonly core: Core;
  readonly url: string;
  close(): Promise<void>;
}

export async function serve(options: ServeOptions, logger: Logger): Promise<Running> {
  const demo = options.demo || !options.config;
  const profile: unknown = demo ? DEMO_STATION : JSON.parse(readFileSync(options.config ?? '', 'utf8'));
  // The demo talks to an MH simulator of its own, in this process, on loopback.
  let sim: MhSimulator | null = null;
  let simUrl: string | null = null;
  if (demo) {
    sim = createMhSimulator({ logger, loteDelayMs: 3000 });
    await sim.app.listen({ host: '127.0.0.1', port: options.demoMhPort ?? 0 });
    const a = sim.app.server.address();
    simUrl = `http://127.0.0.1:${typeof a === 'object' && a ? a.port : 0}`;
  }
  let core: Core;
  try {
    core = createCore({
      dataDir: dataDirFor(options),
      logger,
      initialStation: profile,
      ...(simUrl ? { mh: { baseUrl: simUrl, user: DEMO_STATION.company.nit, password: 'demo' } } : {}),
      // The demo's simulator processes a lote in seconds, so its results are asked for sooner than MH's minute.
      ...(simUrl ? { sync: { lotePollMs: 5000 } } : {}),
    });
    // Applied again on every start (idempotent): edits to the station file take effect on restart.
    if (options.config && !options.demo) core.configure(profile, 'cli');
  } catch (e) {
    await sim?.app.close();
    if (e instanceof CoreError && e.errors) {
      throw new Error(`${options.config ?? 'station'}: ${e.errors.map((x) => `${x.path}: ${x.message}`).join('; ')}`, { cause: e });
    }
    throw e;
  }
  if (sim) {
    const key = core.signing.publicKey();
    if (key) sim.registerKey(DEMO_STATION.company.nit, key.export({ format: 'der', type: 'spki' }).toString('base64'));
    core.sync.wake();
  }
  const app = await buildHttpServer(core, { logger, uiDir: options.uiDir });
  await app.listen({ host: options.host, port: options.port });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  const host = options.host.includes(':') ? `[${options.host}]` : options.host;
  return {
    core,
    url: `http://${host}:${port}`,
    async close() {
      await app.close();
      core.close();
      await sim?.app.close();
    },
  };
}
