// Picks a document of this station by searching (control number, customer or code), never by typing its id:
// the related document of an NC/ND, the replacement of an invalidation.
import { useEffect, useId, useState } from 'react';
import type { SelloApi } from '../../../shared/api';
import type { DteKind } from '../../../shared/contract';
import { sameDteId, type DteRecord, type DteStatus } from '../../../shared/records';
import { localTime } from '../local-time';
import { es } from '../strings';
import { fromDocumentWords } from '../words/documents';

const words = fromDocumentWords.picker;

/** "CCF DTE-03-… · Cliente · $131.08 · 22/11/2026 10:15": how a document is named in a picker. */
export const documentLabel = (d: DteRecord): string =>
  [es.kinds[d.type], d.controlNumber, d.recipientName ?? '', d.total ? `$${d.total}` : '', localTime(d.generatedAt, false)]
    .filter((p) => p !== '')
    .join(' · ');

export function DocumentPicker({
  api,
  label,
  kinds,
  statuses,
  picked,
  onPick,
  exclude,
  inputId,
}: {
  api: SelloApi;
  /** What the picked document is for ("Documento relacionado", "Documento que lo reemplaza"). */
  label: string;
  /** Kinds that may be picked; all when absent. */
  kinds?: readonly DteKind[];
  /** Statuses that may be picked; all when absent. */
  statuses?: readonly DteStatus[];
  picked: DteRecord | null;
  onPick: (doc: DteRecord | null) => void;
  /** A document that may not be picked (the one being invalidated). */
  exclude?: string;
  /** The search box's id, when a form names its fields by path. */
  inputId?: string;
}) {
  const ownId = useId();
  const id = inputId ?? ownId;
  const [q, setQ] = useState('');
  const [items, setItems] = useState<DteRecord[] | null>(null);
  const kindKey = kinds?.join(',') ?? '';
  const statusKey = statuses?.join(',') ?? '';
  useEffect(() => {
    if (!q.trim()) {
      setItems(null);
      return undefined;
    }
    let live = true;
    // One kind is filtered by the station; several are filtered here from a larger page.
    const type = kinds?.length === 1 ? kinds[0] : undefined;
    const status = statuses?.length === 1 ? statuses[0] : undefined;
    const t = setTimeout(
      () =>
        void api.listDtes({ q: q.trim(), limit: 50, ...(type ? { type } : {}), ...(status ? { status } : {}) }).then((r) => {
          if (!live) return;
          const found = (r.ok ? r.value.items : []).filter(
            (d) => (!kinds || kinds.includes(d.type)) && (!statuses || statuses.includes(d.status)) && d.id !== exclude,
          );
          // A whole code or control number (pasted, or read by a scanner) names one document: it is picked at once.
          const typed = q.trim();
          const exact = found.find((d) => sameDteId(d.id, typed) || d.controlNumber === typed.toUpperCase());
          if (exact) {
            onPick(exact);
            setQ('');
          } else setItems(found.slice(0, 8));
        }),
      150,
    );
    return () => {
      live = false;
      clearTimeout(t);
    };
    // kinds and statuses count by their content (kindKey, statusKey), onPick not at all: new ones each render must not search again.
  }, [api, q, kindKey, statusKey, exclude]);

  if (picked) {
    return (
      <div className="document-picker" role="group" aria-label={label}>
        <span className="picked">
          {label}: <strong data-testid="picked-document">{documentLabel(picked)}</strong>
        </span>
        <button type="button" className="link" onClick={() => onPick(null)}>
          {words.clear}
        </button>
      </div>
    );
  }
  const choose = (d: DteRecord) => {
    onPick(d);
    setQ('');
  };
  return (
    <div className="document-picker" role="group" aria-label={label}>
      <label htmlFor={id}>
        {label} · {words.search}
      </label>
      <input
        id={id}
        type="search"
        value={q}
        autoComplete="off"
        onChange={(e) => setQ(e.target.value)}
        onKeyDown={(e) => {
          // Enter chooses the first match; it never submits the form around it.
          if (e.key !== 'Enter') return;
          e.preventDefault();
          const first = items?.[0];
          if (first) choose(first);
        }}
      />
      {items && items.length === 0 && <p className="muted">{words.none}</p>}
      {items && items.length > 0 && (
        <ul aria-label={words.results}>
          {items.map((d) => (
            <li key={d.id}>
              <button type="button" onClick={() => choose(d)}>
                {documentLabel(d)}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
