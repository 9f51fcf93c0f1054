// How the customer pays: cash (with the amount received and the change), a card, a transfer, or cash plus
// one of those. Each method has its key (Alt+1…5, the screen's); Enter moves to the next field; issuing is F12
// or Ctrl+Enter, never Enter. A problem shows once the cashier left the field or tried to issue, not before.
import { forwardRef, useContext, useState, type KeyboardEvent } from 'react';
import { NormativeContext, normativesOf } from '../normative-now';
import { es } from '../strings';
import { CAT017, methodsOffered, usd, type Payment, type PaymentCheck } from './cart';

const w = es.sale;

/** Enter in a payment field moves on, as Tab would. */
function nextOnEnter(e: KeyboardEvent<HTMLElement>) {
  if (e.key !== 'Enter' || e.ctrlKey) return;
  e.preventDefault();
  const fields = [...document.querySelectorAll<HTMLElement>('.sale-pay input, .sale-pay select, .sale-issue')];
  const i = fields.indexOf(e.currentTarget);
  fields[i + 1]?.focus();
}

export const PaymentPanel = forwardRef<
  HTMLFieldSetElement,
  { payment: Payment; check: PaymentCheck; onChange: (p: Payment) => void; tried: boolean }
>(function PaymentPanel({ payment: p, check, onChange, tried }, ref) {
  // The fields the cashier has left since the method was chosen.
  const [left, setLeft] = useState<ReadonlySet<string>>(new Set());
  const leave = (field: string) => setLeft((s) => (s.has(field) ? s : new Set(s).add(field)));
  const set = (patch: Partial<Payment>) => {
    if (patch.method && patch.method !== p.method) setLeft(new Set());
    onChange({ ...p, ...patch });
  };
  // Only the methods the normative in force holds (its CAT-017); the scheduled switch changes them on the day.
  const offered = methodsOffered(normativesOf(useContext(NormativeContext)));
  const cash = p.method === 'cash' || p.method === 'mixed';
  const bad = !check.ok && (tried || left.has(check.problem === 'mixedOther' ? 'other' : 'cash')) ? check : null;
  return (
    <fieldset className="sale-pay" ref={ref} tabIndex={-1}>
      <legend>{w.pay}</legend>
      <div className="sale-methods" role="radiogroup" aria-label={w.pay}>
        {offered.pay.map((m) => (
          <label key={m} className={p.method === m ? 'chosen' : undefined}>
            <input
              type="radio"
              name="sale-method"
              value={m}
              data-cat017={m === 'mixed' ? undefined : CAT017[m]}
              checked={p.method === m}
              onChange={() => set({ method: m })}
              onKeyDown={nextOnEnter}
            />
            {w.methods[m]} <kbd>{w.methodKeys[m]}</kbd>
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
            aria-invalid={(bad !== null && bad.problem !== 'mixedOther') || undefined}
            onChange={(e) => set({ cash: e.target.value })}
            onBlur={() => leave('cash')}
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
          <select
            id="sale-other"
            value={p.other}
            aria-describedby="sale-other-hint"
            aria-invalid={bad?.problem === 'mixedOther' || undefined}
            onChange={(e) => set({ other: e.target.value as Payment['other'] })}
            onBlur={() => leave('other')}
            onKeyDown={nextOnEnter}
          >
            <option value="">{w.otherChoose}</option>
            {offered.other.map((m) => (
              <option key={m} value={m} data-cat017={CAT017[m]}>
                {w.otherMethods[m]}
              </option>
            ))}
          </select>
        </label>
      )}
      {p.method === 'mixed' && (
        <p id="sale-other-hint" className="muted">
          {w.otherHint}
        </p>
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
      {bad && (
        <p className="sale-problem" role="alert" data-testid="sale-pay-problem">
          {problemText(bad)}
        </p>
      )}
    </fieldset>
  );
});

function problemText(check: Extract<PaymentCheck, { ok: false }>): string {
  switch (check.problem) {
    case 'short':
      return check.missing ? w.short(usd(check.missing)) : w.badCash;
    case 'cash':
      return w.badCash;
    case 'mixedCash':
      return w.mixedCash;
    case 'mixedOther':
      return w.mixedOther;
    default: {
      const never: never = check.problem;
      return never;
    }
  }
}
