// The one owner of the `lotes` table: contingency documents sent to MH in lotes, and what became of each.
//   sending ─MH took it→ submitted ─results polled→ done;  sending → failed (never reached MH) | lost (cut short)
import { isoLocal } from '../clock';
import type { Store } from '../store/database';

export function lotesRepo(store: Store) {
  const q = store.q;
  return {
    /**
     * A lote is about to leave; written first, so a crash before its answer leaves it known and in doubt. Written
     * again as it grows (its documents are marked a slice at a time): `documentIds` is every one so far.
     */
    leaving: (p: { idEnvio: string; eventId: string; documentIds: string[]; now: Date }): void => {
      const at = isoLocal(p.now);
      store.run(
        q
          .insertInto('lotes')
          .values({
            id: p.idEnvio,
            contingency_id: p.eventId,
            codigo_lote: null,
            status: 'sending',
            document_ids: JSON.stringify(p.documentIds),
            mh_response: null,
            submitted_at: p.now.toISOString(),
            updated_at: at,
          })
          .onConflict((oc) =>
            oc
              .column('id')
              .doUpdateSet({ document_ids: JSON.stringify(p.documentIds), updated_at: at })
              .where('lotes.status', '=', 'sending'),
          ),
      );
    },
    /** MH took the lote: its code is what its results are asked for with. */
    submitted: (p: { idEnvio: string; codigoLote: string; now: Date; response: unknown }): void => {
      store.run(
        q
          .updateTable('lotes')
          .set({
            codigo_lote: p.codigoLote,
            status: 'submitted',
            mh_response: JSON.stringify(p.response),
            submitted_at: p.now.toISOString(),
            updated_at: isoLocal(p.now),
          })
          .where('id', '=', p.idEnvio),
      );
    },
    ended: (id: string, status: 'failed' | 'lost' | 'done', now: Date) =>
      store.run(
        q
          .updateTable('lotes')
          .set({ status, updated_at: isoLocal(now) })
          .where('id', '=', id),
      ),
    /** At start: a lote whose send was cut by the stop is lost (its documents are asked about one by one). */
    recover: (now: Date) =>
      store.run(
        q
          .updateTable('lotes')
          .set({ status: 'lost', updated_at: isoLocal(now) })
          .where('status', '=', 'sending'),
      ),
    submittedLotes: () => store.all(q.selectFrom('lotes').selectAll().where('status', '=', 'submitted').orderBy('submitted_at')),
    submittedIds: () => store.all(q.selectFrom('lotes').select('id').where('status', '=', 'submitted')).map((l) => l.id),
  };
}
