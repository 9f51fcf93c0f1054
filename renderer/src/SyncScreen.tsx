// Sending to MH: the queue, open contingencies with MH's deadlines counting down, rejected documents, retry.
import { localTime } from './local-time';
import { useEffect, useState } from 'react';
import type { SelloApi } from '../../shared/api';
import type { DteRecord, SyncStatus } from '../../shared/records';
import { textOf } from '../../shared/text';
import { es, timeLeft } from './strings';

/** `canRetry`: the role may press "Reintentar ahora" (supervisors and administrators). */
export function SyncScreen({ api, status, canRetry }: { api: SelloApi; status: SyncStatus | null; canRetry: boolean }) {
  const [rejected, setRejected] = useState<DteRecord[]>([]);
  const [, tick] = useState(0);
  useEffect(() => {
    void api.listDtes({ status: 'REJECTED', limit: 50 }).then((r) => r.ok && setRejected(r.value.items));
    const t = setInterval(() => tick((n) => n + 1), 30_000);
    return () => clearInterval(t);
  }, [api, status]);
  if (!status) return <p aria-busy="true">{es.list.loading}</p>;
  const q = status.queue;
  return (
    <section aria-labelledby="sync-title">
      <div className="section-head">
        <h1 id="sync-title">{es.sync.title}</h1>
        {canRetry && (
          <button type="button" className="primary" onClick={() => void api.retrySync()}>
            {es.sync.retry}
          </button>
        )}
      </div>
      <dl className="facts">
        <dt>{es.sync.state}</dt>
        <dd data-testid="sync-state">{es.banner[status.state === 'contingency' ? 'contingency' : status.state]}</dd>
        <dt>{es.sync.lastContact}</dt>
        <dd>{status.lastContactAt ? localTime(status.lastContactAt) : '—'}</dd>
        {status.lastError && (
          <>
            <dt>{es.sync.lastError}</dt>
            <dd>{status.lastError}</dd>
          </>
        )}
      </dl>
      {status.state === 'credentials' && (
        <p role="alert" className="warning" data-testid="credentials-help">
          {es.sync.credentialsHelp}
        </p>
      )}
      <h2>{es.sync.queue}</h2>
      <dl className="facts">
        <dt>{es.sync.pending}</dt>
        <dd data-testid="queue-pending">{q.pending}</dd>
        <dt>{es.sync.sending}</dt>
        <dd>{q.sending}</dd>
        <dt>{es.sync.unknown}</dt>
        <dd>{q.unknown}</dd>
        <dt>{es.sync.done}</dt>
        <dd>{q.done}</dd>
        <dt>{es.sync.failed}</dt>
        <dd>{q.failed}</dd>
        <dt>{es.sync.invalidations}</dt>
        <dd data-testid="queue-invalidations">{q.invalidations}</dd>
      </dl>
      <h2>{es.sync.contingencies}</h2>
      {status.contingencies.length === 0 ? (
        <p>{es.sync.noContingency}</p>
      ) : (
        <ul>
          {status.contingencies.map((c) => (
            <li key={c.id} data-testid="contingency">
              Tipo {c.type} · {es.sync.eventStatus[c.status] ?? c.status} · {c.documents} documentos · desde {localTime(c.startedAt, false)}
              {c.eventDeadline &&
                ` · ${es.sync.eventDeadline} ${c.eventDeadline.slice(0, 16).replace('T', ' ')} (${timeLeft(c.eventDeadline)})`}
              {c.documentsDeadline &&
                ` · ${es.sync.documentsDeadline} ${c.documentsDeadline.slice(0, 16).replace('T', ' ')} (${timeLeft(c.documentsDeadline)})`}
              {c.rejection && <p>{es.sync.rejection(c.attempts, c.rejection)}</p>}
              {c.deadline === 'warning' && (
                <p role="alert" className="warning">
                  {es.sync.deadlineWarning}
                </p>
              )}
              {c.deadline === 'overdue' && (
                <p role="alert" className="warning">
                  {es.sync.deadlineOverdue}
                </p>
              )}
            </li>
          ))}
        </ul>
      )}
      {status.overdue.length > 0 && (
        <>
          <h2>{es.sync.overdue}</h2>
          <p>{es.sync.overdueHelp}</p>
          <ul data-testid="overdue">
            {status.overdue.map((d) => (
              <li key={d.id}>{es.sync.overdueItem(d.controlNumber, localTime(d.deadline, false))}</li>
            ))}
          </ul>
        </>
      )}
      {rejected.length > 0 && (
        <>
          <h2>{es.sync.rejected}</h2>
          <ul>
            {rejected.map((d) => (
              <li key={d.id}>
                {d.controlNumber} · {d.recipientName ?? es.list.noRecipient} · {textOf(d.mhResponse?.descripcionMsg)}
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
