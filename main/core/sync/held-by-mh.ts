// Documents MH holds invalidated while this station has no record of the invalidation (a copy restored from before
// it): never sent again (engine.ts), asked about again only every few hours, and one alert for the banner and the
// sync screen until a person acts (docs/decisions/0064-mh-shows-the-invalidation.md).
import type { StationAlert } from '../../../shared/records';
import type { Store } from '../store/database';

/** The start of the reason such a document waits with: the outbox row's last_error, read back below. */
export const HELD_INVALIDATED = 'MH tiene este documento invalidado';

/**
 * MH's words about it do not change by asking every minute: a question an hour at most. Not longer: a queue row set
 * more than 2 hours ahead reads as set by a clock since put back, and is due at once (outbox.ts, CLOCK_PUT_BACK_MS).
 */
export const HELD_RECHECK_MS = 60 * 60_000;

/** Why a document MH holds invalidated waits, in words a supervisor can act on. */
export const heldInvalidated = (mh: string): string =>
  `${HELD_INVALIDATED} y esta estación no registra la invalidación (¿se restauró una copia?); no se vuelve a enviar. Un supervisor debe revisarlo. MH dijo: «${mh}».`;

export interface HeldDocument {
  readonly documentId: string;
  readonly controlNumber: string;
  readonly reason: string;
}

/** The documents waiting so, oldest first. */
export function heldByMh(store: Store): HeldDocument[] {
  return store
    .all(
      store.q
        .selectFrom('outbox')
        .innerJoin('documents', 'documents.id', 'outbox.document_id')
        .select(['outbox.document_id as documentId', 'documents.control_number as controlNumber', 'outbox.last_error as reason'])
        .where('outbox.topic', '=', 'dte')
        .where('outbox.state', '=', 'unknown')
        .where('outbox.last_error', 'like', `${HELD_INVALIDATED}%`)
        .orderBy('outbox.id'),
    )
    .map((r) => ({ ...r, reason: r.reason ?? '' }));
}

/** One alert naming the first of them. */
export function heldAlerts(held: readonly HeldDocument[]): StationAlert[] {
  const first = held[0];
  if (!first) return [];
  return [
    {
      code: 'document_held_by_mh',
      level: 'warning',
      message:
        held.length === 1
          ? `MH tiene invalidado ${first.controlNumber} y esta estación no lo sabe`
          : `MH tiene invalidados ${held.length} documentos que esta estación no sabe (el primero: ${first.controlNumber})`,
      action:
        'Estos datos parecen una copia anterior: restaure la copia más reciente si la tiene, o verifique el documento en la consulta pública de MH y avise a soporte. No se reenvía a MH.',
      since: null,
    },
  ];
}
