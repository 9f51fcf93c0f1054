// Sending to MH: the queue, open contingencies with MH's deadlines counting down, rejected documents, retry; and
// the customers' e-mails waiting or failed, with "Reintentar los correos fallidos".
import { localTime } from './local-time';
import { deadlinesDue, syncPhase } from './sync-phase';
import { useEffect, useState } from 'react';
import type { SelloApi } from '../../shared/api';
import type { DeliveryCounts } from '../../shared/delivery';
import type { DteRecord, SyncStatus } from '../../shared/records';
import { errorText } from './error-text';
import { textOf } from '../../shared/text';
import { NORMATIVE_NAMES, type NormativeStatus } from '../../shared/normative';
import { es, timeLeft } from './strings';
import './settings/delivery.css';

/** How often the e-mail counts are read while messages wait. */
const MAIL_POLL_MS = 3000;

/** `canRetry`: the role may press "Reintentar ahora" and retry failed e-mails (supervisors and administrators). */
export function SyncScreen({ api, status, canRetry }: { api: SelloApi; status: SyncStatus | null; canRetry: boolean }) {
  const [rejected, setRejected] = useState<DteRecord[]>([]);
  const [, tick] = useState(0);
  useEffect(() => {
    void api.listDtes({ status: 'REJECTED', limit: 50 }).then((r) => r.ok && setRejected(r.value.items));
    const t = setInterval(() => tick((n) => n + 1), 30_000);
    return () => clearInterval(t);
  }, [api, status]);
  // The e-mail counts move without a sync push (a message sent): read again after a retry, and on every push.
  const [mail, setMail] = useState<DeliveryCounts | null>(null);
  const [mailSay, setMailSay] = useState<{ text: string; ok: boolean } | null>(null);
  const [retrying, setRetrying] = useState(false);
  useEffect(() => setMail(status?.deliveries ?? null), [status]);
  // The normative changes in Ajustes without a sync push: read when the screen opens, and with every push.
  const [normative, setNormative] = useState<NormativeStatus | null>(null);
  useEffect(() => {
    setNormative(status?.normative ?? null);
    void api.syncStatus().then((x) => x.ok && setNormative(x.value.normative));
  }, [api, status]);
  // A message sent pushes nothing: while some wait, the counts are read again now and then.
  const mailMoving = mail !== null && mail.pending + mail.sending > 0;
  useEffect(() => {
    if (!mailMoving) return undefined;
    const t = setInterval(() => void api.syncStatus().then((x) => x.ok && setMail(x.value.deliveries)), MAIL_POLL_MS);
    return () => clearInterval(t);
  }, [api, mailMoving]);
  const retryMail = async () => {
    if (retrying) return;
    setRetrying(true);
    const r = await api.retryFailedDeliveries();
    setRetrying(false);
    setMailSay(r.ok ? { text: es.delivery.queue.retried(r.value.queued), ok: true } : { text: errorText(r.error), ok: false });
    void api.syncStatus().then((x) => x.ok && setMail(x.value.deliveries));
  };
  if (!status) return <p aria-busy="true">{es.list.loading}</p>;
  const q = status.queue;
  const inForce = normative ?? status.normative;
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
        <dd data-testid="sync-state">{es.banner[syncPhase(status)]}</dd>
        <dt>{es.sync.lastContact}</dt>
        <dd>{status.lastContactAt ? localTime(status.lastContactAt) : '—'}</dd>
        <dt>{es.sync.normative}</dt>
        <dd data-testid="sync-normative">
          {NORMATIVE_NAMES[inForce.inForce]}
          {inForce.scheduled &&
            ` · ${es.sync.normativeSwitch(NORMATIVE_NAMES[inForce.scheduled.to], localTime(inForce.scheduled.at, false))}`}
        </dd>
        {status.hub.configured && (
          <>
            <dt>{es.sync.hub}</dt>
            <dd data-testid="sync-hub">
              {es.sync.hubLine(
                status.hub.lastReachedAt ? localTime(status.hub.lastReachedAt) : null,
                status.hub.waiting,
                status.hub.lastError,
              )}
            </dd>
            {status.hub.refused > 0 && (
              <dd data-testid="sync-hub-refused">{es.sync.hubRefused(status.hub.refused, status.hub.lastRefusal)}</dd>
            )}
          </>
        )}
        {status.lastError && (
          <>
            <dt>{es.sync.lastError}</dt>
            <dd>{status.lastError}</dd>
          </>
        )}
      </dl>
      {status.alerts.length > 0 && (
        <section aria-labelledby="sync-alerts-title" data-testid="sync-alerts">
          <h2 id="sync-alerts-title">{es.sync.alerts}</h2>
          <ul className="alerts">
            {status.alerts.map((a) => (
              <li key={`${a.code}-${a.message}`} className={`alert-${a.level}`} data-alert={a.code}>
                <strong>
                  {a.level === 'critical' ? es.sync.alertCritical : es.sync.alertWarning}: {a.message}
                </strong>{' '}
                {a.action}
                {a.since && ` (${localTime(a.since)})`}
              </li>
            ))}
          </ul>
        </section>
      )}
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
      {mail && (
        <section aria-labelledby="mail-queue-title" className="mail-queue" data-testid="mail-queue">
          <h2 id="mail-queue-title">{es.delivery.queue.title}</h2>
          <dl className="facts">
            <dt>{es.delivery.queue.pending}</dt>
            <dd data-testid="mail-pending">{mail.pending + mail.sending}</dd>
            <dt>{es.delivery.queue.sent}</dt>
            <dd>{mail.sent}</dd>
            <dt>{es.delivery.queue.failed}</dt>
            <dd data-testid="mail-failed">{mail.failed}</dd>
            {mail.waiting && (
              <>
                <dt>{es.delivery.queue.waiting}</dt>
                <dd>{mail.waiting}</dd>
              </>
            )}
          </dl>
          {canRetry && (
            <div className="actions">
              <button type="button" onClick={() => void retryMail()} aria-busy={retrying}>
                {retrying ? es.delivery.queue.retrying : es.delivery.queue.retry}
              </button>
            </div>
          )}
          {mailSay && (
            <p role={mailSay.ok ? 'status' : 'alert'} className={mailSay.ok ? 'ok' : 'error'} data-testid="mail-retried">
              {mailSay.text}
            </p>
          )}
        </section>
      )}
      <h2>{es.sync.contingencies}</h2>
      {status.contingencies.length === 0 ? (
        <p>{es.sync.noContingency}</p>
      ) : (
        <ul>
          {status.contingencies
            .map((c) => ({ c, due: deadlinesDue(c) }))
            .map(({ c, due }) => (
              <li key={c.id} data-testid="contingency">
                Tipo {c.type} · {es.sync.eventStatus[c.status] ?? c.status} · {c.documents} documentos · desde{' '}
                {localTime(c.startedAt, false)}
                {due.event && ` · ${es.sync.eventDeadline} ${localTime(due.event, false)} (${timeLeft(due.event)})`}
                {due.documents && ` · ${es.sync.documentsDeadline} ${localTime(due.documents, false)} (${timeLeft(due.documents)})`}
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
      {/* Invalidations MH may hold: what to check on MH's public lookup (docs/decisions/0024-event-answer-lost.md). */}
      {(status.invalidationsInDoubt ?? []).length > 0 && (
        <>
          <h2>{es.invalidation.doubt.title}</h2>
          <ul data-testid="invalidations-in-doubt">
            {(status.invalidationsInDoubt ?? []).map((d) => (
              <li key={d.invalidationId}>
                {d.instructions}{' '}
                <a href={d.lookupUrl} target="_blank" rel="noreferrer">
                  {es.invalidation.doubt.lookup}
                </a>
              </li>
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
