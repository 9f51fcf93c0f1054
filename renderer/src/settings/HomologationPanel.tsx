// Ajustes → Homologación (administrators; docs/decisions/0017-homologation.md): MH's minimum test set, transmitted
// to MH's TEST environment before the company may issue for real. A LIVE station, or one without its certificate,
// is refused with what to do; otherwise the form starts a run, and the run's progress is read every second while
// it works.
import { useEffect, useRef, useState } from 'react';
import type { SelloApi } from '../../../shared/api';
import type { HomologationView } from '../../../shared/homologation';
import { errorText } from '../error-text';
import { homologationWords as W } from '../words/homologation';
import { HomologationForm } from './HomologationForm';
import { HomologationRun } from './HomologationRun';
import './delivery.css';
import './homologation.css';

/** How often the panel reads the run again while it works: MH seals about one document a second. */
const POLL_MS = 1_000;

export function HomologationPanel({ api }: { api: SelloApi }) {
  const [view, setView] = useState<HomologationView | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  /** Runs started from this panel: each puts the keyboard on the new run's heading (the form goes away). */
  const [starts, setStarts] = useState(0);
  const runHeading = useRef<HTMLHeadingElement>(null);

  useEffect(() => void api.homologation().then((r) => (r.ok ? setView(r.value) : setFailed(errorText(r.error)))), [api]);

  // One read at a time, the next a second after the last answer: a slow station is never asked twice at once.
  const working = view?.run?.status === 'RUNNING' || view?.run?.status === 'WAITING';
  useEffect(() => {
    if (!working) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let live = true;
    const read = () =>
      void api.homologation().then((r) => {
        if (!live) return;
        if (r.ok) setView(r.value);
        timer = setTimeout(read, POLL_MS);
      });
    timer = setTimeout(read, POLL_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [api, working]);

  useEffect(() => {
    if (starts > 0) runHeading.current?.focus();
  }, [starts]);

  const run = view?.run ?? null;
  // A new run only when none is unfinished: the core refuses a second one, so the form is not offered.
  const canStart = view !== null && !view.refused && (run === null || run.status === 'DONE');

  return (
    <section aria-labelledby="homologation-title" className="delivery-panel homologation-panel" data-testid="homologation-panel">
      <h2 id="homologation-title">{W.title}</h2>
      <p className="muted">{W.intro}</p>
      {failed && (
        <p role="alert" className="error">
          {failed} {W.loadFailed}
        </p>
      )}
      {view && <p data-testid="homologation-environment">{W.environment(view.environment === 'LIVE')}</p>}
      {view?.refused && (
        <div role="alert" className="warning homologation-refused" data-testid="homologation-refused">
          <strong>{W.refusedTitle}.</strong> {view.refused}
        </div>
      )}
      {run && <HomologationRun ref={runHeading} api={api} run={run} refused={Boolean(view?.refused)} onView={setView} />}
      {canStart && (
        <>
          {run && (
            <>
              <h3>{W.newRun}</h3>
              <p className="hint">{W.newRunHint}</p>
            </>
          )}
          <HomologationForm
            api={api}
            normative={view.normative}
            onStarted={(v) => {
              setView(v);
              setStarts((n) => n + 1);
            }}
          />
        </>
      )}
    </section>
  );
}
