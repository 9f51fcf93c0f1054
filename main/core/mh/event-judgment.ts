// What MH's answer to an event (an invalidation, a contingency event) means when the event may already be at MH:
// an earlier send got no conclusive answer (timeout, broken connection, a crash while it was out), so a refusal of
// the resend may be MH's answer to a repeat rather than a judgment of the event. One pure function, table-tested
// (docs/decisions/0024-event-answer-lost.md).
import type { Outcome } from './classify';

export type EventKind = 'invalidation' | 'contingency';

export type EventJudgment =
  /** MH sealed it now: its seal is in the answer. */
  | { readonly verdict: 'accepted'; readonly seal: string }
  /** MH's words say it already took effect (the document is invalidated, the event was received), with no seal. */
  | { readonly verdict: 'took_effect'; readonly reason: string }
  /** MH most likely holds it from the lost send, but nothing in the answer confirms it: a person must check. */
  | { readonly verdict: 'in_doubt'; readonly reason: string }
  /** Refused on the event's own merits: MH does not hold it. */
  | { readonly verdict: 'refused' }
  /** No verdict at all (MH away, busy, an answer that says nothing): try again later. */
  | { readonly verdict: 'no_answer' };

export interface EventJudgmentInput {
  readonly kind: EventKind;
  readonly outcome: Outcome;
  /** An earlier send of this very event may have reached MH (no conclusive answer came back). */
  readonly earlierSendInDoubt: boolean;
  /** That earlier send left before the event's deadline (a refusal for lateness then says nothing about it). */
  readonly earlierSendInTime: boolean;
}

// MH says the document is already invalidated / annulled: true of the document whatever event did it.
const ALREADY_INVALIDATED = /YA (FUE|HA SIDO|ESTA|EST[ÁA]|SE ENCUENTRA) (INVALIDAD|ANULAD)|DOCUMENTO (INVALIDADO|ANULADO)\b/i;
// MH already holds this code: the event itself reached it before.
const ALREADY_HELD = /YA EXISTE|YA (FUE|HA SIDO|SE HA) RECIBID|REGISTRO DUPLICADO|EVENTO DUPLICADO/i;
// MH judged the event itself: its schema, version, dates, replacement, notes, seal, people, or a named field.
const ON_MERITS =
  /ESQUEMA|VERSI[ÓO]N|FECHA|REEMPLAZO|NOTA(S)? (DE CR[ÉE]DITO|VIGENTE)|SELLO .*NO COINCIDE|RESPONSABLE|SOLICITA|MOTIVO|\[[A-Za-z][\w.]*\]/i;
// Late: on the merits only when the lost send was late too.
const LATE = /\bPLAZO\b|FUERA DE TIEMPO|VENCID/i;

export function judgeEventAnswer(p: EventJudgmentInput): EventJudgment {
  const o = p.outcome;
  switch (o.outcome) {
    case 'accepted':
    case 'accepted_with_observations':
      return { verdict: 'accepted', seal: o.seal };
    case 'duplicate':
      return held(p.kind, o.message);
    case 'rejected':
      return judgeRefusal(p, o.code, o.message, o.observations);
    case 'invalidated':
      // Only consultadte says so (classify.ts): the document stands invalidated, whatever event did it.
      return p.kind === 'invalidation' ? { verdict: 'took_effect', reason: o.message } : { verdict: 'no_answer' };
    case 'retry':
    case 'unknown':
    case 'auth':
    case 'not_found':
      return { verdict: 'no_answer' };
    default: {
      const never: never = o;
      return never;
    }
  }
}

/** MH holds this very event: a contingency event it holds is received; an invalidation needs its seal. */
function held(kind: EventKind, message: string): EventJudgment {
  switch (kind) {
    case 'contingency':
      return { verdict: 'took_effect', reason: message };
    case 'invalidation':
      return { verdict: 'in_doubt', reason: `MH ya tiene este evento y no dio su sello: ${message}` };
    default: {
      const never: never = kind;
      return never;
    }
  }
}

function judgeRefusal(p: EventJudgmentInput, code: string, message: string, observations: readonly string[]): EventJudgment {
  if (p.kind === 'invalidation' && ALREADY_INVALIDATED.test(message)) return { verdict: 'took_effect', reason: message };
  if (code === '004' || ALREADY_HELD.test(message)) return held(p.kind, message);
  if (!p.earlierSendInDoubt) return { verdict: 'refused' };
  const words = [message, ...observations].join(' ');
  if (LATE.test(words)) return p.earlierSendInTime ? doubt(message) : { verdict: 'refused' };
  if (observations.length > 0 || ON_MERITS.test(message)) return { verdict: 'refused' };
  // Not about the event itself, after a send MH may have taken: most likely MH's answer to a repeat.
  return doubt(message);
}

const doubt = (message: string): EventJudgment => ({
  verdict: 'in_doubt',
  reason: `MH rechazó el reenvío de un evento cuya primera respuesta se perdió: ${message}`,
});

/**
 * MH's words when it already holds this very event (a duplicate, code 004, "already received"), or null: an earlier
 * send reached it and its answer, with the seal, was lost (docs/decisions/0070-station-faults-said-aloud.md).
 */
export function heldByMhWords(o: Outcome): string | null {
  if (o.outcome === 'duplicate') return o.message;
  if (o.outcome === 'rejected' && (o.code === '004' || ALREADY_HELD.test(o.message))) return o.message;
  return null;
}
