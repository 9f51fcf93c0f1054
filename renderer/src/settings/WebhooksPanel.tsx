// Ajustes → Webhooks (administrators; docs/decisions/0011-webhooks.md): the POS's endpoints, adding one (its
// secret shown once), enabling, disabling and deleting them, and each one's delivery log with "send again".
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import type { SelloApi } from '../../../shared/api';
import { validate, type FieldError } from '../../../shared/contract';
import { WEBHOOK_EVENTS, webhookInput, type WebhookDelivery, type WebhookEvent, type WebhookInfo } from '../../../shared/webhooks';
import { errorText } from '../error-text';
import { localTime } from '../local-time';
import { deliveryWords } from '../words/delivery';
import './delivery.css';

const W = deliveryWords.webhooks;
const D = W.deliveries;
/** While a log shows a delivery on its way, it is read again this often. */
const POLL_MS = 2000;

type Say = { text: string; ok: boolean } | null;

const eventsText = (events: readonly WebhookEvent[]) =>
  events.length === WEBHOOK_EVENTS.length ? W.allEvents : events.map((e) => W.events[e]).join(', ');

export function WebhooksPanel({ api }: { api: SelloApi }) {
  const [list, setList] = useState<readonly WebhookInfo[] | null>(null);
  const [say, setSay] = useState<Say>(null);
  const [adding, setAdding] = useState(false);
  const [secret, setSecret] = useState<{ url: string; secret: string } | null>(null);
  const [confirming, setConfirming] = useState<WebhookInfo | null>(null);
  const [open, setOpen] = useState<string | null>(null);
  const addButton = useRef<HTMLButtonElement>(null);
  const secretInput = useRef<HTMLInputElement>(null);
  // The secret shown once takes the focus, selected, ready for Ctrl+C.
  useEffect(() => secretInput.current?.focus(), [secret]);
  const load = useCallback(
    () => void api.listWebhooks().then((r) => (r.ok ? setList(r.value) : setSay({ text: errorText(r.error), ok: false }))),
    [api],
  );
  useEffect(load, [load]);

  const toggle = async (w: WebhookInfo) => {
    setSay(null);
    const r = w.active ? await api.disableWebhook(w.id) : await api.enableWebhook(w.id);
    setSay(r.ok ? { text: w.active ? W.disabledNow(w.url) : W.enabled(w.url), ok: true } : { text: errorText(r.error), ok: false });
    load();
  };
  const remove = async (w: WebhookInfo) => {
    setConfirming(null);
    const r = await api.deleteWebhook(w.id);
    setSay(r.ok ? { text: W.removed(w.url), ok: true } : { text: errorText(r.error), ok: false });
    if (open === w.id) setOpen(null);
    load();
    requestAnimationFrame(() => addButton.current?.focus());
  };

  const opened = list?.find((w) => w.id === open);
  return (
    <section aria-labelledby="webhooks-title" className="delivery-panel" data-testid="webhooks-panel">
      <h2 id="webhooks-title">{W.title}</h2>
      <p className="muted">{W.intro}</p>
      {say && (
        <p role={say.ok ? 'status' : 'alert'} className={say.ok ? 'ok' : 'error'} data-testid="webhooks-message">
          {say.text}
        </p>
      )}
      {list && list.length === 0 && <p className="muted">{W.empty}</p>}
      {list && list.length > 0 && (
        <table className="users webhooks" data-testid="webhooks">
          <caption className="sr-only">{W.title}</caption>
          <thead>
            <tr>
              <th scope="col">{W.columns.url}</th>
              <th scope="col">{W.columns.events}</th>
              <th scope="col">{W.columns.state}</th>
              <th scope="col">{W.columns.queue}</th>
              <th scope="col">{W.columns.actions}</th>
            </tr>
          </thead>
          <tbody>
            {list.map((w) => (
              <tr key={w.id} className={w.active ? undefined : 'inactive'}>
                <td className="mono url">{w.url}</td>
                <td>{eventsText(w.events)}</td>
                <td>
                  {w.active ? W.active : W.disabled}
                  {w.source === 'file' && <span className="small"> · {W.fromFile}</span>}
                  {!w.active && w.disabledReason && <span className="small reason">{w.disabledReason}</span>}
                </td>
                <td>{W.queue(w.pending, w.failed)}</td>
                <td className="row-actions">
                  <button
                    type="button"
                    aria-expanded={open === w.id}
                    aria-controls={open === w.id ? `log-${w.id}` : undefined}
                    aria-label={`${open === w.id ? W.hideLog : W.log}: ${w.url}`}
                    onClick={() => setOpen(open === w.id ? null : w.id)}
                  >
                    {open === w.id ? W.hideLog : W.log}
                  </button>
                  <button type="button" aria-label={w.active ? W.disableLabel(w.url) : W.enableLabel(w.url)} onClick={() => void toggle(w)}>
                    {w.active ? W.disable : W.enable}
                  </button>
                  {w.source === 'app' && (
                    <button type="button" aria-label={W.removeLabel(w.url)} onClick={() => setConfirming(w)}>
                      {W.remove}
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {confirming && <ConfirmRemove webhook={confirming} onYes={() => void remove(confirming)} onNo={() => setConfirming(null)} />}
      {opened && <DeliveryLog key={opened.id} api={api} webhook={opened} onChanged={load} />}
      {secret && (
        <div className="secret-once" role="status" data-testid="webhook-secret">
          <p>{W.secretOnce}</p>
          <label htmlFor="webhook-secret">{W.secretLabel}</label>
          <div className="row">
            <input
              ref={secretInput}
              id="webhook-secret"
              className="mono"
              readOnly
              value={secret.secret}
              size={Math.min(60, secret.secret.length + 2)}
              onFocus={(e) => e.target.select()}
            />
            <button
              type="button"
              onClick={() => {
                setSecret(null);
                requestAnimationFrame(() => addButton.current?.focus());
              }}
            >
              {W.secretDone}
            </button>
          </div>
        </div>
      )}
      {adding ? (
        <AddWebhook
          api={api}
          onCancel={() => {
            setAdding(false);
            requestAnimationFrame(() => addButton.current?.focus());
          }}
          onCreated={(created) => {
            setAdding(false);
            setSay({ text: W.created(created.url), ok: true });
            load();
            if (created.secret) setSecret({ url: created.url, secret: created.secret });
            else requestAnimationFrame(() => addButton.current?.focus());
          }}
        />
      ) : (
        <button
          ref={addButton}
          type="button"
          onClick={() => {
            setSay(null);
            setAdding(true);
          }}
        >
          {W.add}
        </button>
      )}
    </section>
  );
}

function ConfirmRemove({ webhook, onYes, onNo }: { webhook: WebhookInfo; onYes: () => void; onNo: () => void }) {
  const no = useRef<HTMLButtonElement>(null);
  // The safe answer takes the focus: Enter alone never deletes.
  useEffect(() => no.current?.focus(), []);
  return (
    <div
      className="confirm warning"
      role="alertdialog"
      aria-labelledby="webhook-confirm-text"
      onKeyDown={(e) => e.key === 'Escape' && onNo()}
      data-testid="webhook-confirm"
    >
      <p id="webhook-confirm-text">{W.confirmRemove(webhook.url)}</p>
      <div className="row actions">
        <button type="button" ref={no} onClick={onNo}>
          {W.confirmNo}
        </button>
        <button type="button" className="danger" onClick={onYes}>
          {W.confirmYes}
        </button>
      </div>
    </div>
  );
}

type Key = 'url' | 'events' | 'secret';

function AddWebhook({
  api,
  onCreated,
  onCancel,
}: {
  api: SelloApi;
  onCreated: (w: WebhookInfo & { secret: string | null }) => void;
  onCancel: () => void;
}) {
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<ReadonlySet<WebhookEvent>>(new Set(WEBHOOK_EVENTS));
  const [secret, setSecret] = useState('');
  const [errors, setErrors] = useState<readonly FieldError[]>([]);
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => formRef.current?.querySelector<HTMLElement>('input')?.focus(), []);

  const body = { url, events: WEBHOOK_EVENTS.filter((e) => events.has(e)), ...(secret ? { secret } : {}) };
  const focusFirstError = () => requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
  const clear = (key: Key) => {
    setErrors((list) => list.filter((e) => e.path !== key && !e.path.startsWith(`${key}.`)));
    setMessage(null);
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const local = validate(webhookInput, body);
    const found: FieldError[] = local.ok ? [] : [...local.errors];
    if (body.events.length === 0) found.push({ path: 'events', code: 'REQUIRED', message: W.eventsMissing });
    if (found.length > 0) {
      setErrors(found);
      setMessage(W.fix);
      return focusFirstError();
    }
    setBusy(true);
    const r = await api.createWebhook(body);
    setBusy(false);
    if (r.ok) return onCreated(r.value);
    const named = (r.error.errors ?? []).filter((x) => ['url', 'events', 'secret'].includes(x.path.split('.')[0] ?? ''));
    setErrors(named);
    setMessage(named.length ? `${r.error.detail ?? r.error.title} ${W.fix}` : errorText(r.error));
    focusFirstError();
  };

  const errorOf = (key: Key) => errors.find((e) => e.path === key || e.path.startsWith(`${key}.`));
  const urlError = errorOf('url');
  const eventsError = errorOf('events');
  const secretError = errorOf('secret');
  return (
    <form
      ref={formRef}
      className="panel-form"
      onSubmit={(e) => void submit(e)}
      noValidate
      aria-labelledby="webhook-form-title"
      aria-busy={busy}
      onKeyDown={(e) => e.key === 'Escape' && onCancel()}
    >
      <h3 id="webhook-form-title">{W.addTitle}</h3>
      <div className="row">
        <div className="field wide">
          <label htmlFor="webhook-url">{W.url}</label>
          <input
            id="webhook-url"
            type="url"
            value={url}
            onChange={(e) => {
              setUrl(e.target.value);
              clear('url');
            }}
            aria-invalid={urlError !== undefined}
            aria-describedby={urlError ? 'webhook-url-hint webhook-url-error' : 'webhook-url-hint'}
            autoComplete="off"
            spellCheck={false}
          />
          <span className="hint" id="webhook-url-hint">
            {W.urlHint}
          </span>
          {urlError && (
            <span className="field-error" role="alert" id="webhook-url-error">
              {urlError.message}
            </span>
          )}
        </div>
      </div>
      <fieldset className="events" aria-describedby={eventsError ? 'webhook-events-error' : undefined}>
        <legend>{W.eventsLegend}</legend>
        {WEBHOOK_EVENTS.map((ev, i) => (
          <label key={ev} className="check">
            <input
              type="checkbox"
              checked={events.has(ev)}
              aria-invalid={i === 0 && eventsError !== undefined}
              onChange={(e) => {
                const next = new Set(events);
                if (e.target.checked) next.add(ev);
                else next.delete(ev);
                setEvents(next);
                clear('events');
              }}
            />{' '}
            {W.events[ev]} <span className="mono small">{ev}</span>
          </label>
        ))}
        {eventsError && (
          <span className="field-error" role="alert" id="webhook-events-error">
            {eventsError.message}
          </span>
        )}
      </fieldset>
      <div className="row">
        <div className="field wide">
          <label htmlFor="webhook-secret-input">{W.secret}</label>
          <input
            id="webhook-secret-input"
            type="password"
            value={secret}
            onChange={(e) => {
              setSecret(e.target.value);
              clear('secret');
            }}
            aria-invalid={secretError !== undefined}
            aria-describedby={secretError ? 'webhook-secret-hint webhook-secret-error' : 'webhook-secret-hint'}
            autoComplete="new-password"
          />
          <span className="hint" id="webhook-secret-hint">
            {W.secretHint}
          </span>
          {secretError && (
            <span className="field-error" role="alert" id="webhook-secret-error">
              {secretError.message}
            </span>
          )}
        </div>
      </div>
      {message && (
        <p role="alert" className="error">
          {message}
        </p>
      )}
      <div className="row actions">
        <button type="button" onClick={onCancel} disabled={busy}>
          {W.cancel}
        </button>
        <button type="submit" className="primary" disabled={busy}>
          {busy ? W.creating : W.create}
        </button>
      </div>
    </form>
  );
}

function DeliveryLog({ api, webhook, onChanged }: { api: SelloApi; webhook: WebhookInfo; onChanged: () => void }) {
  const [items, setItems] = useState<readonly WebhookDelivery[] | null>(null);
  const [cursor, setCursor] = useState<string | null>(null);
  const [shown, setShown] = useState(20);
  const [say, setSay] = useState<Say>(null);
  const read = useCallback(
    () =>
      void api.webhookDeliveries(webhook.id, { limit: shown }).then((r) => {
        if (!r.ok) return setSay({ text: errorText(r.error), ok: false });
        setItems(r.value.items);
        setCursor(r.value.nextCursor);
      }),
    [api, webhook.id, shown],
  );
  // Read again whenever the endpoint is (enabled, disabled, its counts after a poll): the log follows the list.
  useEffect(read, [read, webhook]);
  const waiting = items?.some((d) => d.status === 'PENDING') === true;
  useEffect(() => {
    if (!waiting) return undefined;
    const t = setInterval(onChanged, POLL_MS);
    return () => clearInterval(t);
  }, [waiting, onChanged]);

  const retry = async (d: WebhookDelivery) => {
    const r = await api.retryWebhookDelivery(d.id);
    setSay(r.ok ? { text: D.retried, ok: true } : { text: errorText(r.error), ok: false });
    onChanged();
  };

  return (
    <section id={`log-${webhook.id}`} className="webhook-log" aria-labelledby={`log-title-${webhook.id}`} data-testid="webhook-log">
      <div className="section-head">
        <h3 id={`log-title-${webhook.id}`}>{W.logLabel(webhook.url)}</h3>
        <button type="button" onClick={read}>
          {D.refresh}
        </button>
      </div>
      {say && (
        <p role={say.ok ? 'status' : 'alert'} className={say.ok ? 'ok' : 'error'}>
          {say.text}
        </p>
      )}
      {items && items.length === 0 && <p className="muted">{D.empty}</p>}
      {items && items.length > 0 && (
        <table className="users deliveries">
          <caption className="sr-only">{D.caption(webhook.url)}</caption>
          <thead>
            <tr>
              <th scope="col">{D.event}</th>
              <th scope="col">{D.document}</th>
              <th scope="col">{D.status}</th>
              <th scope="col">{D.attempts}</th>
              <th scope="col">{D.answer}</th>
              <th scope="col">{D.times}</th>
              <th scope="col">
                <span className="sr-only">{W.columns.actions}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {items.map((d) => (
              <tr key={d.id} data-testid="webhook-delivery">
                <td>{W.events[d.event]}</td>
                <td className="mono small">{d.documentId.toUpperCase()}</td>
                <td>
                  <span
                    className={`status status-${d.status === 'DELIVERED' ? 'approved' : d.status === 'FAILED' ? 'rejected' : 'pending'}`}
                  >
                    {D.statuses[d.status]}
                  </span>
                </td>
                <td>{d.attempts}</td>
                <td>
                  {d.lastStatus !== null ? `HTTP ${d.lastStatus}` : d.attempts > 0 ? D.noAnswer : '—'}
                  {d.lastError && <span className="small reason">{d.lastError}</span>}
                </td>
                <td className="small times">
                  <span>
                    {D.occurred} {localTime(d.occurredAt)}
                  </span>
                  {d.deliveredAt && (
                    <span>
                      {D.delivered} {localTime(d.deliveredAt)}
                    </span>
                  )}
                  {d.status === 'PENDING' && d.nextAttemptAt && (
                    <span>
                      {D.next} {localTime(d.nextAttemptAt)}
                    </span>
                  )}
                  {d.status === 'PENDING' && (
                    <span>
                      {D.giveUp} {localTime(d.giveUpAt)}
                    </span>
                  )}
                </td>
                <td>
                  {d.status !== 'PENDING' && (
                    <button
                      type="button"
                      aria-label={D.retryLabel(W.events[d.event], d.documentId.toUpperCase())}
                      onClick={() => void retry(d)}
                    >
                      {D.retry}
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {cursor && (
        <button type="button" onClick={() => setShown((n) => Math.min(200, n + 20))} disabled={shown >= 200}>
          {D.more}
        </button>
      )}
    </section>
  );
}
