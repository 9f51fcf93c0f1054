// A document MH sealed and then invalidated, held in doubt by a station restored from a copy taken while MH's
// answer was lost: the station's sync engine (main/core/sync/engine.ts, askMh and probeAndEnd) against the MH
// simulator over HTTP, for each way consultadte may speak of an invalidated document (main/mh-sim/state.ts,
// CONSULT_INVALIDATED_ANSWERS). Never sent again, never put in a contingency event, never REJECTED.
import BetterSqlite3 from 'better-sqlite3';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Core } from '../../main/core/create-core';
import { restoreCommand } from '../../main/cli/maintenance';
import { auditHeadFile } from '../../main/core/audit-head';
import { explicitSecretFile, stationSecrets } from '../../main/core/station/secret-key';
import { heldInvalidated } from '../../main/core/sync/held-by-mh';
import type { ConsultInvalidatedAnswer } from '../../main/mh-sim/state';
import { fcBody } from '../fixtures/bodies';
import { fixedClock, tempDir } from '../support/core';
import { coreWithSimulator, startSimulator } from '../support/mh-sim';

const clock = fixedClock('2026-11-22T15:30:00Z');
let sim: Awaited<ReturnType<typeof startSimulator>>;
let dir: ReturnType<typeof tempDir>;
let core: Core;
let n = 0;
const newId = () => `1a7d0000-0000-4000-8000-${String(++n).padStart(12, '0')}`;
const fc = () => ({ ...fcBody(newId()), generatedAt: undefined });
const open = (): Core => coreWithSimulator(dir.dir, sim, { clock, timeoutMs: 2000, lotePollMs: 0 });
/** What MH's consultadte says of the invalidated document, in the simulator's words (main/mh-sim/server.ts). */
const WORDS: Record<Exclude<ConsultInvalidatedAnswer, 'procesado'>, string> = {
  invalidado: 'DOCUMENTO INVALIDADO',
  rechazado: 'EL DOCUMENTO SE ENCUENTRA INVALIDADO',
};

/** One engine round as its timer would run it, past the 250 ms backoff floor (no jitter here). */
async function round(): Promise<void> {
  clock.advance(1000);
  await core.sync.runOnce();
}
/** The document's queue row, as the engine left it. */
function outboxRow(id: string): { state: string; last_error: string | null } {
  const db = new BetterSqlite3(join(dir.dir, 'sello.db'), { readonly: true });
  try {
    return db.prepare("SELECT state, last_error FROM outbox WHERE document_id = ? AND topic = 'dte'").get(id) as {
      state: string;
      last_error: string | null;
    };
  } finally {
    db.close();
  }
}
/** MH's word on consultadte, set over the simulator's admin API (POST /_sim/consult-invalidated). */
async function consultSays(answer: ConsultInvalidatedAnswer): Promise<void> {
  const res = await fetch(`${sim.url}/_sim/consult-invalidated`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ answer }),
  });
  expect(res.status).toBe(200);
  expect(sim.state.consultInvalidated).toBe(answer);
}

/** `sello restore --from FILE` in this process (main/cli/main.ts): the copy back, and the audit chain's head with it. */
function restore(from: string): void {
  const secretFile = explicitSecretFile({});
  const said: string[] = [];
  const io = { out: (l: string) => said.push(l), err: (l: string) => said.push(l) };
  const code = restoreCommand(dir.dir, from, io, {
    box: () => stationSecrets({ secretFile, keyring: null })(dir.dir),
    headFile: auditHeadFile(dir.dir),
  });
  expect(code, said.join('\n')).toBe(0);
  expect(said.join('\n')).toContain('registro de auditoría de la copia: íntegro');
}

/**
 * MH seals a document but its answer is lost (the station holds it in doubt); a copy of the database is taken;
 * the station then learns the seal and invalidates the document with MH; later the copy is restored
 * (`sello restore`, main/cli/maintenance.ts). The restored station holds the document in doubt, MH holds it invalidated.
 */
async function restoredWhileMhHoldsItInvalidated(): Promise<{ id: string; code: string; seal: string }> {
  sim.setMode('drop');
  const { record } = core.dtes.create('FC', fc(), 'test');
  await core.sync.runOnce();
  sim.setMode('normal');
  const code = record.id.toUpperCase();
  expect(sim.state.documents.get(code)?.accepted).toBe(true);
  expect(core.dtes.get(record.id).status).toBe('PROCESSING');
  const copy = await core.backups.create('manual');

  await round();
  expect(core.dtes.get(record.id).status).toBe('APPROVED');
  const seal = String(sim.state.documents.get(code)?.body.selloRecibido);
  const inv = await core.dtes.invalidate({ dteId: record.id, reason: 'El cliente canceló la compra' }, 'test');
  expect(inv.record.status).toBe('APPROVED');
  expect(sim.state.invalidated.has(code)).toBe(true);

  core.close();
  restore(copy.file);
  core = open();
  expect(core.dtes.get(record.id).status).toBe('PROCESSING');
  expect(outboxRow(record.id).state).toBe('unknown');
  // A restored copy, said as such (numbering waits), with an intact audit chain.
  expect(await core.auditChecked()).toEqual([]);
  expect(core.sync.status().alerts.map((a) => a.code)).toEqual(['numbering_unconfirmed']);
  // MH got it once, and nothing since.
  expect(sim.state.received.get(code)).toBe(1);
  expect(sim.state.counts.recepciondte).toBe(1);
  return { id: record.id, code, seal };
}

/** It stays in doubt with the reason, was not sent again, and is neither REJECTED nor APPROVED. */
function expectHeld(h: { id: string; code: string }, words: string): void {
  expect(core.dtes.get(h.id).status).toBe('PROCESSING');
  expect(core.dtes.get(h.id).mhResponse).toBeNull();
  expect(outboxRow(h.id)).toEqual({ state: 'unknown', last_error: heldInvalidated(words) });
  expect(heldInvalidated(words)).toContain(words);
  expect(core.sync.status().queue).toMatchObject({ unknown: 1, failed: 0 });
  expect(sim.state.received.get(h.code)).toBe(1);
  expect(sim.state.receivedAfterAccepted).toBe(0);
  expect(sim.state.counts.recepciondte).toBe(1);
  expect(sim.state.counts.recepcionlote ?? 0).toBe(0);
}

beforeEach(async () => {
  clock.set('2026-11-22T15:30:00Z');
  sim = await startSimulator({ clock, loteDelayMs: 0 });
  dir = tempDir();
  core = open();
});
afterEach(async () => {
  core.close();
  await sim.close();
  dir.cleanup();
});

describe('a restored station holds in doubt a document MH holds invalidated', () => {
  it.each(['invalidado', 'rechazado'] as const)(
    'consultadte says "%s": never sent again, it stays in doubt with the reason, never REJECTED',
    async (answer) => {
      const h = await restoredWhileMhHoldsItInvalidated();
      await consultSays(answer);
      const asked = sim.state.counts.consultadte ?? 0;
      await round();
      expect(sim.state.counts.consultadte).toBe(asked + 1);
      expectHeld(h, WORDS[answer]);
      // A later round within the hour does not ask again, and still sends nothing.
      await round();
      expect(sim.state.counts.consultadte).toBe(asked + 1);
      expectHeld(h, WORDS[answer]);
      // MH is reachable: the station is not put in contingency over it.
      expect(core.sync.status()).toMatchObject({ state: 'online', contingencies: [] });
    },
  );

  it('the banner, the sync screen and GET /sync/status say so, naming the document; MH is asked again only an hour later', async () => {
    const h = await restoredWhileMhHoldsItInvalidated();
    await consultSays('invalidado');
    await round();
    expect(outboxRow(h.id).last_error).toBe(heldInvalidated(WORDS.invalidado));
    const held = core.sync.status().alerts.find((a) => a.code === 'document_held_by_mh');
    const number = core.dtes.get(h.id).controlNumber;
    expect(held).toMatchObject({ level: 'warning', message: `MH tiene invalidado ${number} y esta estación no lo sabe` });
    expect(held?.action).toMatch(/restaure la copia más reciente.*No se reenvía/);
    // Asking again does not change MH's words: no question for an hour, however many rounds the engine makes.
    const asked = sim.state.counts.consultadte ?? 0;
    for (let i = 0; i < 3; i++) await round();
    expect(sim.state.counts.consultadte ?? 0).toBe(asked);
    clock.advance(60 * 60_000);
    await round();
    expect(sim.state.counts.consultadte ?? 0).toBe(asked + 1);
    expectHeld(h, WORDS.invalidado);
  });

  it('consultadte says "procesado" (the document’s own answer): the station takes MH’s seal, as before', async () => {
    const h = await restoredWhileMhHoldsItInvalidated();
    await consultSays('procesado');
    await round();
    const doc = core.dtes.get(h.id);
    expect(doc.status).toBe('APPROVED');
    expect(doc.mhResponse).toMatchObject({ estado: 'PROCESADO', selloRecibido: h.seal });
    expect(outboxRow(h.id).state).toBe('done');
    expect(sim.state.received.get(h.code)).toBe(1);
    expect(sim.state.receivedAfterAccepted).toBe(0);
    expect(sim.state.counts.recepciondte).toBe(1);
  });

  it.each(['invalidado', 'rechazado'] as const)(
    'at the end of a contingency, consultadte says "%s": it is not listed in the event, nor sent in a lote',
    async (answer) => {
      const h = await restoredWhileMhHoldsItInvalidated();
      await consultSays(answer);
      // The restored copy issues again once an administrator writes MH's last number (main/core/dte/numbering.ts).
      core.numbering.confirm({ last: { FC: 1 } }, 'admin');
      // MH goes down: the question about it and the new sale's send fail until the station enters contingency.
      sim.setMode('down');
      const sale = core.dtes.create('FC', fc(), 'test').record;
      for (let i = 0; i < 4 && core.sync.status().state !== 'contingency'; i++) await round();
      expect(core.sync.status()).toMatchObject({ state: 'contingency', contingencies: [{ documents: 1 }] });
      // MH is back: the cese asks about it (probeAndEnd), then the event and its lote go.
      sim.setMode('normal');
      for (let i = 0; i < 6 && core.dtes.get(sale.id).status !== 'APPROVED'; i++) await round();
      expect(core.dtes.get(sale.id).status).toBe('APPROVED');
      const events = [...sim.state.events.values()] as { detalleDTE: { codigoGeneracion: string }[] }[];
      expect(events).toHaveLength(1);
      const listed = events.flatMap((e) => e.detalleDTE.map((d) => d.codigoGeneracion));
      expect(listed).toEqual([sale.id.toUpperCase()]);
      expect(listed).not.toContain(h.code);
      // It kept its normal (not contingency) signature: the station never re-signed it for an event.
      expect(core.dtes.mhDocument(h.id).document.identificacion).toMatchObject({ tipoOperacion: 1 });
      expect(core.dtes.get(h.id).status).toBe('PROCESSING');
      expect(core.dtes.get(h.id).mhResponse).toBeNull();
      expect(outboxRow(h.id)).toEqual({ state: 'unknown', last_error: heldInvalidated(WORDS[answer]) });
      expect(sim.state.received.get(h.code)).toBe(1);
      expect(sim.state.receivedAfterAccepted).toBe(0);
      expect(core.sync.status()).toMatchObject({ state: 'online', contingencies: [] });
    },
  );
});
