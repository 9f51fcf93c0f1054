// A supervisor corrects a recorded float with a reason (docs/decisions/0073-money-follows-the-person.md): the float
// typed at the shift's start stays on record, the close takes the correction and shows both. Not a nested <form>:
// it lives inside the close's form, so Enter here saves the correction, never the close.
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import type { SelloApi } from '../../../shared/api';
import type { DrawerOpening } from '../../../shared/close';
import { errorText } from '../error-text';
import { closeWords } from '../words/close';

const F = closeWords.form;

export function FloatCorrectionForm({ api, opening, onDone }: { api: SelloApi; opening: DrawerOpening; onDone: () => void }) {
  const [open, setOpen] = useState(false);
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [problems, setProblems] = useState<{ amount?: string; reason?: string; form?: string }>({});
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  const id = useId();
  const amountRef = useRef<HTMLInputElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  // Closed (saved or cancelled), the focus goes back to the button that opened it, never to the page.
  const [closedTick, setClosedTick] = useState(0);
  useEffect(() => {
    if (closedTick > 0) toggle.current?.focus();
  }, [closedTick]);
  const shut = () => {
    setOpen(false);
    setClosedTick((t) => t + 1);
  };

  const save = async () => {
    if (busy) return;
    setBusy(true);
    const r = await api.correctFloat(opening.id, { amount: amount.trim(), reason: reason.trim() });
    setBusy(false);
    if (r.ok) {
      shut();
      setAmount('');
      setReason('');
      setProblems({});
      setDone(true);
      onDone();
      return;
    }
    const named: { amount?: string; reason?: string; form?: string } = {};
    for (const fe of r.error.errors ?? []) if (fe.path === 'amount' || fe.path === 'reason') named[fe.path] = fe.message;
    if (!named.amount && !named.reason) named.form = errorText(r.error);
    setProblems(named);
  };
  const onKey = (e: KeyboardEvent) => {
    if (e.key === 'Enter') {
      e.preventDefault();
      void save();
    } else if (e.key === 'Escape') {
      e.preventDefault();
      shut();
    }
  };

  if (!open)
    return (
      <div className="close-float-correction">
        <button
          type="button"
          ref={toggle}
          onClick={() => {
            setOpen(true);
            setDone(false);
            setTimeout(() => amountRef.current?.focus(), 0);
          }}
        >
          {F.correctFloat}
        </button>
        {done && (
          <p role="status" className="hint">
            {F.corrected}
          </p>
        )}
      </div>
    );
  return (
    <div className="close-float-correction" role="group" aria-label={F.correctFloat} onKeyDown={onKey}>
      <div className="field">
        <label htmlFor={`${id}-amount`}>{F.correctAmount}</label>
        <input
          id={`${id}-amount`}
          ref={amountRef}
          inputMode="decimal"
          autoComplete="off"
          value={amount}
          aria-invalid={problems.amount !== undefined}
          aria-describedby={problems.amount ? `${id}-amount-error` : undefined}
          onChange={(e) => setAmount(e.target.value)}
        />
        {problems.amount && (
          <span className="field-error" id={`${id}-amount-error`}>
            {problems.amount}
          </span>
        )}
      </div>
      <div className="field">
        <label htmlFor={`${id}-reason`}>{F.correctReason}</label>
        <input
          id={`${id}-reason`}
          autoComplete="off"
          value={reason}
          aria-invalid={problems.reason !== undefined}
          aria-describedby={[`${id}-reason-hint`, problems.reason ? `${id}-reason-error` : ''].filter(Boolean).join(' ')}
          onChange={(e) => setReason(e.target.value)}
        />
        <span className="hint" id={`${id}-reason-hint`}>
          {F.correctReasonHint}
        </span>
        {problems.reason && (
          <span className="field-error" id={`${id}-reason-error`}>
            {problems.reason}
          </span>
        )}
      </div>
      <button type="button" className="primary" onClick={() => void save()} disabled={busy}>
        {F.correctSave}
      </button>
      <button type="button" onClick={shut}>
        {F.correctCancel}
      </button>
      {problems.form && (
        <p role="alert" className="error">
          {problems.form}
        </p>
      )}
    </div>
  );
}
