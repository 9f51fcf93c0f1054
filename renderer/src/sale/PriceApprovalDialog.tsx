// Asked when F12 finds lines priced below the shelf by more than the station's threshold
// (docs/decisions/0074-price-overrides-and-scans.md): a supervisor types their login and password or PIN, the
// station checks them (a cashier's own does not approve) and holds one approval per line for this sale; then the
// sale is issued. Esc goes back to the sale, the scan box focused.
import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { SelloApi } from '../../../shared/api';
import type { PriceApproval } from '../../../shared/price-overrides';
import { errorText } from '../error-text';
import { priceOverrideWords as W } from '../words/price-override';
import { dialogKeys } from './dialog-keys';
import type { OverrideAsk } from './overrides';

export function PriceApprovalDialog({
  api,
  asks,
  onApproved,
  onBack,
}: {
  api: SelloApi;
  asks: readonly OverrideAsk[];
  onApproved: (approvals: readonly { ask: OverrideAsk; approval: PriceApproval }[]) => void;
  onBack: () => void;
}) {
  const [login, setLogin] = useState('');
  const [secret, setSecret] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<{ field: 'supervisor' | 'secret' | null; text: string } | null>(null);
  const box = useRef<HTMLDivElement>(null);
  const first = useRef<HTMLInputElement>(null);
  const second = useRef<HTMLInputElement>(null);
  useEffect(() => first.current?.focus(), []);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    if (!login.trim()) return first.current?.focus();
    if (!secret) return second.current?.focus();
    setBusy(true);
    const done: { ask: OverrideAsk; approval: PriceApproval }[] = [];
    for (const ask of asks) {
      const r = await api.approvePrice({ code: ask.code, price: ask.price, supervisor: login.trim(), secret });
      if (!r.ok) {
        setBusy(false);
        setSecret('');
        const field = r.error.errors?.find((f) => f.path === 'supervisor' || f.path === 'secret')?.path ?? null;
        setError({ field: field === 'supervisor' || field === 'secret' ? field : null, text: errorText(r.error) });
        (field === 'supervisor' ? first : second).current?.focus();
        return;
      }
      done.push({ ask, approval: r.value });
    }
    setBusy(false);
    onApproved(done);
  };

  return (
    <div className="sale-backdrop">
      <div
        ref={box}
        className="sale-dialog card"
        role="dialog"
        aria-modal="true"
        aria-labelledby="price-approval-title"
        aria-describedby="price-approval-text"
        onKeyDown={dialogKeys(box, onBack)}
        data-testid="price-approval"
      >
        <h2 id="price-approval-title">{W.title}</h2>
        <div id="price-approval-text">
          <p>{W.intro}</p>
          <ul>
            {asks.map((a) => (
              <li key={a.productId}>{W.line(a.code, a.description, a.shelfPrice, a.price)}</li>
            ))}
          </ul>
        </div>
        <form onSubmit={(e) => void submit(e)} noValidate>
          <div className="field">
            <label htmlFor="price-approval-login">{W.supervisor}</label>
            <input
              id="price-approval-login"
              ref={first}
              autoComplete="off"
              value={login}
              aria-invalid={error?.field === 'supervisor' || undefined}
              aria-describedby={error ? 'price-approval-error' : undefined}
              onChange={(e) => setLogin(e.target.value)}
            />
          </div>
          <div className="field">
            <label htmlFor="price-approval-secret">{W.secret}</label>
            <input
              id="price-approval-secret"
              ref={second}
              type="password"
              autoComplete="off"
              value={secret}
              aria-invalid={error?.field === 'secret' || undefined}
              aria-describedby={error ? 'price-approval-error' : undefined}
              onChange={(e) => setSecret(e.target.value)}
            />
          </div>
          {error && (
            <p id="price-approval-error" role="alert" className="error">
              {error.text}
            </p>
          )}
          <div className="row actions">
            <button type="submit" className="primary" disabled={busy} aria-busy={busy}>
              {busy ? W.approving : W.approve}
            </button>
            <button type="button" onClick={onBack}>
              {W.cancel}
            </button>
          </div>
        </form>
      </div>
    </div>
  );
}
