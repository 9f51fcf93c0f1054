import { readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import { createCore, type Core } from '../create-core';
import { CoreError } from '../errors';
import { buildHttpServer } from '../http/server';
import type { Logger } from '../logger';
import { DEMO_STATION } from '../station/demo';

export interface ServeOptions {
  readonly dataDir?: string;
  readonly host: string;
  readonly port: number;
  readonly config?: string;
  readonly demo: boolean;
  readonly uiDir: string;
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
  const profile: unknown = options.config && !options.demo ? JSON.parse(readFileSync(options.config, 'utf8')) : DEMO_STATION;
  let core: Core;
  try {
    core = createCore({ dataDir: dataDirFor(options), logger, initialStation: profile });
    // Applied again on every start (idempotent): edits to the station file take effect on restart.
    if (options.config && !options.demo) core.configure(profile, 'cli');
  } catch (e) {
    if (e instanceof CoreError && e.errors) {
      throw new Error(`${options.config ?? 'station'}: ${e.errors.map((x) => `${x.path}: ${x.message}`).join('; ')}`, { cause: e });
    }
    throw e;
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
    },
  };
}
