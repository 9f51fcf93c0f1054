// What the login and lock screens say when a login fails: what happened and what to do next.
import { isOffline, type CallError } from '../api';
import { errorText } from '../error-text';
import { es } from '../strings';

export interface LoginProblem {
  readonly text: string;
  /** Seconds before the station accepts another try (0: now). */
  readonly wait: number;
}

/** The seconds to wait: the problem's retryAfter (over HTTP, Retry-After too); else the number in its words. */
const waitOf = (error: CallError): number => {
  if (error.retryAfter && error.retryAfter > 0) return Math.ceil(error.retryAfter);
  const m = /(\d+)\s*s\b/.exec(error.detail ?? '');
  return m ? Number(m[1]) : 0;
};

/** `unlocking`: the name of the person whose screen is locked (their login is not typed, only the password). */
export function loginProblem(error: CallError, unlocking?: string): LoginProblem {
  if (isOffline(error)) return { text: es.session.unreachable, wait: 0 };
  if (error.code === 'UNAUTHORIZED') return { text: unlocking ? es.session.wrongUnlock(unlocking) : es.session.wrong, wait: 0 };
  if (error.code === 'TOO_MANY_REQUESTS') {
    const wait = waitOf(error);
    return wait > 0 ? { text: es.session.throttled(wait), wait } : { text: es.session.throttledNoTime, wait: 60 };
  }
  return { text: errorText(error), wait: 0 };
}
