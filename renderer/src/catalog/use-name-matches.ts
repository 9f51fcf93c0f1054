// The catalog's products whose name matches what a person is typing, asked a moment after the last key (one
// question per pause, an answer for old text dropped): Venta rápida's search box and Emitir's line picker.
import { useEffect, useRef, useState } from 'react';
import type { SelloApi } from '../../../shared/api';
import type { Product } from '../../../shared/catalog';

export interface NameMatches {
  /** The matches and the text they are for (null: none asked, or cleared). */
  readonly found: { readonly q: string; readonly items: readonly Product[] } | null;
  readonly setFound: (f: NameMatches['found']) => void;
  /** The highlighted match. */
  readonly active: number;
  readonly setActive: (a: number | ((a: number) => number)) => void;
}

/** `text` null: nothing to look up (an empty box, a barcode, a stop), and the list is cleared. */
export function useNameMatches(api: SelloApi, text: string | null, onFailed: () => void): NameMatches {
  const [found, setFound] = useState<NameMatches['found']>(null);
  const [active, setActive] = useState(0);
  const failed = useRef(onFailed);
  failed.current = onFailed;
  useEffect(() => {
    if (text === null) {
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
          if (!r.ok) failed.current();
        }),
      120,
    );
    return () => {
      live = false;
      clearTimeout(t);
    };
  }, [api, text]);
  return { found, setFound, active, setActive };
}
