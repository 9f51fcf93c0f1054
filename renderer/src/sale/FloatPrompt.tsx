// The shift's beginning (issue 55 item 3; docs/decisions/0073-money-follows-the-person.md): while the person's shift
// has no float recorded, the counter asks for it above the sale, once, and has it confirmed before it is saved, so a
// $500 typed for $50 is seen at once; a supervisor corrects a saved one in Cierre de caja, with a reason. It is a
// panel, not a modal: the scan box keeps the focus, so a scan is never lost to it.
import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import type { SelloApi } from '../../../shared/api';
import { errorText } from '../error-text';
import { closeWords } from '../words/close';

const W = closeWords.shiftFloat;
const DOLLARS = /^\d{1,9}(\.\d{1,2})?$/;

/** Two decimals for the confirmation, from the typed text (never through a binary float). */
const twoPlaces = (t: string) => {
  const [whole = '0', cents = ''] = t.split('.');
  return `${whole}.${cents.padEnd(2, '0')}`;
};

export function FloatPrompt({ api, onClosed }: { api: SelloApi; onClosed: (saved: string | null) => void }) {
  const [needed, setNeeded] = useState(false);
  const [amount, setAmount] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const yes = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    let live = true;
    void api.drawerOpening('me').then((r) => live && r.ok && r.value === null && setNeeded(true));
    return () => {
      live = false;
    };
  }, [api]);
  // The confirmation takes the focus only when the person asked for it (Enter in the amount).
  useEffect(() => {
    if (confirming) yes.current?.focus();
  }, [confirming]);

  if (!needed) return null;
  const close = (saved: string | null) => {
    setNeeded(false);
    onClosed(saved);
  };
  const next = (e: FormEvent) => {
    e.preventDefault();
    const t = amount.trim();
    if (!DOLLARS.test(t)) return setProblem(W.bad);
    setProblem(null);
    setConfirming(true);
  };
  const save = async () => {
    if (busy) return;
    setBusy(true);
    const r = await api.openDrawer({ scope: 'me', amount: amount.trim() });
    setBusy(false);
    if (r.ok) return close(r.value.amount);
    // Recorded meanwhile (another window): nothing more to ask.
    if (r.error.errors?.some((fe) => fe.code === 'DUPLICATE')) return close(null);
    setConfirming(false);
    setProblem(r.error.errors?.map((fe) => fe.message).join(' ') || errorText(r.error));
  };
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key !== 'Escape') return;
    e.preventDefault();
    e.stopPropagation();
    if (confirming) setConfirming(false);
    else close(null);
  };

  return (
    <section className="sale-float card" aria-labelledby="shift-float-title" onKeyDown={onKeyDown} data-testid="shift-float">
      <div>
        {confirming ? (
          <>
            <h2 id="shift-float-title">{W.confirmTitle}</h2>
            <p data-testid="shift-float-confirm">{W.confirmText(twoPlaces(amount.trim()))}</p>
            <div className="row actions">
              <button type="button" className="primary" ref={yes} onClick={() => void save()} disabled={busy}>
                {W.confirm}
              </button>
              <button type="button" onClick={() => setConfirming(false)}>
                {W.back}
              </button>
            </div>
          </>
        ) : (
          <form onSubmit={next} noValidate>
            <h2 id="shift-float-title">{W.title}</h2>
            <p>{W.text}</p>
            <div className="field">
              <label htmlFor="shift-float-amount">{W.amount}</label>
              <input
                id="shift-float-amount"
                inputMode="decimal"
                autoComplete="off"
                value={amount}
                aria-invalid={problem !== null}
                aria-describedby={problem ? 'shift-float-error' : undefined}
                onChange={(e) => {
                  setAmount(e.target.value);
                  setProblem(null);
                }}
              />
              {problem && (
                <span className="field-error" id="shift-float-error" role="alert">
                  {problem}
                </span>
              )}
            </div>
            <div className="row actions">
              <button type="submit" className="primary">
                {W.next}
              </button>
              <button type="button" onClick={() => close(null)}>
                {W.later}
              </button>
            </div>
          </form>
        )}
      </div>
    </section>
  );
}
