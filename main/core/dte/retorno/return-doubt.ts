// Eventos de Retorno in doubt (docs/decisions/0070-station-faults-said-aloud.md): MH answered a resend saying it
// already holds the event, so the first send reached it, but its seal was lost with that answer. Never APPROVED
// without a seal: shown with what to check on MH's portal, and settled by a supervisor with the seal MH shows.
import { z } from 'zod';
import { bilingual, described, validate } from '../../../../shared/contract';
import type { StationAlert } from '../../../../shared/records';
import type { ReturnStatus } from '../../../../shared/retorno';
import { audit } from '../../audit';
import { isoLocal, type Clock } from '../../clock';
import { CoreError, validationFailed } from '../../errors';
import type { Logger } from '../../logger';
import { replicationQueue } from '../../replication/queue';
import type { Store } from '../../store/database';
import type { ReturnsTable } from '../../store/schema';
import { returnsRepo } from './returns-repo';

/** What the supervisor must do, in the words the alert and the return's detail show. */
export const returnDoubtInstructions = (code: string): string =>
  `MH ya tiene la devolución (Evento de Retorno) ${code}, pero su respuesta con el sello se perdió. Un supervisor debe ` +
  'entrar al portal de MH (admin.factura.gob.sv), buscar el evento por su código de generación y anotar su sello de ' +
  'recepción: si aparece, confírmela con ese sello; si no aparece, márquela como no recibida y haga la devolución de nuevo.';

/** An ER in doubt as the status shows it: its generation code, since when, and MH's words. */
export interface ReturnDoubt {
  readonly returnId: string;
  readonly generationCode: string;
  readonly since: string;
  readonly reason: string;
  readonly instructions: string;
}

export function returnDoubtOf(r: ReturnsTable): ReturnDoubt {
  const answer = r.mh_response ? (JSON.parse(r.mh_response) as Record<string, unknown>) : {};
  const words = [answer.descripcionMsg, answer.mensaje].find((w): w is string => typeof w === 'string' && w.length > 0);
  return {
    returnId: r.id,
    generationCode: r.id.toUpperCase(),
    since: r.updated_at,
    reason: words ?? 'MH ya tiene este evento y no dio su sello',
    instructions: returnDoubtInstructions(r.id.toUpperCase()),
  };
}

export const returnsInDoubt = (store: Store): ReturnDoubt[] => returnsRepo(store).inDoubt().map(returnDoubtOf);

/** One warning for the banner, the sync screen and `GET /sync/status`; none while no ER is in doubt. */
export function returnDoubtAlerts(doubts: readonly ReturnDoubt[]): StationAlert[] {
  const first = doubts[0];
  if (!first) return [];
  return [
    {
      code: 'return_in_doubt',
      level: 'warning',
      message:
        doubts.length === 1
          ? `Devolución en duda: MH la tiene pero su sello no llegó (${first.generationCode}).`
          : `${doubts.length} devoluciones en duda: MH las tiene pero sus sellos no llegaron (la primera: ${first.generationCode}).`,
      action:
        'Un supervisor debe buscarlas por su código de generación en el portal de MH (admin.factura.gob.sv) y confirmarlas con el ' +
        'sello que MH muestra, o marcarlas como no recibidas. Mientras tanto cuentan como hechas y el libro del mes no se presenta.',
      since: first.since,
    },
  ];
}

/** A seal as MH gives them: 40 letters and digits. */
const SEAL = /^[A-Za-z0-9]{40}$/;

/** POST /dte/returns/{id}/settle: RECEIVED with the seal MH's portal shows, or NOT_RECEIVED; a note for the audit. */
export const returnSettleBody = z
  .strictObject({
    outcome: described(
      z.enum(['RECEIVED', 'NOT_RECEIVED']),
      bilingual('Lo que muestra el portal de MH: RECEIVED (recibida) o NOT_RECEIVED.', "What MH's portal shows: RECEIVED or NOT_RECEIVED."),
    ),
    seal: described(
      z.string().regex(SEAL, 'El sello de recepción de MH tiene 40 letras y números.').nullish(),
      bilingual(
        'Sello de recepción de MH, 40 letras y números; obligatorio con RECEIVED.',
        "MH's reception seal, 40 letters and digits; required with RECEIVED.",
      ),
    ),
    note: described(
      z.string().max(250).nullish(),
      bilingual('Nota para la auditoría, hasta 250 caracteres.', 'A note for the audit, up to 250 characters.'),
    ),
  })
  .refine((b) => b.outcome !== 'RECEIVED' || !!b.seal, {
    path: ['seal'],
    message: 'Para confirmarla copie el sello de recepción que muestra el portal de MH.',
  });

/** A supervisor settles an ER in doubt from what MH's portal shows; audited. Never APPROVED without a seal. */
export function settleReturnDoubt(
  deps: { readonly store: Store; readonly clock: Clock; readonly logger: Logger },
  id: string,
  input: unknown,
  actor: string,
): ReturnStatus {
  const parsed = validate(returnSettleBody, input);
  if (!parsed.ok) throw validationFailed(parsed.errors);
  const { outcome, seal } = parsed.value;
  const note = parsed.value.note?.trim() ? parsed.value.note.trim() : null;
  const repo = returnsRepo(deps.store);
  const at = isoLocal(deps.clock.now());
  return deps.store.tx(() => {
    const r = repo.byId(id.toLowerCase());
    if (!r) throw new CoreError('NOT_FOUND', `No existe una devolución (Evento de Retorno) con id ${id}.`);
    if (r.status !== 'PENDING' || r.mh_response === null)
      throw new CoreError('STATION_CONFLICT', 'Esta devolución no está en duda; no hay nada que resolver.');
    const status = outcome === 'RECEIVED' ? 'APPROVED' : 'REJECTED';
    const answer = { ...(JSON.parse(r.mh_response) as Record<string, unknown>), selloRecibido: seal ?? null, settledBy: actor };
    repo.settleDoubt(r.id, status, JSON.stringify(answer), at);
    for (const dteId of new Set(repo.linesOf(r.id).map((l) => l.dte_id))) {
      audit(deps.store, at, actor, 'dte.return.settled', dteId, { event: r.id, outcome, note });
      replicationQueue(deps.store).changed(dteId, 'return', at);
    }
    deps.logger.info('return in doubt settled', { event: r.id, outcome, by: actor });
    return status;
  });
}
