import { Suspense, useEffect, useRef, useState } from 'react';
import type { SelloApi } from '../../shared/api';
import type { DteKind } from '../../shared/contract';
import type { SessionInfo } from '../../shared/people';
import { ROLE_NAMES } from '../../shared/roles';
import type { DteRecord, Health, StationSaved, SyncStatus } from '../../shared/records';
import { NormativeContext, useNormativeNow } from './normative-now';
import { QuickSaleScreen } from './sale/QuickSaleScreen';
import { kindsFor, may, type Action } from './session/roles';
import type { Correcting } from './documents/from-document';
import type { Value } from './forms/values';
import { es } from './strings';
import { ScreenBoundary } from './ScreenBoundary';
import { fetchedScreen, prefetchWhenIdle } from './fetched-screen';
import { syncPhase } from './sync-phase';

type View = 'sale' | 'issue' | 'documents' | 'products' | 'close' | 'books' | 'sync' | 'settings';
const VIEWS: readonly View[] = ['sale', 'issue', 'documents', 'products', 'close', 'books', 'sync', 'settings'];
/** Views only some roles see; the rest are everyone's. */
const NEEDS: Partial<Record<View, Action>> = { books: 'books', settings: 'settings' };

// The counter's quick sale comes with the app; every other screen is fetched apart, so a cashier's first screen
// loads only what it draws, and once it is drawn the others are fetched while the thread is idle (so a tab opens
// at once). Libros waits to be opened: its charts are the biggest file, for few people
// (docs/decisions/0042-speed-where-people-feel-it.md).
const booksFetch = fetchedScreen(() => import('./books/BooksScreen').then((m) => m.BooksScreen));
const closeFetch = fetchedScreen(() => import('./close/CloseScreen').then((m) => m.CloseScreen));
const productsFetch = fetchedScreen(() => import('./catalog/ProductsScreen').then((m) => m.ProductsScreen));
const documentsFetch = fetchedScreen(() => import('./DocumentsScreen').then((m) => m.DocumentsScreen));
const issueFetch = fetchedScreen(() => import('./IssueScreen').then((m) => m.IssueScreen));
const settingsFetch = fetchedScreen(() => import('./SettingsScreen').then((m) => m.SettingsScreen));
const syncFetch = fetchedScreen(() => import('./SyncScreen').then((m) => m.SyncScreen));
const firstRunFetch = fetchedScreen(() => import('./station/FirstRun').then((m) => m.FirstRun));
const noteLinesFetch = fetchedScreen(() => import('./documents/NoteLinesStep').then((m) => m.NoteLinesStep));
const BooksScreen = booksFetch.Screen;
const CloseScreen = closeFetch.Screen;
const ProductsScreen = productsFetch.Screen;
const DocumentsScreen = documentsFetch.Screen;
const IssueScreen = issueFetch.Screen;
const SettingsScreen = settingsFetch.Screen;
const SyncScreen = syncFetch.Screen;
const FirstRun = firstRunFetch.Screen;
const NoteLinesStep = noteLinesFetch.Screen;
const PREFETCHED = [closeFetch, productsFetch, documentsFetch, issueFetch, settingsFetch, syncFetch, noteLinesFetch];

export function App({
  api,
  user,
  onLock,
  onLogout,
  onStationSetUp,
}: {
  api: SelloApi;
  user: SessionInfo['user'];
  onLock: () => void;
  onLogout: () => void;
  /** A station was set up by `admin`'s wizard: whether the session goes on (else the login screen is shown). */
  onStationSetUp: (admin: string) => Promise<boolean>;
}) {
  const role = user.role;
  const views = VIEWS.filter((v) => {
    const needs = NEEDS[v];
    return needs === undefined || may(role, needs);
  });
  // The cashier's first screen is the quick sale.
  const [chosen, setView] = useState<View>('sale');
  // A role changed while the screen was open (an unlock after an administrator's change) loses what it may not see.
  const view = views.includes(chosen) ? chosen : 'sale';
  const [health, setHealth] = useState<Health | null>(null);
  const [sync, setSync] = useState<SyncStatus | null>(null);
  const [prefill, setPrefill] = useState<{ kind: DteKind; value: Value; correcting?: Correcting } | null>(null);
  // A note being made from a document: its lines are chosen before its form opens.
  const [noteFrom, setNoteFrom] = useState<{ kind: 'NC' | 'ND'; source: DteRecord } | null>(null);
  // Set at once on "look around"; the station keeps the answer for every window after (health.welcomeSeen).
  const [lookingAround, setLookingAround] = useState(false);
  // Bumped when the app starts serving another station, so every screen reads it afresh.
  const [generation, setGeneration] = useState(0);
  useEffect(() => {
    const load = () => {
      void api.health().then((r) => r.ok && setHealth(r.value));
      void api.syncStatus().then((r) => r.ok && setSync(r.value));
    };
    load();
    return api.subscribe((e) => {
      if (e.type === 'sync') setSync(e.status);
      if (e.type === 'station') {
        load();
        setGeneration((g) => g + 1);
      }
    });
  }, [api]);
  useEffect(() => prefetchWhenIdle(PREFETCHED), []);
  // F2 from every screen goes to the sale's scan box, as the manual says (the quick sale takes its own F2 there);
  // never from the lock or a dialog, whose keys are theirs (docs/decisions/0074-price-overrides-and-scans.md).
  const toSale = useRef<() => void>(() => undefined);
  toSale.current = () => {
    if (view !== 'sale') go('sale');
  };
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'F2' || e.repeat || document.querySelector('[aria-modal="true"]')) return;
      if (document.activeElement?.closest('[role="dialog"], [role="alertdialog"]')) return;
      e.preventDefault();
      toSale.current();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
  const [notice, setNotice] = useState<string | null>(null);
  const stationChanged = async (saved: StationSaved, admin?: string) => {
    if (admin !== undefined && !(await onStationSetUp(admin))) return;
    void api.health().then((r) => r.ok && setHealth(r.value));
    setGeneration((g) => g + 1);
    setNotice(saved.mhCheck === 'unreachable' ? es.wizard.doneUnverified : es.wizard.done);
    setView('sale');
  };

  // The normative in force picks the catalog codes the counter and Emitir offer (normative-now.ts).
  const normative = useNormativeNow(sync?.normative);
  // An ended event still being sent to MH is contingency for MH, but the counter sees that MH is back.
  const state = syncPhase(sync);
  const queued = sync ? sync.queue.pending + sync.queue.sending + sync.queue.unknown : 0;
  const alerts = sync?.alerts ?? [];
  const alert = alerts[0];
  return (
    <div className="app">
      {/* One banner landmark: the demo's and MH's notices sit in it, above the bar. */}
      <header>
        {health?.demo && (
          <div className="demo-banner" role="note">
            {es.demo}
          </div>
        )}
        {health && !health.demo && health.environment === 'TEST' && (
          <div className="demo-banner" role="note" data-testid="test-environment-banner">
            {es.testEnvironment}
          </div>
        )}
        <div className={`sync-banner sync-${state}`} role="status" data-testid="sync-banner">
          {es.banner[state]}
          {queued > 0 && ` · ${es.banner.queued(queued)}`}
        </div>
        {/* The most severe alert says why documents stop being sealed; the sync screen lists them all. */}
        {alert && (
          <div className={`alert-banner alert-${alert.level}`} role="alert" data-testid="alert-banner">
            <strong>{alert.message}</strong> {alert.action}
            {alerts.length > 1 && ` · ${es.banner.moreAlerts(alerts.length - 1)}`}
          </div>
        )}
        <div className="topbar">
          <strong className="brand">{es.appName}</strong>
          <span className="company" title={health ? es.companyBranch(health.companyName, health.branchCode) : undefined}>
            {health ? es.companyBranch(health.companyName, health.branchCode) : ''}
          </span>
          <nav aria-label={es.nav.label}>
            {views.map((v) => (
              <button key={v} type="button" aria-current={view === v ? 'page' : undefined} onClick={() => go(v)}>
                {es.nav[v]}
              </button>
            ))}
          </nav>
          <div className="who" role="group" aria-label={es.session.user}>
            <span data-testid="session-user">
              <strong>{user.name}</strong> · {ROLE_NAMES[role]}
            </span>
            <button type="button" onClick={onLock}>
              {es.session.lock}
            </button>
            <button type="button" onClick={onLogout}>
              {es.session.logout}
            </button>
          </div>
        </div>
      </header>
      {notice && (
        <p className="notice" role="status">
          {notice}
          <button type="button" className="link" onClick={() => setNotice(null)}>
            {es.detail.close}
          </button>
        </p>
      )}
      <main key={generation}>
        <NormativeContext.Provider value={normative}>
          <ScreenBoundary key={view} words={es.screenFailed}>
            <Suspense
              fallback={
                <p className="busy" role="status" aria-busy="true">
                  {es.loadingScreen}
                </p>
              }
            >
              {health?.firstRun && !health.welcomeSeen && !lookingAround && may(role, 'settings') ? (
                <FirstRun
                  api={api}
                  onDone={(saved, admin) => void stationChanged(saved, admin)}
                  onDemo={() => {
                    void api.seeWelcome();
                    setLookingAround(true);
                  }}
                />
              ) : (
                screens()
              )}
            </Suspense>
          </ScreenBoundary>
        </NormativeContext.Provider>
      </main>
    </div>
  );

  /** Another screen from the nav: a note or a correction under way is left behind, not offered again. */
  function go(v: View) {
    setPrefill(null);
    setNoteFrom(null);
    setView(v);
  }

  // A function, not a component: a component declared here would be a new type each render and remount.
  function screens() {
    return (
      <>
        {view === 'sale' && <QuickSaleScreen api={api} />}
        {view === 'products' && <ProductsScreen api={api} user={user} />}
        {view === 'close' && <CloseScreen api={api} user={user} />}
        {view === 'books' && (
          <Suspense
            fallback={
              <p className="busy" role="status" aria-busy="true">
                {es.loadingScreen}
              </p>
            }
          >
            <BooksScreen source={api} settings={may(user.role, 'settings') ? api : undefined} />
          </Suspense>
        )}
        {view === 'issue' &&
          (noteFrom ? (
            <NoteLinesStep
              api={api}
              kind={noteFrom.kind}
              source={noteFrom.source}
              onContinue={(value) => {
                setPrefill({ kind: noteFrom.kind, value });
                setNoteFrom(null);
              }}
              onBack={() => go('documents')}
            />
          ) : (
            <IssueScreen api={api} initial={prefill} kinds={kindsFor(role)} />
          ))}
        {view === 'documents' && (
          <DocumentsScreen
            api={api}
            role={role}
            onAdjust={(kind, source) => {
              setNoteFrom({ kind, source });
              setView('issue');
            }}
            onCorrect={(correction) => {
              setPrefill(correction);
              setView('issue');
            }}
          />
        )}
        {view === 'sync' && <SyncScreen api={api} status={sync} canRetry={may(role, 'retrySync')} />}
        {view === 'settings' && (
          <SettingsScreen
            api={api}
            health={health}
            me={user.login}
            onStationChanged={(saved, admin) => void stationChanged(saved, admin)}
          />
        )}
      </>
    );
  }
}
