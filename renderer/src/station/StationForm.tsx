// The station's form: the first-run wizard (a step per group, checked before going on) or, in Ajustes, every
// group at once. The certificate's password and MH's credentials are checked by the core before it stores
// anything; its field errors bring the person back to the step that holds the field.
import { useMemo, useRef, useState, type FormEvent } from 'react';
import type { SelloApi } from '../../../shared/api';
import { ANY_ECONOMIC_ACTIVITIES } from '../../../shared/catalogs';
import { validate, type FieldError } from '../../../shared/contract';
import type { StationInfo, StationSaved } from '../../../shared/records';
import { stationSetup, stationUpdate } from '../../../shared/station';
import { errorText } from '../error-text';
import { FieldView, type EngineProps } from '../forms/FormEngine';
import { getAt, type Value } from '../forms/values';
import { es } from '../strings';
import {
  adminConfirmErrors,
  applyChange,
  certificateField,
  emptyStation,
  stationBody,
  stationSteps,
  stationValue,
  type StationMode,
} from './station-form';

const activityName = (code: string) => ANY_ECONOMIC_ACTIVITIES.find((a) => a.code === code)?.name;
const under = (paths: readonly string[], path: string) => paths.some((p) => path === p || path.startsWith(`${p}.`));

export function StationForm({
  api,
  mode,
  current,
  onDone,
  onCancel,
}: {
  api: SelloApi;
  mode: StationMode;
  current: StationInfo | null;
  /** `admin`: the login of the administrator the wizard created (set-up only). */
  onDone: (saved: StationSaved, admin?: string) => void;
  onCancel?: () => void;
}) {
  const steps = useMemo(() => stationSteps(mode), [mode]);
  const [value, setValue] = useState<Value>(() => (mode === 'edit' && current ? stationValue(current) : emptyStation()));
  const [step, setStep] = useState(0);
  const [shown, setShown] = useState<ReadonlySet<number>>(new Set());
  const [serverErrors, setServerErrors] = useState<readonly FieldError[]>([]);
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [fileName, setFileName] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);

  const body = useMemo(() => stationBody(mode, value, current), [mode, value, current]);
  const errors = useMemo(() => {
    const r = validate(mode === 'setup' ? stationSetup : stationUpdate, body);
    return [...(r.ok ? [] : r.errors), ...(mode === 'setup' ? adminConfirmErrors(value) : []), ...serverErrors];
  }, [mode, body, value, serverErrors]);
  const wizard = mode === 'setup';
  const visible = wizard ? [step] : steps.map((_, i) => i);
  const errorsOf = (i: number) => errors.filter((e) => under(steps[i]?.paths ?? [], e.path));

  const change: EngineProps['onChange'] = (path, next) => {
    setValue((v) => applyChange(v, path, next, activityName));
    setMessage((m) => (m === es.wizard.fix ? null : m));
    // A server's verdict on a field is gone once the field changes.
    setServerErrors((list) => list.filter((e) => !e.path.startsWith(path.join('.'))));
  };
  const focusFirstError = () =>
    requestAnimationFrame(() => {
      const el = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"], .field-error');
      el?.focus();
    });
  const show = (indexes: number[]) => setShown((s) => new Set([...s, ...indexes]));

  const next = () => {
    show([step]);
    if (errorsOf(step).length > 0) {
      setMessage(es.wizard.fix);
      focusFirstError();
      return;
    }
    setMessage(null);
    setStep(step + 1);
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (wizard && step < steps.length - 1) return next();
    show(steps.map((_, i) => i));
    const blocking = steps.findIndex((_, i) => errorsOf(i).length > 0);
    if (blocking >= 0) {
      if (wizard) setStep(blocking);
      setMessage(es.wizard.fix);
      focusFirstError();
      return;
    }
    setBusy(true);
    setMessage(es.wizard.checking);
    const r = mode === 'setup' ? await api.setUpStation(body) : await api.updateStation(body);
    setBusy(false);
    if (r.ok) {
      setMessage(mode === 'edit' ? es.wizard.saved : r.value.mhCheck === 'unreachable' ? es.wizard.doneUnverified : es.wizard.done);
      const admin = getAt(value, ['admin', 'login']);
      onDone(r.value, mode === 'setup' && typeof admin === 'string' ? admin.trim().toLowerCase() : undefined);
      return;
    }
    setServerErrors(r.error.errors ?? []);
    // Field errors are shown at their fields; the message says what happened and where to look.
    setMessage(r.error.errors?.length ? `${r.error.detail ?? r.error.title} ${es.wizard.fix}` : errorText(r.error));
    const at = steps.findIndex((s) => (r.error.errors ?? []).some((x) => under(s.paths, x.path)));
    if (wizard && at >= 0) setStep(at);
    focusFirstError();
  };

  const props = (i: number): EngineProps => ({ value, errors, showErrors: shown.has(i) || serverErrors.length > 0, onChange: change });
  const certStep = steps.findIndex((s) => s.paths.includes('certificate'));
  const certError = (path: string) => (shown.has(certStep) || serverErrors.length > 0 ? errors.find((x) => x.path === path) : undefined);
  const xmlError = certError('certificate.xml');

  return (
    <form ref={formRef} onSubmit={(e) => void submit(e)} noValidate className="station-form" aria-busy={busy}>
      {wizard && (
        <ol className="steps" aria-label={es.wizard.title}>
          {steps.map((s, i) => (
            <li key={s.title} aria-current={i === step ? 'step' : undefined}>
              {s.title}
            </li>
          ))}
        </ol>
      )}
      {visible.map((i) => {
        const s = steps[i];
        if (!s) return null;
        return (
          <section key={s.title} aria-labelledby={`station-step-${i}`}>
            <h2 id={`station-step-${i}`}>{wizard ? es.wizard.step(i + 1, steps.length, s.title) : s.title}</h2>
            <p className="muted">{s.intro}</p>
            {s.fields.map((f) => (
              <FieldView key={f.key} f={f} path={[f.key]} props={props(i)} />
            ))}
            {s.paths.includes('certificate') && (
              <div className="row">
                <div className="field">
                  <label htmlFor="f-certificate-file">{es.wizard.file}</label>
                  <input
                    id="f-certificate-file"
                    type="file"
                    accept=".crt,.xml,text/xml,application/xml"
                    aria-invalid={xmlError !== undefined}
                    aria-describedby={xmlError ? 'f-certificate-file-error' : undefined}
                    onChange={(e) => {
                      const file = e.target.files?.[0];
                      if (!file) return;
                      setFileName(file.name);
                      void file.text().then((xml) => change(['certificate', 'xml'], xml));
                    }}
                  />
                  {fileName ? (
                    <span className="hint">{es.wizard.fileChosen(fileName)}</span>
                  ) : (
                    mode === 'edit' && <span className="hint">{es.wizard.fileEditHint}</span>
                  )}
                  {xmlError && (
                    <span className="field-error" role="alert" id="f-certificate-file-error">
                      {xmlError.message}
                    </span>
                  )}
                </div>
                {certificateField.type === 'group' && certificateField.fields[1] && (
                  <FieldView f={certificateField.fields[1]} path={['certificate', 'password']} props={props(i)} />
                )}
              </div>
            )}
          </section>
        );
      })}
      {message && (
        <p role="status" className={busy ? 'busy' : serverErrors.length > 0 ? 'error' : undefined}>
          {message}
        </p>
      )}
      <div className="row actions">
        {onCancel && (
          <button type="button" onClick={onCancel} disabled={busy}>
            {es.wizard.cancel}
          </button>
        )}
        {wizard && step > 0 && (
          <button type="button" onClick={() => setStep(step - 1)} disabled={busy}>
            {es.wizard.back}
          </button>
        )}
        <button type="submit" className="primary" disabled={busy}>
          {wizard ? (step < steps.length - 1 ? es.wizard.next : es.wizard.finish) : es.wizard.save}
        </button>
      </div>
    </form>
  );
}
