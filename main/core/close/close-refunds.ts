// The close's list of refunds (docs/decisions/0073-money-follows-the-person.md): each approved NC and each return of
// the period and scope, with who paid it and how, as its refund says (close/refunds.ts); an NC or a return made
// before refunds were recorded says what the close always took it for (its condicionOperacion, its document).
import type { RecordedRefundMethod, RefundLine } from '../../../shared/close';
import type { DteKind } from '../../../shared/contract';
import type { CloseRow } from '../dte/documents-repo';
import { readDte } from '../mh-read/read-dte';
import { ncMethod, type CloseReturn } from './day-close';
import type { RefundRow } from './refunds-repo';

const METHODS: readonly RecordedRefundMethod[] = ['cash', 'card', 'account', 'unknown'];
const asMethod = (m: string): RecordedRefundMethod => METHODS.find((x) => x === m) ?? 'unknown';

export function refundLines(
  docs: readonly CloseRow[],
  returns: readonly CloseReturn[],
  refunds: ReadonlyMap<string, RefundRow>,
): RefundLine[] {
  const who = (id: string) => ({ paidBy: refunds.get(id)?.paid_by ?? null, paidByName: refunds.get(id)?.paid_by_name ?? null });
  const notes = docs
    .filter((r) => r.kind === 'NC' && r.status === 'APPROVED')
    .map((r): RefundLine => {
      const condition = r.mh_json ? readDte(r.kind as DteKind, JSON.parse(r.mh_json) as unknown).condition : null;
      return { kind: 'NC', id: r.id, amount: r.total ?? '0.00', method: asMethod(ncMethod(refunds.get(r.id), condition)), ...who(r.id) };
    });
  const given = returns.map((r): RefundLine => ({
    kind: 'ER',
    id: r.id,
    amount: r.total.toFixed(2),
    method: refunds.get(r.id) ? asMethod(refunds.get(r.id)!.method) : r.cash ? 'cash' : 'unknown',
    ...who(r.id),
  }));
  return [...notes, ...given];
}
