import type { AddressInfo } from 'node:net';
import type { Core } from '../../main/core/create-core';
import { createMhSimulator, type MhSimulator, type SimOptions } from '../../main/core/mh-sim/server';
import { SCHEMA_DIR } from './mh-schemas';

/** The MH simulator on a real loopback port, validating against MH's official schemas. */
export async function startSimulator(options: SimOptions = {}): Promise<MhSimulator & { url: string; close(): Promise<void> }> {
  const sim = createMhSimulator({ schemasDir: SCHEMA_DIR, ...options });
  await sim.app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = sim.app.server.address() as AddressInfo;
  return Object.assign(sim, { url: `http://127.0.0.1:${port}`, close: () => sim.app.close() });
}

/** MH receives the station's certificate, as when a taxpayer uploads it to MH. */
export function registerStation(sim: MhSimulator, core: Core): void {
  const key = core.signing.publicKey();
  const nit = core.signing.nit();
  if (!key || !nit) throw new Error('station has no certificate');
  sim.registerKey(nit, key.export({ format: 'der', type: 'spki' }).toString('base64'));
}
