// The feed deliveries read (main/core/dte/document-events.ts): each document's events in the order they became
// true, written with the change itself, through the real sync engine and MH simulator.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Core } from '../../main/core/create-core';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { fcBody } from '../fixtures/bodies';
import { tempDir } from '../support/core';
import { coreWithSimulator, startSimulator } from '../support/mh-sim';

let sim: Awaited<ReturnType<typeof startSimulator>>;
let dir: ReturnType<typeof tempDir>;
let core: Core;
let n = 0;
const newId = () => `5a0e0000-0000-4000-8000-${String(++n).padStart(12, '0')}`;
const fc = () => ({ ...fcBody(newId()), generatedAt: undefined });

/** The feed as a second connection reads it (the core's own is busy): [document, event] in order. */
function feed(): [string, string][] {
  const db = new BetterSqlite3(join(dir.dir, 'sello.db'), { readonly: true });
  try {
    return (
      db.prepare('SELECT document_id, event FROM document_events ORDER BY seq').all() as { document_id: string; event: string }[]
    ).map((e) => [e.document_id, e.event]);
  } finally {
    db.close();
  }
}

beforeEach(async () => {
  sim = await startSimulator({ loteDelayMs: 100 });
  dir = tempDir();
  core = coreWithSimulator(dir.dir, sim, { manual: true });
});
afterEach(async () => {
  core.close();
  await sim.close();
  dir.cleanup();
});

describe('document events', () => {
  it('created, approved and invalidated, in order; a rejected one says so; a refused invalidation too', async () => {
    const a = core.dtes.create('FC', fc(), 'test').record.id;
    await core.sync.runOnce();
    sim.setMode('reject');
    const b = core.dtes.create('FC', fc(), 'test').record.id;
    await core.sync.runOnce();
    expect(core.dtes.get(b).status).toBe('REJECTED');

    // MH refuses the first invalidation, accepts the second.
    await core.dtes.invalidate({ dteId: a, reason: 'Cliente devolvió la compra' }, 'test');
    await core.sync.runOnce();
    sim.setMode('normal');
    await core.dtes.invalidate({ dteId: a, reason: 'Cliente devolvió la compra' }, 'test');
    await core.sync.runOnce();
    expect(core.dtes.get(a).status).toBe('INVALIDATED');

    expect(feed()).toEqual([
      [a, 'dte.created'],
      [a, 'dte.approved'],
      [b, 'dte.created'],
      [b, 'dte.rejected'],
      [a, 'invalidation.rejected'],
      [a, 'dte.invalidated'],
    ]);
  });

  it('a repeated answer adds nothing; a replayed create adds nothing', async () => {
    const body = fc();
    const id = core.dtes.create('FC', body, 'test').record.id;
    core.dtes.create('FC', body, 'test');
    await core.sync.runOnce();
    await core.sync.runOnce();
    expect(feed()).toEqual([
      [id, 'dte.created'],
      [id, 'dte.approved'],
    ]);
  });
});
