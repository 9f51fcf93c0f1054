// Ajustes → Personas: how far below the shelf price a cashier sells without a supervisor
// (docs/decisions/0074-price-overrides-and-scans.md). 0 % (the default): any decrease asks.
import { useEffect, useState, type FormEvent } from 'react';
import type { SelloApi } from '../../../shared/api';
import { errorText } from '../error-text';
import { priceOverrideWords as W } from '../words/price-override';
import './delivery.css';

export function PriceOverridePanel({ api }: { api: SelloApi }) {
  const [threshold, setThreshold] = useState('');
  const [say, setSay] = useState<{ text: string; ok: boolean; field?: boolean } | null>(null);
  useEffect(
    () =>
      void api
        .priceOverrideSettings()
        .then((r) => (r.ok ? setThreshold(r.value.threshold) : setSay({ text: errorText(r.error), ok: false }))),
    [api],
  );
  const save = async (e: FormEvent) => {
    e.preventDefault();
    const r = await api.setPriceOverrideSettings({ threshold });
    if (r.ok) {
      setThreshold(r.value.threshold);
      setSay({ text: W.saved, ok: true });
    } else {
      const field = r.error.errors?.find((f) => f.path === 'threshold');
      setSay({ text: field?.message ?? errorText(r.error), ok: false, field: field !== undefined });
    }
  };
  return (
    <section aria-labelledby="price-override-title" className="delivery-panel" data-testid="price-override-panel">
      <h2 id="price-override-title">{W.settingsTitle}</h2>
      <form onSubmit={(e) => void save(e)} noValidate>
        <div className="field">
          <label htmlFor="price-override-threshold">{W.threshold}</label>
          <input
            id="price-override-threshold"
            inputMode="decimal"
            autoComplete="off"
            value={threshold}
            aria-invalid={say?.field === true || undefined}
            aria-describedby="price-override-help"
            onChange={(e) => setThreshold(e.target.value)}
          />
          <span id="price-override-help" className="muted">
            {W.thresholdHelp}
          </span>
        </div>
        <button type="submit">{W.save}</button>
      </form>
      {say && (
        <p role={say.ok ? 'status' : 'alert'} className={say.ok ? 'ok' : 'error'}>
          {say.text}
        </p>
      )}
    </section>
  );
}
