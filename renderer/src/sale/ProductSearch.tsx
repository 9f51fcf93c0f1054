// The quick sale's one search box: a scanner's digits + Enter add that barcode's product; a few letters list
// matches (↑/↓ and Enter add one); Enter with no match offers the text as an article without a code. Enter
// here only ever adds.
import { forwardRef, useEffect, useState } from 'react';
import type { SelloApi } from '../../../shared/api';
import type { Product } from '../../../shared/catalog';
import { es } from '../strings';
import { dec } from '../../../shared/tax';
import { usd } from './cart';

const w = es.sale;
/** What a scanner types: digits only, 6 or more. */
const BARCODE = /^\d{6,48}$/;

export const ProductSearch = forwardRef<
  HTMLInputElement,
  { api: SelloApi; onProduct: (p: Product) => void; onFree: (description: string) => void; onEscape: () => void }
>(function ProductSearch({ api, onProduct, onFree, onEscape }, ref) {
  const [q, setQ] = useState('');
  const [found, setFound] = useState<{ q: string; items: Product[] } | null>(null);
  const [active, setActive] = useState(0);
  const [message, setMessage] = useState<string | null>(null);
  // Asked to confirm an article without a code: the text it was offered for.
  const [offered, setOffered] = useState<string | null>(null);

  useEffect(() => {
    const text = q.trim();
    if (!text || BARCODE.test(text)) {
      setFound(null);
      return undefined;
    }
    let live = true;
    const t = setTimeout(
      () =>
        void api.listProducts({ q: text, active: true, limit: 8 }).then((r) => {
          if (!live) return;
          setFound({ q: text, items: r.ok ? r.value.items : [] });
          setActive(0);
          if (!r.ok) setMessage(w.searchFailed);
        }),
      120,
    );
    return () => {
      live = false;
      clearTimeout(t);
    };
  }, [api, q]);

  const done = () => {
    setQ('');
    setFound(null);
    setOffered(null);
    setMessage(null);
  };
  const add = (p: Product) => {
    onProduct(p);
    done();
  };

  const enter = async () => {
    const text = q.trim();
    if (!text) return;
    if (BARCODE.test(text)) {
      // A scan: the box is cleared at once, so the next scan's digits are never mixed with this one's.
      setQ('');
      setMessage(null);
      setOffered(null);
      // The exact barcode first, then a code made of digits.
      const byBarcode = await api.listProducts({ barcode: text, active: true, limit: 2 });
      const byCode =
        byBarcode.ok && byBarcode.value.items.length ? byBarcode : await api.listProducts({ code: text, active: true, limit: 2 });
      if (!byCode.ok) return setMessage(w.searchFailed);
      const p = byCode.value.items[0];
      if (p) return onProduct(p);
      return setMessage(w.noBarcode(text));
    }
    // Enter before the pause ended: search now.
    const list =
      found?.q === text
        ? found.items
        : await api.listProducts({ q: text, active: true, limit: 8 }).then((r) => (r.ok ? r.value.items : []));
    const pick = list[found?.q === text ? active : 0];
    if (pick) return add(pick);
    if (offered === text) {
      onFree(text);
      return done();
    }
    setOffered(text);
    setMessage(w.noMatch(text));
  };

  const items = found?.items ?? [];
  return (
    <div className="sale-search">
      <label htmlFor="sale-search">{w.search}</label>
      <input
        id="sale-search"
        ref={ref}
        type="search"
        autoComplete="off"
        value={q}
        aria-describedby="sale-search-hint"
        aria-controls={items.length ? 'sale-results' : undefined}
        aria-activedescendant={items.length ? `sale-result-${active}` : undefined}
        onChange={(e) => {
          setQ(e.target.value);
          setMessage(null);
          setOffered(null);
        }}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && !e.ctrlKey) {
            e.preventDefault();
            void enter();
          } else if (e.key === 'ArrowDown' && items.length) {
            e.preventDefault();
            setActive((a) => (a + 1) % items.length);
          } else if (e.key === 'ArrowUp' && items.length) {
            e.preventDefault();
            setActive((a) => (a - 1 + items.length) % items.length);
          } else if (e.key === 'Escape') {
            e.preventDefault();
            if (q) done();
            else onEscape();
          }
        }}
      />
      <p id="sale-search-hint" className="muted">
        {w.searchHint}
      </p>
      {message && (
        <p className="sale-message" role="status">
          {message}
        </p>
      )}
      {items.length > 0 && (
        <ul id="sale-results" className="sale-results" role="listbox" aria-label={w.results}>
          {items.map((p, i) => (
            <li
              key={p.id}
              id={`sale-result-${i}`}
              role="option"
              aria-selected={i === active}
              // The mouse picks too; the keyboard stays in the search box.
              onMouseDown={(e) => {
                e.preventDefault();
                add(p);
              }}
            >
              <span className="code">{p.code}</span> {p.description} <strong>{usd(dec(p.shelfPrice))}</strong>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
});
