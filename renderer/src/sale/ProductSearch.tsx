// The quick sale's one search box: a scanner's digits + Enter add that barcode's product; a few letters list
// matches (↑/↓ and Enter add one); Enter with no match stops and offers the text as an article without a code.
// Enter here only ever adds. Each Enter hands the box's text to the entry queue (entry-queue.ts) and empties
// the box at once, so keys typed while the catalog answers are the next entry's, never erased.
import { forwardRef, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useNameMatches } from '../catalog/use-name-matches';
import type { SelloApi } from '../../../shared/api';
import type { Product } from '../../../shared/catalog';
import { es } from '../strings';
import { dec } from '../../../shared/tax';
import { usd } from './cart';
import { BARCODE, BurstWatch, EntryQueue, resolveEntry, type Find, type QueueState, type Stop } from './entry-queue';
import { interrupts, takesNoText, typesText } from './scan-focus';

const w = es.sale;

/** What the box holds that is not in the cart yet: the issue asks before leaving it behind. */
export interface SearchPending {
  readonly text: string;
  readonly queue: QueueState;
}

export const ProductSearch = forwardRef<
  HTMLInputElement,
  {
    api: SelloApi;
    onProduct: (p: Product) => void;
    onFree: (description: string) => void;
    onEscape: () => void;
    /** An entry added nothing: the screen beeps, when the station wants it. */
    onStop: () => void;
    onPending: (p: SearchPending) => void;
  }
>(function ProductSearch({ api, onProduct, onFree, onEscape, onStop, onPending }, ref) {
  const [q, setQ] = useState('');
  const [message, setMessage] = useState<string | null>(null);
  const [queueState, setQueueState] = useState<QueueState>({ current: null, waiting: [], stop: null });
  const box = useRef<HTMLInputElement | null>(null);
  // The stop whose code is in the box: Enter there corrects it. Until then, Enter queues as usual.
  const shown = useRef<Stop | null>(null);
  // The code to select once it is in the box (after the render that puts it there).
  const toSelect = useRef<string | null>(null);
  // The queue calls back long after a render: it reads the latest props through this.
  const latest = useRef({ onProduct, onStop });
  latest.current = { onProduct, onStop };

  const [queue] = useState(() => {
    const find: Find = async (by) => {
      const r = await api.listProducts({ ...by, active: true, limit: 'q' in by ? 8 : 2 });
      return r.ok ? r.value.items : null;
    };
    return new EntryQueue({
      resolve: (text) => resolveEntry(find, text),
      onProduct: (p) => latest.current.onProduct(p),
      onStop: () => {
        setFound(null);
        setMessage(null);
        latest.current.onStop();
      },
      onState: setQueueState,
    });
  });
  useEffect(() => () => queue.clear(), [queue]);
  // A scanner's burst on top of typed text is a scan of its own, the text kept (entry-queue.ts BurstWatch).
  const [burst] = useState(() => new BurstWatch());
  // A key that types, while the focus is where nothing takes text (a button, the page after a dialog closed):
  // the box takes it, so a scan is never dropped (docs/decisions/0074-price-overrides-and-scans.md).
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const el = box.current;
      if (!el || !typesText(e) || !takesNoText(document.activeElement)) return;
      burst.key(e.timeStamp, el.value);
      el.focus();
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, [burst]);
  // In the commit that shows the cart, never a paint later: F12 right after a scan reads what is pending from
  // the same render as the cart it issues, so it neither asks about a product already in nor loses one.
  useLayoutEffect(() => onPending({ text: q.trim(), queue: queueState }), [onPending, q, queueState]);

  const stop = queueState.stop;
  // The stopped code goes back in the box, selected, for correction, once the box is empty: a scan still
  // being typed finishes first (its Enter queues it behind the stop), never mixed with the code.
  useEffect(() => {
    if (!stop || shown.current === stop || q !== '') return;
    shown.current = stop;
    toSelect.current = stop.text;
    setQ(stop.text);
  }, [stop, q]);
  useEffect(() => {
    if (toSelect.current === null || q !== toSelect.current) return;
    toSelect.current = null;
    box.current?.focus();
    box.current?.select();
  }, [q]);
  const stopInBox = stop !== null && shown.current === stop;
  const typed = q.trim();
  const { found, setFound, active, setActive } = useNameMatches(api, !typed || BARCODE.test(typed) || stop ? null : typed, () =>
    setMessage(w.searchFailed),
  );

  const enter = () => {
    const text = q.trim();
    setMessage(null);
    if (stop && stopInBox) {
      if (!text) return;
      if (text === stop.text && stop.why === 'words') {
        // The second Enter on words no product has: sold as an article without a code.
        onFree(text);
        queue.dismiss();
      } else queue.retry(text);
      setQ('');
      return;
    }
    if (!text) return;
    // The product highlighted in the list for this very text; otherwise the queue looks it up.
    const pick = found?.q === text && !BARCODE.test(text) ? found.items[active] : undefined;
    setQ('');
    setFound(null);
    queue.push({ text, pick });
  };

  const items = found?.items ?? [];
  const waiting = queueState.waiting.length + (queueState.current ? 1 : 0);
  return (
    <div className="sale-search">
      <label htmlFor="sale-search">{w.search}</label>
      <input
        id="sale-search"
        ref={(el) => {
          box.current = el;
          if (typeof ref === 'function') ref(el);
          else if (ref) ref.current = el;
        }}
        type="search"
        autoComplete="off"
        value={q}
        aria-describedby={stop ? 'sale-stop sale-search-hint' : 'sale-search-hint'}
        aria-invalid={stopInBox || undefined}
        aria-controls={items.length ? 'sale-results' : undefined}
        aria-activedescendant={items.length ? `sale-result-${active}` : undefined}
        onChange={(e) => {
          setQ(e.target.value);
          setMessage(null);
        }}
        // A dialog took the focus, or the person went elsewhere: what comes next is not a scan held back.
        onBlur={() => burst.interrupt()}
        onKeyDown={(e) => {
          if (typesText(e.nativeEvent)) burst.key(e.timeStamp, e.currentTarget.value);
          else if (interrupts(e.nativeEvent)) burst.interrupt();
          if (e.key === 'Enter' && !e.ctrlKey) {
            e.preventDefault();
            const apart = stopInBox ? null : burst.enter(e.timeStamp, e.currentTarget.value);
            if (apart) {
              // The scan adds its product; what the person typed stays in the box, never joined to the code.
              setQ(apart.kept);
              setMessage(null);
              queue.push({ text: apart.scan });
            } else enter();
          } else if (e.key === 'ArrowDown' && items.length) {
            e.preventDefault();
            setActive((a) => (a + 1) % items.length);
          } else if (e.key === 'ArrowUp' && items.length) {
            e.preventDefault();
            setActive((a) => (a - 1 + items.length) % items.length);
          } else if (e.key === 'Escape') {
            e.preventDefault();
            if (stop && stopInBox) {
              queue.dismiss();
              setQ('');
            } else if (q) {
              setQ('');
              setFound(null);
              setMessage(null);
            } else onEscape();
          }
        }}
      />
      {/* Entries being looked up replace the hint on the same line: the cart below never jumps at each scan. */}
      <p id="sale-search-hint" className="muted" data-testid={waiting > 0 && !stop ? 'sale-queue' : undefined}>
        {waiting > 0 && !stop ? w.looking(waiting) : w.searchHint}
      </p>
      {stop && (
        <p id="sale-stop" className="sale-stop" role="alert" data-testid="sale-stop">
          {stopText(stop)}
          {queueState.waiting.length > 0 && ` ${w.stopWaiting(queueState.waiting.length)}`}
        </p>
      )}
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
                queue.push({ text: p.code, pick: p });
                setQ('');
                setFound(null);
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

function stopText(stop: Stop): string {
  switch (stop.why) {
    case 'code':
      return w.noBarcode(stop.text);
    case 'words':
      return w.noMatch(stop.text);
    case 'failed':
      return w.stopFailed(stop.text);
    default: {
      const never: never = stop.why;
      return never;
    }
  }
}
