// The app's own date, month and date-time field (never the browser's, which speaks the computer's language):
// typed as DD/MM/AAAA, stepped with the arrows, its value ISO for the code around it.
import { useEffect, useState, type CSSProperties, type KeyboardEvent } from 'react';
import { esSvWords as W } from '../words/es-sv';
import { clamp, nowValue, readText, showValue, stepValue, type DateKind } from './date-text';

export interface DateFieldProps {
  readonly id: string;
  readonly kind: DateKind;
  /** ISO (`YYYY-MM-DD`, `YYYY-MM` or `YYYY-MM-DDTHH:MM`), or '' for none. */
  readonly value: string;
  /** The ISO value typed, or '' while the text is empty or not yet a whole date. */
  readonly onChange: (value: string) => void;
  readonly min?: string;
  readonly max?: string;
  readonly 'aria-invalid'?: boolean;
  readonly 'aria-describedby'?: string;
  /** Left empty, the field says how to write one (the screen then needs no message of its own for it). */
  readonly required?: boolean;
  readonly now?: () => Date;
}

// Read by screen readers, not shown: how to type and step the field.
const hidden: CSSProperties = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
};

export function DateField(props: DateFieldProps) {
  const { id, kind, value, onChange, min, max, now = () => new Date() } = props;
  const [text, setText] = useState(() => showValue(kind, value));
  const [left, setLeft] = useState(false);
  // A value set from outside (a reset, a default that follows the clock) replaces the text; the text a person is
  // still typing (not yet a date, so the value is '') stays.
  useEffect(() => {
    setText((t) => {
      const typed = readText(kind, t);
      return typed === value || (value === '' && typed === null) ? t : showValue(kind, value);
    });
  }, [kind, value]);

  const typed = (t: string) => {
    setText(t);
    const v = readText(kind, t);
    onChange(v ?? '');
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    const small = e.key === 'ArrowUp' || e.key === 'ArrowDown';
    const large = e.key === 'PageUp' || e.key === 'PageDown';
    if (!small && !large) return;
    e.preventDefault();
    const from = readText(kind, text);
    const next = from
      ? stepValue(kind, from, small ? 'small' : 'large', e.key === 'ArrowUp' || e.key === 'PageUp' ? 1 : -1)
      : nowValue(kind, now());
    const kept = clamp(next, min, max);
    setText(showValue(kind, kept));
    setLeft(false);
    onChange(kept);
  };

  const wrong = left && (text.trim() === '' ? props.required === true : readText(kind, text) === null);
  const described = [props['aria-describedby'], `${id}-keys`, wrong ? `${id}-format` : ''].filter(Boolean).join(' ');
  return (
    <>
      <input
        id={id}
        type="text"
        inputMode="numeric"
        autoComplete="off"
        spellCheck={false}
        className={`date-field date-field-${kind}`}
        size={W.placeholder[kind].length + 1}
        placeholder={W.placeholder[kind]}
        value={text}
        aria-invalid={wrong || props['aria-invalid'] === true}
        aria-describedby={described}
        onChange={(e) => typed(e.target.value)}
        onKeyDown={onKeyDown}
        onFocus={() => setLeft(false)}
        onBlur={() => setLeft(true)}
      />
      <span id={`${id}-keys`} style={hidden}>
        {W.keys[kind]}
      </span>
      {wrong && (
        <span className="field-error" id={`${id}-format`}>
          {W.invalid[kind]}
        </span>
      )}
    </>
  );
}
