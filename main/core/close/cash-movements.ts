// Cash that moves during a shift without a sale or a refund (docs/decisions/0073-money-follows-the-person.md): a
// supervisor's withdrawal from a person's drawer money, or cash handed from one person to another. The one owner of
// `cash_movements` (migration 038): inserted, audited (`cash.withdrawn`, `cash.handed`), read by the close.
import type { Selectable } from 'kysely';
import { cashMovementRequest, type CashMovement } from '../../../shared/close';
import { toFieldErrors } from '../../../shared/contract';
import { dec, sum, ZERO, type Dec } from '../../../shared/tax';
import { audit } from '../audit';
import type { Actor } from '../auth/actor';
import type { Users } from '../auth/users-repo';
import { isoLocal, type Clock } from '../clock';
import { CoreError, validationFailed } from '../errors';
import type { Store } from '../store/database';
import type { CashMovementsTable } from '../store/schema';

type CashMovementRow = Selectable<CashMovementsTable>;

const PERSON = 'user:';

const toMovement = (r: CashMovementRow): CashMovement => ({
  id: r.id,
  kind: r.kind === 'handover' ? 'handover' : 'withdrawal',
  from: r.from_scope,
  to: r.to_scope,
  amount: r.amount,
  reason: r.reason,
  at: r.at,
  by: r.by,
  byName: r.by_name,
});

/** POST /closes/movements: a SUPERVISOR's or an ADMIN's record of cash taken out or handed over, with a reason. */
export function recordMovement(
  d: { store: Store; clock: Clock; newId: () => string; nameOf: (id: string) => string | null; users: Pick<Users, 'get'> },
  input: unknown,
  actor: Actor,
): CashMovement {
  if (actor.caller !== 'SUPERVISOR' && actor.caller !== 'ADMIN')
    throw new CoreError('FORBIDDEN', 'Solo un supervisor registra un retiro o una entrega de efectivo.');
  const parsed = cashMovementRequest.safeParse(input);
  if (!parsed.success) throw validationFailed(toFieldErrors(parsed.error.issues, input));
  const m = parsed.data;
  for (const [path, login] of [['from', m.from] as const, ['to', m.to] as const])
    if (login !== undefined && !d.users.get(login))
      throw validationFailed([{ path, code: 'UNKNOWN_CODE', message: `No hay una persona con el usuario ${login}.` }]);
  const row: CashMovementRow = {
    id: d.newId(),
    kind: m.kind,
    from_scope: `${PERSON}${m.from}`,
    to_scope: m.to === undefined ? null : `${PERSON}${m.to}`,
    amount: dec(m.amount).toFixed(2),
    reason: m.reason,
    at: isoLocal(d.clock.now()),
    by: actor.id,
    by_name: d.nameOf(actor.id),
  };
  d.store.tx(() => {
    d.store.run(d.store.q.insertInto('cash_movements').values(row));
    audit(d.store, row.at, actor.id, m.kind === 'withdrawal' ? 'cash.withdrawn' : 'cash.handed', row.id, {
      from: row.from_scope,
      to: row.to_scope,
      amount: row.amount,
      reason: row.reason,
    });
  });
  return toMovement(row);
}

/** What moved in [from, to] for a scope: a person's withdrawals, handed in and out; the station's withdrawals only. */
export function movementsOf(store: Store, scope: string, from: string, to: string): { withdrawn: Dec; handedIn: Dec; handedOut: Dec } {
  const rows = store.all(store.q.selectFrom('cash_movements').selectAll().where('at', '>=', from).where('at', '<=', to));
  const total = (pick: (r: CashMovementRow) => boolean) => sum(rows.filter(pick).map((r) => dec(r.amount)));
  if (scope === 'station') return { withdrawn: total((r) => r.kind === 'withdrawal'), handedIn: ZERO, handedOut: ZERO };
  return {
    withdrawn: total((r) => r.kind === 'withdrawal' && r.from_scope === scope),
    handedIn: total((r) => r.kind === 'handover' && r.to_scope === scope),
    handedOut: total((r) => r.kind === 'handover' && r.from_scope === scope),
  };
}
