// Ajustes → Normativa de MH (administrators; docs/decisions/0014-normativa-2026.md): which MH normative issues now
// and, optionally, the instant the other one takes over. Saved only when the station can issue under it.
import { DateField } from '../pickers/DateField';
import { useEffect, useState, type FormEvent } from 'react';
import type { SelloApi } from '../../../shared/api';
import type { FieldError } from '../../../shared/contract';
import { NORMATIVE_NAMES, NORMATIVES, type Normative, type NormativeView } from '../../../shared/normative';
import { errorText } from '../error-text';
import { localTime } from '../local-time';
import { normativeWords as W } from '../words/normative';
import './delivery.css';

/** El Salvador keeps −06:00 all year: a datetime-local value is that wall time. */
const toInstant = (local: string) => `${local.length === 16 ? `${local}:00` : local.slice(0, 19)}-06:00`;
/** Seconds are kept when the setting has them (from the station file or HTTP), so saving again moves nothing. */
const toLocalInput = (iso: string) => {
  const local = new Date(new Date(iso).getTime() - 6 * 3600_000).toISOString();
  return local.slice(17, 19) === '00' ? local.slice(0, 16) : local.slice(0, 19);
};

export function NormativePanel({ api, admin }: { api: SelloApi; admin: boolean }) {
  const [view, setView] = useState<NormativeView | null>(null);
  const [current, setCurrent] = useState<Normative>('legacy');
  const [scheduling, setScheduling] = useState(false);
  const [at, setAt] = useState('');
  const [say, setSay] = useState<{ text: string; ok: boolean } | null>(null);
  const [errors, setErrors] = useState<readonly FieldError[]>([]);

  const show = (v: NormativeView) => {
    setView(v);
    setCurrent(v.setting.current);
    setScheduling(v.setting.switchAt !== null);
    setAt(v.setting.switchAt ? toLocalInput(v.setting.switchAt) : '');
  };
  useEffect(
    () => void api.normativeSettings().then((r) => (r.ok ? show(r.value) : setSay({ text: errorText(r.error), ok: false }))),
    [api],
  );

  const save = async (e: FormEvent) => {
    e.preventDefault();
    setSay(null);
    setErrors([]);
    if (scheduling && !at) {
      setErrors([{ path: 'switchAt', code: 'REQUIRED', message: W.needsDate }]);
      return;
    }
    // A switch that came to pass while the form was open changes what `current` means: read again, let them decide.
    const fresh = await api.normativeSettings();
    if (fresh.ok && view && fresh.value.status.inForce !== view.status.inForce) {
      show(fresh.value);
      setSay({ text: W.changedMeanwhile, ok: false });
      return;
    }
    const r = await api.setNormativeSettings({ current, switchAt: scheduling ? toInstant(at) : null });
    if (r.ok) {
      show(r.value);
      setSay({ text: W.saved, ok: true });
    } else {
      setErrors(r.error.errors ?? []);
      setSay({ text: errorText(r.error), ok: false });
    }
  };
  const errorAt = (path: string) => errors.find((x) => x.path === path)?.message;
  const others = errors.filter((x) => x.path !== 'switchAt' && x.path !== 'current');

  return (
    <section aria-labelledby="normative-title" className="delivery-panel" data-testid="normative-panel">
      <h2 id="normative-title">{W.title}</h2>
      <p className="muted">{W.intro}</p>
      {view && (
        <p data-testid="normative-now">
          {W.inForce}: <strong>{NORMATIVE_NAMES[view.status.inForce]}</strong>.{' '}
          {view.status.scheduled
            ? W.scheduled(NORMATIVE_NAMES[view.status.scheduled.to], localTime(view.status.scheduled.at, false))
            : W.noSwitch}
        </p>
      )}
      {say && (
        <p role={say.ok ? 'status' : 'alert'} className={say.ok ? 'ok' : 'error'}>
          {say.text}
        </p>
      )}
      {others.length > 0 && (
        <ul className="error">
          {others.map((x) => (
            <li key={x.path}>{x.message}</li>
          ))}
        </ul>
      )}
      {admin ? (
        <form onSubmit={(e) => void save(e)}>
          <div className="row">
            <div className="field">
              <label htmlFor="normative-current">{W.current}</label>
              <select id="normative-current" value={current} onChange={(e) => setCurrent(e.target.value as Normative)}>
                {NORMATIVES.map((n) => (
                  <option key={n} value={n}>
                    {NORMATIVE_NAMES[n]}
                  </option>
                ))}
              </select>
            </div>
            <div className="field">
              <label>
                <input type="checkbox" checked={scheduling} onChange={(e) => setScheduling(e.target.checked)} /> {W.schedule}
              </label>
            </div>
            {scheduling && (
              <div className="field">
                <label htmlFor="normative-switch-at">{W.switchAt}</label>
                <DateField
                  id="normative-switch-at"
                  kind="datetime"
                  value={at}
                  onChange={setAt}
                  aria-invalid={errorAt('switchAt') !== undefined}
                  {...(errorAt('switchAt') ? { 'aria-describedby': 'normative-switch-at-error' } : {})}
                />
                {errorAt('switchAt') && (
                  <span className="error" id="normative-switch-at-error">
                    {errorAt('switchAt')}
                  </span>
                )}
              </div>
            )}
          </div>
          <button type="submit">{W.save}</button>
        </form>
      ) : (
        <p className="muted">{W.onlyAdmins}</p>
      )}
    </section>
  );
}
