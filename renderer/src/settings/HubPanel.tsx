// Ajustes → Oficina central (issue 18; docs/decisions/0016-head-office-hub.md, "Replication"): the head office hub
// this station replicates to. An administrator enters its address and the station's token; "Guardar y probar" asks
// the hub who the token is before anything is saved. The token is write-only: "Token guardado" says one is stored,
// and an empty field keeps it. A supervisor reads (admin false).
import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { SelloApi } from '../../../shared/api';
import type { FieldError } from '../../../shared/contract';
import type { HubSettingView } from '../../../shared/hub-setting';
import { errorText } from '../error-text';
import { localTime } from '../local-time';
import { hubWords as W } from '../words/hub-setting';
import './delivery.css';

type Path = 'url' | 'token';
/** A long error wraps beside its field instead of stretching it; the hint clears the focus ring. */
const FIELD = { maxWidth: '34rem' } as const;
const HINT = { marginTop: '5px' } as const;
/** How often the panel reads the replication status again while open. */
const REFRESH_MS = 5_000;

/** The typed address is the stored origin (a trailing slash or the case of the host do not count). */
function sameOrigin(typed: string, stored: string | null): boolean {
  try {
    return stored !== null && new URL(typed.trim()).origin === stored;
  } catch {
    return false;
  }
}

export function HubPanel({ api, admin }: { api: SelloApi; admin: boolean }) {
  const [view, setView] = useState<HubSettingView | null>(null);
  const [url, setUrl] = useState('');
  const [token, setToken] = useState('');
  const [busy, setBusy] = useState(false);
  const [confirmingOff, setConfirmingOff] = useState(false);
  const [say, setSay] = useState<{ text: string; ok: boolean } | null>(null);
  const [errors, setErrors] = useState<readonly FieldError[]>([]);
  const formRef = useRef<HTMLFormElement>(null);

  const show = (v: HubSettingView) => {
    setView(v);
    setUrl(v.url ?? '');
    setToken('');
  };
  useEffect(() => void api.hubSettings().then((r) => (r.ok ? show(r.value) : setSay({ text: errorText(r.error), ok: false }))), [api]);
  // The status moves on its own (the replicator's passes): read again, leaving what is being typed alone.
  const configured = view?.configured ?? false;
  useEffect(() => {
    if (!configured) return;
    const t = setInterval(() => void api.hubSettings().then((r) => r.ok && setView(r.value)), REFRESH_MS);
    return () => clearInterval(t);
  }, [api, configured]);

  // Each new set of errors puts the keyboard on the first field named, once it is rendered as invalid.
  useEffect(() => {
    if (errors.length) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [errors]);

  // The stored token goes only to the address it was typed for (docs/decisions/0033-secrets-go-where-typed.md).
  const tokenAgain = view?.tokenStored === true && !sameOrigin(url, view.url);

  const save = async (e: FormEvent) => {
    e.preventDefault();
    setSay(null);
    const local: FieldError[] = [];
    if (!url.trim()) local.push({ path: 'url', code: 'REQUIRED', message: W.needsUrl });
    if (!token.trim() && (!view?.tokenStored || tokenAgain))
      local.push({ path: 'token', code: 'REQUIRED', message: tokenAgain ? W.tokenAgain : W.needsToken });
    setErrors(local);
    if (local.length) return;
    setBusy(true);
    const r = await api.setHubSettings({ url: url.trim(), ...(token.trim() ? { token: token.trim() } : {}) });
    setBusy(false);
    if (r.ok) {
      show(r.value);
      setSay({ text: W.saved(r.value.connectedAs?.id ?? ''), ok: true });
      return;
    }
    const fieldErrors = (r.error.errors ?? []).filter((x) => x.path === 'url' || x.path === 'token');
    setErrors(fieldErrors);
    setSay({ text: fieldErrors.length ? (r.error.detail ?? r.error.title) : errorText(r.error), ok: false });
  };

  const turnOff = async () => {
    setConfirmingOff(false);
    setSay(null);
    setErrors([]);
    const r = await api.setHubSettings(null);
    if (r.ok) {
      show(r.value);
      setSay({ text: W.off, ok: true });
    } else setSay({ text: errorText(r.error), ok: false });
  };

  const errorAt = (path: Path) => errors.find((x) => x.path === path)?.message;
  const a11y = (path: Path, hint: boolean) => {
    const described = [hint ? `hub-${path}-hint` : '', errorAt(path) ? `hub-${path}-error` : ''].filter(Boolean).join(' ');
    return { id: `hub-${path}`, 'aria-invalid': errorAt(path) !== undefined, ...(described ? { 'aria-describedby': described } : {}) };
  };
  const fieldError = (path: Path) =>
    errorAt(path) && (
      <span className="field-error" role="alert" id={`hub-${path}-error`}>
        {errorAt(path)}
      </span>
    );
  const status = view?.status;

  return (
    <section aria-labelledby="hub-title" className="delivery-panel" data-testid="hub-panel">
      <h2 id="hub-title">{W.title}</h2>
      <p className="muted">{W.intro}</p>
      {view && !view.configured && <p data-testid="hub-state">{W.notConfigured}</p>}
      {view?.configured && status && (
        <div data-testid="hub-state">
          <p>
            <strong>{view.connectedAs ? W.connectedAs(view.connectedAs.id, view.connectedAs.name) : W.notChecked}</strong>{' '}
            <span className="muted">({view.url})</span>
          </p>
          <p>
            {W.lastContact(status.lastReachedAt ? localTime(status.lastReachedAt) : null)} · {W.waiting(status.waiting)}
          </p>
          {status.refused > 0 && <p className="warning">{W.refused(status.refused)}</p>}
          {status.lastError && <p className="warning">{W.lastError(status.lastError)}</p>}
        </div>
      )}
      {say && (
        <p role={say.ok ? 'status' : 'alert'} className={say.ok ? 'ok' : 'error'} data-testid="hub-message">
          {say.text}
        </p>
      )}
      {admin ? (
        <form ref={formRef} className="panel-form" onSubmit={(e) => void save(e)} noValidate aria-label={W.title} aria-busy={busy}>
          <div className="row">
            <div className="field wide" style={FIELD}>
              <label htmlFor="hub-url">{W.url}</label>
              <input
                {...a11y('url', true)}
                type="url"
                value={url}
                onChange={(e) => setUrl(e.target.value)}
                autoComplete="off"
                autoCapitalize="none"
                spellCheck={false}
                placeholder="https://central.empresa.com"
              />
              <span className="hint" id="hub-url-hint" style={HINT}>
                {W.urlHint}
              </span>
              {fieldError('url')}
            </div>
            <div className="field wide" style={FIELD}>
              <label htmlFor="hub-token">{W.token}</label>
              <input
                {...a11y('token', true)}
                type="password"
                value={token}
                onChange={(e) => setToken(e.target.value)}
                autoComplete="new-password"
                spellCheck={false}
              />
              <span className="hint" id="hub-token-hint" data-testid="hub-token-hint" style={HINT}>
                {tokenAgain ? W.tokenAgain : view?.tokenStored ? W.tokenStored : W.tokenNone}
              </span>
              {fieldError('token')}
            </div>
          </div>
          <div className="row-actions">
            <button type="submit" disabled={busy}>
              {busy ? W.saving : W.save}
            </button>
            {view?.configured && !confirmingOff && (
              <button type="button" onClick={() => setConfirmingOff(true)} disabled={busy}>
                {W.turnOff}
              </button>
            )}
          </div>
          {confirmingOff && (
            <div role="group" aria-label={W.turnOff}>
              <p className="warning">{W.confirmOff}</p>
              <div className="row-actions">
                <button type="button" onClick={() => void turnOff()} autoFocus>
                  {W.confirmYes}
                </button>
                <button type="button" onClick={() => setConfirmingOff(false)}>
                  {W.cancel}
                </button>
              </div>
            </div>
          )}
        </form>
      ) : (
        <p className="muted">{W.onlyAdmins}</p>
      )}
    </section>
  );
}
