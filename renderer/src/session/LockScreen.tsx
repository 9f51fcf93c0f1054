// The lock: over the app, which stays as it was underneath (a half-typed document survives), until the same
// person types their password or PIN again, or someone else logs in instead. A modal dialog: the app behind
// it is inert, and Tab stays within the dialog.
import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import type { SelloApi } from '../../../shared/api';
import type { SessionInfo } from '../../../shared/people';
import { es } from '../strings';
import { useCountdown } from './countdown';
import { loginProblem } from './login-problem';
import { lockKeys } from './plausible-secret';
import { typesText } from '../sale/scan-focus';

export type LockReason = 'manual' | 'expired';

export function LockScreen({
  api,
  user,
  reason,
  onUnlocked,
  onSwitchUser,
}: {
  api: SelloApi;
  user: SessionInfo['user'];
  reason: LockReason;
  onUnlocked: (session: SessionInfo) => void;
  onSwitchUser: () => void;
}) {
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [wait, setWait] = useCountdown(() => setError(es.session.throttleOver));
  const dialog = useRef<HTMLDivElement>(null);
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => input.current?.focus(), []);
  // Keys at a scanner's pace, or too few for a PIN, are never sent: they would count as a wrong PIN (decision 0074).
  const [keys] = useState(lockKeys);
  const enterAt = useRef(0);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy || wait > 0) return;
    if (!password) {
      setError(es.session.needPassword);
      input.current?.focus();
      return;
    }
    const verdict = keys.judge(enterAt.current || e.timeStamp, password);
    enterAt.current = 0;
    if (verdict !== 'send') {
      setPassword('');
      setError(verdict === 'scan' ? es.session.scanWhileLocked : es.session.tooShortToTry);
      input.current?.focus();
      return;
    }
    setBusy(true);
    const r = await api.login(user.login, password);
    setBusy(false);
    if (r.ok) return onUnlocked(r.value);
    const problem = loginProblem(r.error, user.name);
    setError(problem.text);
    setWait(problem.wait);
    setPassword('');
    input.current?.focus();
  };

  // Tab and Shift+Tab go round the dialog's own controls.
  const trap = (e: KeyboardEvent) => {
    if (e.key !== 'Tab' || !dialog.current) return;
    const items = [...dialog.current.querySelectorAll<HTMLElement>('input, button:not([disabled])')];
    const first = items[0];
    const last = items[items.length - 1];
    if (!first || !last) return;
    if (e.shiftKey && document.activeElement === first) {
      e.preventDefault();
      last.focus();
    } else if (!e.shiftKey && document.activeElement === last) {
      e.preventDefault();
      first.focus();
    }
  };

  return (
    <div className="lock-backdrop">
      <div
        ref={dialog}
        className="lock card"
        role="dialog"
        aria-modal="true"
        aria-labelledby="lock-title"
        aria-describedby="lock-text"
        onKeyDown={trap}
        data-testid="lock"
      >
        <h1 id="lock-title">{reason === 'expired' ? es.session.expiredTitle : es.session.lockedTitle}</h1>
        <p id="lock-text">
          {reason === 'expired' ? es.session.expiredText(user.name, user.login) : es.session.lockedText(user.name, user.login)}
        </p>
        <form onSubmit={(e) => void submit(e)} noValidate>
          <div className="field">
            <label htmlFor="lock-password">{es.session.password}</label>
            <input
              id="lock-password"
              ref={input}
              type="password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              onKeyDown={(e) => {
                if (e.key === 'Enter') enterAt.current = e.timeStamp;
                else if (typesText(e.nativeEvent)) keys.key(e.timeStamp, e.currentTarget.value);
              }}
              autoComplete="current-password"
            />
          </div>
          {error && (
            <p role="alert" className="error">
              {error}
            </p>
          )}
          <div className="row actions">
            <button type="submit" className="primary" disabled={busy || wait > 0} aria-busy={busy}>
              {busy ? es.session.unlocking : wait > 0 ? es.session.waitButton(wait) : es.session.unlock}
            </button>
            <button type="button" onClick={onSwitchUser}>
              {es.session.switchUser}
            </button>
          </div>
        </form>
      </div>
    </div>
  );
}
