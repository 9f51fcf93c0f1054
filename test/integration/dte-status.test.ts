// The one owner of a document's status (main/core/dte/status.ts): transitions as data, guarded updates, and a
// late MH answer that can never undo what MH decided since.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Core } from '../../main/core/create-core';
import { DTE_TRANSITIONS, moveStatus, predecessors } from '../../main/core/dte/status';
import type { Logger } from '../../main/core/logger';
import { outbox } from '../../main/core/outbox/outbox';
import { openStore, type Store } from '../../main/core/store/database';
import { join } from 'node:path';
import { DTE_STATUSES, type DteStatus } from '../../shared/records';
import { fcBody } from '../fixtures/bodies';
import { fixedClock, tempDir } from '../support/core';
import { createCore } from '../../main/core/create-core';

describe('the status table', () => {
  it('is the status model: final statuses lead nowhere, and nothing leads back to CREATED but a send that did not go', () => {
    expect(Object.keys(DTE_TRANSITIONS).sort()).toEqual([...DTE_STATUSES].sort());
    expect(DTE_TRANSITIONS.REJECTED).toEqual([]);
    expect(DTE_TRANSITIONS.INVALIDATED).toEqual([]);
    expect(DTE_TRANSITIONS.APPROVED).toEqual(['INVALIDATED']);
    expect(predecessors('CREATED')).toEqual(['PROCESSING']);
    expect(predecessors('APPROVED').sort()).toEqual(['CREATED', 'PROCESSING']);
    expect(predecessors('INVALIDATED')).toEqual(['APPROVED']);
  });
});

describe('moving a status', () => {
  let dir: ReturnType<typeof tempDir>;
  let core: Core;
  let store: Store;
  const warnings: string[] = [];
  const logger: Logger = { info() {}, warn: (m, f) => warnings.push(`${m} ${JSON.stringify(f)}`), error() {} };
  beforeEach(() => {
    dir = tempDir();
    core = createCore({ dataDir: dir.dir, clock: fixedClock(), sync: { manual: true }, backups: { everyMs: 0 } });
    store = openStore(join(dir.dir, 'sello.db'));
    warnings.length = 0;
  });
  afterEach(() => {
    store.close();
    core.close();
    dir.cleanup();
  });

  const status = (id: string) => core.dtes.get(id).status;
  const audited = (id: string) =>
    store.all(
      store.q.selectFrom('audit_log').select(['action', 'detail']).where('subject', '=', id).where('action', '=', 'dte.status.refused'),
    );

  it('a late lote result after MH accepted the invalidation leaves the document INVALIDATED (the bug of issue 11)', () => {
    const { record } = core.dtes.create('FC', fcBody('9a000000-0000-4000-8000-000000000001'), 'test');
    const box = outbox(store, logger);
    const ref = { documentId: record.id, outboxId: box.outboxIdOf(record.id) ?? -1 };
    expect(box.approved(ref, new Date(), 'A'.repeat(40), { estado: 'PROCESADO' })).toBe(true);
    store.tx(() => moveStatus(store, logger, { id: record.id, to: 'INVALIDATED', at: 'now', cause: 'MH accepted the invalidation' }));
    expect(status(record.id)).toBe('INVALIDATED');
    // The lote's result arrives late: APPROVED again, with the same seal.
    expect(box.approved(ref, new Date(), 'A'.repeat(40), { estado: 'PROCESADO' })).toBe(false);
    expect(status(record.id)).toBe('INVALIDATED');
    expect(box.rejected(ref, new Date(), { estado: 'RECHAZADO' }, 'late')).toBe(false);
    expect(status(record.id)).toBe('INVALIDATED');
    expect(audited(record.id).map((a) => JSON.parse(a.detail ?? '{}') as { from: DteStatus; to: DteStatus })).toEqual([
      expect.objectContaining({ from: 'INVALIDATED', to: 'APPROVED' }),
      expect.objectContaining({ from: 'INVALIDATED', to: 'REJECTED' }),
    ]);
    expect(warnings).toHaveLength(2);
  });

  it('the same answer twice is a quiet no-op; a REJECTED document never becomes APPROVED', () => {
    const { record } = core.dtes.create('FC', fcBody('9a000000-0000-4000-8000-000000000002'), 'test');
    const box = outbox(store, logger);
    const ref = { documentId: record.id, outboxId: box.outboxIdOf(record.id) ?? -1 };
    expect(box.rejected(ref, new Date(), { estado: 'RECHAZADO' }, 'bad')).toBe(true);
    expect(box.rejected(ref, new Date(), { estado: 'RECHAZADO' }, 'bad')).toBe(false);
    expect(warnings).toEqual([]);
    expect(moveStatus(store, logger, { id: record.id, to: 'APPROVED', at: 'now', cause: 'test' })).toBe('refused');
    expect(status(record.id)).toBe('REJECTED');
    expect(moveStatus(store, logger, { id: 'no-such-id', to: 'APPROVED', at: 'now', cause: 'test' })).toBe('missing');
  });
});
