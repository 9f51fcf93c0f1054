// Ajustes → Homologación, the form that starts a run: the kinds to homologate (MH's minimum beside each), the
// normative the station moves to, and, folded under "Avanzado", the pause between two transmissions.
import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { SelloApi } from '../../../shared/api';
import { validate, type FieldError } from '../../../shared/contract';
import { DTE_KINDS, type DteKind } from '../../../shared/contract/kinds';
import { HOMOLOGATION_MINIMUMS, KIND_NAMES, homologationStartBody, type HomologationView } from '../../../shared/homologation';
import { NORMATIVE_NAMES, NORMATIVES, type Normative } from '../../../shared/normative';
import { errorText } from '../error-text';
import { homologationWords as W } from '../words/homologation';

type Path = 'kinds' | 'normative' | 'paceMs';
const PATHS: readonly string[] = ['kinds', 'normative', 'paceMs'] satisfies Path[];
/** MH's own suggestion of pace for its TEST environment: one transmission a second. */
const DEFAULT_PACE = '1000';

export function HomologationForm({
  api,
  normative: inForce,
  onStarted,
}: {
  api: SelloApi;
  /** The normative in force now: the form's default. */
  normative: Normative;
  onStarted: (view: HomologationView) => void;
}) {
  const [kinds, setKinds] = useState<readonly DteKind[]>([]);
  const [normative, setNormative] = useState<Normative>(inForce);
  const [pace, setPace] = useState(DEFAULT_PACE);
  const [errors, setErrors] = useState<readonly FieldError[]>([]);
  const [general, setGeneral] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [advanced, setAdvanced] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);

  /** Refused tries: each puts the keyboard on the first field named, once it is rendered as invalid. A correction
   * (which also changes the errors) leaves the keyboard where it is. */
  const [refusals, setRefusals] = useState(0);
  useEffect(() => {
    if (refusals) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [refusals]);

  /** A field being corrected loses its error: what stays red is what is still to fix. */
  const forget = (path: Path) => setErrors((es) => (es.some((x) => x.path === path) ? es.filter((x) => x.path !== path) : es));
  const toggle = (kind: DteKind, on: boolean) => {
    forget('kinds');
    // Kept in MH's order whatever the order of the clicks, so the run's lines read as the form does.
    setKinds((ks) => DTE_KINDS.filter((k) => (k === kind ? on : ks.includes(k))));
  };

  const start = async (e: FormEvent) => {
    e.preventDefault();
    setGeneral(null);
    const paceOk = /^\d{1,5}$/.test(pace.trim()) && Number(pace) <= 60_000;
    // The pause is checked here, in words about the field as typed; the schema checks the rest.
    const body = { kinds, normative, paceMs: paceOk ? Number(pace) : 1000 };
    const checked = validate(homologationStartBody, body);
    // The schema's "at least one" reaches here in the contract's generic words: the form says what to do instead.
    const noKind: FieldError[] = kinds.length === 0 ? [{ path: 'kinds', code: 'TOO_FEW', message: W.chooseKind }] : [];
    const local: FieldError[] = [
      ...noKind,
      ...(checked.ok ? [] : checked.errors.filter((x) => !(noKind.length && x.path === 'kinds' && x.code === 'TOO_FEW'))),
      ...(paceOk ? [] : [{ path: 'paceMs', code: 'NOT_INTEGER' as const, message: W.paceInvalid }]),
    ];
    // A wrong pause opens "Avanzado", so the keyboard can land on it.
    if (!paceOk) setAdvanced(true);
    setErrors(local);
    if (local.length) return setRefusals((n) => n + 1);
    setBusy(true);
    const r = await api.startHomologation(body);
    setBusy(false);
    if (r.ok) return onStarted(r.value);
    const fields = (r.error.errors ?? []).filter((x) => PATHS.includes(x.path));
    setErrors(fields);
    if (fields.length) setRefusals((n) => n + 1);
    setGeneral(fields.length ? (r.error.detail ?? null) : errorText(r.error));
  };

  const errorAt = (path: Path) =>
    errors
      .filter((x) => x.path === path)
      .map((x) => x.message)
      .join(' ') || undefined;
  const a11y = (path: Path, hint?: string) => {
    const described = [hint ?? '', errorAt(path) ? `homologation-${path}-error` : ''].filter(Boolean).join(' ');
    return { 'aria-invalid': errorAt(path) !== undefined, ...(described ? { 'aria-describedby': described } : {}) };
  };
  const fieldError = (path: Path) =>
    errorAt(path) && (
      <span className="field-error" role="alert" id={`homologation-${path}-error`}>
        {errorAt(path)}
      </span>
    );

  return (
    <form
      ref={formRef}
      className="panel-form homologation-form"
      onSubmit={(e) => void start(e)}
      noValidate
      aria-label={W.start}
      aria-busy={busy}
    >
      <fieldset className="homologation-kinds" aria-describedby="homologation-events">
        <legend>{W.kinds}</legend>
        {/* The first box carries the group's error: the keyboard lands on it, and a screen reader hears why. */}
        {DTE_KINDS.map((k, i) => (
          <label key={k} className="check">
            <input
              type="checkbox"
              name="kinds"
              value={k}
              checked={kinds.includes(k)}
              onChange={(e) => toggle(k, e.target.checked)}
              {...(i === 0 ? a11y('kinds') : { 'aria-invalid': errorAt('kinds') !== undefined })}
            />
            {W.kindOption(KIND_NAMES[k], k, HOMOLOGATION_MINIMUMS[k])}
          </label>
        ))}
        <span className="hint" id="homologation-events">
          {W.events}
        </span>
        {fieldError('kinds')}
      </fieldset>
      <div className="row">
        <div className="field">
          <label htmlFor="homologation-normative">{W.normative}</label>
          <select
            id="homologation-normative"
            value={normative}
            onChange={(e) => {
              forget('normative');
              setNormative(e.target.value as Normative);
            }}
            {...a11y('normative')}
          >
            {NORMATIVES.map((n) => (
              <option key={n} value={n}>
                {NORMATIVE_NAMES[n]}
              </option>
            ))}
          </select>
          {fieldError('normative')}
        </div>
      </div>
      <details className="homologation-advanced" open={advanced} onToggle={(e) => setAdvanced(e.currentTarget.open)}>
        <summary>{W.advanced}</summary>
        <div className="field">
          <label htmlFor="homologation-pace">{W.pace}</label>
          <input
            id="homologation-pace"
            inputMode="numeric"
            value={pace}
            onChange={(e) => {
              forget('paceMs');
              setPace(e.target.value);
            }}
            autoComplete="off"
            {...a11y('paceMs', 'homologation-pace-hint')}
          />
          <span className="hint" id="homologation-pace-hint">
            {W.paceHint}
          </span>
          {fieldError('paceMs')}
        </div>
      </details>
      {general && (
        <p role="alert" className="error" data-testid="homologation-form-error">
          {general}
        </p>
      )}
      <p className="homologation-explain" id="homologation-explain">
        {W.startExplain}
      </p>
      <button type="submit" className="primary" disabled={busy} aria-describedby="homologation-explain">
        {busy ? W.starting : W.start}
      </button>
    </form>
  );
}
