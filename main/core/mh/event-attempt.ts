// One attempt to hand an MH event (an invalidation, an Evento de Retorno) to MH: one copy in flight at a time, a
// refused login kept apart, and MH's answer reduced to a verdict, or to why MH was not reached.
import { isSignatureRefusal, type Exchange, type Outcome } from './classify';
import { MhLoginError, type MhCall } from './client';

export type EventVerdict = 'APPROVED' | 'REJECTED';

/** Why MH was not reached (for the engine's backoff): its words, the exchange, and whether the login was refused. */
export interface Unreached {
  readonly reason: string;
  readonly exchange: Exchange | null;
  readonly login: boolean;
  /** The send may have reached MH (no answer in time, a broken connection, an answer that says nothing). */
  readonly mayHaveReached?: boolean;
}

export type EventAttempt =
  /** Already on its way (a request and the engine at once): two copies could get two different verdicts. */
  | { readonly kind: 'busy' }
  | { readonly kind: 'unreached'; readonly unreached: Unreached }
  | { readonly kind: 'verdict'; readonly status: EventVerdict; readonly call: MhCall };

export async function attemptEvent(p: {
  readonly id: string;
  readonly inFlight: Set<string>;
  readonly send: () => Promise<MhCall>;
  /** An answer that means the event already took effect (MH holds it from an earlier, lost answer). */
  readonly tookEffect: (o: Outcome) => boolean;
  /** What the event is, for the words when MH's answer settles nothing. */
  readonly what: string;
}): Promise<EventAttempt> {
  if (p.inFlight.has(p.id)) return { kind: 'busy' };
  let call: MhCall;
  p.inFlight.add(p.id);
  try {
    call = await p.send();
  } catch (e) {
    // MH refused the login: the event waits and the sync engine shows the credentials problem.
    if (e instanceof MhLoginError) return { kind: 'unreached', unreached: { reason: e.message, exchange: null, login: true } };
    throw e;
  } finally {
    p.inFlight.delete(p.id);
  }
  const o = call.outcome;
  if (o.outcome === 'accepted' || o.outcome === 'accepted_with_observations' || p.tookEffect(o))
    return { kind: 'verdict', status: 'APPROVED', call };
  // MH refused the signature, not the event (docs/decisions/0027-certificate-life-cycle.md): it waits, signed again
  // with the current certificate when one is imported.
  if (o.outcome === 'rejected' && isSignatureRefusal(o.code))
    return {
      kind: 'unreached',
      unreached: { reason: `MH no reconoce el certificado: ${o.message}`, exchange: call.exchange, login: false },
    };
  if (o.outcome === 'rejected') return { kind: 'verdict', status: 'REJECTED', call };
  const reason =
    o.outcome === 'retry' || o.outcome === 'unknown' || o.outcome === 'auth' ? o.reason : `respuesta no concluyente de MH ${p.what}`;
  return { kind: 'unreached', unreached: { reason, exchange: call.exchange, login: false, mayHaveReached: o.outcome === 'unknown' } };
}
