// A lote's results recorded as one step of the caller's transaction (docs/decisions/0001-sync-truth.md): each
// document's verdict goes through the outbox as a single answer would (outbox.ts `sealedInLote` is `approved`'s
// status move, `rejected`, `inDoubt`), with one read of the documents' queue rows and one write for all the rows
// MH sealed. Nothing here is durable until the caller commits.
import type { DteStatus } from '../../../shared/records';
import { textOf } from '../../../shared/text';
import { classify } from '../mh/classify';
import type { Outbox } from '../outbox/outbox';
import { isSignatureRefusal } from './certificate-refusal';

/** Records MH's verdict on each item of a lote's result; returns the documents whose status changed. */
export function recordLoteResults(box: Outbox, items: readonly Record<string, unknown>[], now: Date): [string, DteStatus][] {
  const rows = box.outboxIdsOf([...new Set(items.map((item) => textOf(item.codigoGeneracion).toLowerCase()))]);
  const changed: [string, DteStatus][] = [];
  const done: number[] = [];
  for (const item of items) {
    const id = textOf(item.codigoGeneracion).toLowerCase();
    const outboxId = rows.get(id);
    if (outboxId === undefined) continue;
    const o = classify({ kind: 'response', status: 200, body: item }, 'lote');
    if (o.outcome === 'accepted' || o.outcome === 'accepted_with_observations') {
      done.push(outboxId);
      if (box.sealedInLote(id, now, o.seal, item)) changed.push([id, 'APPROVED']);
    } else if (o.outcome === 'rejected' && !isSignatureRefusal(o.code)) {
      if (box.rejected({ documentId: id, outboxId }, now, item, o.message)) changed.push([id, 'REJECTED']);
    } else {
      // A duplicate means MH already holds it; a refused signature is the certificate's fault, never the document's
      // (asked about one by one, the engine holds it back); anything else says nothing: ask MH about it.
      box.inDoubt({ outboxId, attempts: 0 }, now, o.outcome === 'duplicate' ? o.message : 'resultado de lote no concluyente');
    }
  }
  box.settledInLote(done);
  return changed;
}
