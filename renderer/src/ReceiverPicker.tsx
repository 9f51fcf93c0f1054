// The receivers' address book above the form: search a past customer by name, NIT or DUI and fill the
// recipient in one choice (the cashier can still edit every field after).
import { useEffect, useState } from 'react';
import type { SelloApi } from '../../shared/api';
import type { DteKind } from '../../shared/contract';
import type { ReceiverEntry } from '../../shared/records';
import { idSearch } from './forms/id-input';
import { receiverWords } from './words/receivers';

export function ReceiverPicker({
  api,
  kind,
  onPick,
}: {
  api: SelloApi;
  kind: DteKind;
  onPick: (recipient: Record<string, unknown>) => void;
}) {
  const [q, setQ] = useState('');
  const [items, setItems] = useState<ReceiverEntry[] | null>(null);
  useEffect(() => {
    if (!q.trim()) {
      setItems(null);
      return undefined;
    }
    let live = true;
    // A short pause so each keystroke does not become a query.
    const t = setTimeout(
      () => void api.receivers(kind, idSearch(q)).then((r) => live && setItems(r.ok ? r.value.items.slice(0, 8) : [])),
      150,
    );
    return () => {
      live = false;
      clearTimeout(t);
    };
  }, [api, kind, q]);

  return (
    <div className="receiver-picker">
      <label>
        {receiverWords.search}
        <input
          type="search"
          value={q}
          onChange={(e) => setQ(e.target.value)}
          autoComplete="off"
          onKeyDown={(e) => {
            // Enter here chooses the first match; it must not issue the document.
            if (e.key !== 'Enter') return;
            e.preventDefault();
            const first = items?.[0];
            if (first) {
              onPick(first.recipient);
              setQ('');
            }
          }}
        />
      </label>
      {items && items.length === 0 && <p className="muted">{receiverWords.none}</p>}
      {items && items.length > 0 && (
        <ul aria-label={receiverWords.results}>
          {items.map((r) => (
            <li key={`${r.document ?? ''}|${r.name}`}>
              <button
                type="button"
                onClick={() => {
                  onPick(r.recipient);
                  setQ('');
                }}
              >
                {r.name}
                {r.document ? ` · ${r.document}` : ''} <span className="muted">({receiverWords.uses(r.uses)})</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
