// A call the screen shows while it runs ("Preparando…") and whose answer or error it shows after: asked again
// whenever `key` changes (another month, other filters) or on reload; an answer that a newer call overtook is dropped.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Result } from '../../../shared/errors';
import { errorText } from '../error-text';

export interface Loaded<T> {
  /** The answer for the current key; null while the first one is on its way, or after an error. */
  readonly value: T | null;
  readonly error: string | null;
  readonly busy: boolean;
  /** The latest answer of any key: what a form keeps offering (the report's people) while the next one comes. */
  readonly last: T | null;
  readonly reload: () => void;
}

export function useLoad<T>(key: string | null, load: () => Promise<Result<T>>): Loaded<T> {
  const [answer, setAnswer] = useState<{ key: string; value: T } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [tick, setTick] = useState(0);
  const latest = useRef(load);
  const generation = useRef(0);
  useEffect(() => {
    latest.current = load;
  });
  useEffect(() => {
    const gen = ++generation.current;
    setError(null);
    setBusy(key !== null);
    if (key === null) return;
    void latest.current().then((r) => {
      if (gen !== generation.current) return;
      setBusy(false);
      if (r.ok) setAnswer({ key, value: r.value });
      else setError(errorText(r.error));
    });
    return () => {
      generation.current++;
    };
  }, [key, tick]);
  const reload = useCallback(() => setTick((t) => t + 1), []);
  // A reload of the same key keeps the answer on screen while it runs; another key's answer is not this one's.
  return { value: answer && answer.key === key && !error ? answer.value : null, error, busy, last: answer?.value ?? null, reload };
}
