// One document: its status history, MH's answer and observations, and what can be done with it.
import { auditActionLabel } from '../../shared/audit-actions';
import { fromDocumentWords } from './words/documents';
import { useEffect, useState } from 'react';
import type { SelloApi } from '../../shared/api';
import type { Role } from '../../shared/people';
import { sameDteId, type DteDetail, type DteRecord } from '../../shared/records';
import { textOf } from '../../shared/text';
import { DeliveriesPanel } from './documents/DeliveriesPanel';
import { InvalidateForm } from './documents/InvalidateForm';
import { InvalidationDoubtPanel } from './documents/InvalidationDoubtPanel';
import { ReturnsPanel } from './documents/ReturnsPanel';
import { saveSignedJson } from './save-json';
import { errorText } from './error-text';
import { kindsFor, may } from './session/roles';
import { es, timeLeft } from './strings';
import { localTime } from './local-time';

export function DetailPanel({
  api,
  role,
  id,
  onClose,
  onAdjust,
  onCorrect,
  onRead,
}: {
  api: SelloApi;
  role: Role;
  id: string;
  onClose: () => void;
  /** The document as just read (after an invalidation, say): the list shows the same status. */
  onRead?: (record: DteRecord) => void;
  onAdjust: (kind: 'NC' | 'ND', source: DteRecord) => void;
  onCorrect: (detail: DteDetail) => boolean;
}) {
  const [detail, setDetail] = useState<DteDetail | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [qr, setQr] = useState<string | null>(null);
  const [invalidating, setInvalidating] = useState(false);
  // A live Evento de Retorno blocks the invalidation (MF2 p.17): the button is not offered meanwhile.
  const [returned, setReturned] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const refresh = () =>
    void api.dteDetail(id).then((r) => {
      if (!r.ok) return setError(errorText(r.error));
      setDetail(r.value);
      onRead?.(r.value.record);
    });
  useEffect(refresh, [api, id]);
  useEffect(() => api.subscribe((e) => e.type === 'dte' && sameDteId(e.id, id) && refresh()), [api, id]);

  if (!detail)
    return (
      <aside className="detail" aria-busy="true">
        {error ?? es.list.loading}
      </aside>
    );
  const r = detail.record;
  const observations = Array.isArray(r.mhResponse?.observaciones) ? (r.mhResponse.observaciones as string[]) : [];
  const approved = r.status === 'APPROVED';
  return (
    <aside className="detail" aria-labelledby="detail-title">
      <div className="section-head">
        <h2 id="detail-title">
          {es.kinds[r.type]} {r.controlNumber}
        </h2>
        <button type="button" onClick={onClose}>
          {es.detail.close}
        </button>
      </div>
      <p>
        <span className={`status status-${r.status.toLowerCase()}`}>{es.status[r.status]}</span> ·{' '}
        {detail.summary.receiver ?? es.list.noRecipient} · {r.total ? `$${r.total}` : ''}
      </p>
      <p className="mono small">{r.id.toUpperCase()}</p>
      {detail.summary.issuedBy && (
        <p data-testid="issued-by">
          {es.detail.issuedBy}: <strong>{detail.summary.issuedBy}</strong>
        </p>
      )}
      {error && (
        <p role="alert" className="error">
          {error}
        </p>
      )}
      {notice && (
        <p role="status" className="ok" data-testid="detail-notice">
          {notice}
        </p>
      )}
      <div className="actions">
        {r.status !== 'REJECTED' && (
          <button
            type="button"
            // A receipt that did not print says why; a good reprint clears it (never a stale "No se pudo imprimir").
            onClick={() => void api.printReceipt(r.id).then((p) => setError(p.ok ? null : errorText(p.error)))}
          >
            {es.detail.receipt}
          </button>
        )}
        {/* The letter PDF: the approved document, or the invalidated one's ANULADO copy (the app's own route). */}
        {(approved || r.status === 'INVALIDATED') && (
          <button type="button" onClick={() => void api.printLetter(r.id)}>
            {es.detail.pdf}
          </button>
        )}
        {approved && (
          <>
            <button type="button" onClick={() => void saveSignedJson(r.id, api.dteJson).then((e) => setError(e))}>
              {es.detail.json}
            </button>
            <button type="button" onClick={() => void api.qrCode(r.id).then((q) => setQr(q.ok ? q.value.qrCodeUri : null))}>
              {es.detail.qr}
            </button>
          </>
        )}
        {/* A note adjusts a document MH approved or one still on its way (decision 0001, item 7). */}
        {(approved || r.status === 'CREATED' || r.status === 'PROCESSING') &&
          (r.type === 'CCF' || r.type === 'CR') &&
          may(role, 'adjust') && (
            <>
              <button type="button" onClick={() => onAdjust('NC', r)}>
                {es.detail.adjustNc}
              </button>
              <button type="button" onClick={() => onAdjust('ND', r)}>
                {es.detail.adjustNd}
              </button>
            </>
          )}
        {r.status === 'REJECTED' && kindsFor(role).includes(r.type) && (
          <button type="button" className="primary" onClick={() => onCorrect(detail) || setError(fromDocumentWords.correct.noBody)}>
            {fromDocumentWords.correct.action}
          </button>
        )}
      </div>
      {qr && <img src={qr} alt={`QR ${r.id}`} width={160} height={160} />}
      {approved && detail.invalidation.deadline && may(role, 'invalidate') && !returned && (
        <div className="invalidate">
          <p>{es.detail.invalidateUntil(localTime(detail.invalidation.deadline, false), timeLeft(detail.invalidation.deadline))}</p>
          {invalidating ? (
            <InvalidateForm
              api={api}
              record={r}
              onCancel={() => setInvalidating(false)}
              onDone={(message) => {
                setInvalidating(false);
                setNotice(message);
                refresh();
              }}
            />
          ) : (
            <button type="button" className="danger" onClick={() => setInvalidating(true)}>
              {es.detail.invalidate}
            </button>
          )}
        </div>
      )}
      {detail.invalidation.doubt && (
        <InvalidationDoubtPanel
          key={`doubt-${detail.invalidation.doubt.invalidationId}`}
          api={api}
          role={role}
          doubt={detail.invalidation.doubt}
          onDone={(m) => (setNotice(m), refresh())}
        />
      )}
      {/* MH's Evento de Retorno on a sealed FE, FEX or FSE (docs/decisions/0015-evento-de-retorno.md). */}
      <ReturnsPanel
        key={`returns-${r.id}`}
        api={api}
        record={r}
        mayReturn={may(role, 'invalidate')}
        onLive={setReturned}
        onDone={(m) => (setNotice(m), refresh())}
      />
      {/* Keyed by the document: another one opened starts with its own address and notes. */}
      <DeliveriesPanel key={r.id} api={api} detail={detail} anyAddress={may(role, 'mailAnywhere')} />
      <h3>{es.detail.timeline}</h3>
      <ol className="timeline">
        {detail.timeline.map((t, i) => (
          <li key={i}>
            <span className="small">{localTime(t.at)}</span> {auditActionLabel(t.action)}
          </li>
        ))}
      </ol>
      <h3>{es.detail.mhAnswer}</h3>
      {r.mhResponse ? (
        <p>
          {textOf(r.mhResponse.estado)} {textOf(r.mhResponse.descripcionMsg)}{' '}
          <span className="mono small">{textOf(r.mhResponse.selloRecibido)}</span>
        </p>
      ) : (
        <p>{es.detail.noAnswer}</p>
      )}
      {/* Sello's reason beside MH's words (a numbering collision, decision 0029): what happened and what to do. */}
      {r.mhResponse && textOf(r.mhResponse.motivo) && (
        <p role="note" className="error">
          {textOf(r.mhResponse.motivo)}
        </p>
      )}
      {observations.length > 0 && (
        <>
          <h3>{es.detail.observations}</h3>
          <ul>
            {observations.map((o) => (
              <li key={o}>{o}</li>
            ))}
          </ul>
        </>
      )}
    </aside>
  );
}
