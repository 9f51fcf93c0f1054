// Sending to MH: the queue, open contingencies with MH's deadlines counting down, rejected documents, retry; and
// the customers' e-mails waiting or failed, with "Reintentar los correos fallidos".
import { plural } from '../../shared/plural';
import { syncWords } from './words/sync';
import { invalidationWords } from './words/invalidation';
import { deliveryWords } from './words/delivery';
import { localTime } from './local-time';
import { deadlinesDue, syncPhase } from './sync-phase';
import { useEffect, useState } from 'react';
import type { SelloApi } from '../../shared/api';
import type { DeliveryCounts } from '../../shared/delivery';
import type { DteRecord, SyncStatus } from '../../shared/records';
import { errorText } from './error-text';
import { SpecialOperationsList } from './SpecialOperationsList';
import { textOf } from '../../shared/text';
import { NORMATIVE_NAMES, type NormativeStatus } from '../../shared/normative';
import { es, timeLeft } from './strings';
import './settings/delivery.css';

/** How often the e-mail counts are read while messages wait. */
const MAIL_POLL_MS = 3000;

/** Each document waiting for a person, and a supervisor's "Enviar de nuevo" where Sello allows it. */
function NeedingPerson({
  api,
  documents,
  canSendAgain,
}: {
  api: SelloApi;
  documents: NonNullable<SyncStatus['documentsNeedingPerson']>;
  canSendAgain: boolean;
}) {
  const [say, setSay] = useState<{ text: string; ok: boolean } | null>(null);
  const sendAgain = async (id: string, number: string) => {
    const r = await api.sendAgain(id);
    setSay(r.ok ? { text: syncWords.sentAgain(number), ok: true } : { text: errorText(r.error), ok: false });
  };
  return (
    <>
      <h2>{syncWords.needingPerson}</h2>
      <ul data-testid="needing-person">
        {documents.map((d) => (
          <li key={d.documentId}>
            <strong>{d.controlNumber}</strong>: {d.reason}{' '}
            {canSendAgain && d.canSendAgain && (
              <button type="button" onClick={() => void sendAgain(d.documentId, d.controlNumber)}>
                {syncWords.sendAgain}
              </button>
            )}
          </li>
        ))}
      </ul>
      {say && (
        <p role={say.ok ? 'status' : 'alert'} className={say.ok ? 'ok' : 'error'}>
          {say.text}
        </p>
      )}
    </>
  );
}

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
    setMailSay(r.ok ? { text: deliveryWords.queue.retried(r.value.queued), ok: true } : { text: errorText(r.error), ok: false });
    void api.syncStatus().then((x) => x.ok && setMail(x.value.deliveries));
  };
  if (!status) return <p aria-busy="true">{es.list.loading}</p>;
  const q = status.queue;
  const inForce = normative ?? status.normative;
  return (
    <section aria-labelledby="sync-title">
      <div className="section-head">
        <h1 id="sync-title">{syncWords.title}</h1>
        {canRetry && (
          <button type="button" className="primary" onClick={() => void api.retrySync()}>
            {syncWords.retry}
          </button>
        )}
      </div>
      <dl className="facts">
        <dt>{syncWords.state}</dt>
        <dd data-testid="sync-state">{es.banner[syncPhase(status)]}</dd>
        <dt>{syncWords.lastContact}</dt>
        <dd>{status.lastContactAt ? localTime(status.lastContactAt) : '—'}</dd>
        <dt>{syncWords.normative}</dt>
        <dd data-testid="sync-normative">
          {NORMATIVE_NAMES[inForce.inForce]}
          {inForce.scheduled &&
            ` · ${syncWords.normativeSwitch(NORMATIVE_NAMES[inForce.scheduled.to], localTime(inForce.scheduled.at, false))}`}
        </dd>
        {status.hub.configured && (
          <>
            <dt>{syncWords.hub}</dt>
            <dd data-testid="sync-hub">
              {syncWords.hubLine(
                status.hub.lastReachedAt ? localTime(status.hub.lastReachedAt) : null,
                status.hub.waiting,
                status.hub.lastError,
              )}
            </dd>
            {status.hub.refused > 0 && (
              <dd data-testid="sync-hub-refused">
                {syncWords.hubRefused(status.hub.refused, status.hub.lastRefusal)}
                {(status.hub.refusals?.length ?? 0) > 1 && (
                  <ul data-testid="sync-hub-refusals">
                    {status.hub.refusals!.map((r) => (
                      <li key={`${r.entity}:${r.ref}`}>{syncWords.hubRefusedItem(r.entity, r.ref, r.error)}</li>
                    ))}
                  </ul>
                )}
              </dd>
            )}
          </>
        )}
        {status.lastError && (
          <>
            <dt>{syncWords.lastError}</dt>
            <dd>{status.lastError}</dd>
          </>
        )}
      </dl>
      {status.alerts.length > 0 && (
        <section aria-labelledby="sync-alerts-title" data-testid="sync-alerts">
          <h2 id="sync-alerts-title">{syncWords.alerts}</h2>
          <ul className="alerts">
            {status.alerts.map((a) => (
              <li key={`${a.code}-${a.message}`} className={`alert-${a.level}`} data-alert={a.code}>
                <strong>
                  {a.level === 'critical' ? syncWords.alertCritical : syncWords.alertWarning}: {a.message}
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
          {syncWords.credentialsHelp}
        </p>
      )}
      <h2>{syncWords.queue}</h2>
      <dl className="facts">
        <dt>{syncWords.pending}</dt>
        <dd data-testid="queue-pending">{q.pending}</dd>
        <dt>{syncWords.sending}</dt>
        <dd>{q.sending}</dd>
        <dt>{syncWords.unknown}</dt>
        <dd>{q.unknown}</dd>
        <dt>{syncWords.done}</dt>
        <dd>{q.done}</dd>
        <dt>{syncWords.failed}</dt>
        <dd>{q.failed}</dd>
        <dt>{syncWords.invalidations}</dt>
        <dd data-testid="queue-invalidations">{q.invalidations}</dd>
      </dl>
      {mail && (
        <section aria-labelledby="mail-queue-title" className="mail-queue" data-testid="mail-queue">
          <h2 id="mail-queue-title">{deliveryWords.queue.title}</h2>
          <dl className="facts">
            <dt>{deliveryWords.queue.pending}</dt>
            <dd data-testid="mail-pending">{mail.pending + mail.sending}</dd>
            <dt>{deliveryWords.queue.sent}</dt>
            <dd>{mail.sent}</dd>
            <dt>{deliveryWords.queue.failed}</dt>
            <dd data-testid="mail-failed">{mail.failed}</dd>
            {mail.waiting && (
              <>
                <dt>{deliveryWords.queue.waiting}</dt>
                <dd>{mail.waiting}</dd>
              </>
            )}
          </dl>
          {canRetry && (
            <div className="actions">
              <button type="button" onClick={() => void retryMail()} aria-busy={retrying}>
                {retrying ? deliveryWords.queue.retrying : deliveryWords.queue.retry}
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
      <h2>{syncWords.contingencies}</h2>
      {status.contingencies.length === 0 ? (
        <p>{syncWords.noContingency}</p>
      ) : (
        <ul>
          {status.contingencies
            .map((c) => ({ c, due: deadlinesDue(c) }))
            .map(({ c, due }) => (
              <li key={c.id} data-testid="contingency">
                Tipo {c.type} · {syncWords.eventStatus[c.status] ?? c.status} · {plural(c.documents, 'documento', 'documentos')} · desde{' '}
                {localTime(c.startedAt, false)}
                {due.event && ` · ${syncWords.eventDeadline} ${localTime(due.event, false)} (${timeLeft(due.event)})`}
                {due.documents && ` · ${syncWords.documentsDeadline} ${localTime(due.documents, false)} (${timeLeft(due.documents)})`}
                {c.rejection && <p>{syncWords.rejection(c.attempts, c.rejection)}</p>}
                {c.deadline === 'warning' && (
                  <p role="alert" className="warning">
                    {syncWords.deadlineWarning}
                  </p>
                )}
                {c.deadline === 'overdue' && (
                  <p role="alert" className="warning">
                    {syncWords.deadlineOverdue}
                  </p>
                )}
              </li>
            ))}
        </ul>
      )}
      {status.overdue.length > 0 && (
        <>
          <h2>{syncWords.overdue}</h2>
          <p>{syncWords.overdueHelp}</p>
          <ul data-testid="overdue">
            {status.overdue.map((d) => (
              <li key={d.id}>{syncWords.overdueItem(d.controlNumber, localTime(d.deadline, false))}</li>
            ))}
          </ul>
        </>
      )}
      {/* Documents that wait for a person (docs/decisions/0068-a-document-is-sent-a-few-times.md), with what to do. */}
      {(status.documentsNeedingPerson ?? []).length > 0 && (
        <NeedingPerson api={api} documents={status.documentsNeedingPerson ?? []} canSendAgain={canRetry} />
      )}
      {/* Invalidations MH may hold: what to check on MH's public lookup (docs/decisions/0024-event-answer-lost.md). */}
      {(status.invalidationsInDoubt ?? []).length > 0 && (
        <>
          <h2>{invalidationWords.doubt.title}</h2>
          <ul data-testid="invalidations-in-doubt">
            {(status.invalidationsInDoubt ?? []).map((d) => (
              <li key={d.invalidationId}>
                {d.instructions}{' '}
                <a href={d.lookupUrl} target="_blank" rel="noreferrer">
                  {invalidationWords.doubt.lookup}
                </a>
              </li>
            ))}
          </ul>
        </>
      )}
      <SpecialOperationsList api={api} status={status} />
      {rejected.length > 0 && (
        <>
          <h2>{syncWords.rejected}</h2>
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
