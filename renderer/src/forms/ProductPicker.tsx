// A form line picked from the catalog (issue 33): the same products as the counter, found by barcode, code or
// name, filling the line's code, description, unit, sale type and price on the kind's basis. ↑/↓ walk the
// matches and Enter picks; Enter on nothing walks on as the form's other fields do; the line stays typeable.
import { useId, useState, type KeyboardEvent } from 'react';
import type { SelloApi } from '../../../shared/api';
import type { Product } from '../../../shared/catalog';
import { cents } from '../catalog/prices';
import { useNameMatches } from '../catalog/use-name-matches';
import '../catalog/catalog.css';
import { catalogPickWords as w } from '../words/catalog-pick';
import type { CatalogLine } from './spec';

/** What a scanner or a person types for one product exactly: a barcode's digits, or a code. */
const EXACT = /^\S{1,48}$/;

export function ProductPicker({ api, id, basis, onPick }: { api: SelloApi; id: string; basis: CatalogLine; onPick: (p: Product) => void }) {
  const listId = useId();
  const [q, setQ] = useState('');
  const [message, setMessage] = useState<string | null>(null);
  // Typing already cleared the last message; a search that lands late never hides the one Enter gave.
  const { found, setFound, active, setActive } = useNameMatches(api, q.trim() || null, () => setMessage(w.failed));

  const pick = (p: Product) => {
    setQ('');
    setFound(null);
    setMessage(w.picked(p.code, p.description));
    onPick(p);
  };

  /** The one product the text names exactly (a barcode, then a code), asked now so a scan never waits on a search. */
  const exact = async (text: string): Promise<Product | null> => {
    if (!EXACT.test(text)) return null;
    const byBarcode = await api.listProducts({ barcode: text, active: true, limit: 2 });
    if (byBarcode.ok && byBarcode.value.items.length === 1) return byBarcode.value.items[0]!;
    const byCode = await api.listProducts({ code: text, active: true, limit: 2 });
    return byCode.ok && byCode.value.items.length === 1 ? byCode.value.items[0]! : null;
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    const items = found?.items ?? [];
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      if (items.length === 0) return;
      e.preventDefault();
      setActive((a) => (e.key === 'ArrowDown' ? Math.min(a + 1, items.length - 1) : Math.max(a - 1, 0)));
      return;
    }
    if (e.key === 'Escape' && q) {
      e.preventDefault();
      setQ('');
      setMessage(null);
      return;
    }
    if (e.key !== 'Enter' || e.shiftKey || e.ctrlKey || e.metaKey || e.altKey) return;
    const text = q.trim();
    // Nothing typed: Enter walks on to the line's own fields, as in the rest of the form.
    if (!text) return;
    e.preventDefault();
    const shown = found && found.q === text ? items[active] : undefined;
    void exact(text).then(async (p) => {
      const chosen =
        p ??
        shown ??
        (await api
          .listProducts({ q: text, active: true, limit: 2 })
          .then((r) => (r.ok && r.value.items.length === 1 ? r.value.items[0]! : null)));
      if (chosen) pick(chosen);
      else setMessage(w.none(text));
    });
  };

  const open = q.trim() !== '' && (found?.items.length ?? 0) > 0;
  const optionId = (i: number) => `${id}-option-${i}`;
  return (
    <div className="field product-picker">
      <label htmlFor={id}>{w.label}</label>
      <input
        id={id}
        type="search"
        role="combobox"
        aria-expanded={open}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={open ? optionId(active) : undefined}
        aria-describedby={`${id}-hint`}
        autoComplete="off"
        value={q}
        onChange={(e) => {
          setQ(e.target.value);
          setMessage(null);
        }}
        onKeyDown={onKeyDown}
      />
      <span className="hint" id={`${id}-hint`}>
        {w.hint}
      </span>
      <ul id={listId} role="listbox" aria-label={w.results} className="picker-results" hidden={!open}>
        {open &&
          found!.items.map((p, i) => (
            <li
              key={p.id}
              id={optionId(i)}
              role="option"
              aria-selected={i === active}
              onMouseDown={(e) => {
                e.preventDefault();
                pick(p);
              }}
            >
              <strong>{p.code}</strong> · {p.description} ·{' '}
              {w.price(basis === 'purchase' ? 'none' : 'net', `$${cents(p.netPrice)}`, `$${cents(p.shelfPrice)}`)}
            </li>
          ))}
      </ul>
      <span className="hint" role="status" aria-live="polite">
        {message}
      </span>
    </div>
  );
}
