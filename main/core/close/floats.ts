// The floats a close takes (docs/decisions/0073-money-follows-the-person.md): a person's own recorded float, or for
// the station every person's (one drawer, many people), each as a supervisor last corrected it; and the correction
// itself, a SUPERVISOR's or ADMIN's with a reason, audited, never changing the float as it was recorded.
import { floatCorrectionRequest, type FloatCorrection, type FloatLine } from '../../../shared/close';
import { toFieldErrors } from '../../../shared/contract';
import { dec, sum, type Dec } from '../../../shared/tax';
import { audit } from '../audit';
import type { Actor } from '../auth/actor';
import { isoLocal, type Clock } from '../clock';
import { CoreError, validationFailed } from '../errors';
import type { Store } from '../store/database';
import {
  findOpening,
  insertCorrection,
  latestCorrection,
  openingWithin,
  openingsWithin,
  type DrawerOpeningRow,
  type FloatCorrectionRow,
} from './openings-repo';

export const toCorrection = (c: FloatCorrectionRow): FloatCorrection => ({
  amount: c.amount,
  reason: c.reason,
  correctedAt: c.corrected_at,
  correctedBy: c.corrected_by,
  correctedByName: c.corrected_by_name,
});

/** The float as the close takes it: the latest correction's amount, or the recorded one. */
export function effectiveFloat(store: Store, opening: DrawerOpeningRow): { amount: Dec; line: FloatLine } {
  const c = latestCorrection(store, opening.id);
  return {
    amount: dec(c?.amount ?? opening.amount),
    line: {
      scope: opening.scope,
      name: opening.opened_by_name,
      recorded: opening.amount,
      openedAt: opening.opened_at,
      ...(c ? { correction: toCorrection(c) } : {}),
    },
  };
}

/** The recorded floats of a close's period: the scope's own, or for the station each scope's latest. */
export function floatsOf(store: Store, scope: string, from: string, to: string): DrawerOpeningRow[] {
  if (scope !== 'station') {
    const own = openingWithin(store, scope, from, to);
    return own ? [own] : [];
  }
  return openingsWithin(store, from, to);
}

export function totalFloat(store: Store, openings: readonly DrawerOpeningRow[]): { amount: Dec; lines: FloatLine[] } {
  const each = openings.map((o) => effectiveFloat(store, o));
  return { amount: sum(each.map((e) => e.amount)), lines: each.map((e) => e.line) };
}

/** POST /closes/openings/{id}/corrections: the corrected float, for a SUPERVISOR or an ADMIN, with a reason. */
export function correctFloat(
  d: { store: Store; clock: Clock; newId: () => string; nameOf: (id: string) => string | null },
  openingId: string,
  input: unknown,
  actor: Actor,
): FloatCorrection {
  if (actor.caller !== 'SUPERVISOR' && actor.caller !== 'ADMIN')
    throw new CoreError('FORBIDDEN', 'Solo un supervisor corrige un fondo inicial registrado.');
  const parsed = floatCorrectionRequest.safeParse(input);
  if (!parsed.success) throw validationFailed(toFieldErrors(parsed.error.issues, input));
  return d.store.tx(() => {
    const opening = findOpening(d.store, openingId.toLowerCase());
    if (!opening) throw new CoreError('NOT_FOUND', `No hay un fondo inicial registrado con id ${openingId}.`);
    const before = latestCorrection(d.store, opening.id)?.amount ?? opening.amount;
    const amount = dec(parsed.data.amount).toFixed(2);
    if (dec(before).eq(dec(amount)))
      throw validationFailed([{ path: 'amount', code: 'NOT_ALLOWED', message: `El fondo ya es $${before}: escriba el monto correcto.` }]);
    const row: FloatCorrectionRow = {
      id: d.newId(),
      opening_id: opening.id,
      amount,
      reason: parsed.data.reason,
      corrected_at: isoLocal(d.clock.now()),
      corrected_by: actor.id,
      corrected_by_name: d.nameOf(actor.id),
    };
    insertCorrection(d.store, row);
    audit(d.store, row.corrected_at, actor.id, 'drawer.float.corrected', opening.id, {
      scope: opening.scope,
      recorded: opening.amount,
      from: before,
      to: amount,
      reason: row.reason,
    });
    return toCorrection(row);
  });
}
