// One document as the head office sees it: where it was issued, its status and MH's seal, and the signed JSON and
// JWS exactly as stored (GET /hub/v1/documents/:id). "Descargar JSON" saves the signed JSON from memory (a blob:
// download, never a navigation).
import { useEffect, useState } from 'react';
import { usd } from '../src/money';
import { errorText, hubApi, type HubDocumentDetail } from './api';
import { localDate, localTime } from './format';
import { hubWords } from './words';

const w = hubWords.detail;

export function DocumentDetail({ id, onBack, onExpired }: { id: string; onBack: () => void; onExpired: () => void }) {
  const [doc, setDoc] = useState<HubDocumentDetail | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void hubApi.document(id).then((r) => {
      if (!live) return;
      if (r.ok) return setDoc(r.value);
      if (r.error.code === 'UNAUTHORIZED') return onExpired();
      setError(errorText(r.error));
    });
    return () => {
      live = false;
    };
  }, [id, onExpired]);
  const download = () => {
    if (!doc) return;
    const url = URL.createObjectURL(new Blob([JSON.stringify(doc.mhJson, null, 2)], { type: 'application/json' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = `${doc.controlNumber}.json`;
    a.click();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  };
  return (
    <section aria-labelledby="hub-detail-title" className="hub-detail">
      <div className="section-head">
        <h1 id="hub-detail-title" tabIndex={-1}>
          {w.title} {doc ? doc.controlNumber : ''}
        </h1>
        <button type="button" onClick={onBack}>
          {w.back}
        </button>
      </div>
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
      {!doc && !error && <p className="muted">{w.loading}</p>}
      {doc && (
        <>
          <dl className="facts hub-facts">
            <dt>{w.branch}</dt>
            <dd>{doc.branchCode}</dd>
            <dt>{w.pos}</dt>
            <dd>{doc.posNumber}</dd>
            <dt>{w.station}</dt>
            <dd className="mono">{doc.stationId}</dd>
            <dt>{w.kind}</dt>
            <dd>
              {doc.kind} · {hubWords.kinds[doc.kind] ?? doc.kind}
            </dd>
            <dt>{w.version}</dt>
            <dd>{doc.version}</dd>
            <dt>{w.control}</dt>
            <dd className="mono">{doc.controlNumber}</dd>
            <dt>{w.generation}</dt>
            <dd className="mono">{doc.id.toUpperCase()}</dd>
            <dt>{w.date}</dt>
            <dd>{localDate(doc.issueDate)}</dd>
            <dt>{w.recipient}</dt>
            <dd>{doc.recipientName ?? hubWords.documents.noRecipient}</dd>
            <dt>{w.total}</dt>
            <dd>{usd(doc.total)}</dd>
            <dt>{w.status}</dt>
            <dd>
              <span className={`status status-${doc.status.toLowerCase()}`}>{hubWords.status[doc.status] ?? doc.status}</span>
            </dd>
            <dt>{w.seal}</dt>
            <dd className="mono">{doc.seal ?? w.noSeal}</dd>
            {doc.sealedAt && (
              <>
                <dt>{w.sealedAt}</dt>
                <dd>{localTime(doc.sealedAt)}</dd>
              </>
            )}
            <dt>{w.updatedAt}</dt>
            <dd>{localTime(doc.updatedAt)}</dd>
          </dl>
          <div className="section-head">
            <h2 id="hub-json-title">{w.json}</h2>
            <span className="hub-actions">
              <a className="button-link" href={`/hub/v1/documents/${encodeURIComponent(doc.id)}/pdf`} target="_blank" rel="noopener">
                {w.pdf}
              </a>
              <button type="button" onClick={download}>
                {w.download}
              </button>
            </span>
          </div>
          <pre className="hub-json" data-testid="hub-signed-json" tabIndex={0} aria-labelledby="hub-json-title">
            {JSON.stringify(doc.mhJson, null, 2)}
          </pre>
          <h2 id="hub-jws-title">{w.jws}</h2>
          <pre className="hub-json hub-jws" data-testid="hub-jws" tabIndex={0} aria-labelledby="hub-jws-title">
            {doc.jws}
          </pre>
        </>
      )}
    </section>
  );
}
