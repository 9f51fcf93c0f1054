import { useCallback, useEffect, useState } from 'react';
import type { SelloApi } from '../../shared/api';
import type { DteRecord } from '../../shared/records';
import { es } from './strings';

export function DocumentList({ api }: { api: SelloApi }) {
  const [items, setItems] = useState<DteRecord[] | null>(null);
  const [error, setError] = useState<string | null>(null);

  const load = useCallback(() => {
    setError(null);
    void api.listDtes({ limit: 100 }).then((r) => {
      if (r.ok) setItems(r.value.items);
      else setError(r.error.detail ?? r.error.title);
    });
  }, [api]);
  useEffect(load, [load]);
  // Statuses change as MH answers: the list follows the station's pushes.
  useEffect(() => api.subscribe((e) => e.type === 'dte' && load()), [api, load]);

  return (
    <section aria-labelledby="list-title">
      <div className="section-head">
        <h1 id="list-title">{es.list.title}</h1>
        <button type="button" onClick={load}>{es.list.refresh}</button>
      </div>
      {error && <p role="alert" className="error">{error}</p>}
      {items === null && !error && <p aria-busy="true">{es.list.loading}</p>}
      {items?.length === 0 && <p>{es.list.empty}</p>}
      {items && items.length > 0 && (
        <table className="documents">
          <thead>
            <tr>
              <th scope="col">{es.list.columns.control}</th>
              <th scope="col">{es.list.columns.type}</th>
              <th scope="col">{es.list.columns.recipient}</th>
              <th scope="col">{es.list.columns.date}</th>
              <th scope="col">{es.list.columns.status}</th>
            </tr>
          </thead>
          <tbody>
            {items.map((d) => (
              <tr key={d.id}>
                <td className="mono">{d.controlNumber}</td>
                <td>{es.kinds[d.type]}</td>
                <td>{d.recipientName ?? es.list.noRecipient}</td>
                <td>{d.generatedAt.slice(0, 10)} {d.generatedAt.slice(11, 16)}</td>
                <td><span className={`status status-${d.status.toLowerCase()}`}>{es.status[d.status]}</span></td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
