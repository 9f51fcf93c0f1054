// Each refund (an NC, a Devolución) charged to the person who paid it and to the station's drawer, with how it was
// settled (docs/decisions/0073-money-follows-the-person.md). A person says how; when nobody said (a POS, whose
// contract has no such field, or an older client), the rule below decides and the record says which it was.
import type { DteKind } from '../../../shared/contract';
import type { RecordedRefundMethod, RefundMethod } from '../../../shared/close';
import { dec } from '../../../shared/tax';
import { audit } from '../audit';
import type { Actor } from '../auth/actor';
import { isoLocal, type Clock } from '../clock';
import { signedParts } from '../dte/documents-repo';
import { readDte } from '../mh-read/read-dte';
import type { Store } from '../store/database';
import { paidInCash } from './close-returns';
import { insertRefund, type RefundRow } from './refunds-repo';

/** CAT-016 condicionOperacion 1: al contado. */
const CASH_CONDITION = 1;
/** One drawer per station: the drawer a refund leaves is the station's. */
export const STATION_DRAWER = 'station';

export interface RefundFacts {
  readonly kind: 'NC' | 'ER';
  /** The NC's document id or the ER's id. */
  readonly id: string;
  readonly amount: string;
  /** The documents an ER gives back on (its method follows theirs when nobody said). */
  readonly dteIds?: readonly string[];
}

export interface RefundDeps {
  readonly store: Store;
  readonly clock: Clock;
  readonly newId: () => string;
  readonly nameOf: (actorId: string) => string | null;
}

/**
 * How a refund nobody described was settled. A POS-issued NC is `unknown`: the contract's paymentType defaults to
 * CONTADO whatever happened, and the station's drawer never saw the money, so it is charged to no drawer. A
 * person's NC follows its condicionOperacion (al contado: cash; otherwise the customer's account), as closes did
 * before; an ER follows the documents it gives back on (all paid in cash: cash; otherwise unknown).
 */
export function defaultMethod(store: Store, facts: RefundFacts, actor: Actor): RecordedRefundMethod {
  if (facts.kind === 'ER')
    return (facts.dteIds ?? []).length > 0 && (facts.dteIds ?? []).every((d) => paidInCash(store, d)) ? 'cash' : 'unknown';
  if (actor.caller === 'pos') return 'unknown';
  const parts = signedParts(store, facts.id);
  if (!parts?.mh_json) return 'unknown';
  const { condition } = readDte(parts.kind as DteKind, JSON.parse(parts.mh_json) as unknown, parts.version);
  return condition === CASH_CONDITION ? 'cash' : 'account';
}

/** Records the refund once (a replay keeps the first) and audits it (`refund.recorded`); the row, and whether it is new. */
export function recordRefund(
  d: RefundDeps,
  facts: RefundFacts,
  actor: Actor,
  said: RefundMethod | undefined,
): { row: RefundRow; created: boolean } {
  return d.store.tx(() => {
    const at = isoLocal(d.clock.now());
    const row: RefundRow = {
      id: d.newId(),
      kind: facts.kind,
      ref_id: facts.id,
      method: said ?? defaultMethod(d.store, facts, actor),
      amount: dec(facts.amount).abs().toFixed(2),
      drawer: STATION_DRAWER,
      paid_by: actor.id,
      paid_by_name: d.nameOf(actor.id),
      at,
    };
    const created = insertRefund(d.store, row);
    if (created)
      audit(d.store, at, actor.id, 'refund.recorded', facts.id, {
        kind: row.kind,
        method: row.method,
        said: said !== undefined,
        amount: row.amount,
        drawer: row.drawer,
      });
    return { row, created };
  });
}
