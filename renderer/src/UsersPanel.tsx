// Ajustes → Personas (administrators): who may log in at this station, their roles, their passwords or PINs,
// and who no longer may (nobody is deleted: their documents keep their name). Checked as typed with the core's
// own schemas (shared/people.ts); the core's refusals (a login taken, the last administrator) name the field.
import { useCallback, useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import type { SelloApi } from '../../shared/api';
import { validate, type FieldError } from '../../shared/contract';
import { ROLES, ROLE_NAMES, userInput, userUpdate, type Role, type UserInfo } from '../../shared/people';
import { errorText } from './error-text';
import { peopleWords } from './words/people';

const P = peopleWords;

export function UsersPanel({ api, me }: { api: SelloApi; me: string }) {
  const [users, setUsers] = useState<readonly UserInfo[] | null>(null);
  // null: the list alone; 'new': adding someone; a person: changing their data.
  const [form, setForm] = useState<UserInfo | 'new' | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const addButton = useRef<HTMLButtonElement>(null);
  const load = useCallback(() => void api.listUsers().then((r) => (r.ok ? setUsers(r.value) : setError(errorText(r.error)))), [api]);
  useEffect(load, [load]);

  const setActive = async (u: UserInfo, active: boolean) => {
    setMessage(null);
    setError(null);
    const r = await api.updateUser(u.login, { role: u.role, active });
    if (!r.ok) return setError(errorText(r.error));
    setMessage(active ? P.reactivated(u.name) : P.deactivated(u.name));
    load();
  };
  const closeForm = () => {
    setForm(null);
    requestAnimationFrame(() => addButton.current?.focus());
  };

  return (
    <section aria-labelledby="users-title" className="users-panel">
      <h2 id="users-title">{P.title}</h2>
      <p className="muted">{P.intro}</p>
      <ul className="roles">
        {ROLES.map((r) => (
          <li key={r}>
            <strong>{ROLE_NAMES[r]}</strong>: {P.roles[r]}
          </li>
        ))}
      </ul>
      {message && (
        <p role="status" className="ok">
          {message}
        </p>
      )}
      {error && (
        <p role="alert" className="error">
          {error}
        </p>
      )}
      <table className="users" data-testid="users">
        <caption className="sr-only">{P.title}</caption>
        <thead>
          <tr>
            <th scope="col">{P.columns.login}</th>
            <th scope="col">{P.columns.name}</th>
            <th scope="col">{P.columns.role}</th>
            <th scope="col">{P.columns.credential}</th>
            <th scope="col">{P.columns.active}</th>
            <th scope="col">{P.columns.actions}</th>
          </tr>
        </thead>
        <tbody>
          {(users ?? []).map((u) => (
            <tr key={u.login} className={u.active ? undefined : 'inactive'}>
              <td className="mono">{u.login}</td>
              <td>
                {u.name} {u.login === me && <span className="small">{P.you}</span>}
              </td>
              <td>{ROLE_NAMES[u.role]}</td>
              <td>{P.credential[u.credential]}</td>
              <td>{u.active ? P.yes : P.no}</td>
              <td className="row-actions">
                <button
                  type="button"
                  aria-label={P.editLabel(u.name)}
                  onClick={() => {
                    setMessage(null);
                    setForm(u);
                  }}
                >
                  {P.edit}
                </button>
                {u.login !== me &&
                  (u.active ? (
                    <button type="button" aria-label={P.deactivateLabel(u.name)} onClick={() => void setActive(u, false)}>
                      {P.deactivate}
                    </button>
                  ) : (
                    <button type="button" aria-label={P.reactivateLabel(u.name)} onClick={() => void setActive(u, true)}>
                      {P.reactivate}
                    </button>
                  ))}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {form ? (
        <UserForm
          key={form === 'new' ? 'new' : form.login}
          api={api}
          editing={form === 'new' ? null : form}
          onCancel={closeForm}
          onSaved={(u, created) => {
            setMessage(created ? P.created(u.name) : P.saved(u.name));
            setError(null);
            closeForm();
            load();
          }}
        />
      ) : (
        <button
          ref={addButton}
          type="button"
          onClick={() => {
            setMessage(null);
            setForm('new');
          }}
        >
          {P.add}
        </button>
      )}
    </section>
  );
}

type Key = 'login' | 'name' | 'role' | 'password' | 'confirm';

function UserForm({
  api,
  editing,
  onSaved,
  onCancel,
}: {
  api: SelloApi;
  editing: UserInfo | null;
  onSaved: (user: UserInfo, created: boolean) => void;
  onCancel: () => void;
}) {
  const [login, setLogin] = useState('');
  const [name, setName] = useState(editing?.name ?? '');
  const [role, setRole] = useState<Role>(editing?.role ?? 'CASHIER');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  // A field's error shows once it has been left (then follows the typing), or after a try to save.
  const [left, setLeft] = useState<ReadonlySet<Key>>(new Set());
  const [tried, setTried] = useState(false);
  const [serverErrors, setServerErrors] = useState<readonly FieldError[]>([]);
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => formRef.current?.querySelector<HTMLElement>('input, select')?.focus(), []);

  const body = editing ? { name, role, ...(password ? { password } : {}) } : { login, name, role, password };
  const local = validate(editing ? userUpdate : userInput, body);
  const errors: FieldError[] = [...(local.ok ? [] : local.errors), ...serverErrors];
  // A cashier with a PIN who becomes a supervisor or an administrator needs a password now.
  if (editing?.credential === 'pin' && role !== 'CASHIER' && !password)
    errors.push({ path: 'password', code: 'REQUIRED', message: P.needsPassword });
  if (password && !confirm) errors.push({ path: 'confirm', code: 'REQUIRED', message: P.confirmMissing });
  else if (password && confirm !== password && (confirm.length >= password.length || tried || left.has('confirm')))
    errors.push({ path: 'confirm', code: 'NOT_ALLOWED', message: P.mismatch });
  const errorOf = (key: Key) =>
    tried || left.has(key) || serverErrors.some((e) => e.path === key) ? errors.find((e) => e.path === key) : undefined;

  const change = (key: Key, set: (v: string) => void) => (v: string) => {
    set(v);
    setServerErrors((list) => list.filter((e) => e.path !== key));
    setMessage(null);
  };
  const leave = (key: Key) => () => setLeft((s) => new Set([...s, key]));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setTried(true);
    if (errors.length > 0) {
      setMessage(P.fix);
      requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
      return;
    }
    setBusy(true);
    const r = editing ? await api.updateUser(editing.login, body) : await api.createUser(body);
    setBusy(false);
    if (r.ok) return onSaved(r.value, !editing);
    const named = (r.error.errors ?? []).filter((x) => ['login', 'name', 'role', 'password'].includes(x.path));
    setServerErrors(named);
    setMessage(named.length ? `${r.error.detail ?? r.error.title} ${P.fix}` : errorText(r.error));
    requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
  };

  const field = (
    key: Key,
    label: string,
    input: (a11y: { id: string; 'aria-invalid': boolean; 'aria-describedby'?: string }) => ReactNode,
    hint?: string,
  ) => {
    const id = `user-${key}`;
    const error = errorOf(key);
    const described = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
    return (
      <div className="field">
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
    <form
      ref={formRef}
      className="user-form"
      onSubmit={(e) => void submit(e)}
      noValidate
      aria-labelledby="user-form-title"
      aria-busy={busy}
    >
      <h3 id="user-form-title">{editing ? P.editTitle(editing.name) : P.addTitle}</h3>
      <div className="row">
        {!editing &&
          field(
            'login',
            P.login,
            (a) => (
              <input
                {...a}
                value={login}
                onChange={(e) => change('login', setLogin)(e.target.value)}
                onBlur={leave('login')}
                autoComplete="off"
                autoCapitalize="none"
                spellCheck={false}
              />
            ),
            P.loginHint,
          )}
        {field('name', P.name, (a) => (
          <input {...a} value={name} onChange={(e) => change('name', setName)(e.target.value)} onBlur={leave('name')} autoComplete="off" />
        ))}
        {field('role', P.role, (a) => (
          <select {...a} value={role} onChange={(e) => change('role', (v) => setRole(v as Role))(e.target.value)}>
            {ROLES.map((r) => (
              <option key={r} value={r}>
                {ROLE_NAMES[r]}
              </option>
            ))}
          </select>
        ))}
      </div>
      <div className="row">
        {field(
          'password',
          editing ? P.newPassword : P.password,
          (a) => (
            <input
              {...a}
              type="password"
              value={password}
              onChange={(e) => change('password', setPassword)(e.target.value)}
              onBlur={leave('password')}
              autoComplete="new-password"
            />
          ),
          role === 'CASHIER' ? P.ruleCashier : P.ruleOther,
        )}
        {field('confirm', P.confirm, (a) => (
          <input
            {...a}
            type="password"
            value={confirm}
            onChange={(e) => change('confirm', setConfirm)(e.target.value)}
            onBlur={leave('confirm')}
            autoComplete="new-password"
          />
        ))}
      </div>
      {message && (
        <p role="status" className={serverErrors.length > 0 || tried ? 'error' : undefined}>
          {message}
        </p>
      )}
      <div className="row actions">
        <button type="button" onClick={onCancel} disabled={busy}>
          {P.cancel}
        </button>
        <button type="submit" className="primary" disabled={busy}>
          {P.save}
        </button>
      </div>
    </form>
  );
}
