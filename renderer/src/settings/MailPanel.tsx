// Ajustes → Correo (administrators; docs/decisions/0010-email-delivery.md): the SMTP server and the sender the
// station mails documents through, and a test message through what is saved. The password is never shown back:
// "guardada" says one is stored, and an empty field keeps it.
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import type { SelloApi } from '../../../shared/api';
import { validate, type FieldError } from '../../../shared/contract';
import { emailTarget, smtpSettingsInput, type SmtpSettingsView } from '../../../shared/delivery';
import { errorText } from '../error-text';
import { deliveryWords } from '../words/delivery';
import './delivery.css';

const M = deliveryWords.mail;

type Key = 'host' | 'port' | 'secure' | 'user' | 'password' | 'from.name' | 'from.address';
const KEYS: readonly string[] = ['host', 'port', 'secure', 'allowInsecureLocal', 'user', 'password', 'from.name', 'from.address'];
/** TLS from the first byte, STARTTLS (required), or plain SMTP to this machine only (docs/decisions/0033-secrets-go-where-typed.md). */
type Security = 'tls' | 'starttls' | 'local';

interface Form {
  host: string;
  port: string;
  security: Security;
  user: string;
  password: string;
  clearPassword: boolean;
  fromName: string;
  fromAddress: string;
}

const formOf = (v: SmtpSettingsView | null): Form => ({
  host: v?.host ?? '',
  port: v?.port ? String(v.port) : '587',
  security: v?.secure ? 'tls' : v?.allowInsecureLocal ? 'local' : 'starttls',
  user: v?.user ?? '',
  password: '',
  clearPassword: false,
  fromName: v?.from?.name ?? '',
  fromAddress: v?.from?.address ?? '',
});

/** The request body: a password left empty is left out (kept); "quitar" sends null (cleared). */
const bodyOf = (f: Form) => ({
  host: f.host,
  port: /^\d{1,5}$/.test(f.port.trim()) ? Number(f.port.trim()) : f.port,
  secure: f.security === 'tls',
  ...(f.security === 'local' ? { allowInsecureLocal: true } : {}),
  user: f.user.trim() ? f.user : null,
  ...(f.password ? { password: f.password } : f.clearPassword ? { password: null } : {}),
  from: { name: f.fromName.trim() ? f.fromName : null, address: f.fromAddress },
});

export function MailPanel({ api }: { api: SelloApi }) {
  const [view, setView] = useState<SmtpSettingsView | null>(null);
  const [form, setForm] = useState<Form>(formOf(null));
  const [errors, setErrors] = useState<readonly FieldError[]>([]);
  const [message, setMessage] = useState<{ text: string; ok: boolean } | null>(null);
  const [busy, setBusy] = useState(false);
  const [testTo, setTestTo] = useState('');
  const [testError, setTestError] = useState<string | null>(null);
  const [testResult, setTestResult] = useState<{ text: string; ok: boolean } | null>(null);
  const [testing, setTesting] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);

  useEffect(() => {
    void api.smtpSettings().then((r) => {
      if (!r.ok) return setMessage({ text: errorText(r.error), ok: false });
      setView(r.value);
      setForm(formOf(r.value));
    });
  }, [api]);

  // Unsaved changes: the test would try the saved settings, not these.
  const dirty = JSON.stringify(bodyOf(form)) !== JSON.stringify(bodyOf(formOf(view)));

  const set =
    <K extends keyof Form>(key: K, path: Key) =>
    (value: Form[K]) => {
      setForm((f) => ({ ...f, [key]: value }));
      setErrors((list) => list.filter((e) => e.path !== path));
      setMessage(null);
    };
  const focusFirstError = () => requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());

  // The stored password goes only to the server and port it was typed for: a change of either needs it again.
  const passwordAgain =
    view?.passwordSet === true &&
    !form.password &&
    (form.host.trim() !== (view.host ?? '') || form.port.trim() !== String(view.port ?? ''));

  const save = async (e: FormEvent) => {
    e.preventDefault();
    const body = bodyOf(form);
    const local = validate(smtpSettingsInput, body);
    // Zod names a port that is not a number by its type; the person needs to know what to type.
    const named = local.ok ? [] : local.errors.map((x) => (x.path === 'port' ? { ...x, message: M.portMissing } : x));
    if (passwordAgain && !form.clearPassword) named.push({ path: 'password', code: 'REQUIRED', message: M.passwordAgain });
    if (named.length > 0) {
      setErrors(named);
      setMessage({ text: M.fix, ok: false });
      return focusFirstError();
    }
    setBusy(true);
    const r = await api.setSmtpSettings(body);
    setBusy(false);
    if (r.ok) {
      setView(r.value);
      setForm(formOf(r.value));
      setErrors([]);
      setMessage({ text: M.saved, ok: true });
      return;
    }
    const fieldErrors = (r.error.errors ?? []).filter((x) => KEYS.includes(x.path));
    setErrors(fieldErrors);
    setMessage({ text: fieldErrors.length ? `${r.error.detail ?? r.error.title} ${M.fix}` : errorText(r.error), ok: false });
    focusFirstError();
  };

  const test = async (e: FormEvent) => {
    e.preventDefault();
    setTestResult(null);
    const local = validate(emailTarget, { email: testTo });
    if (!local.ok) return setTestError(local.errors[0]?.message ?? M.testTo);
    setTestError(null);
    setTesting(true);
    const r = await api.testSmtp({ email: testTo });
    setTesting(false);
    if (!r.ok) {
      const emailError = r.error.errors?.find((x) => x.path === 'email');
      if (emailError) return setTestError(emailError.message);
      return setTestResult({ text: errorText(r.error), ok: false });
    }
    const v = r.value;
    setTestResult({ text: v.sent ? M.testSent(v.email, v.response) : M.testFailed(v.email, v.response), ok: v.sent });
  };

  // The plain-SMTP choice is refused by the host; its error shows beside «Seguridad».
  const errorOf = (path: Key) => errors.find((e) => e.path === path || (path === 'secure' && e.path === 'allowInsecureLocal'));
  const field = (path: Key, label: string, input: (a11y: A11y) => ReactNode, hint?: string, wide = false) => {
    const id = `smtp-${path.replace('.', '-')}`;
    const error = errorOf(path);
    const described = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
    return (
      <div className={wide ? 'field wide' : 'field'}>
        <label htmlFor={id}>{label}</label>
        {input({ id, 'aria-invalid': error !== undefined, ...(described ? { 'aria-describedby': described } : {}) })}
        {hint && (
          <span className="hint" id={`${id}-hint`}>
            {hint}
          </span>
        )}
        {error && (
          <span className="field-error" role="alert" id={`${id}-error`}>
            {error.message}
          </span>
        )}
      </div>
    );
  };

  return (
    <section aria-labelledby="mail-title" className="delivery-panel" data-testid="mail-panel">
      <h2 id="mail-title">{M.title}</h2>
      <p className="muted">{M.intro}</p>
      {view && !view.configured && <p className="warning">{M.notConfigured}</p>}
      {view?.passwordNeeded && (
        <p role="alert" className="warning">
          {view.passwordNeeded}
        </p>
      )}
      <form ref={formRef} className="panel-form" onSubmit={(e) => void save(e)} noValidate aria-label={M.title} aria-busy={busy}>
        <div className="row">
          {field(
            'host',
            M.host,
            (a) => (
              <input
                {...a}
                value={form.host}
                onChange={(e) => set('host', 'host')(e.target.value)}
                autoComplete="off"
                autoCapitalize="none"
                spellCheck={false}
              />
            ),
            M.hostHint,
            true,
          )}
          {field('port', M.port, (a) => (
            <input
              {...a}
              className="port"
              inputMode="numeric"
              value={form.port}
              onChange={(e) => set('port', 'port')(e.target.value)}
              autoComplete="off"
            />
          ))}
          {field(
            'secure',
            M.security,
            (a) => (
              <select {...a} value={form.security} onChange={(e) => set('security', 'secure')(e.target.value as Security)}>
                <option value="starttls">{M.securityStarttls}</option>
                <option value="tls">{M.securityTls}</option>
                <option value="local">{M.securityLocal}</option>
              </select>
            ),
            M.securityHint,
          )}
        </div>
        <div className="row">
          {field('user', M.user, (a) => (
            <input
              {...a}
              value={form.user}
              onChange={(e) => set('user', 'user')(e.target.value)}
              autoComplete="off"
              autoCapitalize="none"
              spellCheck={false}
            />
          ))}
          {field(
            'password',
            M.password,
            (a) => (
              <input
                {...a}
                type="password"
                value={form.password}
                onChange={(e) => set('password', 'password')(e.target.value)}
                autoComplete="new-password"
              />
            ),
            passwordAgain ? M.passwordAgain : view?.passwordSet ? M.passwordSet : M.passwordNone,
          )}
          {view?.passwordSet && !form.password && (
            <label className="check">
              <input type="checkbox" checked={form.clearPassword} onChange={(e) => set('clearPassword', 'password')(e.target.checked)} />{' '}
              {M.passwordClear}
            </label>
          )}
        </div>
        <div className="row">
          {field('from.name', M.fromName, (a) => (
            <input {...a} value={form.fromName} onChange={(e) => set('fromName', 'from.name')(e.target.value)} autoComplete="off" />
          ))}
          {field(
            'from.address',
            M.fromAddress,
            (a) => (
              <input
                {...a}
                type="email"
                value={form.fromAddress}
                onChange={(e) => set('fromAddress', 'from.address')(e.target.value)}
                autoComplete="off"
              />
            ),
            M.fromHint,
            true,
          )}
        </div>
        {message && (
          <p role={message.ok ? 'status' : 'alert'} className={message.ok ? 'ok' : 'error'} data-testid="smtp-message">
            {message.text}
          </p>
        )}
        <div className="row actions">
          <button type="submit" className="primary" disabled={busy}>
            {busy ? M.saving : M.save}
          </button>
        </div>
      </form>
      <form className="panel-form" onSubmit={(e) => void test(e)} noValidate aria-labelledby="smtp-test-title" aria-busy={testing}>
        <h3 id="smtp-test-title">{M.testTitle}</h3>
        <div className="row">
          <div className="field wide">
            <label htmlFor="smtp-test">{M.testTo}</label>
            <input
              id="smtp-test"
              type="email"
              value={testTo}
              onChange={(e) => {
                setTestTo(e.target.value);
                setTestError(null);
              }}
              aria-invalid={testError !== null}
              aria-describedby={testError ? 'smtp-test-hint smtp-test-error' : 'smtp-test-hint'}
              autoComplete="off"
            />
            <span className="hint" id="smtp-test-hint">
              {dirty ? M.saveFirst : M.testHint}
            </span>
            {testError && (
              <span className="field-error" role="alert" id="smtp-test-error">
                {testError}
              </span>
            )}
          </div>
          <button type="submit" disabled={testing || !view?.configured}>
            {testing ? M.testing : M.test}
          </button>
        </div>
        {testResult && (
          <p role={testResult.ok ? 'status' : 'alert'} className={testResult.ok ? 'ok' : 'error'} data-testid="smtp-test-result">
            {testResult.text}
          </p>
        )}
      </form>
    </section>
  );
}

type A11y = { id: string; 'aria-invalid': boolean; 'aria-describedby'?: string };
