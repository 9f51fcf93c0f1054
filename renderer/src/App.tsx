import { useEffect, useState } from 'react';
import type { SelloApi } from '../../shared/api';
import type { DteKind } from '../../shared/contract';
import type { DteRecord, Health, SyncStatus } from '../../shared/records';
import { DocumentsScreen } from './DocumentsScreen';
import { IssueScreen } from './IssueScreen';
import { SettingsScreen } from './SettingsScreen';
import { SyncScreen } from './SyncScreen';
import { emptyValue } from './forms/spec';
import type { Value } from './forms/values';
import { es } from './strings';

type View = 'issue' | 'documents' | 'sync' | 'settings';

/** An NC or ND against a sealed document: the form starts from its customer and names it as related. */
function adjustment(kind: 'NC' | 'ND', source: DteRecord): { kind: DteKind; value: Value } {
  const v = emptyValue(kind, crypto.randomUUID());
  return { kind, value: { ...v, relatedTaxDocuments: [{ id: source.id }], items: [{ type: 'BIENES', saleType: 'GRAVADA', documentNumber: source.id }] } };
}

export function App({ api }: { api: SelloApi }) {
  const [view, setView] = useState<View>('issue');
  const [health, setHealth] = useState<Health | null>(null);
  const [sync, setSync] = useState<SyncStatus | null>(null);
  const [prefill, setPrefill] = useState<{ kind: DteKind; value: Value } | null>(null);
  useEffect(() => {
    void api.health().then((r) => r.ok && setHealth(r.value));
    void api.syncStatus().then((r) => r.ok && setSync(r.value));
    return api.subscribe((e) => e.type === 'sync' && setSync(e.status));
  }, [api]);

  // An ended event still being sent to MH is contingency for MH, but the counter sees that MH is back.
  const state =
    sync?.state === 'contingency' && sync.contingencies.every((c) => c.status !== 'open') ? 'recovering' : (sync?.state ?? 'online');
  const queued = sync ? sync.queue.pending + sync.queue.sending + sync.queue.unknown : 0;
  return (
    <div className="app">
      {health?.demo && (
        <div className="demo-banner" role="note">
          {es.demo}
        </div>
      )}
      <div className={`sync-banner sync-${state}`} role="status" data-testid="sync-banner">
        {es.banner[state]}
        {queued > 0 && ` · ${es.banner.queued(queued)}`}
      </div>
      <header className="topbar">
        <strong className="brand">{es.appName}</strong>
        <span className="company">{health ? `${health.companyName} · Sucursal ${health.branchCode}` : ''}</span>
        <nav aria-label="Principal">
          {(['issue', 'documents', 'sync', 'settings'] as const).map((v) => (
            <button key={v} type="button" aria-current={view === v ? 'page' : undefined} onClick={() => setView(v)}>
              {es.nav[v]}
            </button>
          ))}
        </nav>
      </header>
      <main>
        {view === 'issue' && <IssueScreen api={api} initial={prefill} />}
        {view === 'documents' && (
          <DocumentsScreen
            api={api}
            onAdjust={(kind, source) => {
              setPrefill(adjustment(kind, source));
              setView('issue');
            }}
          />
        )}
        {view === 'sync' && <SyncScreen api={api} status={sync} />}
        {view === 'settings' && <SettingsScreen api={api} health={health} />}
      </main>
    </div>
  );
}
