// The Eventos de Operaciones Especiales on the sync screen, each with MH's answer in words (decision 0083). Shown
// only when the station has made one: a station that issues no simplified invoices or internal vouchers sees nothing.
import { useEffect, useState } from 'react';
import type { SelloApi } from '../../shared/api';
import type { EoeRecord } from '../../shared/operaciones-especiales';
import type { SyncStatus } from '../../shared/records';
import { specialOperationsWords as W } from './words/special-operations';

export function SpecialOperationsList({ api, status }: { api: SelloApi; status: SyncStatus | null }) {
  const [events, setEvents] = useState<EoeRecord[]>([]);
  // Read when the screen opens and with each push (an event sealed moves the queue).
  useEffect(() => {
    void api.specialOperations().then((r) => r.ok && setEvents(r.value.slice(0, 24)));
  }, [api, status]);
  if (events.length === 0) return null;
  return (
    <section aria-labelledby="eoe-title" data-testid="special-operations">
      <h2 id="eoe-title">{W.title}</h2>
      <ul>
        {events.map((e) => (
          <li key={e.id} data-status={e.status}>
            <strong>{W.status[e.status]}</strong> · {W.line(e)}
            {e.seal && ` · ${W.seal} ${e.seal}`}
            {e.reason && <p className={e.status === 'REJECTED' ? 'warning' : undefined}>{e.reason}</p>}
          </li>
        ))}
      </ul>
    </section>
  );
}
