// The head office's screens: the login, then Documentos (every branch), Sucursales (their health), Libros (the
// company's month) and Personas (an ADMIN's). Every call is same-origin to /hub/v1 with the HttpOnly session cookie; a 401 on
// any call brings the login back.
import { Suspense, useCallback, useEffect, useRef, useState, type FormEvent, type ReactNode, type RefObject } from 'react';
import { errorText, hubApi, type HubPerson } from './api';
import { emptyListState, type ListState } from './list-state';
import type { HubRoute } from './route';
import { useRoute } from './use-route';
import { hubWords as w } from './words';
import { ScreenBoundary } from '../src/ScreenBoundary';
import { fetchedScreen, prefetchWhenIdle } from '../src/fetched-screen';
import { es } from '../src/strings';

// Each page is fetched when it first opens: the login loads only itself (docs/decisions/0042-speed-where-people-feel-it.md).
const booksPage = fetchedScreen(() => import('./BooksPage').then((m) => m.BooksPage));
const detailPage = fetchedScreen(() => import('./DocumentDetail').then((m) => m.DocumentDetail));
const documentsPage = fetchedScreen(() => import('./DocumentsPage').then((m) => m.DocumentsPage));
const healthPage = fetchedScreen(() => import('./HealthPage').then((m) => m.HealthPage));
const peoplePage = fetchedScreen(() => import('./PeoplePage').then((m) => m.PeoplePage));
const BooksPage = booksPage.Screen;
const DocumentDetail = detailPage.Screen;
const DocumentsPage = documentsPage.Screen;
const HealthPage = healthPage.Screen;
const PeoplePage = peoplePage.Screen;

export function HubApp() {
  const [person, setPerson] = useState<HubPerson | null | undefined>(undefined);
  const [notice, setNotice] = useState<string | null>(null);
  useEffect(() => {
    void hubApi.session().then((r) => setPerson(r.ok ? r.value.person : null));
    // The page after the login, fetched while the login shows.
    documentsPage.prefetch();
  }, []);
  const expired = useCallback(() => {
    setNotice(w.session.expired);
    setPerson(null);
  }, []);
  if (person === undefined) return <p className="checking">{w.session.checking}</p>;
  if (!person)
    return (
      <Login
        notice={notice}
        onLogin={(p) => {
          setNotice(null);
          setPerson(p);
        }}
      />
    );
  return <Shell person={person} onLogout={() => setPerson(null)} onExpired={expired} />;
}

function Login({ notice, onLogin }: { notice: string | null; onLogin: (p: HubPerson) => void }) {
  const [login, setLogin] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!login.trim() || !password) return setError(w.session.needBoth);
    setBusy(true);
    const r = await hubApi.login(login.trim(), password);
    setBusy(false);
    if (r.ok) return onLogin(r.value.person);
    setPassword('');
    setError(r.error.code === 'UNAUTHORIZED' ? w.session.wrong : errorText(r.error));
  };
  return (
    <>
      <header className="topbar">
        <strong className="brand">{w.appName}</strong>
      </header>
      <main className="login">
        <form className="card" onSubmit={(e) => void submit(e)} aria-labelledby="hub-login-title">
          <h1 id="hub-login-title">{w.session.title}</h1>
          <p>{w.session.intro}</p>
          {notice && <p className="warning">{notice}</p>}
          <div className="field">
            <label htmlFor="hub-login">{w.session.login}</label>
            <input id="hub-login" autoComplete="username" autoFocus value={login} onChange={(e) => setLogin(e.target.value)} />
          </div>
          <div className="field">
            <label htmlFor="hub-password">{w.session.password}</label>
            <input
              id="hub-password"
              type="password"
              autoComplete="current-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
          </div>
          {error && (
            <p className="error" role="alert">
              {error}
            </p>
          )}
          <button className="primary" type="submit" disabled={busy}>
            {busy ? w.session.submitting : w.session.submit}
          </button>
        </form>
      </main>
    </>
  );
}

function Shell({ person, onLogout, onExpired }: { person: HubPerson; onLogout: () => void; onExpired: () => void }) {
  const [route, go] = useRoute();
  // The list keeps its filters and pages while a document is open, so "Volver" lands where one was.
  const [list, setList] = useState<ListState>(emptyListState);
  const heading = useRef<HTMLDivElement>(null);
  const isAdmin = person.role === 'ADMIN';
  // Once the shell is drawn, the other pages are fetched while the thread is idle; Libros waits to be opened.
  useEffect(() => prefetchWhenIdle([detailPage, healthPage, peoplePage]), []);
  const page: HubRoute['page'] = route.page === 'people' && !isAdmin ? 'documents' : route.page;
  const logout = async () => {
    await hubApi.logout();
    onLogout();
  };
  const tab = (target: 'documents' | 'health' | 'books' | 'people', label: string) => (
    <button
      type="button"
      aria-current={page === target || (target === 'documents' && page === 'document') ? 'page' : undefined}
      onClick={() => go({ page: target })}
    >
      {label}
    </button>
  );
  return (
    <>
      <header className="topbar">
        <strong className="brand">{w.appName}</strong>
        <nav aria-label={w.nav.label}>
          {tab('documents', w.nav.documents)}
          {tab('health', w.nav.health)}
          {tab('books', w.nav.books)}
          {isAdmin && tab('people', w.nav.people)}
        </nav>
        <span className="company" />
        <div className="who">
          <span data-testid="session-user">
            {person.name} · {w.roles[person.role]}
          </span>
          <button type="button" onClick={() => void logout()}>
            {w.session.logout}
          </button>
        </div>
      </header>
      <main className="hub-main" ref={heading}>
        <ScreenBoundary key={page} words={es.screenFailed}>
          <Suspense fallback={<p className="checking">{w.session.checking}</p>}>
            <Landing key={page} within={heading}>
              {page === 'documents' && (
                <DocumentsPage state={list} setState={setList} onOpen={(id) => go({ page: 'document', id })} onExpired={onExpired} />
              )}
              {route.page === 'document' && <DocumentDetail id={route.id} onBack={() => go({ page: 'documents' })} onExpired={onExpired} />}
              {page === 'health' && <HealthPage onExpired={onExpired} />}
              {page === 'books' && <BooksPage onExpired={onExpired} />}
              {page === 'people' && <PeoplePage me={person} onExpired={onExpired} />}
            </Landing>
          </Suspense>
        </ScreenBoundary>
      </main>
    </>
  );
}

/**
 * Puts the focus on the page's heading once the page is drawn: its code may be fetched first, and the suspended
 * page commits, with this, only when it is there.
 */
function Landing({ within, children }: { within: RefObject<HTMLElement | null>; children: ReactNode }) {
  useEffect(() => within.current?.querySelector<HTMLElement>('h1')?.focus(), [within]);
  return <>{children}</>;
}
