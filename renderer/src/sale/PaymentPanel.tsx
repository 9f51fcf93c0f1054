// How the customer pays: cash (with the amount received and the change), a card, a transfer, or cash plus
// one of those. Enter moves to the next field; issuing is F12 or Ctrl+Enter, never Enter.
import { forwardRef, type KeyboardEvent } from 'react';
import { es } from '../strings';
import { OTHER_METHODS, PAY_METHODS, usd, type Payment, type PaymentCheck } from './cart';

const w = es.sale;

/** Enter in a payment field moves on, as Tab would. */
function nextOnEnter(e: KeyboardEvent<HTMLElement>) {
  if (e.key !== 'Enter' || e.ctrlKey) return;
  e.preventDefault();
  const fields = [...document.querySelectorAll<HTMLElement>('.sale-pay input, .sale-pay select, .sale-issue')];
  const i = fields.indexOf(e.currentTarget);
  fields[i + 1]?.focus();
}

export const PaymentPanel = forwardRef<HTMLFieldSetElement, { payment: Payment; check: PaymentCheck; onChange: (p: Payment) => void }>(
  function PaymentPanel({ payment: p, check, onChange }, ref) {
    const set = (patch: Partial<Payment>) => onChange({ ...p, ...patch });
    const cash = p.method === 'cash' || p.method === 'mixed';
    return (
      <fieldset className="sale-pay" ref={ref} tabIndex={-1}>
        <legend>{w.pay}</legend>
        <div className="sale-methods" role="radiogroup" aria-label={w.pay}>
          {PAY_METHODS.map((m) => (
            <label key={m} className={p.method === m ? 'chosen' : undefined}>
              <input
                type="radio"
                name="sale-method"
                value={m}
                checked={p.method === m}
                onChange={() => set({ method: m })}
                onKeyDown={nextOnEnter}
              />
              {w.methods[m]}
            </label>
          ))}
        </div>
        {cash && (
          <label>
            {p.method === 'cash' ? w.received : w.cashPart}
            <input
              id="sale-cash"
              inputMode="decimal"
              autoComplete="off"
              value={p.cash}
              aria-describedby={p.method === 'cash' ? 'sale-cash-hint' : undefined}
              aria-invalid={!check.ok || undefined}
              onChange={(e) => set({ cash: e.target.value })}
              onKeyDown={nextOnEnter}
            />
          </label>
        )}
        {p.method === 'cash' && (
          <p id="sale-cash-hint" className="muted">
            {w.receivedHint}
          </p>
        )}
        {p.method === 'mixed' && (
          <label>
            {w.otherPart}
            <select value={p.other} onChange={(e) => set({ other: e.target.value as Payment['other'] })} onKeyDown={nextOnEnter}>
              {OTHER_METHODS.map((m) => (
                <option key={m} value={m}>
                  {w.methods[m]}
                </option>
              ))}
            </select>
          </label>
        )}
        {check.ok && check.rest && <p data-testid="sale-rest">{w.rest(usd(check.rest))}</p>}
        {p.method !== 'cash' && (
          <label>
            {w.reference}
            <input
              value={p.reference}
              maxLength={50}
              autoComplete="off"
              aria-describedby="sale-reference-hint"
              onChange={(e) => set({ reference: e.target.value })}
              onKeyDown={nextOnEnter}
            />
          </label>
        )}
        {p.method !== 'cash' && (
          <p id="sale-reference-hint" className="muted">
            {w.referenceHint}
          </p>
        )}
        {check.ok && check.change && (
          <p className="sale-change" data-testid="sale-change">
            {w.change} <strong>{usd(check.change)}</strong>
          </p>
        )}
        {!check.ok && (
          <p className="sale-problem" role="alert">
            {check.problem === 'short' && check.missing
              ? w.short(usd(check.missing))
              : check.problem === 'mixedCash'
                ? w.mixedCash
                : w.badCash}
          </p>
        )}
      </fieldset>
    );
  },
);
