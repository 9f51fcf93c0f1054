// A lote's results recorded as one step of the caller's transaction (docs/decisions/0001-sync-truth.md): each
// document's verdict goes through `moveStatus`, the one owner of its status, exactly as a single answer would
// (outbox.ts `approved`/`rejected`), but without a savepoint per document, with one read of the documents' queue
// rows and one write for all the rows MH settled as approved. Nothing here is durable until the caller commits.
import type { DteStatus } from '../../../shared/records';
import { textOf } from '../../../shared/text';
import { audit } from '../audit';
import { isoLocal } from '../clock';
import { moveStatus } from '../dte/status';
import type { Logger } from '../logger';
import { classify } from '../mh/classify';
import type { Outbox } from '../outbox/outbox';
import type { Store } from '../store/database';

/** Records MH's verdict on each item of a lote's result; returns the documents whose status changed. */
export function recordLoteResults(
  store: Store,
  logger: Logger,
  box: Outbox,
  items: readonly Record<string, unknown>[],
  now: Date,
): [string, DteStatus][] {
  const q = store.q;
  const at = isoLocal(now);
  const ids = [...new Set(items.map((item) => textOf(item.codigoGeneracion).toLowerCase()))];
  // The queue row of each document MH names (whatever lote it is in now), read once.
  const rows = new Map<string, number>();
  for (let i = 0; i < ids.length; i += 500)
    for (const r of store.all(
      q
        .selectFrom('outbox')
        .select(['id', 'document_id'])
        .where('document_id', 'in', ids.slice(i, i + 500))
        .where('topic', '=', 'dte'),
    ))
      if (!rows.has(r.document_id)) rows.set(r.document_id, r.id);
  const changed: [string, DteStatus][] = [];
  const done: number[] = [];
  for (const item of items) {
    const id = textOf(item.codigoGeneracion).toLowerCase();
    const outboxId = rows.get(id);
    if (outboxId === undefined) continue;
    const o = classify({ kind: 'response', status: 200, body: item }, 'query');
    if (o.outcome === 'accepted' || o.outcome === 'accepted_with_observations') {
      const r = moveStatus(store, logger, {
        id,
        to: 'APPROVED',
        at,
        set: { seal: o.seal, sealed_at: now.toISOString(), mh_response: JSON.stringify(item) },
        cause: 'MH sealed it',
      });
      done.push(outboxId);
      if (r === 'moved') {
        audit(store, at, 'sync', 'dte.approved', id, { seal: o.seal });
        changed.push([id, 'APPROVED']);
      }
    } else if (o.outcome === 'rejected') {
      if (box.rejected({ documentId: id, outboxId }, now, item, o.message)) changed.push([id, 'REJECTED']);
    } else {
      // A duplicate means MH already holds it; anything else says nothing: ask MH about it.
      box.inDoubt({ outboxId, attempts: 0 }, now, o.outcome === 'duplicate' ? o.message : 'resultado de lote no concluyente');
    }
  }
  // As outbox.ts `approved`: the row is done whatever the move said (a repeated verdict changes nothing).
  for (let i = 0; i < done.length; i += 500)
    store.run(
      q
        .updateTable('outbox')
        .set({ state: 'done', lease_until: null, lote_id: null, last_error: null })
        .where('id', 'in', done.slice(i, i + 500)),
    );
  return changed;
}
