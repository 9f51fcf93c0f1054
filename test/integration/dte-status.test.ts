// The one owner of a document's status (main/core/dte/status.ts): transitions as data, guarded updates, and a
// late MH answer that can never undo what MH decided since.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Core } from '../../main/core/create-core';
import { DTE_TRANSITIONS, moveStatus, moveStatuses, predecessors } from '../../main/core/dte/status';
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

describe('moving many statuses at once', () => {
  it('writes what moving them one at a time writes: statuses, events, replication rows, refusals and results', () => {
    const run = (batch: boolean) => {
      const dir = tempDir();
      const core = createCore({ dataDir: dir.dir, clock: fixedClock(), sync: { manual: true }, backups: { everyMs: 0 } });
      const store = openStore(join(dir.dir, 'sello.db'));
      const warnings: string[] = [];
      const logger: Logger = { info() {}, warn: (m, f) => warnings.push(`${m} ${JSON.stringify(f)}`), error() {} };
      try {
        const ids = [1, 2, 3, 4].map((n) => core.dtes.create('FC', fcBody(`9b000000-0000-4000-8000-00000000000${n}`), 'test').record.id);
        const box = outbox(store, logger);
        const ref = (id: string) => ({ documentId: id, outboxId: box.outboxIdOf(id) ?? -1 });
        // A fixed instant: both runs must write the very same rows.
        const now = new Date('2026-11-22T16:00:00.000Z');
        box.rejected(ref(ids[1]!), now, { estado: 'RECHAZADO' }, 'bad');
        box.approved(ref(ids[2]!), now, 'A'.repeat(40), { estado: 'PROCESADO' });
        const order = [ids[0]!, ids[1]!, 'no-such-id', ids[2]!, ids[0]!, ids[3]!];
        const move = { to: 'APPROVED' as const, at: '2026-11-22T10:00:00-06:00', cause: 'test' };
        const results = store.tx(() =>
          batch ? moveStatuses(store, logger, order, move) : order.map((id) => moveStatus(store, logger, { ...move, id })),
        );
        const rows = (sql: string) => store.sqlite.prepare(sql).all();
        return {
          results,
          warnings,
          documents: rows('SELECT id, status, updated_at, seal FROM documents ORDER BY id'),
          events: rows('SELECT seq, document_id, event, at FROM document_events ORDER BY seq'),
          replication: rows('SELECT entity, ref, seq, reason, queued_at FROM replication_queue ORDER BY seq'),
          // Each run's station has a certificate of its own: its import's entry differs by nature. The rows'
          // bindings (document.bound, decision 0034) are the same set, written as each row moves: compared apart,
          // without their digests (each run signed with its own certificate) and without their place in the log.
          audit: rows(
            "SELECT at, actor, action, subject, detail FROM audit_log WHERE action NOT LIKE 'certificate.%' AND action != 'document.bound' ORDER BY seq",
          ),
          bindings: rows("SELECT at, subject FROM audit_log WHERE action = 'document.bound' ORDER BY subject, seq"),
        };
      } finally {
        store.close();
        core.close();
        dir.cleanup();
      }
    };
    const one = run(false);
    expect(one.results).toEqual(['moved', 'refused', 'missing', 'already', 'already', 'moved']);
    expect(run(true)).toEqual(one);
  });
});
