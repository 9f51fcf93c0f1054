// Documentos: every branch's documents, newest first, from GET /hub/v1/documents. The filters are applied with
// "Buscar" (Enter in any field); "Cargar más" follows the list's keyset cursor, so a page never shifts while
// stations keep sending documents.
import { DateField } from '../src/pickers/DateField';
import { useEffect, useState, type FormEvent } from 'react';
import { DTE_STATUSES } from '../../shared/records';
import { localDate } from './format';
import { usd } from '../src/money';
import { errorText, hubApi, type DocumentFilters, type HubStation } from './api';
import { noFilters, type ListState } from './list-state';
import { hubWords } from './words';

const w = hubWords.documents;

export function DocumentsPage({
  state,
  setState,
  onOpen,
  onExpired,
}: {
  state: ListState;
  setState: (s: ListState | ((s: ListState) => ListState)) => void;
  onOpen: (id: string) => void;
  onExpired: () => void;
}) {
  const [stations, setStations] = useState<readonly HubStation[]>([]);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const load = async (filters: DocumentFilters, cursor: string | null) => {
    setBusy(true);
    setError(null);
    const r = await hubApi.documents(filters, cursor);
    setBusy(false);
    if (!r.ok) {
      if (r.error.code === 'UNAUTHORIZED') return onExpired();
      return setError(errorText(r.error));
    }
    setState((s) => ({
      ...s,
      applied: filters,
      documents: cursor ? [...s.documents, ...r.value.documents] : r.value.documents,
      nextCursor: r.value.nextCursor,
      loaded: true,
    }));
  };

  useEffect(() => {
    void hubApi.stations().then((r) => {
      if (r.ok) setStations(r.value.stations);
    });
    if (!state.loaded) void load(state.applied, null);
    // Once when the page opens: the list state outlives the page (the detail and back).
  }, []);

  const branches = [...new Set(stations.map((s) => s.branchCode))].sort();
  const posNumbers = [
    ...new Set(stations.filter((s) => !state.draft.branch || s.branchCode === state.draft.branch).map((s) => s.posNumber)),
  ].sort();
  const set = (key: keyof DocumentFilters) => (e: { target: { value: string } }) =>
    setState((s) => ({ ...s, draft: { ...s.draft, [key]: e.target.value } }));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void load(state.draft, null);
  };
  const clear = () => {
    setState((s) => ({ ...s, draft: noFilters }));
    void load(noFilters, null);
  };

  return (
    <section aria-labelledby="hub-documents-title">
      <h1 id="hub-documents-title" tabIndex={-1}>
        {w.title}
      </h1>
      <form className="hub-filters" onSubmit={submit} aria-label={w.filters}>
        <div className="field">
          <label htmlFor="f-branch">{w.branch}</label>
          <select id="f-branch" value={state.draft.branch} onChange={set('branch')}>
            <option value="">{w.allBranches}</option>
            {branches.map((b) => (
              <option key={b} value={b}>
                {b}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="f-pos">{w.pos}</label>
          <select id="f-pos" value={state.draft.pos} onChange={set('pos')}>
            <option value="">{w.allPos}</option>
            {posNumbers.map((p) => (
              <option key={p} value={p}>
                {p}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="f-kind">{w.kind}</label>
          <select id="f-kind" value={state.draft.kind} onChange={set('kind')}>
            <option value="">{w.allKinds}</option>
            {Object.keys(hubWords.kinds).map((k) => (
              <option key={k} value={k}>
                {k} · {hubWords.kinds[k] ?? k}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="f-status">{w.status}</label>
          <select id="f-status" value={state.draft.status} onChange={set('status')}>
            <option value="">{w.allStatuses}</option>
            {DTE_STATUSES.map((s) => (
              <option key={s} value={s}>
                {hubWords.status[s] ?? s}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="f-from">{w.from}</label>
          <DateField id="f-from" kind="date" value={state.draft.from} onChange={(value) => set('from')({ target: { value } })} />
        </div>
        <div className="field">
          <label htmlFor="f-to">{w.to}</label>
          <DateField id="f-to" kind="date" value={state.draft.to} onChange={(value) => set('to')({ target: { value } })} />
        </div>
        <div className="field grow">
          <label htmlFor="f-q">{w.q}</label>
          <input id="f-q" type="search" value={state.draft.q} onChange={set('q')} maxLength={100} />
        </div>
        <div className="hub-filter-actions">
          <button className="primary" type="submit" disabled={busy}>
            {w.apply}
          </button>
          <button type="button" onClick={clear} disabled={busy}>
            {w.clear}
          </button>
        </div>
      </form>
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
      <p className="muted" aria-live="polite">
        {!state.loaded && busy ? w.loading : w.count(state.documents.length, state.nextCursor !== null)}
      </p>
      {state.loaded && state.documents.length === 0 ? (
        <p className="empty">{w.empty}</p>
      ) : (
        <table className="documents hub-documents">
          <thead>
            <tr>
              <th scope="col">{w.columns.date}</th>
              <th scope="col">{w.columns.branch}</th>
              <th scope="col">{w.columns.pos}</th>
              <th scope="col">{w.columns.kind}</th>
              <th scope="col">{w.columns.control}</th>
              <th scope="col">{w.columns.recipient}</th>
              <th scope="col" className="num">
                {w.columns.total}
              </th>
              <th scope="col">{w.columns.status}</th>
            </tr>
          </thead>
          <tbody>
            {state.documents.map((d) => (
              <tr key={d.id} data-testid="hub-document-row">
                <td>{localDate(d.issueDate)}</td>
                <td>{d.branchCode}</td>
                <td>{d.posNumber}</td>
                <td title={hubWords.kinds[d.kind]}>{d.kind}</td>
                <td className="mono">
                  <a
                    href={`#/documentos/${encodeURIComponent(d.id)}`}
                    aria-label={w.open(d.controlNumber)}
                    onClick={(e) => (e.preventDefault(), onOpen(d.id))}
                  >
                    {d.controlNumber}
                  </a>
                </td>
                <td>{d.recipientName ?? w.noRecipient}</td>
                <td className="num">{usd(d.total)}</td>
                <td>
                  <span className={`status status-${d.status.toLowerCase()}`}>{hubWords.status[d.status] ?? d.status}</span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {state.nextCursor && (
        <p>
          <button type="button" onClick={() => void load(state.applied, state.nextCursor)} disabled={busy}>
            {busy ? w.loading : w.more}
          </button>
        </p>
      )}
    </section>
  );
}
