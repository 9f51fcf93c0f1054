// Who is at the counter: the login screen until someone logs in, then the app as their role allows, with the
// lock over it (Ctrl+L, or the session ended on the station) until the same person types their password again.
import { Suspense, useEffect, useMemo, useRef, useState } from 'react';
import type { SelloApi } from '../../../shared/api';
import type { SessionInfo } from '../../../shared/people';
import { isOffline } from '../api';
import { es } from '../strings';
import { guardApi } from './guard';
import { LockScreen, type LockReason } from './LockScreen';
import { LoginScreen } from './LoginScreen';
import { ScreenBoundary } from '../ScreenBoundary';
import { fetchedScreen } from '../fetched-screen';

// The login screen comes first and alone; the app behind it (the quick sale first) is fetched while it shows.
const app = fetchedScreen(() => import('../App').then((m) => m.App));
const App = app.Screen;

type State =
  | { readonly phase: 'checking' }
  | { readonly phase: 'out'; readonly notice?: string; readonly login?: string; readonly error?: string }
  | { readonly phase: 'in'; readonly user: SessionInfo['user']; readonly locked: LockReason | null };

const isLockKey = (e: KeyboardEvent) => (e.ctrlKey || e.metaKey) && !e.altKey && !e.shiftKey && e.key.toLowerCase() === 'l';

export function Session({ api }: { api: SelloApi }) {
  const [state, setState] = useState<State>({ phase: 'checking' });
  // Read by the guard when a call is refused: the screens' first calls come before any effect of this one runs.
  const current = useRef(state);
  current.current = state;
  // Where the person was typing when the lock came: they go on from there once unlocked.
  const lastFocus = useRef<Element | null>(null);
  const remember = () => {
    if (current.current.phase === 'in' && !current.current.locked) lastFocus.current = document.activeElement;
  };
  const guard = useMemo(
    () =>
      guardApi(api, () => {
        if (current.current.phase !== 'in') return false;
        remember();
        setState((s) => (s.phase === 'in' && !s.locked ? { ...s, locked: 'expired' } : s));
        return true;
      }),
    [api],
  );

  // Fetched once the first screen is up, so the quick sale opens at once after the login.
  useEffect(() => app.prefetch(), []);

  useEffect(() => {
    void api
      .session()
      .then((r) =>
        setState(
          r.ok
            ? { phase: 'in', user: r.value.user, locked: null }
            : { phase: 'out', ...(isOffline(r.error) ? { error: es.session.unreachable } : {}) },
        ),
      );
  }, [api]);

  const signedOut = (notice?: string, login?: string) => {
    guard.release(false);
    setState({ phase: 'out', ...(notice ? { notice } : {}), ...(login ? { login } : {}) });
  };
  const logout = () => {
    void api.logout();
    signedOut(es.session.loggedOut);
  };
  // The station's session ends too: another tab or window cannot carry on behind the lock.
  const lock = () => {
    remember();
    setState((s) => (s.phase === 'in' && !s.locked ? { ...s, locked: 'manual' } : s));
    void api.logout();
  };
  /** After the wizard set up a station: still a session (whose?), or a login as the administrator it created. */
  const recheck = async (admin: string): Promise<boolean> => {
    const r = await api.session();
    if (r.ok) setState((s) => (s.phase === 'in' ? { ...s, user: r.value.user } : s));
    else signedOut(es.session.setUpDone(admin), admin);
    return r.ok;
  };

  const lockable = state.phase === 'in' && !state.locked;
  // Unlocked (the app no longer inert): back to the field the person left.
  useEffect(() => {
    const back = lastFocus.current;
    if (!lockable || !back) return;
    lastFocus.current = null;
    if (back instanceof HTMLElement && back.isConnected) back.focus();
  }, [lockable]);
  useEffect(() => {
    if (!lockable) return undefined;
    const onKey = (e: KeyboardEvent) => {
      if (!isLockKey(e)) return;
      e.preventDefault();
      lock();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [lockable]);

  if (state.phase === 'checking')
    return (
      <p className="checking" aria-busy="true">
        {es.session.checking}
      </p>
    );
  if (state.phase === 'out')
    return (
      <LoginScreen
        api={api}
        notice={state.notice}
        initialLogin={state.login}
        initialError={state.error}
        onLoggedIn={(s) => setState({ phase: 'in', user: s.user, locked: null })}
      />
    );
  return (
    <>
      <div className="app-shell" inert={state.locked !== null}>
        <ScreenBoundary words={es.screenFailed}>
          <Suspense
            fallback={
              <p className="checking" aria-busy="true">
                {es.session.checking}
              </p>
            }
          >
            <App api={guard.api} user={state.user} onLock={lock} onLogout={logout} onStationSetUp={recheck} />
          </Suspense>
        </ScreenBoundary>
      </div>
      {state.locked && (
        <LockScreen
          api={api}
          user={state.user}
          reason={state.locked}
          onUnlocked={(s) => {
            setState({ phase: 'in', user: s.user, locked: null });
            guard.release(true);
          }}
          onSwitchUser={logout}
        />
      )}
    </>
  );
}
