// MH's 803 staged step by step (the engine driven by hand, the simulator over HTTP): the refused document waits
// and nothing more goes but one probe on the backoff; a probe MH accepts ends it, and so does a renewed
// certificate imported in Ajustes, whose documents go signed again with it (docs/decisions/0027-certificate-life-cycle.md).
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Core } from '../../main/core/create-core';
import { CoreError } from '../../main/core/errors';
import { generateMhCertificate, parseMhCertificate } from '../../main/core/signing/certificate';
import { verifyJwsSync } from '../../main/core/signing/jws';
import { DEMO_STATION } from '../../main/core/station/demo';
import { fcBody } from '../fixtures/bodies';
import { tempDir } from '../support/core';
import { coreWithSimulator, startSimulator } from '../support/mh-sim';

const NIT = DEMO_STATION.company.nit;
const PASSWORD = 'Renovado#2027';
let sim: Awaited<ReturnType<typeof startSimulator>>;
let dir: ReturnType<typeof tempDir>;
let core: Core;
let serial = 0;
const fc = () => ({ ...fcBody(`cf000000-0000-4000-8000-${String(++serial).padStart(12, '0')}`), generatedAt: undefined });
const spki = (xml: string) => parseMhCertificate(xml, PASSWORD).publicKey.export({ format: 'der', type: 'spki' }).toString('base64');
const sent = () => sim.state.counts.recepciondte ?? 0;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

beforeEach(async () => {
  sim = await startSimulator({ loteDelayMs: 50 });
  dir = tempDir('sello-803-');
  core = coreWithSimulator(dir.dir, sim);
});
afterEach(async () => {
  core.close();
  await sim.close();
  dir.cleanup();
});

/** MH starts requiring a renewed certificate: the next document comes back 803. */
async function refusedAfterRenewalAtMh(): Promise<{ renewed: string; oldKey: string; first: string; second: string }> {
  const oldKey = core.signing.publicKey()!.export({ format: 'der', type: 'spki' }).toString('base64');
  const approved = core.dtes.create('FC', fc(), 'test').record.id;
  await core.sync.runOnce();
  expect(core.dtes.get(approved).status).toBe('APPROVED');
  const renewed = generateMhCertificate(NIT, PASSWORD);
  sim.registerKey(NIT, spki(renewed));
  const first = core.dtes.create('FC', fc(), 'test').record.id;
  const second = core.dtes.create('FC', fc(), 'test').record.id;
  const before = sent();
  await core.sync.runOnce();
  // One went and was refused; the other was not sent after it.
  expect(sent() - before).toBe(1);
  return { renewed, oldKey, first, second };
}

describe("MH's 803", () => {
  it('puts the station in the certificate state: nothing rejected, nothing sent before the probe, one probe at a time', async () => {
    const { first, second } = await refusedAfterRenewalAtMh();
    const s = core.sync.status();
    expect(s.state).toBe('certificate');
    expect(s.alerts[0]).toMatchObject({ code: 'certificate_refused', level: 'critical' });
    expect(s.queue.failed).toBe(0);
    expect(s.queue.pending).toBe(2);
    for (const id of [first, second]) expect(core.dtes.get(id).status).toBe('CREATED');

    // Before the probe's time nothing goes, whatever wakes the engine.
    const before = sent();
    await core.sync.runOnce();
    expect(sent()).toBe(before);
    // At the probe's time: one document, refused again; still nothing rejected.
    await sleep(300);
    await core.sync.runOnce();
    expect(sent()).toBe(before + 1);
    expect(core.sync.status().state).toBe('certificate');
    for (const id of [first, second]) expect(core.dtes.get(id).status).toBe('CREATED');
  });

  it('ends by itself when MH accepts a probe (the company registered the station certificate again)', async () => {
    const { oldKey, first, second } = await refusedAfterRenewalAtMh();
    sim.registerKey(NIT, oldKey);
    await sleep(1100);
    await core.sync.runOnce();
    expect(core.dtes.get(first).status).toBe('APPROVED');
    expect(core.dtes.get(second).status).toBe('APPROVED');
    const s = core.sync.status();
    expect(s.state).toBe('online');
    expect(s.alerts.map((a) => a.code)).not.toContain('certificate_refused');
  });

  it('ends at once when the renewed certificate is imported; what waited goes signed with it, the old one kept', async () => {
    const { renewed, first, second } = await refusedAfterRenewalAtMh();
    // Another NIT's certificate is refused, naming the field, and changes nothing.
    const other = generateMhCertificate('06140101001012', PASSWORD);
    let error: unknown;
    try {
      core.importCertificate(other, PASSWORD, 'ana');
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(CoreError);
    expect((error as CoreError).errors?.map((x) => x.path)).toEqual(['certificate']);
    expect(core.sync.status().state).toBe('certificate');

    expect(core.importCertificate(renewed, PASSWORD, 'ana')).toEqual({ certificateChanged: true });
    const now = core.sync.status();
    expect(now.state).not.toBe('certificate');
    expect(now.alerts.map((a) => a.code)).not.toContain('certificate_refused');
    await core.sync.runOnce();
    const key = parseMhCertificate(renewed, PASSWORD).publicKey;
    for (const id of [first, second]) {
      expect(core.dtes.get(id).status).toBe('APPROVED');
      expect(verifyJwsSync(core.dtes.mhDocument(id).jws, key)).toBe(true);
    }
    const history = core.signing.history();
    expect(history).toHaveLength(2);
    expect(history[0]).toMatchObject({ nit: NIT, replacedAt: null, importedBy: 'ana' });
    expect(history[1]?.replacedAt).not.toBeNull();
    // The same certificate again is no change.
    expect(core.importCertificate(renewed, PASSWORD, 'ana')).toEqual({ certificateChanged: false });
  });
});
