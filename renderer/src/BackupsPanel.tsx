// Ajustes: the database's copies (with the progress of one under way) and the audit chain's check.
import { useEffect, useState } from 'react';
import type { SelloApi } from '../../shared/api';
import type { BackupsStatus } from '../../shared/records';
import { errorText } from './error-text';
import { settingsWords } from './words/settings';
import { localTime } from './local-time';

const size = (bytes: number) => (bytes >= 1e9 ? `${(bytes / 1e9).toFixed(1)} GB` : `${(bytes / 1e6).toFixed(1)} MB`);
// The station's clock is El Salvador's, whatever the machine's time zone says.
const when = (iso: string) => localTime(iso, false);

export function BackupsPanel({ api }: { api: SelloApi }) {
  const [status, setStatus] = useState<BackupsStatus | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [audit, setAudit] = useState<string | null>(null);
  const load = () => void api.backups().then((r) => r.ok && setStatus(r.value));
  useEffect(load, [api]);
  // While a copy runs, its progress is read every second.
  const running = status?.running === true;
  useEffect(() => {
    if (!running) return undefined;
    const t = setInterval(() => void api.backups().then((r) => r.ok && setStatus(r.value)), 1000);
    return () => clearInterval(t);
  }, [api, running]);

  const backupNow = async () => {
    setMessage(null);
    setStatus((s) => (s ? { ...s, running: true, progress: 0 } : s));
    const copying = api.backupNow();
    load();
    const r = await copying;
    setMessage(r.ok ? settingsWords.backupDone : errorText(r.error));
    load();
  };
  const verify = async () => {
    setAudit(settingsWords.verifying);
    const r = await api.verifyAudit();
    setAudit(!r.ok ? errorText(r.error) : r.value.ok ? settingsWords.auditOk(r.value.entries) : settingsWords.auditBroken(r.value.seq));
  };

  return (
    <section aria-labelledby="backups-title">
      <h2 id="backups-title">{settingsWords.backups}</h2>
      <p className="muted">{settingsWords.backupsHow}</p>
      <div className="row actions">
        <button type="button" onClick={() => void backupNow()} disabled={running}>
          {settingsWords.backupNow}
        </button>
        <button type="button" onClick={() => void verify()}>
          {settingsWords.verify}
        </button>
      </div>
      {running && (
        <p role="status" className="busy">
          {settingsWords.backingUp(status?.progress ?? null)}
          <progress max={1} value={status?.progress ?? undefined} aria-label={settingsWords.backupNow} />
        </p>
      )}
      {message && <p role="status">{message}</p>}
      {audit && (
        <p role="status" data-testid="audit-result">
          {audit}
        </p>
      )}
      {status && status.items.length === 0 && <p className="muted">{settingsWords.noBackups}</p>}
      {status && status.items.length > 0 && (
        <ul data-testid="backups">
          {status.items.slice(0, 6).map((b) => (
            <li key={b.file}>
              {when(b.takenAt)} · {settingsWords.reasons[b.reason] ?? b.reason} · {size(b.bytes)}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
