// A document's e-mails (docs/decisions/0010-email-delivery.md): each delivery queued, sent (when) or failed
// (why), and "Enviar por correo" to the customer's address or another, for a document MH approved or invalidated.
import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { SelloApi } from '../../../shared/api';
import { validate } from '../../../shared/contract';
import { emailTarget, type DeliveryRecord } from '../../../shared/delivery';
import type { DteDetail } from '../../../shared/records';
import { errorText } from '../error-text';
import { localTime } from '../local-time';
import { deliveryWords } from '../words/delivery';
import '../settings/delivery.css';

const E = deliveryWords.document;
/** While an e-mail is on its way (or about to be queued), the list is read again this often. */
const POLL_MS = 2000;
/** How long an approved document with an address waits for its first delivery to show before polling stops. */
const EXPECT_POLLS = 30;

/** The customer's address as the document was issued with it, if any. */
export function recipientEmail(detail: DteDetail): string | null {
  const recipient = detail.body?.recipient;
  if (typeof recipient !== 'object' || recipient === null || !('email' in recipient)) return null;
  const email = recipient.email;
  return typeof email === 'string' && email.trim() ? email.trim() : null;
}

export function DeliveriesPanel({
  api,
  detail,
  anyAddress,
}: {
  api: SelloApi;
  detail: DteDetail;
  /** The person may send to another address than the customer's (a supervisor's; docs/decisions/0067-email-rights-and-small-guards.md). */
  anyAddress: boolean;
}) {
  const r = detail.record;
  const customer = recipientEmail(detail);
  const [list, setList] = useState<readonly DeliveryRecord[]>(detail.deliveries);
  const [email, setEmail] = useState(customer ?? '');
  const [error, setError] = useState<string | null>(null);
  const [say, setSay] = useState<{ text: string; ok: boolean } | null>(null);
  // The resend just asked for: its line says when it goes, and the note beside the field follows it.
  const [queued, setQueued] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const polls = useRef(0);
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => setList(detail.deliveries), [detail.deliveries]);

  const sendable = r.status === 'APPROVED' || r.status === 'INVALIDATED';
  const moving = list.some((d) => d.status === 'PENDING' || d.status === 'SENDING');
  // The approval's e-mail is queued by its own loop just after the status changes: it shows a moment later.
  const expecting = r.status === 'APPROVED' && customer !== null && list.length === 0;
  useEffect(() => {
    if (!moving && !expecting) return undefined;
    const t = setInterval(() => {
      if (!moving && polls.current++ >= EXPECT_POLLS) return clearInterval(t);
      void api.dteDetail(r.id).then((x) => x.ok && setList(x.value.deliveries));
    }, POLL_MS);
    return () => clearInterval(t);
  }, [api, r.id, moving, expecting]);

  const send = async (e: FormEvent) => {
    e.preventDefault();
    setSay(null);
    const local = validate(emailTarget, { email });
    if (!local.ok) {
      setError(local.errors[0]?.message ?? E.fix);
      return input.current?.focus();
    }
    setBusy(true);
    const x = await api.sendDte(r.id, { email });
    setBusy(false);
    if (!x.ok) {
      const named = x.error.errors?.find((f) => f.path === 'email');
      if (named) {
        setError(`${named.message} ${E.fix}`);
        return input.current?.focus();
      }
      return setSay({ text: errorText(x.error), ok: false });
    }
    setError(null);
    setSay(null);
    setQueued(x.value.id);
    setList((l) => [...l.filter((d) => d.id !== x.value.id), x.value]);
  };

  if (r.status === 'REJECTED' && list.length === 0) return null;
  const resent = queued ? list.find((d) => d.id === queued) : undefined;
  const note: { text: string; ok: boolean } | null = resent
    ? resent.status === 'SENT'
      ? { text: E.sent(resent.email), ok: true }
      : resent.status === 'FAILED'
        ? { text: E.failed(resent.email, resent.lastError ?? ''), ok: false }
        : { text: E.queued(resent.email), ok: true }
    : say;

  return (
    <section className="deliveries-panel" aria-labelledby="deliveries-title" data-testid="deliveries">
      <h3 id="deliveries-title">{E.title}</h3>
      {list.length === 0 ? (
        <p className="muted">
          {!sendable && customer ? E.willSend(customer) : customer ? E.none : anyAddress ? E.noAddress : E.noAddressCashier}
        </p>
      ) : (
        <ul className="delivery-list">
          {list.map((d) => (
            <li key={d.id} data-testid="delivery">
              <span className={`status status-${d.status === 'SENT' ? 'approved' : d.status === 'FAILED' ? 'rejected' : 'pending'}`}>
                {E.statuses[d.status]}
              </span>{' '}
              {E.messages[d.message]} · <span className="mono">{d.email}</span>
              {d.requestedBy && <span className="small"> · {E.requested}</span>}
              <span className="small when">
                {d.sentAt && E.sentAt(localTime(d.sentAt))}
                {d.failedAt && E.failedAt(localTime(d.failedAt))}
                {d.status === 'PENDING' && d.nextAttemptAt && E.nextAt(localTime(d.nextAttemptAt))}
                {d.attempts > 0 && ` · ${E.attempts(d.attempts)}`}
              </span>
              {d.status === 'PENDING' && d.waiting && <span className="small reason">{d.waiting}</span>}
              {d.status === 'FAILED' && d.lastError && <span className="small reason error">{d.lastError}</span>}
            </li>
          ))}
        </ul>
      )}
      {/* A cashier sends only to the customer's own address: not offered a field the station would refuse. */}
      {sendable && (anyAddress || customer) && (
        <form className="send-mail" onSubmit={(e) => void send(e)} noValidate aria-label={E.send} aria-busy={busy}>
          <div className="row">
            <div className="field">
              <label htmlFor="send-email">{E.to}</label>
              <input
                ref={input}
                id="send-email"
                type="email"
                value={email}
                onChange={(e) => {
                  setEmail(e.target.value);
                  setError(null);
                }}
                aria-invalid={error !== null}
                aria-describedby={error ? 'send-email-hint send-email-error' : 'send-email-hint'}
                autoComplete="off"
                readOnly={!anyAddress}
              />
              <span className="hint" id="send-email-hint">
                {r.status === 'INVALIDATED' ? E.toHintInvalidated : E.toHint}
                {!anyAddress && ` ${E.onlyCustomer}`}
              </span>
              {error && (
                <span className="field-error" role="alert" id="send-email-error">
                  {error}
                </span>
              )}
            </div>
            <button type="submit" disabled={busy}>
              {busy ? E.sending : E.send}
            </button>
          </div>
          {note && (
            <p role={note.ok ? 'status' : 'alert'} className={note.ok ? 'ok' : 'error'} data-testid="send-result">
              {note.text}
            </p>
          )}
        </form>
      )}
    </section>
  );
}
