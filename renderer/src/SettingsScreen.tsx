// Settings (administrators only): the station, the people who log in, API keys for POS integrations (shown once,
// revocable), e-mail (SMTP), webhooks, MH's homologation tests, printing, backups and the audit log.
import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { SelloApi } from '../../shared/api';
import type { ApiKeyInfo, Health, StationInfo, StationSaved } from '../../shared/records';
import { StationForm } from './station/StationForm';
import { BackupsPanel } from './BackupsPanel';
import { MailPanel } from './settings/MailPanel';
import { WebhooksPanel } from './settings/WebhooksPanel';
import { NormativePanel } from './settings/NormativePanel';
import { HubPanel } from './settings/HubPanel';
import { PrintingPanel } from './settings/PrintingPanel';
import { NumberingPanel } from './settings/NumberingPanel';
import { HomologationPanel } from './settings/HomologationPanel';
import { UsersPanel } from './UsersPanel';
import { errorText } from './error-text';
import { es } from './strings';
import { SettingsIndex } from './settings/SettingsIndex';
import { esDate } from '../../shared/es-sv';

export function SettingsScreen({
  api,
  health,
  me,
  onStationChanged,
}: {
  api: SelloApi;
  health: Health | null;
  /** The login of the administrator looking (who cannot deactivate themselves here). */
  me: string;
  onStationChanged: (saved: StationSaved, admin?: string) => void;
}) {
  const [editing, setEditing] = useState(false);
  const [keys, setKeys] = useState<ApiKeyInfo[]>([]);
  const [name, setName] = useState('');
  const [newKey, setNewKey] = useState<string | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [station, setStation] = useState<StationInfo | null>(null);
  const loadKeys = () => void api.listApiKeys().then((r) => r.ok && setKeys(r.value));
  useEffect(() => {
    void api.listApiKeys().then((r) => r.ok && setKeys(r.value));
    void api.stationInfo().then((r) => r.ok && setStation(r.value));
  }, [api]);

  const createKey = async (e: FormEvent) => {
    e.preventDefault();
    const r = await api.createApiKey(name.trim());
    if (r.ok) {
      setNewKey(r.value.key);
      setName('');
      loadKeys();
    } else setMessage(errorText(r.error));
  };

  const page = useRef<HTMLElement>(null);
  return (
    <section aria-labelledby="settings-title" ref={page}>
      <h1 id="settings-title">{es.settings.title}</h1>
      <SettingsIndex root={page} />
      {message && <p role="status">{message}</p>}
      <h2>{es.settings.station}</h2>
      {station ? (
        <dl className="station" data-testid="station">
          <dt>{es.station.company}</dt>
          <dd>
            {station.company.name}
            {station.company.commercialName ? ` (${station.company.commercialName})` : ''}
          </dd>
          <dt>{es.station.nitNrc}</dt>
          <dd>
            {station.company.nit} / {station.company.nrc}
          </dd>
          <dt>{es.station.activity}</dt>
          <dd>{station.company.activity}</dd>
          <dt>{es.station.branch}</dt>
          <dd>{es.station.branchValue(station.branch.mhCode, station.branch.posNumber)}</dd>
          <dt>{es.station.environment}</dt>
          <dd>{station.environment === 'LIVE' ? es.station.live : es.station.test}</dd>
          <dt>{es.station.mh}</dt>
          <dd>{station.mh ? `${station.mh.user} · ${station.mh.baseUrl}` : es.station.mhMissing}</dd>
          <dt>{es.station.certificate}</dt>
          <dd>{station.certificate.loaded ? es.station.certificateOk(station.certificate.nit ?? '') : es.station.certificateMissing}</dd>
        </dl>
      ) : (
        health && <p>{health.companyName}</p>
      )}
      {station?.passwordsNeeded && (
        // A data folder brought from another machine: its passwords do not open here (docs/decisions/0005-secrets-at-rest.md).
        <p role="alert" className="warning" data-testid="passwords-needed">
          {station.passwordsNeeded}
        </p>
      )}
      {station?.demo ? (
        <>
          <p className="muted">{es.station.demoHowTo}</p>
          {health?.firstRun && !editing && (
            <button type="button" className="primary" onClick={() => setEditing(true)}>
              {es.station.setUp}
            </button>
          )}
          {editing && <StationForm api={api} mode="setup" current={null} onDone={onStationChanged} onCancel={() => setEditing(false)} />}
        </>
      ) : (
        station && (
          <>
            <p className="muted">{es.station.howToChange}</p>
            {editing ? (
              <StationForm
                api={api}
                mode="edit"
                current={station}
                onCancel={() => setEditing(false)}
                onDone={(saved) => {
                  setStation(saved.station);
                  setEditing(false);
                  setMessage(es.wizard.saved);
                }}
              />
            ) : (
              <button type="button" onClick={() => setEditing(true)}>
                {es.station.edit}
              </button>
            )}
          </>
        )
      )}
      <UsersPanel api={api} me={me} />
      <h2>{es.settings.apiKeys}</h2>
      <form onSubmit={(e) => void createKey(e)} className="row">
        <div className="field">
          <label htmlFor="key-name">{es.settings.keyName}</label>
          <input id="key-name" value={name} onChange={(e) => setName(e.target.value)} />
        </div>
        <button type="submit">{es.settings.createKey}</button>
      </form>
      {newKey && (
        <p role="status" className="new-key">
          {es.settings.newKey} <code data-testid="new-key">{newKey}</code>
        </p>
      )}
      <ul>
        {keys.map((k) => (
          <li key={k.id}>
            {k.name} · {k.hint} · {esDate(k.createdAt)} {k.revokedAt ? `· ${es.settings.revoked}` : ''}
            {!k.revokedAt && (
              <button type="button" className="link" onClick={() => void api.revokeApiKey(k.id).then(loadKeys)}>
                {es.settings.revoke}
              </button>
            )}
          </li>
        ))}
      </ul>
      <MailPanel api={api} />
      <WebhooksPanel api={api} />
      <NormativePanel api={api} admin />
      <HubPanel api={api} admin />
      <NumberingPanel api={api} admin />
      <HomologationPanel api={api} />
      <PrintingPanel api={api} />
      <BackupsPanel api={api} />
    </section>
  );
}
