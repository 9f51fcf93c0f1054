// The outbox's claims (main/core/outbox/outbox.ts): what the engine can take now is what wakes it, and nothing
// waiting blocks what stands behind it; a late answer never reopens a settled row.
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createCore, type Core } from '../../main/core/create-core';
import { silentLogger } from '../../main/core/logger';
import { outbox } from '../../main/core/outbox/outbox';
import { openStore, type Store } from '../../main/core/store/database';
import { ccfBody, fcBody, ncBody } from '../fixtures/bodies';
import { fixedClock, tempDir } from '../support/core';

let dir: ReturnType<typeof tempDir>;
let core: Core;
let store: Store;
const clock = fixedClock();
let n = 0;
const newId = () => `0b000000-0000-4000-8000-${String(++n).padStart(12, '0')}`;

beforeEach(() => {
  dir = tempDir();
  core = createCore({ dataDir: dir.dir, clock, sync: { manual: true }, backups: { everyMs: 0 } });
  store = openStore(join(dir.dir, 'sello.db'));
});
afterEach(() => {
  store.close();
  core.close();
  dir.cleanup();
});

describe('outbox claims', () => {
  it('forty NCs waiting on their CCF block neither the CCF nor the FC behind them', () => {
    const ccf = core.dtes.create('CCF', ccfBody(newId()), 'test').record.id;
    const box = outbox(store, silentLogger);
    // The CCF is on its way (claimed): its NCs wait for MH's verdict.
    const first = box.claim(clock.now(), 1, 60_000).claimed;
    expect(first.map((c) => c.documentId)).toEqual([ccf]);
    // Small ones: together they stay within what the CCF sold (dte/credit-limit.ts).
    const small = (id: string) => ({
      ...ncBody(id, ccf),
      items: [{ ...(ncBody(id, ccf).items as object[])[0], quantity: 1, unitPrice: 0.5 }],
    });
    for (let i = 0; i < 40; i++) core.dtes.create('NC', small(newId()), 'test');
    const fc = core.dtes.create('FC', fcBody(newId()), 'test').record.id;
    const { claimed } = box.claim(clock.now(), 8, 60_000);
    expect(claimed.map((c) => c.documentId)).toEqual([fc]);
    // Nothing else can go now: the engine is not woken for the waiting NCs (only the CCF's lease).
    const due = box.nextDue(clock.now());
    expect(due?.getTime()).toBe(clock.now().getTime() + 60_000);
  });

  it('an NC in doubt is asked about even though its CCF was rejected; a pending one is failed', () => {
    const ccf = core.dtes.create('CCF', ccfBody(newId()), 'test').record.id;
    const ncInDoubt = core.dtes.create('NC', ncBody(newId(), ccf), 'test').record.id;
    const ncPending = core.dtes.create('NC', ncBody(newId(), ccf), 'test').record.id;
    const box = outbox(store, silentLogger);
    const ref = (id: string) => ({ documentId: id, outboxId: box.outboxIdOf(id) ?? -1 });
    store.run(store.q.updateTable('outbox').set({ state: 'unknown' }).where('document_id', '=', ncInDoubt));
    box.rejected(ref(ccf), clock.now(), { estado: 'RECHAZADO' }, 'bad');
    const { claimed, failed } = box.claim(clock.now(), 8, 60_000);
    expect(claimed.map((c) => [c.documentId, c.reconcile])).toEqual([[ncInDoubt, true]]);
    expect(failed).toEqual([ncPending]);
    expect(core.dtes.get(ncPending).status).toBe('REJECTED');
  });

  it('a late "in doubt" for a row MH settled changes nothing', () => {
    const fc = core.dtes.create('FC', fcBody(newId()), 'test').record.id;
    const box = outbox(store, silentLogger);
    const ref = { documentId: fc, outboxId: box.outboxIdOf(fc) ?? -1 };
    box.approved(ref, clock.now(), 'S'.repeat(40), { estado: 'PROCESADO' });
    box.inDoubt({ outboxId: ref.outboxId, attempts: 0 }, clock.now(), 'late duplicate in a lote');
    expect(box.counts()).toEqual({ done: 1 });
    expect(box.claim(clock.now(), 8, 60_000).claimed).toEqual([]);
    expect(box.nextDue(clock.now())).toBeNull();
  });
});
