// The period's Eventos de Retorno as the day's close counts them (decision 0050): their value, and whether the money
// went back from the drawer. An ER names no means of payment, so it follows the document it gives back on: paid in
// cash only (CAT-017 01, billetes y monedas), the return is cash out of the drawer; paid otherwise (a card, a
// transfer, on credit), it is refunded outside the drawer.
import { dec } from '../../../shared/tax';
import type { Store } from '../store/database';
import { signedParts } from '../dte/documents-repo';
import { returnsRepo } from '../dte/retorno/returns-repo';
import type { CloseReturn } from './day-close';

const CASH_METHOD = '01';

function paidInCash(store: Store, dteId: string | null): boolean {
  if (!dteId) return false;
  const json = signedParts(store, dteId)?.mh_json;
  const resumen = json ? ((JSON.parse(json) as { resumen?: { pagos?: { codigo?: unknown }[] | null } }).resumen ?? {}) : {};
  const pagos = resumen.pagos ?? [];
  return pagos.length > 0 && pagos.every((p) => String(p.codigo) === CASH_METHOD);
}

export function returnsInPeriod(store: Store, from: string, to: string): CloseReturn[] {
  return returnsRepo(store)
    .madeBetween(from, to)
    .map((r) => ({ id: r.id, total: dec(r.total), cash: paidInCash(store, r.dte_id) }));
}
