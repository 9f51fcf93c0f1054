// One Evento de Retorno in a document's detail: its status, lines and seal, and (for a supervisor, while MH's window
// is open) "Invalidar esta devolución": a reason, confirm, and what MH answered (docs/decisions/0050-evento-de-retorno-complete.md).
import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import type { SelloApi } from '../../../shared/api';
import type { ReturnRecord } from '../../../shared/retorno';
import { textOf } from '../../../shared/text';
import { errorText } from '../error-text';
import { localTime } from '../local-time';
import { saveSignedJson } from '../save-json';
import { retornoWords as words } from '../words/retorno';
import { FormFooter } from './FormFooter';
import { ReturnDoubtPanel } from './ReturnDoubtPanel';

const STATUS_CLASS: Record<ReturnRecord['status'], string> = {
  APPROVED: 'approved',
  REJECTED: 'rejected',
  PENDING: 'processing',
  INVALIDATED: 'invalidated',
  IN_DOUBT: 'processing',
};

export function ReturnEventItem({
  api,
  event: ev,
  mayInvalidate,
  onChanged,
}: {
  api: SelloApi;
  event: ReturnRecord;
  mayInvalidate: boolean;
  /** An invalidation was asked: what to tell the person (the list is read again). */
  onChanged: (message: string) => void;
}) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [email, setEmail] = useState('');
  const [sending, setSending] = useState(false);
  const field = useRef<HTMLInputElement>(null);
  const opener = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (open) field.current?.focus();
  }, [open]);
  const waiting = ev.invalidation?.status === 'PENDING';
  const canInvalidate =
    mayInvalidate &&
    ev.status === 'APPROVED' &&
    ev.seal !== null &&
    !waiting &&
    ev.invalidationDeadline !== null &&
    Date.now() <= Date.parse(ev.invalidationDeadline);

  const close = () => {
    setOpen(false);
    setProblem(null);
    setTimeout(() => opener.current?.focus(), 0);
  };
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (reason.trim().length < 5) return setProblem(words.reasonShort);
    setBusy(true);
    const r = await api.invalidateReturn(ev.id, { reason: reason.trim() });
    setBusy(false);
    if (!r.ok) return setProblem(errorText(r.error));
    setOpen(false);
    setReason('');
    onChanged(words.invalidated(r.value.status));
  };
  const escape = (e: KeyboardEvent) => {
    if (e.key === 'Escape') {
      e.preventDefault();
      close();
    }
  };

  return (
    <li data-testid={`return-${ev.id}`}>
      <span className={`status status-${STATUS_CLASS[ev.status]}`}>{words.status[ev.status]}</span>{' '}
      {words.event(ev.total, localTime(ev.createdAt, false))} · {ev.reason}
      <ul className="small">
        {ev.lines.map((l) => (
          <li key={`${l.dteId}-${l.item}`}>
            {l.quantity} × {l.description} (${l.amount})
          </li>
        ))}
      </ul>
      {ev.seal && (
        <span className="small">
          {words.seal}: <span className="mono">{ev.seal}</span>
        </span>
      )}
      {ev.contingencyId && ev.status === 'PENDING' && <p className="small">{words.contingency}</p>}
      {ev.status === 'IN_DOUBT' && <ReturnDoubtPanel api={api} event={ev} maySettle={mayInvalidate} onDone={onChanged} />}
      {ev.status === 'REJECTED' && ev.mhResponse && (
        <span className="small">
          {' '}
          {textOf(ev.mhResponse.codigoMsg)} {textOf(ev.mhResponse.descripcionMsg)}
        </span>
      )}
      {ev.invalidation && ev.status !== 'INVALIDATED' && (
        <p className="small">
          {words.invalidation[ev.invalidation.status]}
          {ev.invalidation.status === 'REJECTED' && ev.invalidation.mhResponse
            ? `: ${textOf(ev.invalidation.mhResponse.codigoMsg)} ${textOf(ev.invalidation.mhResponse.descripcionMsg)}`
            : ''}
        </p>
      )}
      {ev.status === 'INVALIDATED' && ev.invalidation?.seal && (
        <p className="small">
          {words.invalidation.APPROVED} · {words.seal}: <span className="mono">{ev.invalidation.seal}</span>
        </p>
      )}
      {ev.status !== 'REJECTED' && (
        <div className="actions">
          <button
            type="button"
            // A receipt that did not print says why here (the thermal printer out of paper); a good one clears it.
            onClick={() => void api.printReturnReceipt(ev.id).then((r) => setProblem(r.ok ? null : errorText(r.error)))}
            aria-label={words.receiptLabel(ev.total)}
          >
            {words.receipt}
          </button>
          <button type="button" onClick={() => void api.printReturnLetter(ev.id)} aria-label={words.letterLabel(ev.total)}>
            {words.letter}
          </button>
          {ev.seal && (
            <button
              type="button"
              onClick={() => void saveSignedJson(ev.id, api.returnJson).then(setProblem)}
              aria-label={words.jsonLabel(ev.total)}
            >
              {words.json}
            </button>
          )}
        </div>
      )}
      {ev.seal && (
        <form
          className="returns-email"
          aria-label={words.emailLabel(ev.total)}
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            if (sending) return;
            setSending(true);
            void api.sendReturn(ev.id, { email: email.trim() }).then((r) => {
              setSending(false);
              if (!r.ok) return setProblem(errorText(r.error));
              setEmail('');
              setProblem(null);
              onChanged(words.emailQueued(r.value.email));
            });
          }}
        >
          <label htmlFor={`return-email-${ev.id}`}>{words.emailTo}</label>{' '}
          <input id={`return-email-${ev.id}`} type="email" autoComplete="off" value={email} onChange={(e) => setEmail(e.target.value)} />{' '}
          <button type="submit" disabled={sending} aria-busy={sending}>
            {words.emailSend}
          </button>
        </form>
      )}
      {problem && !open && (
        <p role="alert" className="error">
          {problem}
        </p>
      )}
      {canInvalidate && !open && (
        <p className="small">
          {words.invalidateUntil(localTime(ev.invalidationDeadline, false))}{' '}
          <button type="button" ref={opener} onClick={() => setOpen(true)}>
            {words.invalidate}
          </button>
        </p>
      )}
      {open && (
        <form className="returns-form" onSubmit={(e) => void submit(e)} onKeyDown={escape} aria-label={words.invalidate} noValidate>
          <p className="small">{words.invalidateIntro}</p>
          <div className="field">
            <label htmlFor={`return-invalidate-${ev.id}`}>{words.invalidateReason}</label>
            <input
              id={`return-invalidate-${ev.id}`}
              ref={field}
              value={reason}
              maxLength={200}
              autoComplete="off"
              onChange={(e) => {
                setProblem(null);
                setReason(e.target.value);
              }}
            />
            <span className="hint">{words.invalidateReasonHint}</span>
          </div>
          <FormFooter
            problem={problem}
            busy={busy}
            confirm={words.invalidateConfirm}
            busyText={words.sending}
            cancel={words.cancel}
            onCancel={close}
          />
        </form>
      )}
    </li>
  );
}
