import { readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { createCoreHost, type CoreHost } from '../core/core-host';
import { CoreError } from '../core/errors';
import { buildHttpServer } from '../http/server';
import { clockOffsetFrom, offsetClock } from '../core/clock';
import { CLOCK_PROBE_MS } from '../core/clock-skew';
import { allowedMhUrls } from '../core/mh/pinned-address';
import type { Logger } from '../core/logger';
import { osKeyring } from '../core/station/os-keyring';
import type { DiskThresholds } from '../core/store/disk-space';
import { explicitSecretFile, stationSecrets } from '../core/station/secret-key';
import { tsxWorkers } from './worker-entries';
import { demoSimulator } from '../mh-sim/demo';

export interface ServeOptions {
  readonly dataDir?: string;
  readonly host: string;
  readonly port: number;
  readonly config?: string;
  readonly demo: boolean;
  readonly uiDir: string;
  /** Port of the demo's embedded MH simulator (random when absent), so a test can steer it through /_sim. */
  readonly demoMhPort?: number;
  /** Host names accepted besides loopback (`--allow-host`), for a POS reaching this station over the LAN. */
  readonly allowHosts?: readonly string[];
  /** How long after a contingency lote MH is asked for its results (MH's minute by default). */
  readonly lotePollMs?: number;
  /**
   * The file that keeps the key sealing the station's secrets (`--secret-file` or SELLO_SECRET_FILE); without
   * one, the OS keyring, else a file per data folder in the user's configuration folder (station/secret-key.ts).
   */
  readonly secretFile?: string;
}

/**
 * The disk_low alert's thresholds (store/disk-space.ts) from SELLO_DISK_WARN_MB, SELLO_DISK_CRITICAL_MB and
 * SELLO_DISK_CHECK_MS: a station on a small disk sets its own; anything not a positive number keeps the default.
 */
/** `SELLO_INTEGRITY_GRACE_MS`: a whole number of milliseconds, else the host's own grace. */
const graceFrom = (v: string | undefined): { integrityGraceMs?: number } =>
  v !== undefined && /^\d{1,6}$/.test(v) ? { integrityGraceMs: Number(v) } : {};

export function diskThresholdsFrom(env: NodeJS.ProcessEnv): DiskThresholds {
  const positive = (name: string, scale: number) => {
    const n = Number(env[name]);
    return env[name] !== undefined && Number.isFinite(n) && n > 0 ? { value: Math.round(n * scale) } : null;
  };
  const warn = positive('SELLO_DISK_WARN_MB', 1024 * 1024);
  const critical = positive('SELLO_DISK_CRITICAL_MB', 1024 * 1024);
  const every = positive('SELLO_DISK_CHECK_MS', 1);
  return {
    ...(warn ? { warnBytes: warn.value } : {}),
    ...(critical ? { criticalBytes: critical.value } : {}),
    ...(every ? { everyMs: every.value } : {}),
  };
}

export const defaultDataDir = (): string => process.env.SELLO_DATA_DIR ?? join(homedir(), '.sello');

export interface Running {
  readonly host: CoreHost;
  readonly url: string;
  close(): Promise<void>;
}

/**
 * The station is the real one in the data dir (from `--config`, or set up earlier with the wizard), else the
 * demo in `DIR/demo` until the wizard creates the real one; `--demo` serves the demo whatever exists. Also what
 * `sello homologate` opens: the same station, without the HTTP server.
 */
export async function openHost(options: Omit<ServeOptions, 'host' | 'port' | 'uiDir' | 'allowHosts'>, logger: Logger): Promise<CoreHost> {
  const secretFile = explicitSecretFile({ secretFile: options.secretFile });
  const keyring = secretFile || process.env.SELLO_KEYRING === 'off' ? null : await osKeyring(logger);
  try {
    return await createCoreHost({
      demoMh: demoSimulator,
      baseDir: options.dataDir ?? defaultDataDir(),
      deps: {
        logger,
        secrets: stationSecrets({ secretFile, keyring, logger }),
        ...(secretFile ? { auditHeadDir: dirname(resolve(secretFile)) } : {}),
        allowedMhUrls: allowedMhUrls(process.env.SELLO_ALLOW_MH_URL),
        // Test-only: a station whose clock is off by this much (docs/decisions/0028-clock-skew.md).
        clock: offsetClock(clockOffsetFrom(process.env.SELLO_CLOCK_OFFSET_MS)),
        clockProbeMs: CLOCK_PROBE_MS,
        ...(options.lotePollMs ? { sync: { lotePollMs: options.lotePollMs } } : {}),
        disk: diskThresholdsFrom(process.env),
        // The month's books and the letter PDFs on threads of their own (decision 0045).
        workers: tsxWorkers(),
      },
      ...(options.config && !options.demo ? { config: JSON.parse(readFileSync(options.config, 'utf8')) as unknown } : {}),
      demo: options.demo,
      ...(options.demoMhPort !== undefined ? { demoMhPort: options.demoMhPort } : {}),
      // How long the start waits for SQLite's check before serving without its verdict (decision 0042).
      ...graceFrom(process.env.SELLO_INTEGRITY_GRACE_MS),
    });
  } catch (e) {
    if (e instanceof CoreError && e.errors) {
      throw new Error(`${options.config ?? 'station'}: ${e.errors.map((x) => `${x.path}: ${x.message}`).join('; ')}`, { cause: e });
    }
    throw e;
  }
}

export async function serve(options: ServeOptions, logger: Logger): Promise<Running> {
  const host = await openHost(options, logger);
  const bound = ['0.0.0.0', '::', '[::]'].includes(options.host) ? [] : [options.host.includes(':') ? `[${options.host}]` : options.host];
  const app = await buildHttpServer(host, { logger, uiDir: options.uiDir, allowedHosts: [...bound, ...(options.allowHosts ?? [])] });
  try {
    await app.listen({ host: options.host, port: options.port });
  } catch (e) {
    await host.close();
    throw e;
  }
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  const hostname = options.host.includes(':') ? `[${options.host}]` : options.host;
  return {
    host,
    url: `http://${hostname}:${port}`,
    async close() {
      await app.close();
      await host.close();
    },
  };
}
