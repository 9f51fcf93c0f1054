// Owner of `sale_paper` (migration 028): what a document's paper prints that its signed document cannot say.
import type { Store } from '../store/database';

export interface SalePaper {
  /** Issued while the station knew it was in contingency: its paper says so from the first print. */
  readonly issuedInContingency: boolean;
  /** Cash handed over and the change given back (two decimals), or null when not given. */
  readonly cash: { readonly received: string; readonly change: string } | null;
}

/** Written once, in the issuing transaction (issue.ts). */
export function recordSalePaper(store: Store, documentId: string, paper: SalePaper): void {
  store.run(
    store.q.insertInto('sale_paper').values({
      document_id: documentId,
      issued_in_contingency: paper.issuedInContingency ? 1 : 0,
      cash_received: paper.cash?.received ?? null,
      change_given: paper.cash?.change ?? null,
    }),
  );
}

/** Null for a document issued before migration 028 (or replicated without it): its paper prints neither. */
export function salePaperOf(store: Store, documentId: string): SalePaper | null {
  const row = store.one(store.q.selectFrom('sale_paper').selectAll().where('document_id', '=', documentId));
  if (!row) return null;
  return {
    issuedInContingency: row.issued_in_contingency === 1,
    cash: row.cash_received !== null && row.change_given !== null ? { received: row.cash_received, change: row.change_given } : null,
  };
}
