// Settings (administrators only), in sections shown one at a time (settings/settings-sections.ts): the station and
// MH (normative, hub, numbering, homologation), the people who log in and API keys for POS integrations (shown
// once, revocable), e-mail (SMTP) and webhooks, printing, backups and the audit log.
import { useEffect, useState, type FormEvent } from 'react';
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
import { PriceOverridePanel } from './settings/PriceOverridePanel';
import { errorText } from './error-text';
import { es } from './strings';
import { settingsWords } from './words/settings';
import { stationWords } from './words/station';
import { SETTINGS_SECTIONS, settingsSectionWords as T, type SettingsSection } from './settings/settings-sections';
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

  // One section at a time; the others stay mounted (hidden), so a half-filled form survives a look elsewhere.
  const [section, setSection] = useState<SettingsSection>('station');
  const shown = (s: SettingsSection) => ({
    id: `ajustes-${s}`,
    role: 'region',
    'aria-label': T.names[s],
    hidden: section !== s,
    'data-testid': `settings-${s}`,
  });
  return (
    <section aria-labelledby="settings-title">
      <h1 id="settings-title">{settingsWords.title}</h1>
      <div className="tabs settings-tabs" role="group" aria-label={T.label} data-testid="settings-sections">
        {SETTINGS_SECTIONS.map((s) => (
          <button key={s} type="button" aria-pressed={section === s} aria-controls={`ajustes-${s}`} onClick={() => setSection(s)}>
            {T.names[s]}
          </button>
        ))}
      </div>
      {message && <p role="status">{message}</p>}
      <div {...shown('station')}>
        <h2>{settingsWords.station}</h2>
        {station ? (
          <dl className="station" data-testid="station">
            <dt>{stationWords.company}</dt>
            <dd>
              {station.company.name}
              {station.company.commercialName ? ` (${station.company.commercialName})` : ''}
            </dd>
            <dt>{stationWords.nitNrc}</dt>
            <dd>
              {station.company.nit} / {station.company.nrc}
            </dd>
            <dt>{stationWords.activity}</dt>
            <dd>{station.company.activity}</dd>
            <dt>{stationWords.branch}</dt>
            <dd>{stationWords.branchValue(station.branch.mhCode, station.branch.posNumber)}</dd>
            <dt>{stationWords.environment}</dt>
            <dd>{station.environment === 'LIVE' ? stationWords.live : stationWords.test}</dd>
            <dt>{stationWords.mh}</dt>
            <dd>{station.mh ? `${station.mh.user} · ${station.mh.baseUrl}` : stationWords.mhMissing}</dd>
            <dt>{stationWords.certificate}</dt>
            <dd>
              {station.certificate.loaded ? stationWords.certificateOk(station.certificate.nit ?? '') : stationWords.certificateMissing}
            </dd>
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
            <p className="muted">{stationWords.demoHowTo}</p>
            {health?.firstRun && !editing && (
              <button type="button" className="primary" onClick={() => setEditing(true)}>
                {stationWords.setUp}
              </button>
            )}
            {editing && <StationForm api={api} mode="setup" current={null} onDone={onStationChanged} onCancel={() => setEditing(false)} />}
          </>
        ) : (
          station && (
            <>
              <p className="muted">{stationWords.howToChange}</p>
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
                  {stationWords.edit}
                </button>
              )}
            </>
          )
        )}
        <NormativePanel api={api} admin />
        <HubPanel api={api} admin />
        <NumberingPanel api={api} admin />
        <HomologationPanel api={api} />
      </div>
      <div {...shown('people')}>
        <UsersPanel api={api} me={me} />
        <PriceOverridePanel api={api} />
        <h2>{settingsWords.apiKeys}</h2>
        <form onSubmit={(e) => void createKey(e)} className="row">
          <div className="field">
            <label htmlFor="key-name">{settingsWords.keyName}</label>
            <input id="key-name" value={name} onChange={(e) => setName(e.target.value)} />
          </div>
          <button type="submit">{settingsWords.createKey}</button>
        </form>
        {newKey && (
          <p role="status" className="new-key">
            {settingsWords.newKey} <code data-testid="new-key">{newKey}</code>
          </p>
        )}
        <ul>
          {keys.map((k) => (
            <li key={k.id}>
              {k.name} · {k.hint} · {esDate(k.createdAt)} {k.revokedAt ? `· ${settingsWords.revoked}` : ''}
              {!k.revokedAt && (
                <button type="button" className="link" onClick={() => void api.revokeApiKey(k.id).then(loadKeys)}>
                  {settingsWords.revoke}
                </button>
              )}
            </li>
          ))}
        </ul>
      </div>
      <div {...shown('mail')}>
        <MailPanel api={api} />
        <WebhooksPanel api={api} />
      </div>
      <div {...shown('printing')}>
        <PrintingPanel api={api} />
      </div>
      <div {...shown('backups')}>
        <BackupsPanel api={api} />
      </div>
    </section>
  );
}
