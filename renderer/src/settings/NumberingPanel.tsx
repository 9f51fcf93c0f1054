// Ajustes → Numeración (docs/decisions/0029-numbering-never-collides-silently.md): where control numbers go on, and
// what stops them; an administrator confirms a new point of sale or types MH's last number per kind.
import { useEffect, useState, type FormEvent } from 'react';
import type { SelloApi } from '../../../shared/api';
import { DTE_KINDS, type DteKind, type FieldError } from '../../../shared/contract';
import type { NumberingView } from '../../../shared/numbering';
import { errorText } from '../error-text';
import { numberingWords as W } from '../words/numbering';
import './delivery.css';

export function NumberingPanel({ api, admin }: { api: SelloApi; admin: boolean }) {
  const [view, setView] = useState<NumberingView | null>(null);
  const [kind, setKind] = useState<DteKind>('FC');
  const [last, setLast] = useState('');
  const [say, setSay] = useState<{ text: string; ok: boolean } | null>(null);
  const [errors, setErrors] = useState<readonly FieldError[]>([]);
  useEffect(
    () => void api.numberingSettings().then((r) => (r.ok ? setView(r.value) : setSay({ text: errorText(r.error), ok: false }))),
    [api],
  );

  const send = async (input: unknown) => {
    setSay(null);
    setErrors([]);
    const r = await api.setNumberingSettings(input);
    if (r.ok) {
      setView(r.value);
      setSay({ text: W.saved, ok: true });
    } else {
      setErrors(r.error.errors ?? []);
      setSay({ text: errorText(r.error), ok: false });
    }
  };
  const typed = (e: FormEvent) => {
    e.preventDefault();
    void send({ last: { [kind]: Number(last) } });
  };
  const fieldError = errors.find((x) => x.path === `last.${kind}` || x.path === 'last')?.message;

  return (
    <section aria-labelledby="numbering-title" className="delivery-panel" data-testid="numbering-panel">
      <h2 id="numbering-title">{W.title}</h2>
      <p className="muted">{W.intro}</p>
      {view && (
        <>
          <p data-testid="numbering-state" role={view.confirmed ? undefined : 'alert'}>
            {view.unconfirmed ? (view.unconfirmed.reason === 'restore' ? W.waitingRestore : W.waitingNew) : W.confirmed}{' '}
            {view.unconfirmed?.hubProblem ? W.hubProblem(view.unconfirmed.hubProblem) : ''}
          </p>
          <h3>{W.sequences}</h3>
          {view.sequences.length === 0 ? (
            <p className="muted">{W.noSequences}</p>
          ) : (
            <ul>
              {view.sequences.map((s) => (
                <li key={`${s.year}-${s.kind}-${s.branchCode}-${s.posNumber}`}>
                  {W.sequence(s.kind, s.year, s.posNumber, s.last)}
                  {s.collision && <strong className="error"> {W.collision(s.collision.controlNumber, s.collision.mhMessage)}</strong>}
                </li>
              ))}
            </ul>
          )}
          {view.lacking.length > 0 && (
            <div role="alert" data-testid="numbering-lacking">
              <h3>{W.lackingTitle}</h3>
              <ul>
                {view.lacking.map((l) => (
                  <li key={`${l.year}-${l.kind}-${l.branchCode}-${l.posNumber}-${l.from}`}>{W.lacking(l)}</li>
                ))}
              </ul>
              {admin && (
                <button type="button" onClick={() => void send({ lackingReviewed: true })}>
                  {W.lackingReviewed}
                </button>
              )}
            </div>
          )}
        </>
      )}
      {say && (
        <p role={say.ok ? 'status' : 'alert'} className={say.ok ? 'ok' : 'error'}>
          {say.text}
        </p>
      )}
      {!admin ? (
        <p className="muted">{W.onlyAdmins}</p>
      ) : (
        <>
          {view?.unconfirmed?.reason === 'new_folder' && view.sequences.length === 0 && (
            <p>
              <button type="button" onClick={() => void send({ newPointOfSale: true })}>
                {W.isNew}
              </button>{' '}
              <span className="muted">{W.isNewWarning}</span>
            </p>
          )}
          <form onSubmit={typed}>
            <p className="muted">{W.warning}</p>
            <div className="row">
              <div className="field">
                <label htmlFor="numbering-kind">{W.kind}</label>
                <select id="numbering-kind" value={kind} onChange={(e) => setKind(e.target.value as DteKind)}>
                  {DTE_KINDS.map((k) => (
                    <option key={k} value={k}>
                      {k}
                    </option>
                  ))}
                </select>
              </div>
              <div className="field">
                <label htmlFor="numbering-last">{W.last}</label>
                <input
                  id="numbering-last"
                  inputMode="numeric"
                  value={last}
                  onChange={(e) => setLast(e.target.value)}
                  aria-invalid={fieldError ? true : undefined}
                  aria-describedby={fieldError ? 'numbering-last-error' : undefined}
                />
                {fieldError && (
                  <span className="error" id="numbering-last-error">
                    {fieldError}
                  </span>
                )}
              </div>
            </div>
            <button type="submit">{W.save}</button>
          </form>
        </>
      )}
    </section>
  );
}
