// Invalidations in doubt (docs/decisions/0024-event-answer-lost.md): MH may hold them and nothing MH's API answers
// confirms it, so the station shows them with what to check on MH's public lookup, and a supervisor settles each:
// MH shows the document invalidated (the event is APPROVED) or it does not (REJECTED, the document APPROVED again).
import { z } from 'zod';
import { bilingual, described, validate, type DteKind } from '../../../../shared/contract';
import type { InvalidationDoubt, InvalidationRecord, StationAlert } from '../../../../shared/records';
import { textOf } from '../../../../shared/text';
import { audit } from '../../audit';
import { isoLocal, type Clock } from '../../clock';
import { CoreError, validationFailed } from '../../errors';
import type { Logger } from '../../logger';
import { lookupUrl } from '../../render/qr';
import type { Store } from '../../store/database';
import type { InvalidationsTable } from '../../store/schema';
import { findDocument } from '../documents-repo';
import { documentEvents } from '../document-events';
import { undoInvalidationInDoubt } from '../status';
import { invalidationsRepo } from './invalidations-repo';

export const SETTLE_OUTCOMES = ['INVALIDATED', 'NOT_INVALIDATED'] as const;
export type SettleOutcome = (typeof SETTLE_OUTCOMES)[number];

/** What the supervisor must do, in the words the banner, the sync screen and the detail screen show. */
export const doubtInstructions = (controlNumber: string): string =>
  `No se sabe si MH recibió la invalidación del documento ${controlNumber}: la primera respuesta de MH se perdió y el ` +
  'reenvío fue rechazado como repetido. Mientras tanto el documento se muestra INVALIDADO. Un supervisor debe abrir la ' +
  'consulta pública de MH (enlace) y buscar el documento: si aparece "INVALIDADO", confirme la invalidación; si aparece ' +
  'vigente, márquelo como no invalidado y vuelva a invalidarlo si aún corresponde.';

/** One invalidation in doubt as the status and the detail screen show it; null if its document is gone. */
export function doubtOf(store: Store, r: InvalidationsTable): InvalidationDoubt | null {
  const doc = findDocument(store, r.dte_id);
  if (!doc) return null;
  const answer = r.mh_response ? (JSON.parse(r.mh_response) as Record<string, unknown>) : {};
  return {
    invalidationId: r.id,
    dteId: r.dte_id,
    type: doc.kind as DteKind,
    controlNumber: doc.control_number,
    since: r.updated_at,
    reason: textOf(answer.descripcionMsg ?? answer.mensaje) || 'MH no dio una respuesta concluyente',
    lookupUrl: lookupUrl(doc.environment === 'LIVE' ? '01' : '00', doc.id, doc.issue_date),
    instructions: doubtInstructions(doc.control_number),
  };
}

/** Every invalidation in doubt, oldest first. */
export const invalidationsInDoubt = (store: Store): InvalidationDoubt[] =>
  invalidationsRepo(store)
    .inDoubt()
    .map((r) => doubtOf(store, r))
    .filter((d): d is InvalidationDoubt => d !== null);

/** POST /dte/invalidations/{id}/settle: what MH's public lookup shows, and a note for the audit. */
// INVALIDATED: MH's public lookup shows the document invalidated; NOT_INVALIDATED: it shows it standing.
export const settleBody = z.strictObject({
  outcome: described(
    z.enum(SETTLE_OUTCOMES),
    bilingual(
      'Lo que muestra la consulta pública de MH: INVALIDATED (invalidado) o NOT_INVALIDATED (sigue vigente).',
      "What MH's public lookup shows: INVALIDATED or NOT_INVALIDATED (still in force).",
    ),
  ),
  note: described(
    z.string().max(250).nullish(),
    bilingual('Nota para la auditoría, hasta 250 caracteres.', 'A note for the audit, up to 250 characters.'),
  ),
});

function parseSettle(input: unknown): { outcome: SettleOutcome; note: string | null } {
  const r = validate(settleBody, input);
  if (!r.ok) throw validationFailed(r.errors);
  return { outcome: r.value.outcome, note: r.value.note?.trim() ? r.value.note.trim() : null };
}

/** A supervisor settles an invalidation in doubt from what MH's public lookup shows; audited. */
export function settleInvalidationDoubt(
  deps: { readonly store: Store; readonly clock: Clock; readonly logger: Logger },
  id: string,
  input: unknown,
  actor: string,
): InvalidationRecord['status'] {
  const { outcome, note } = parseSettle(input);
  const repo = invalidationsRepo(deps.store);
  const at = isoLocal(deps.clock.now());
  return deps.store.tx(() => {
    const r = repo.byId(id.toLowerCase());
    if (!r) throw new CoreError('NOT_FOUND', `No existe una invalidación con id ${id}.`);
    if (r.status !== 'IN_DOUBT')
      throw new CoreError('STATION_CONFLICT', `Esta invalidación no está en duda (estado ${r.status}); no hay nada que resolver.`);
    const to = outcome === 'INVALIDATED' ? 'APPROVED' : 'REJECTED';
    repo.resolve(r.id, to, actor, at);
    if (to === 'REJECTED') {
      undoInvalidationInDoubt(deps.store, { id: r.dte_id, at, cause: `supervisor ${actor}: MH does not show the invalidation` });
      documentEvents(deps.store).record(r.dte_id, 'invalidation.rejected', at);
    }
    audit(deps.store, at, actor, 'dte.invalidation.settled', r.dte_id, { event: r.id, outcome, note });
    deps.logger.info('invalidation in doubt settled', { event: r.id, outcome, by: actor });
    return to;
  });
}

/** The doubts as one alert for the banner and the sync screen (docs/decisions/0025-station-alerts.md). */
export function doubtAlerts(doubts: readonly InvalidationDoubt[]): StationAlert[] {
  const first = doubts[0];
  if (!first) return [];
  return [
    {
      code: 'event_in_doubt',
      level: 'warning',
      message:
        doubts.length === 1
          ? `Invalidación en duda: ${first.controlNumber}`
          : `${doubts.length} invalidaciones en duda (la primera: ${first.controlNumber})`,
      action: 'Búsquela en la consulta pública de MH y márquela como invalidada o no en el detalle del documento.',
      since: first.since,
    },
  ];
}
