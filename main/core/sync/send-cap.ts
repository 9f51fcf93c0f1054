// The cap on sends (issue 54, docs/decisions/0068-a-document-is-sent-a-few-times.md): a document sent alone without
// a conclusive answer goes again only while MH's query says it does not hold it, and at most MAX_SENDS times. Past
// that, whatever MH's answers say, it waits in doubt for a supervisor, named on the banner, the sync screen and
// GET /sync/status, and is only asked about (never sent) until a supervisor lets it go again.
import type { StationAlert } from '../../../shared/records';
import type { Store } from '../store/database';
import { HELD_INVALIDATED } from './held-by-mh';

/** Sends alone without a conclusive answer before a person decides. */
export const MAX_SENDS = 3;

/** The start of the reason such a document waits with (outbox.last_error), read back below. */
export const NEEDS_PERSON = 'Se envió a MH';

export const needsPerson = (sends: number): string =>
  `${NEEDS_PERSON} ${sends} veces sin una respuesta clara y MH dice no tenerlo; no se vuelve a enviar solo. Un supervisor debe revisarlo en la consulta pública de MH y, si MH no lo tiene, enviarlo de nuevo desde Sincronización.`;

/** Inconclusive answers (sends and queries) after which a document in doubt is shown to a person too. */
export const LONG_DOUBT_ANSWERS = 3;

export interface CappedDocument {
  readonly documentId: string;
  readonly controlNumber: string;
  readonly reason: string;
  /** A supervisor may send it again (past the cap); one still asked about is not. */
  readonly canSendAgain: boolean;
}

/**
 * The documents waiting for a supervisor past the cap, then those MH keeps answering unclearly about (asked, never
 * resent), oldest first. Documents MH holds invalidated are held-by-mh.ts's.
 */
export function pastTheCap(store: Store): CappedDocument[] {
  const rows = store.all(
    store.q
      .selectFrom('outbox')
      .innerJoin('documents', 'documents.id', 'outbox.document_id')
      .select([
        'outbox.document_id as documentId',
        'documents.control_number as controlNumber',
        'outbox.last_error as reason',
        'outbox.attempts',
        'outbox.sends',
      ])
      .where('outbox.topic', '=', 'dte')
      .where('outbox.state', '=', 'unknown')
      .where((eb) => eb.or([eb('outbox.sends', '>=', MAX_SENDS), eb('outbox.attempts', '>=', LONG_DOUBT_ANSWERS)]))
      .where((eb) => eb.or([eb('outbox.last_error', 'is', null), eb('outbox.last_error', 'not like', `${HELD_INVALIDATED}%`)]))
      .orderBy('outbox.id'),
  );
  return rows.map((r) => {
    // Past the cap by its count (the hourly question rewrites last_error): a supervisor may send it again.
    const capped = r.sends >= MAX_SENDS;
    return {
      documentId: r.documentId,
      controlNumber: r.controlNumber,
      reason: capped ? needsPerson(r.sends) : unclear(r.attempts, r.reason ?? ''),
      canSendAgain: capped,
    };
  });
}

const unclear = (answers: number, last: string): string =>
  `MH no da una respuesta clara sobre este documento (${answers} intentos; la última: «${last}»). Sello no lo reenvía: lo sigue consultando. Si sigue así, búsquelo en la consulta pública de MH.`;

/** One alert naming the first of them. */
export function capAlerts(capped: readonly CappedDocument[]): StationAlert[] {
  const first = capped[0];
  if (!first) return [];
  return [
    {
      code: 'document_needs_person',
      level: 'warning',
      message:
        capped.length === 1
          ? `${first.controlNumber} espera a una persona`
          : `${capped.length} documentos esperan a una persona (el primero: ${first.controlNumber})`,
      action:
        'Vea Sincronización: búsquelos en la consulta pública de MH. Si MH no tiene uno que Sello dejó de enviar, un supervisor lo envía de nuevo desde ahí.',
      since: null,
    },
  ];
}
