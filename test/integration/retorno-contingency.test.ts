// Eventos de Retorno in contingency (docs/decisions/0050-evento-de-retorno-complete.md) against the MH simulator
// over HTTP, which judges the ER with fe-eret-v1, the event with contingencia-schema-v4, and takes a contingency
// ER only once a sealed event lists it: made during the outage, listed in the event (tipoDoc 18), sent after
// the event's seal, its limits counted all along.
import BetterSqlite3 from 'better-sqlite3';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Core } from '../../main/core/create-core';
import { DEMO_STATION } from '../../main/core/station/demo';
import type { ReturnRecord } from '../../shared/retorno';
import { fcBody } from '../fixtures/bodies';
import { tempDir } from '../support/core';
import { SCHEMA_DIR_V2 } from '../support/mh-schemas';
import { coreWithSimulator, startSimulator } from '../support/mh-sim';

let sim: Awaited<ReturnType<typeof startSimulator>>;
let dir: ReturnType<typeof tempDir>;
let core: Core;
let n = 0;
const newId = () => `e7c0a000-0000-4000-8000-${String(++n).padStart(12, '0')}`;
const fc = () => ({ ...fcBody(newId()), generatedAt: undefined });

/** Runs the engine as its timer would: a round, then the 250 ms backoff (no jitter in these tests). */
async function drain(rounds = 6) {
  for (let i = 0; i < rounds; i++) {
    await core.sync.runOnce();
    await new Promise((r) => setTimeout(r, 280));
  }
}

beforeEach(async () => {
  sim = await startSimulator({ loteDelayMs: 20, schemasV2Dir: SCHEMA_DIR_V2 });
  dir = tempDir();
  core = coreWithSimulator(dir.dir, sim, { timeoutMs: 2000, lotePollMs: 0 });
  // The 2026 normative, the only one with the ER (it needs the company's CAT-008 district).
  const company = { ...DEMO_STATION.company, address: { ...DEMO_STATION.company.address, district: '14' } };
  core.configure({ ...DEMO_STATION, company, mhNormative: { current: '2026' } }, 'test');
});
afterEach(async () => {
  core.close();
  await sim.close();
  dir.cleanup();
});

/** The stored event, read as an auditor would: straight from the station's file. */
function stored(r: ReturnRecord): { mh_json: string; jws: string } {
  const db = new BetterSqlite3(join(core.dataDir, 'sello.db'), { readonly: true });
  try {
    return db.prepare('SELECT mh_json, jws FROM returns WHERE id = ?').get(r.id) as { mh_json: string; jws: string };
  } finally {
    db.close();
  }
}

describe('an Evento de Retorno in contingency', () => {
  it('is signed as a contingency document, listed in the event as tipoDoc 18, and sealed after the event', async () => {
    const sold = core.dtes.create('FC', fc(), 'test').record;
    await core.sync.runOnce();
    expect(core.dtes.get(sold.id).status).toBe('APPROVED');

    // MH goes down: three failed sends open a type-1 contingency.
    sim.setMode('down');
    core.dtes.create('FC', fc(), 'test');
    await drain(3);
    const [open] = core.sync.status().contingencies;
    expect(open).toMatchObject({ type: 1, status: 'open' });

    // A return at the counter now: PENDING, part of the open event, never sent while the event is open.
    const made = await core.returns.make({ lines: [{ dteId: sold.id, item: 1, quantity: 1 }], reason: 'Devolución sin internet' }, 'test');
    expect(made.pending).toBe(true);
    expect(made.record).toMatchObject({ status: 'PENDING', contingencyId: open!.id, mhResponse: null });
    const signed = JSON.parse(stored(made.record).mh_json) as { identificacion: Record<string, unknown> };
    expect(signed.identificacion).toMatchObject({ tipoModelo: 2, tipoOperacion: 2, tipoContingencia: 1 });
    expect(sim.state.counts.retornodte ?? 0).toBe(0);

    // Its limits count at once: the line sold 2, so 2 more are refused, naming the field.
    await expect(
      core.returns.make({ lines: [{ dteId: sold.id, item: 1, quantity: 2 }], reason: 'Otra devolución' }, 'test'),
    ).rejects.toMatchObject({ code: 'VALIDATION_FAILED', errors: [{ path: 'lines.0.quantity' }] });
    // And it blocks the document's invalidation.
    await expect(core.dtes.invalidate({ dteId: sold.id, reason: 'Error en el precio' }, 'test')).rejects.toMatchObject({
      code: 'DTE_NOT_INVALIDATABLE',
    });

    // MH is back: the event first (listing the ER), then the documents, then the ER.
    sim.setMode('normal');
    await drain();
    expect(core.sync.status()).toMatchObject({ state: 'online', contingencies: [] });
    const event = [...sim.state.events.values()][0] as {
      identificacion: { version: number };
      detalleDTE: { tipoDoc: string; codigoGeneracion: string }[];
    };
    expect(event.identificacion.version).toBe(4);
    expect(event.detalleDTE).toContainEqual(expect.objectContaining({ tipoDoc: '18', codigoGeneracion: made.record.id.toUpperCase() }));
    const after = core.returns.ofDocument(sold.id).events[0]!;
    expect(after).toMatchObject({ status: 'APPROVED', contingencyId: open!.id });
    expect(after.seal).toMatch(/^[0-9A-Z]{40}$/);
    expect(sim.state.counts.retornodte).toBe(1);
  });

  it('the simulator refuses a contingency ER that no sealed event lists', async () => {
    const sold = core.dtes.create('FC', fc(), 'test').record;
    await core.sync.runOnce();
    sim.setMode('down');
    core.dtes.create('FC', fc(), 'test');
    await drain(3);
    const made = await core.returns.make({ lines: [{ dteId: sold.id, item: 1, quantity: 1 }], reason: 'Devolución sin internet' }, 'test');
    // Sent by hand before its event, as a station that skipped the procedure would.
    sim.setMode('normal');
    const { jws } = stored(made.record);
    const token = (await (
      await fetch(`${sim.url}/seguridad/auth`, { method: 'POST', body: new URLSearchParams({ user: '06142803901121', pwd: 'demo' }) })
    ).json()) as { body: { token: string } };
    const res = await fetch(`${sim.url}/fesv/retornodte`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: token.body.token },
      body: JSON.stringify({ ambiente: '00', idEnvio: 1, version: 1, documento: jws }),
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ estado: 'RECHAZADO', codigoMsg: '010' });
  });
});
