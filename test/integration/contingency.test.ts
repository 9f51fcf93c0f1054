// MH's contingency procedure end to end against the simulator, which validates the event with
// contingencia-schema-v3 and accepts contingency documents only when a sealed event lists them.
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Core } from '../../main/core/create-core';
import { generateMhCertificate, parseMhCertificate } from '../../main/core/signing/certificate';
import { verifyJwsSync } from '../../main/core/signing/jws';
import { DEMO_STATION } from '../../main/core/station/demo';
import { crBody, fcBody, fseBody } from '../fixtures/bodies';
import { tempDir } from '../support/core';
import { coreWithSimulator, startSimulator } from '../support/mh-sim';

let sim: Awaited<ReturnType<typeof startSimulator>>;
let dir: ReturnType<typeof tempDir>;
let core: Core;
let n = 0;
const newId = () => `c0a7c000-0000-4000-8000-${String(++n).padStart(12, '0')}`;
const fc = () => ({ ...fcBody(newId()), generatedAt: undefined });

const open = (fetchImpl?: typeof fetch): Core =>
  coreWithSimulator(dir.dir, sim, { timeoutMs: 2000, lotePollMs: 0, ...(fetchImpl ? { fetch: fetchImpl } : {}) });
const identificacion = (id: string) => core.dtes.mhDocument(id).document.identificacion as Record<string, unknown>;
/** Runs the engine as its timer would: a round, then the 250 ms backoff (no jitter in these tests). */
async function drain(rounds = 6) {
  for (let i = 0; i < rounds; i++) {
    await core.sync.runOnce();
    await new Promise((r) => setTimeout(r, 280));
  }
}

beforeEach(async () => {
  sim = await startSimulator({ loteDelayMs: 20 });
  dir = tempDir();
  core = open();
});
afterEach(async () => {
  core.close();
  await sim.close();
  dir.cleanup();
});

describe('contingency', () => {
  it('MH down: three failed sends open a type-1 contingency and queued documents are re-signed as contingency documents', async () => {
    sim.setMode('down');
    const ids = [0, 1, 2].map(() => core.dtes.create('FC', fc(), 'test').record.id);
    await drain(3);
    const status = core.sync.status();
    expect(status).toMatchObject({ state: 'contingency', contingencies: [{ type: 1, status: 'open', documents: 3 }] });
    for (const id of ids) {
      expect(identificacion(id)).toMatchObject({ tipoModelo: 2, tipoOperacion: 2, tipoContingencia: 1, motivoContin: null });
      expect(core.dtes.get(id).status).toBe('CREATED');
    }
    // Nothing reached MH: no document was received, only attempts that MH answered with 503.
    expect(sim.state.documents.size).toBe(0);
  });

  it('during contingency new documents are signed as contingency documents; a CR stays normal and waits', async () => {
    sim.setMode('down');
    core.dtes.create('FC', fc(), 'test');
    await drain(3);
    const during = core.dtes.create('FSE', { ...fseBody(newId()), generatedAt: undefined }, 'test').record;
    const cr = core.dtes.create('CR', { ...crBody(newId()), generatedAt: undefined }, 'test').record;
    expect(identificacion(during.id)).toMatchObject({ tipoModelo: 2, tipoOperacion: 2, tipoContingencia: 1 });
    expect(identificacion(cr.id)).toMatchObject({ tipoModelo: 1, tipoOperacion: 1, tipoContingencia: null });
    expect(core.sync.status().contingencies[0]?.documents).toBe(2);
  });

  it('recovery: the event goes first, then the documents in lotes of 100, then the results; the CR as a normal document', async () => {
    sim.setMode('down');
    const ids = [core.dtes.create('FC', fc(), 'test').record.id];
    await drain(3);
    for (let i = 0; i < 149; i++) ids.push(core.dtes.create('FC', fc(), 'test').record.id);
    const cr = core.dtes.create('CR', { ...crBody(newId()), generatedAt: undefined }, 'test').record;
    sim.setMode('normal');
    await drain();
    const status = core.sync.status();
    expect(status.state).toBe('online');
    expect(status.contingencies).toEqual([]);
    for (const id of ids) expect(core.dtes.get(id).status).toBe('APPROVED');
    expect(core.dtes.get(cr.id).status).toBe('APPROVED');
    expect(sim.state.events.size).toBe(1);
    expect(sim.state.counts.contingencia).toBe(1);
    expect(sim.state.counts.recepcionlote).toBe(2);
    // Each document reached MH once, and the event before any of them.
    expect(new Set(sim.state.accepted).size).toBe(sim.state.accepted.length);
    const event = [...sim.state.events.values()][0] as { detalleDTE: unknown[]; motivo: { tipoContingencia: number } };
    expect(event.detalleDTE).toHaveLength(150);
    expect(event.motivo.tipoContingencia).toBe(1);
  });

  it("tracks MH's deadlines: the event within 24 h of the cese, the documents within 72 h of its seal", async () => {
    sim.setMode('down');
    core.dtes.create('FC', fc(), 'test');
    await drain(3);
    const open = core.sync.status().contingencies[0]!;
    expect(open).toMatchObject({ status: 'open', endedAt: null, eventDeadline: null, documentsDeadline: null });
    // MH is back but slow with lotes: the event gets sealed while its documents still wait for results.
    sim.state.loteDelayMs = 60_000;
    sim.setMode('normal');
    await core.sync.runOnce();
    const sealed = core.sync.status().contingencies.find((e) => e.id === open.id)!;
    expect(sealed.status).toBe('sealed');
    expect(new Date(sealed.eventDeadline!).getTime() - new Date(sealed.endedAt!).getTime()).toBe(24 * 3600_000);
    const sealedAt = new Date(sealed.documentsDeadline!).getTime() - 72 * 3600_000;
    expect(Math.abs(sealedAt - Date.now())).toBeLessThan(10_000);
    expect(sim.state.events.size).toBe(1);
  });

  it('no internet (the name does not resolve): the contingency is type 3', async () => {
    core.close();
    // The network layer fails as a failed name resolution does; no traffic leaves the machine.
    const noNetwork: typeof fetch = () =>
      Promise.reject(
        Object.assign(new TypeError('fetch failed'), { cause: Object.assign(new Error('getaddrinfo ENOTFOUND'), { code: 'ENOTFOUND' }) }),
      );
    core = open(noNetwork);
    core.dtes.create('FC', fc(), 'test');
    await drain(3);
    expect(core.sync.status()).toMatchObject({ state: 'contingency', contingencies: [{ type: 3 }] });
  });

  it('a document whose answer was lost before the outage: MH had it, so the cese takes its seal', async () => {
    // Sent, sealed by MH, answer lost; then MH goes down entirely.
    sim.setMode('drop');
    const lost = core.dtes.create('FC', fc(), 'test').record;
    await core.sync.runOnce();
    sim.setMode('down');
    await drain(3);
    expect(core.sync.status().state).toBe('contingency');
    sim.setMode('normal');
    await drain();
    expect(core.dtes.get(lost.id).status).toBe('APPROVED');
    // It stayed a normal document: MH sealed it as such, and it was sent once.
    expect(identificacion(lost.id)).toMatchObject({ tipoOperacion: 1 });
    expect(sim.state.counts.recepciondte).toBe(1);
  });

  it('a document in doubt that MH never got joins the event, re-signed as a contingency document', async () => {
    sim.setMode('down');
    const doubt = core.dtes.create('FC', fc(), 'test').record;
    // As after a send that timed out before reaching MH.
    const db = new BetterSqlite3(join(dir.dir, 'sello.db'));
    db.prepare("UPDATE outbox SET state = 'unknown', attempts = 1 WHERE document_id = ?").run(doubt.id);
    db.prepare("UPDATE documents SET status = 'PROCESSING' WHERE id = ?").run(doubt.id);
    db.close();
    core.dtes.create('FC', fc(), 'test');
    await drain(3);
    expect(core.sync.status().state).toBe('contingency');
    expect(identificacion(doubt.id)).toMatchObject({ tipoOperacion: 1 });
    sim.setMode('normal');
    await drain();
    expect(core.dtes.get(doubt.id).status).toBe('APPROVED');
    expect(identificacion(doubt.id)).toMatchObject({ tipoOperacion: 2, tipoContingencia: 1 });
    expect(
      ([...sim.state.events.values()][0] as { detalleDTE: { codigoGeneracion: string }[] }).detalleDTE.map((d) => d.codigoGeneracion),
    ).toContain(doubt.id.toUpperCase());
  });
  it('a certificate renewed during the contingency: the documents signed with the old one go in the lote signed again', async () => {
    sim.setMode('down');
    const ids = [0, 1, 2].map(() => core.dtes.create('FC', fc(), 'test').record.id);
    await drain(3);
    expect(core.sync.status().state).toBe('contingency');
    // The company registers its renewed certificate at MH, and imports it here, while MH is still away.
    const password = 'Renovado#2027';
    const renewed = generateMhCertificate(DEMO_STATION.company.nit, password);
    const key = parseMhCertificate(renewed, password).publicKey;
    sim.registerKey(DEMO_STATION.company.nit, key.export({ format: 'der', type: 'spki' }).toString('base64'));
    expect(core.importCertificate(renewed, password, 'ana')).toEqual({ certificateChanged: true });
    ids.push(core.dtes.create('FC', fc(), 'test').record.id);
    const singly = sim.state.counts.recepciondte ?? 0;
    sim.setMode('normal');
    await drain();
    // All went in the lote, accepted there: none came back 803 to be sent again one by one.
    expect(sim.state.counts.recepcionlote).toBe(1);
    expect(sim.state.counts.recepciondte ?? 0).toBe(singly);
    for (const id of ids) {
      expect(core.dtes.get(id).status).toBe('APPROVED');
      expect(verifyJwsSync(core.dtes.mhDocument(id).jws, key)).toBe(true);
    }
    expect(identificacion(ids[0]!)).toMatchObject({ tipoModelo: 2, tipoOperacion: 2, tipoContingencia: 1 });
    expect(core.sync.status().state).toBe('online');
  });
});
