import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import type { Clock } from '../../main/core/clock';
import type { Logger } from '../../main/core/logger';
import { createCore, type Core } from '../../main/core/create-core';
import { createMhSimulator, type MhSimulator, type SimOptions } from '../../main/mh-sim/server';
import { generateMhCertificate, parseMhCertificate } from '../../main/core/signing/certificate';
import { DEMO_STATION } from '../../main/core/station/demo';
import { SCHEMA_DIR } from './mh-schemas';

/** The MH simulator on a real loopback port, validating against MH's official schemas. */
export async function startSimulator(options: SimOptions = {}): Promise<MhSimulator & { url: string; close(): Promise<void> }> {
  const sim = createMhSimulator({ schemasDir: SCHEMA_DIR, ...options });
  await sim.app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = sim.app.server.address() as AddressInfo;
  return Object.assign(sim, { url: `http://127.0.0.1:${port}`, close: () => sim.app.close() });
}

/**
 * Runs the engine as its timer would (a round, then past the 250 ms backoff floor) until the failed sends of an
 * MH that is down put the station in contingency, four rounds at most. The caller checks the state.
 */
export async function untilContingency(core: Core): Promise<void> {
  for (let i = 0; i < 4 && core.sync.status().state !== 'contingency'; i++) {
    await core.sync.runOnce();
    await new Promise((r) => setTimeout(r, 280));
  }
}

/** MH receives the station's certificate, as when a taxpayer uploads it to MH. */
export function registerStation(sim: MhSimulator, core: Core): void {
  const key = core.signing.publicKey();
  const nit = core.signing.nit();
  if (!key || !nit) throw new Error('station has no certificate');
  sim.registerKey(nit, key.export({ format: 'der', type: 'spki' }).toString('base64'));
}

/** A station core talking to `sim`, its engine driven by hand and without jitter (backoffs are the 250 ms floor). */
export function coreWithSimulator(
  dataDir: string,
  sim: { url: string } & MhSimulator,
  options: {
    timeoutMs?: number;
    leaseMs?: number;
    manual?: boolean;
    lotePollMs?: number;
    fetch?: typeof fetch;
    clock?: Clock;
    logger?: Logger;
  } = {},
): Core {
  const c = createCore({
    dataDir,
    mh: { baseUrl: sim.url, user: '06142803901121', password: 'demo', timeoutMs: options.timeoutMs ?? 3000 },
    sync: {
      manual: options.manual ?? true,
      jitter: () => 0,
      ...(options.leaseMs ? { leaseMs: options.leaseMs } : {}),
      ...(options.lotePollMs !== undefined ? { lotePollMs: options.lotePollMs } : {}),
    },
    ...(options.fetch ? { fetch: options.fetch } : {}),
    ...(options.clock ? { clock: options.clock } : {}),
    ...(options.logger ? { logger: options.logger } : {}),
  });
  registerStation(sim, c);
  return c;
}

/**
 * A real (non-demo) station file for `sello serve --config`, talking to `sim`: the demo company with a
 * generated MH certificate that `sim` knows, MH password `Api#Clave2026`, and `apiKey` accepted.
 */
export function stationFileFor(
  sim: { url: string } & MhSimulator,
  dir: string,
  apiKey: string,
  /** Merged last: e.g. `{newPointOfSale: undefined}` for a new PC of a point of sale that already issued. */
  extra: Record<string, unknown> = {},
): string {
  const nit = DEMO_STATION.company.nit;
  const xml = generateMhCertificate(nit, 'Firma#2026');
  const certFile = join(dir, `${nit}.crt`);
  writeFileSync(certFile, xml);
  sim.registerKey(nit, parseMhCertificate(xml, 'Firma#2026').publicKey.export({ format: 'der', type: 'spki' }).toString('base64'));
  const file = join(dir, 'station.json');
  writeFileSync(
    file,
    JSON.stringify({
      ...DEMO_STATION,
      demo: false,
      newPointOfSale: true,
      apiKeys: [apiKey],
      mh: { baseUrl: sim.url, user: nit, password: 'Api#Clave2026', certificateFile: certFile, certificatePassword: 'Firma#2026' },
      ...extra,
    }),
  );
  return file;
}
