// The first screen: who is at the counter. A demo station lists its people with their passwords, so a newcomer
// is in with one click.
import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { SelloApi } from '../../../shared/api';
import type { DemoUser, SessionInfo } from '../../../shared/people';
import { ROLE_NAMES } from '../../../shared/roles';
import { es } from '../strings';
import { loginProblem } from './login-problem';
import { useCountdown } from './countdown';

export function LoginScreen({
  api,
  notice,
  initialLogin,
  initialError,
  onLoggedIn,
}: {
  api: SelloApi;
  notice?: string | undefined;
  initialLogin?: string | undefined;
  initialError?: string | undefined;
  onLoggedIn: (session: SessionInfo) => void;
}) {
  const [login, setLogin] = useState(initialLogin ?? '');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(initialError ?? null);
  const [busy, setBusy] = useState(false);
  const [wait, setWait] = useCountdown(() => setError(es.session.throttleOver));
  const [demo, setDemo] = useState<readonly DemoUser[]>([]);
  const loginRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const submitRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    void api.demoUsers().then((r) => r.ok && setDemo(r.value));
  }, [api]);
  useEffect(() => (initialLogin ? passwordRef : loginRef).current?.focus(), [initialLogin]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy || wait > 0) return;
    if (!login.trim()) {
      setError(es.session.needLogin);
      loginRef.current?.focus();
      return;
    }
    if (!password) {
      setError(es.session.needPassword);
      passwordRef.current?.focus();
      return;
    }
    setBusy(true);
    const r = await api.login(login.trim().toLowerCase(), password);
    setBusy(false);
    if (r.ok) return onLoggedIn(r.value);
    const problem = loginProblem(r.error);
    setError(problem.text);
    setWait(problem.wait);
    setPassword('');
    passwordRef.current?.focus();
  };

  const fillFrom = (u: DemoUser) => {
    setLogin(u.login);
    setPassword(u.password);
    setError(null);
    submitRef.current?.focus();
  };

  return (
    <div className="login-page">
      <header className="topbar">
        <strong className="brand">{es.appName}</strong>
      </header>
      <main className="login">
        <form className="card" onSubmit={(e) => void submit(e)} noValidate aria-labelledby="login-title">
          <h1 id="login-title">{es.session.title}</h1>
          {notice && (
            <p className="notice" role="status" data-testid="login-notice">
              {notice}
            </p>
          )}
          <p className="muted">{es.session.intro}</p>
          <div className="field">
            <label htmlFor="login-user">{es.session.login}</label>
            <input
              id="login-user"
              ref={loginRef}
              value={login}
              onChange={(e) => setLogin(e.target.value)}
              autoComplete="username"
              autoCapitalize="none"
              spellCheck={false}
            />
          </div>
          <div className="field">
            <label htmlFor="login-password">{es.session.password}</label>
            <input
              id="login-password"
              ref={passwordRef}
              type="password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              autoComplete="current-password"
            />
          </div>
          {error && (
            <p role="alert" className="error" data-testid="login-error">
              {error}
            </p>
          )}
          <button ref={submitRef} type="submit" className="primary" disabled={busy || wait > 0} aria-busy={busy}>
            {busy ? es.session.submitting : wait > 0 ? es.session.waitButton(wait) : es.session.submit}
          </button>
        </form>
        {demo.length > 0 && (
          <section className="card demo-users" aria-labelledby="demo-users-title">
            <h2 id="demo-users-title">{es.session.demoTitle}</h2>
            <p className="muted">{es.session.demoIntro}</p>
            <table>
              <thead>
                <tr>
                  <th scope="col">{es.session.demoColumns.login}</th>
                  <th scope="col">{es.session.demoColumns.name}</th>
                  <th scope="col">{es.session.demoColumns.role}</th>
                  <th scope="col">{es.session.demoColumns.password}</th>
                  <th scope="col">
                    <span className="sr-only">{es.session.demoColumns.use}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {demo.map((u) => (
                  <tr key={u.login}>
                    <td className="mono">{u.login}</td>
                    <td>{u.name}</td>
                    <td>{ROLE_NAMES[u.role]}</td>
                    <td className="mono">{u.password}</td>
                    <td>
                      <button type="button" aria-label={es.session.demoUseLabel(u.name)} onClick={() => fillFrom(u)}>
                        {es.session.demoUse}
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
        )}
      </main>
    </div>
  );
}
