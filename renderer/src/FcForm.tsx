// The FC form: validated as the cashier types with the same zod schema the core uses.
import { useMemo, useState, type FormEvent } from 'react';
import type { SelloApi } from '../../shared/api';
import { fcBody, validate, type FieldError } from '../../shared/contract';
import { computeSale } from '../../shared/tax';
import { es } from './strings';

interface Line {
  description: string;
  quantity: string;
  unitPrice: string;
  saleType: 'GRAVADA' | 'EXENTA' | 'NO_SUJETA';
}
const emptyLine = (): Line => ({ description: '', quantity: '1', unitPrice: '', saleType: 'GRAVADA' });
const num = (s: string): number | string => (s.trim() === '' || Number.isNaN(Number(s)) ? s : Number(s));

export function FcForm({ api, onIssued }: { api: SelloApi; onIssued: () => void }) {
  const [id] = useState(() => crypto.randomUUID());
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [lines, setLines] = useState<Line[]>([emptyLine()]);
  const [touched, setTouched] = useState(false);
  const [serverErrors, setServerErrors] = useState<readonly FieldError[]>([]);
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const body = useMemo(
    () => ({
      id,
      ...(name.trim() || email.trim() ? { recipient: { name, ...(email.trim() ? { email } : {}) } } : {}),
      items: lines.map((l) => ({ type: 'BIENES', description: l.description, quantity: num(l.quantity), unitPrice: num(l.unitPrice), saleType: l.saleType })),
    }),
    [id, name, email, lines],
  );
  const local = validate(fcBody, body);
  const errors = serverErrors.length ? serverErrors : local.ok ? [] : local.errors;
  // Live totals from the same tax module the core uses to build the MH document.
  const totals = local.ok ? computeSale('FC', local.value).totals : null;
  const errorAt = (path: string) => (touched ? errors.find((e) => e.path === path)?.message : undefined);

  const setLine = (i: number, patch: Partial<Line>) => {
    setServerErrors([]);
    setLines((ls) => ls.map((l, j) => (j === i ? { ...l, ...patch } : l)));
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (!local.ok) {
      setMessage(es.fc.fixFields);
      return;
    }
    setBusy(true);
    const r = await api.createDte('FC', body);
    setBusy(false);
    if (r.ok) {
      setMessage(es.fc.issued(r.value.controlNumber));
      onIssued();
    } else {
      setServerErrors(r.error.errors ?? []);
      setMessage(r.error.detail ?? r.error.title);
    }
  };

  return (
    <form onSubmit={submit} noValidate aria-labelledby="fc-title">
      <h1 id="fc-title">{es.fc.title}</h1>
      <fieldset>
        <legend>{es.fc.recipient}</legend>
        <Field label={es.fc.name} id="recipient-name" error={errorAt('recipient.name')}>
          <input id="recipient-name" value={name} onChange={(e) => setName(e.target.value)} autoComplete="off" />
        </Field>
        <Field label={es.fc.email} id="recipient-email" error={errorAt('recipient.email')}>
          <input id="recipient-email" type="email" value={email} onChange={(e) => setEmail(e.target.value)} autoComplete="off" />
        </Field>
      </fieldset>
      <fieldset>
        <legend>{es.fc.items}</legend>
        {lines.map((l, i) => (
          <div className="line" key={i}>
            <Field label={es.fc.description} id={`item-${i}-description`} error={errorAt(`items.${i}.description`)}>
              <input id={`item-${i}-description`} value={l.description} onChange={(e) => setLine(i, { description: e.target.value })} />
            </Field>
            <Field label={es.fc.quantity} id={`item-${i}-quantity`} error={errorAt(`items.${i}.quantity`)}>
              <input id={`item-${i}-quantity`} inputMode="numeric" value={l.quantity} onChange={(e) => setLine(i, { quantity: e.target.value })} />
            </Field>
            <Field label={es.fc.unitPrice} id={`item-${i}-price`} error={errorAt(`items.${i}.unitPrice`)}>
              <input id={`item-${i}-price`} inputMode="decimal" value={l.unitPrice} onChange={(e) => setLine(i, { unitPrice: e.target.value })} />
            </Field>
            <Field label={es.fc.saleType} id={`item-${i}-sale-type`}>
              <select id={`item-${i}-sale-type`} value={l.saleType} onChange={(e) => setLine(i, { saleType: e.target.value as Line['saleType'] })}>
                {(['GRAVADA', 'EXENTA', 'NO_SUJETA'] as const).map((t) => (
                  <option key={t} value={t}>{es.fc.saleTypes[t]}</option>
                ))}
              </select>
            </Field>
            {lines.length > 1 && (
              <button type="button" className="link" onClick={() => setLines((ls) => ls.filter((_, j) => j !== i))}>
                {es.fc.removeItem}
              </button>
            )}
          </div>
        ))}
        <button type="button" onClick={() => setLines((ls) => [...ls, emptyLine()])}>{es.fc.addItem}</button>
      </fieldset>
      <p className="totals" aria-live="polite">
        {es.fc.iva}: <strong>{totals ? `$${totals.iva.toFixed(2)}` : '—'}</strong> · {es.fc.total}:{' '}
        <strong data-testid="total">{totals ? `$${totals.totalPagar.toFixed(2)}` : '—'}</strong>
      </p>
      {message && <p role="status" className={errors.length ? 'error' : 'ok'}>{message}</p>}
      <button type="submit" className="primary" disabled={busy} aria-busy={busy}>
        {busy ? es.fc.submitting : es.fc.submit}
      </button>
    </form>
  );
}

function Field({ label, id, error, children }: { label: string; id: string; error?: string | undefined; children: React.ReactNode }) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {children}
      {error && <span className="field-error" role="alert" id={`${id}-error`}>{error}</span>}
    </div>
  );
}
