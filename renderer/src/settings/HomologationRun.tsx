// Ajustes → Homologación, the run under way (or the last one): its progress and the time left, what it does now,
// each line's counts, MH's rejections, "Continuar" when no process runs it, and the report in PDF and CSV.
import { forwardRef, useState } from 'react';
import type { SelloApi } from '../../../shared/api';
import type { HomologationRunView, HomologationView } from '../../../shared/homologation';
import { NORMATIVE_NAMES } from '../../../shared/normative';
import { saveBookFile } from '../books/files';
import { errorText } from '../error-text';
import { localTime } from '../local-time';
import { homologationWords as W } from '../words/homologation';
import { HomologationRejections } from './HomologationRejections';

interface Props {
  api: SelloApi;
  run: HomologationRunView;
  /** The station may not run one now (LIVE, no certificate): the run is shown, not continued. */
  refused: boolean;
  onView: (view: HomologationView) => void;
}

/** The audit's actor (`user:admin`) as a person reads it: the login. */
const who = (actor: string) => actor.replace(/^user:/, '');

/** The heading takes the focus when a run starts, so the keyboard (and a screen reader) is where the progress is. */
export const HomologationRun = forwardRef<HTMLHeadingElement, Props>(function HomologationRun({ api, run, refused, onView }, headingRef) {
  const [say, setSay] = useState<{ text: string; ok: boolean } | null>(null);
  const [busy, setBusy] = useState(false);
  const percent = run.total > 0 ? Math.floor((run.done * 100) / run.total) : 0;
  const working = run.status === 'RUNNING' || run.status === 'WAITING';

  const resume = async () => {
    setSay(null);
    setBusy(true);
    const r = await api.resumeHomologation();
    setBusy(false);
    if (r.ok) onView(r.value);
    else setSay({ text: errorText(r.error), ok: false });
  };
  const download = async (format: 'pdf' | 'csv') => {
    setSay(null);
    const r = await api.homologationReport(run.id, format);
    if (!r.ok) return setSay({ text: errorText(r.error), ok: false });
    saveBookFile(r.value);
    setSay({ text: W.reportSaved(r.value.fileName), ok: true });
  };

  return (
    <section aria-labelledby="homologation-run-title" className="homologation-run" data-testid="homologation-run">
      <h3 id="homologation-run-title" ref={headingRef} tabIndex={-1}>
        {W.runTitle} <span className="homologation-badge">{W.testOnly}</span>
      </h3>
      <p className="muted">
        {W.runMeta(localTime(run.startedAt, false), who(run.startedBy), NORMATIVE_NAMES[run.normative], run.seed)}
        {run.finishedAt ? ` · ${W.finishedAt(localTime(run.finishedAt, false))}` : ''}
      </p>
      <div className="homologation-progress">
        <progress id="homologation-progress" max={run.total} value={run.done} aria-label={W.progress} data-testid="homologation-progress" />
        <span data-testid="homologation-progress-text">{W.progressText(run.done, run.total, percent)}</span>
      </div>
      {/* Polite: read when it changes, without taking a keyboard user away from where they are. */}
      <p role="status" aria-live="polite" data-testid="homologation-status">
        {W.status}: <strong className={`homologation-status-${run.status.toLowerCase()}`}>{W.statuses[run.status]}</strong>
        {working && ` · ${W.eta(run.etaSeconds)}`} · <span data-testid="homologation-activity">{run.activity}</span>
      </p>
      {run.status === 'STOPPED' && !refused && (
        <div className="row-actions">
          <p className="hint">{W.stoppedHint}</p>
          <button type="button" className="primary" onClick={() => void resume()} disabled={busy}>
            {busy ? W.resuming : W.resume}
          </button>
        </div>
      )}
      <table className="users homologation-lines" data-testid="homologation-lines">
        <caption>{W.testOnly}</caption>
        <thead>
          <tr>
            <th scope="col">{W.line}</th>
            <th scope="col">{W.sealed}</th>
            <th scope="col">{W.pending}</th>
            <th scope="col">{W.rejected}</th>
          </tr>
        </thead>
        <tbody>
          {run.lines.map((l) => (
            <tr key={l.key} className={l.sealed >= l.required ? 'complete' : undefined} data-key={l.key}>
              <th scope="row">{l.label}</th>
              <td>
                {l.sealed} / {l.required}
              </td>
              <td>{l.pending}</td>
              <td>{l.rejected}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <HomologationRejections rejections={run.rejections} />
      <h4>{W.report}</h4>
      <p className="hint">{W.reportHint}</p>
      <div className="row-actions">
        <button type="button" onClick={() => void download('pdf')}>
          {W.reportPdf}
        </button>
        <button type="button" onClick={() => void download('csv')}>
          {W.reportCsv}
        </button>
      </div>
      {say && (
        <p role={say.ok ? 'status' : 'alert'} className={say.ok ? 'ok' : 'error'} data-testid="homologation-run-message">
          {say.text}
        </p>
      )}
    </section>
  );
});
