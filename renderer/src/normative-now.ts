// The MH normative in force, as the screens that offer catalog codes need it (the counter's payment methods,
// Emitir's choices): read from the sync status, and changed by a timer on the instant a scheduled switch takes
// effect, so the choices change that day without a restart (docs/decisions/0086-catalogs-per-normative.md).
import { createContext, useEffect, useState } from 'react';
import { inForceAt, NORMATIVES, type Normative, type NormativeStatus } from '../../shared/normative';

/** null until the station answers: then only what every normative holds is offered. */
export const NormativeContext = createContext<Normative | null>(null);

const ALONE: Readonly<Record<Normative, readonly Normative[]>> = { legacy: ['legacy'], '2026': ['2026'] };

/** The normatives a choice must be in: the one in force, or every one while it is not known yet (stable arrays). */
export const normativesOf = (normative: Normative | null): readonly Normative[] => (normative ? ALONE[normative] : NORMATIVES);

/** setTimeout's longest wait; a switch further ahead is waited for in steps. */
const MAX_WAIT_MS = 2 ** 31 - 1;

export function useNormativeNow(status: NormativeStatus | null | undefined): Normative | null {
  // Bumped by the timer to render again at the switch; the normative itself is read against the clock each render,
  // so a status that arrives after its switch passed is read as it stands now.
  const [tick, setTick] = useState(0);
  const at = status?.scheduled ? Date.parse(status.scheduled.at) : null;
  useEffect(() => {
    if (at === null || at <= Date.now()) return;
    const t = setTimeout(() => setTick((n) => n + 1), Math.min(at - Date.now() + 50, MAX_WAIT_MS));
    return () => clearTimeout(t);
  }, [at, tick]);
  return status ? inForceAt(status, new Date()) : null;
}
