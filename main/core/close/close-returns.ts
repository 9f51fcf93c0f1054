// The period's Eventos de Retorno as the day's close counts them (decision 0050): their value, and whether the money
// went back from the drawer. An ER names no means of payment, so it follows the document it gives back on: paid in
// cash only (CAT-017 01, billetes y monedas), the return is cash out of the drawer; paid otherwise (a card, a
// transfer, on credit), it is refunded outside the drawer.
import type { DteKind } from '../../../shared/contract';
import { dec } from '../../../shared/tax';
import { readDte } from '../mh-read/read-dte';
import { readReturn } from '../mh-read/read-event';
import type { Store } from '../store/database';
import { signedParts } from '../dte/documents-repo';
import { returnsRepo } from '../dte/retorno/returns-repo';
import type { CloseReturn } from './day-close';
import { refundsOf } from './refunds-repo';

const CASH_METHOD = '01';

export function paidInCash(store: Store, dteId: string | null): boolean {
  if (!dteId) return false;
  const parts = signedParts(store, dteId);
  if (!parts?.mh_json) return false;
  // The one reader of MH's JSON (main/core/mh-read/): each version's payments by its own field names.
  const { payments } = readDte(parts.kind as DteKind, JSON.parse(parts.mh_json) as unknown, parts.version);
  return payments.length > 0 && payments.every((p) => p.code === CASH_METHOD);
}

/**
 * The period's returns: their value, the IVA they give back (an FE's; as the sales report takes it), and the cash.
 * A person's close (`paidBy`) takes the returns that person paid out (close/refunds.ts); the station's, all. How
 * one was settled is what its refund says; a return made before refunds were recorded follows its document.
 */
export function returnsInPeriod(store: Store, from: string, to: string, paidBy: string | null = null): CloseReturn[] {
  const made = returnsRepo(store).madeBetween(from, to);
  const refunds = refundsOf(
    store,
    made.map((r) => r.id),
  );
  return made
    .filter((r) => paidBy === null || refunds.get(r.id)?.paid_by === paidBy)
    .map((r) => {
      const refund = refunds.get(r.id);
      const cash = refund ? refund.method === 'cash' : paidInCash(store, r.dte_id);
      return {
        id: r.id,
        total: dec(r.total),
        iva: dec(readReturn(JSON.parse(r.mh_json) as unknown).amounts.totalIva),
        cash,
      };
    });
}
