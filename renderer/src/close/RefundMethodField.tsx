// "¿Cómo se devolvió el dinero?": asked wherever an NC or a Devolución is made at the station, so the close charges
// the refund to whoever paid it and knows whether it left the drawer (docs/decisions/0073-money-follows-the-person.md).
import { useId } from 'react';
import { REFUND_METHODS, type RefundMethod } from '../../../shared/close';
import { closeWords } from '../words/close';

const W = closeWords.refund;

export function RefundMethodField({ value, onChange }: { value: RefundMethod | null; onChange: (m: RefundMethod) => void }) {
  const id = useId();
  return (
    <fieldset className="refund-method" data-testid="refund-method" aria-describedby={`${id}-hint`}>
      <legend>{W.legend}</legend>
      {REFUND_METHODS.map((m) => (
        <label key={m} className="check">
          <input type="radio" name={`${id}-method`} value={m} checked={value === m} onChange={() => onChange(m)} />
          {W[m]}
        </label>
      ))}
      <span className="hint" id={`${id}-hint`}>
        {W.hint}
      </span>
    </fieldset>
  );
}
