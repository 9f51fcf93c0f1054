import { useEffect, useState } from 'react';
import type { SelloApi } from '../../shared/api';
import type { Health } from '../../shared/records';
import { DocumentList } from './DocumentList';
import { FcForm } from './FcForm';
import { es } from './strings';

type View = 'documents' | 'new-fc';

export function App({ api }: { api: SelloApi }) {
  const [view, setView] = useState<View>('documents');
  const [health, setHealth] = useState<Health | null>(null);
  useEffect(() => {
    void api.health().then((r) => r.ok && setHealth(r.value));
  }, [api]);

  return (
    <div className="app">
      {health?.demo && <div className="demo-banner" role="status">{es.demo}</div>}
      <header className="topbar">
        <strong className="brand">{es.appName}</strong>
        <span className="company">{health ? `${health.companyName} · Sucursal ${health.branchCode}` : ''}</span>
        <nav aria-label="Principal">
          <button type="button" aria-current={view === 'documents' ? 'page' : undefined} onClick={() => setView('documents')}>
            {es.nav.documents}
          </button>
          <button type="button" aria-current={view === 'new-fc' ? 'page' : undefined} onClick={() => setView('new-fc')}>
            {es.nav.newFc}
          </button>
        </nav>
      </header>
      <main>{view === 'documents' ? <DocumentList api={api} /> : <FcForm api={api} onIssued={() => setView('documents')} />}</main>
    </div>
  );
}
