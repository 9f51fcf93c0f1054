// "Devolución" on a sealed FE, FEX or FSE (MH's Evento de Retorno, fe-eret-v1): the lines with what is left to give
// back, the quantities and a reason, then what MH answered; and every return of the document, as an invalidation is
// shown. Shown only while the 2026 normative is in force (or when the document already has returns).
import { localTime } from '../local-time';
import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import type { SelloApi } from '../../../shared/api';
import type { DteRecord } from '../../../shared/records';
import type { DocumentReturns } from '../../../shared/retorno';
import { errorText } from '../error-text';
import { retornoWords as words } from '../words/retorno';
import { FormFooter } from './FormFooter';
import { ReturnEventItem } from './ReturnEventItem';
import { RefundMethodField } from '../close/RefundMethodField';
import type { RefundMethod } from '../../../shared/close';

const KINDS: readonly string[] = ['FC', 'FEX', 'FSE'];
const parse = (v: string): number => (v.trim() === '' ? 0 : Number(v.replace(',', '.')));

export function ReturnsPanel({
  api,
  record,
  mayReturn,
  onDone,
  onLive,
}: {
  api: SelloApi;
  record: DteRecord;
  /** The person may make one (a supervisor or an administrator). */
  mayReturn: boolean;
  /** An ER was made: what to tell the person. */
  onDone: (message: string) => void;
  /** Whether a live ER (waiting for MH or sealed) covers the document: it cannot be invalidated meanwhile. */
  onLive?: (live: boolean) => void;
}) {
  const [view, setView] = useState<DocumentReturns | null>(null);
  const [open, setOpen] = useState(false);
  const [quantities, setQuantities] = useState<Record<number, string>>({});
  const [reason, setReason] = useState('');
  // How the money went back: charged to whoever makes the return (docs/decisions/0073-money-follows-the-person.md).
  const [refund, setRefund] = useState<RefundMethod | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const first = useRef<HTMLInputElement>(null);
  const opener = useRef<HTMLButtonElement>(null);
  const load = () =>
    void api.dteReturns(record.id).then((r) => {
      if (!r.ok) return;
      setView(r.value);
      onLive?.(r.value.events.some((e) => e.status === 'PENDING' || e.status === 'APPROVED'));
    });
  useEffect(load, [api, record.id, record.status]);
  useEffect(() => {
    if (open) first.current?.focus();
  }, [open]);

  if (!KINDS.includes(record.type) || !view) return null;
  // Before the 2026 normative MH has no return event: the panel says why there is no "Devolución", and where it starts.
  if (!view.normativeInForce && view.events.length === 0)
    return record.status === 'APPROVED' ? (
      <p className="small muted" data-testid="returns-unavailable">
        {words.unavailable}
      </p>
    ) : null;
  const canOpen = mayReturn && record.status === 'APPROVED' && view.refusal === null;

  const close = () => {
    setOpen(false);
    setProblem(null);
    setTimeout(() => opener.current?.focus(), 0);
  };
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const lines = view.lines.flatMap((l) => {
      const q = parse(quantities[l.item] ?? '');
      return q > 0 ? [{ dteId: record.id, item: l.item, quantity: q }] : [];
    });
    const over = view.lines.find((l) => parse(quantities[l.item] ?? '') > l.left || Number.isNaN(parse(quantities[l.item] ?? '')));
    if (over) return setProblem(`${over.description}: ${words.tooMuch(over.left)}`);
    if (lines.length === 0) return setProblem(words.nothing);
    if (reason.trim().length < 5) return setProblem(words.reasonShort);
    setBusy(true);
    const r = await api.returnDte({ lines, reason: reason.trim() }, refund ?? undefined);
    setBusy(false);
    if (!r.ok) return setProblem(errorText(r.error));
    setOpen(false);
    setQuantities({});
    setReason('');
    setRefund(null);
    setProblem(null);
    load();
    onDone(words.done(r.value.status, r.value.contingencyId !== null));
  };
  const escape = (e: KeyboardEvent) => {
    if (e.key === 'Escape') {
      e.preventDefault();
      close();
    }
  };

  return (
    <section className="returns" aria-labelledby="returns-title">
      <h3 id="returns-title">{words.title}</h3>
      {view.deadline && record.status === 'APPROVED' && <p className="small">{words.until(localTime(view.deadline, false))}</p>}
      {view.events.length > 0 ? (
        <ul className="returns-events" data-testid="returns-events">
          {view.events.map((ev) => (
            <ReturnEventItem
              key={ev.id}
              api={api}
              event={ev}
              mayInvalidate={mayReturn}
              onChanged={(message) => {
                load();
                onDone(message);
              }}
            />
          ))}
        </ul>
      ) : (
        <p className="small">{words.none}</p>
      )}
      {view.events.some((e) => e.status === 'APPROVED') && <p className="small">{words.blocksInvalidation}</p>}
      {view.refusal && record.status === 'APPROVED' && mayReturn && <p className="small">{view.refusal}</p>}
      {canOpen && !open && (
        <button type="button" ref={opener} onClick={() => setOpen(true)}>
          {words.action}
        </button>
      )}
      {open && (
        <form className="returns-form" onSubmit={(e) => void submit(e)} onKeyDown={escape} aria-label={words.action} noValidate>
          <p className="small">{words.intro}</p>
          <table>
            <thead>
              <tr>
                <th scope="col">{words.description}</th>
                <th scope="col" className="col-number">
                  {words.leftOfSold}
                </th>
                <th scope="col" className="col-quantity">
                  {words.quantity}
                </th>
              </tr>
            </thead>
            <tbody>
              {view.lines.map((l, i) => (
                <tr key={l.item}>
                  <td>
                    {l.item}. {l.description}
                  </td>
                  <td>
                    {l.left} / {l.quantity}
                  </td>
                  <td>
                    <input
                      ref={i === 0 ? first : undefined}
                      type="number"
                      inputMode="decimal"
                      min={0}
                      max={l.left}
                      step="any"
                      disabled={l.left <= 0}
                      aria-label={words.quantityOf(l.description, l.left)}
                      value={quantities[l.item] ?? ''}
                      onChange={(e) => {
                        // A new quantity answers the last problem: it is checked again on confirming.
                        setProblem(null);
                        setQuantities({ ...quantities, [l.item]: e.target.value });
                      }}
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <div className="field">
            <label htmlFor="return-reason">{words.reason}</label>
            <input id="return-reason" value={reason} maxLength={150} autoComplete="off" onChange={(e) => setReason(e.target.value)} />
            <span className="hint">{words.reasonHint}</span>
          </div>
          <RefundMethodField
            value={refund}
            onChange={(m) => {
              setRefund(m);
              setProblem(null);
            }}
          />
          <FormFooter
            problem={problem}
            busy={busy}
            confirm={words.confirm}
            busyText={words.sending}
            cancel={words.cancel}
            onCancel={close}
          />
        </form>
      )}
    </section>
  );
}
