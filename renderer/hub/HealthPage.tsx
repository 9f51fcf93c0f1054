// Sucursales: every station's health from GET /hub/v1/health (shared/hub.ts HubHealth), as the hub ordered it
// (critical alerts first), after what MH did not confirm when the hub asked. Per station: when the hub last heard from it, whether it is in contingency (said in
// words, not only a colour), MH's deadlines, failed documents and e-mails, what waits to be replicated, and its
// alerts, critical first.
import { useCallback, useEffect, useState } from 'react';
import type { HubAlert, HubHealth, HubSealHealth, StationHealth } from '../../shared/hub';
import { errorText, hubApi } from './api';
import { localTime, minutesSince } from './format';
import { hubWords } from './words';

const w = hubWords.health;
const bySeverity = (a: HubAlert, b: HubAlert) => (a.severity === b.severity ? 0 : a.severity === 'critical' ? -1 : 1);

export function HealthPage({ onExpired }: { onExpired: () => void }) {
  const [health, setHealth] = useState<HubHealth | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const load = useCallback(async () => {
    setBusy(true);
    const r = await hubApi.health();
    setBusy(false);
    if (r.ok) {
      setError(null);
      return setHealth(r.value);
    }
    if (r.error.code === 'UNAUTHORIZED') return onExpired();
    setError(r.error.code === 'NOT_FOUND' ? w.unavailable : errorText(r.error));
  }, [onExpired]);
  useEffect(() => {
    void load();
    // A minute is the stations' heartbeat: read again as often, while the page is open.
    const timer = setInterval(() => void load(), 60_000);
    return () => clearInterval(timer);
  }, [load]);
  const now = health ? new Date(health.checkedAt) : new Date();
  return (
    <section aria-labelledby="hub-health-title">
      <div className="section-head">
        <h1 id="hub-health-title" tabIndex={-1}>
          {w.title}
        </h1>
        <button type="button" onClick={() => void load()} disabled={busy}>
          {w.refresh}
        </button>
      </div>
      <p className="muted">
        {w.intro} {health && w.checkedAt(localTime(health.checkedAt))}
      </p>
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
      {!health && !error && <p className="muted">{w.loading}</p>}
      {health?.stations.length === 0 && <p className="empty">{w.empty}</p>}
      {health?.seals && <SealsCard seals={health.seals} />}
      <ul className="hub-stations">
        {health?.stations.map((s) => (
          <StationCard key={s.station.id} health={s} now={now} />
        ))}
      </ul>
    </section>
  );
}

/**
 * What MH did not confirm when the hub asked (decisions 0031, 0064): its alerts, and the documents by name, each
 * with what MH said. Shown only when there is something to say or the checker waits.
 */
function SealsCard({ seals }: { seals: HubSealHealth }) {
  if (seals.alerts.length === 0 && seals.documents.length === 0) return null;
  const alerts = [...seals.alerts].sort(bySeverity);
  return (
    <article
      className={`card hub-station hub-seals${alerts.some((a) => a.severity === 'critical') ? ' critical' : ' warned'}`}
      aria-labelledby="hub-seals-title"
    >
      <h2 id="hub-seals-title">{w.seals.title}</h2>
      <ul className="hub-alerts" aria-label={w.seals.title}>
        {alerts.map((a) => (
          <li key={a.code} className={`hub-alert alert-${a.severity}`}>
            <strong>{w.severity[a.severity]}:</strong> {a.message}
          </li>
        ))}
      </ul>
      {seals.documents.length > 0 && (
        <table className="hub-seal-documents">
          <caption>{w.seals.documents(seals.problems, seals.documents.length)}</caption>
          <thead>
            <tr>
              <th scope="col">{w.seals.number}</th>
              <th scope="col">{w.seals.station}</th>
              <th scope="col">{w.seals.what}</th>
              <th scope="col">{w.seals.detail}</th>
            </tr>
          </thead>
          <tbody>
            {seals.documents.map((d) => (
              <tr key={d.id}>
                <td className="mono">{d.controlNumber}</td>
                <td>{d.stationId}</td>
                <td>{w.seals.state[d.state]}</td>
                <td>{d.detail ?? ''}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </article>
  );
}

function StationCard({ health, now }: { health: StationHealth; now: Date }) {
  const { station, heartbeat, lastContactAt } = health;
  const sync = heartbeat?.sync ?? null;
  const inContingency = sync ? sync.state === 'contingency' || sync.contingencies.some((c) => c.endedAt === null) : false;
  const alerts = [...health.alerts].sort(bySeverity);
  const critical = alerts.some((a) => a.severity === 'critical');
  const titleId = `station-${station.id}`;
  const deadlines = sync
    ? sync.contingencies.flatMap((c) => [
        ...(c.eventDeadline ? [w.deadline(w.eventDeadline, localTime(c.eventDeadline, false))] : []),
        ...(c.documentsDeadline ? [w.deadline(w.documentsDeadline, localTime(c.documentsDeadline, false))] : []),
      ])
    : [];
  return (
    <li
      className={`card hub-station${critical ? ' critical' : alerts.length ? ' warned' : ''}${inContingency ? ' in-contingency' : ''}`}
      aria-labelledby={titleId}
      data-testid="hub-station"
      data-station={station.id}
    >
      <div className="hub-station-head">
        <h2 id={titleId}>{station.name}</h2>
        {sync && (
          <span className={`hub-badge ${inContingency ? 'badge-contingency' : `badge-${sync.state}`}`}>
            {inContingency ? w.contingency : (w.connectivity[sync.state] ?? sync.state)}
          </span>
        )}
      </div>
      <p className="muted">
        {w.branch(station.branchCode, station.posNumber)} · <span className="mono">{station.id}</span>
      </p>
      <dl className="hub-station-facts">
        <dt>{w.lastContact}</dt>
        <dd title={lastContactAt ? localTime(lastContactAt) : undefined}>
          {lastContactAt ? w.ago(minutesSince(lastContactAt, now)) : w.never}
        </dd>
        {sync ? (
          <>
            <dt>{w.deadlines}</dt>
            <dd>
              {deadlines.length === 0 && sync.overdue.length === 0 ? (
                w.noDeadlines
              ) : (
                <>
                  {deadlines.map((d) => (
                    <span key={d} className="hub-line">
                      {d}
                    </span>
                  ))}
                  {sync.overdue.length > 0 && <span className="hub-line error">{w.overdue(sync.overdue.length)}</span>}
                </>
              )}
            </dd>
            <dt>{w.failedDocuments}</dt>
            <dd>{sync.queue.failed}</dd>
            <dt>{w.failedDeliveries}</dt>
            <dd>{sync.deliveries.failed}</dd>
            <dt>{w.waiting}</dt>
            <dd>{sync.hub.waiting}</dd>
            <dt>{w.certificate}</dt>
            <dd data-testid="hub-certificate">{certificateEnd(heartbeat?.certificate)}</dd>
          </>
        ) : (
          <>
            <dt>{w.report}</dt>
            <dd>{w.noReport}</dd>
          </>
        )}
      </dl>
      {alerts.length === 0 ? (
        <p className="ok">{w.noAlerts}</p>
      ) : (
        <ul className="hub-alerts" aria-label={`${w.alerts}: ${station.name}`}>
          {alerts.map((a) => (
            <li key={a.code} className={`hub-alert alert-${a.severity}`}>
              <strong>{w.severity[a.severity]}:</strong> {a.message}
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}

/** The station's signing certificate's end as the station reported it (El Salvador time). */
function certificateEnd(c: { notAfter: string | null } | null | undefined): string {
  if (!c) return w.noCertificate;
  return c.notAfter ? localTime(c.notAfter, false) : w.certificateUnknown;
}
