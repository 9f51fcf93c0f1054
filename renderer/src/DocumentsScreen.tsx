// Documents: a list that stays fast with 100,000 documents (only the visible rows are drawn, pages are
// fetched by cursor as the cashier scrolls), filters and search, and the detail of the one selected.
import { DateField } from './pickers/DateField';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { SelloApi } from '../../shared/api';
import type { Role } from '../../shared/people';
import { DTE_KINDS, type DteKind } from '../../shared/contract';
import { DTE_STATUSES, sameDteId, type DteDetail, type DteListQuery, type DteRecord, type DteStatus } from '../../shared/records';
import { DetailPanel } from './DetailPanel';
import { correctionOf, type Correction } from './documents/from-document';
import { errorText } from './error-text';
import { es } from './strings';
import { localTime } from './local-time';

const ROW = 36;
const PAGE = 100;

export function DocumentsScreen({
  api,
  role,
  onAdjust,
  onCorrect,
}: {
  api: SelloApi;
  role: Role;
  onAdjust: (kind: 'NC' | 'ND', source: DteRecord) => void;
  /** Opens a rejected document's form, filled in, to issue it again under a new id. */
  onCorrect: (correction: Correction) => void;
}) {
  const [filters, setFilters] = useState<DteListQuery>({});
  const [items, setItems] = useState<DteRecord[]>([]);
  const [cursor, setCursor] = useState<string | null>(null);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const [selected, setSelected] = useState<string | null>(null);
  const [scrollTop, setScrollTop] = useState(0);
  const [height, setHeight] = useState(480);
  const box = useRef<HTMLDivElement>(null);
  const generation = useRef(0);

  const load = useCallback(
    (more: boolean) => {
      const gen = more ? generation.current : ++generation.current;
      setLoading(true);
      void api.listDtes({ ...filters, limit: PAGE, ...(more && cursor ? { cursor } : {}) }).then((r) => {
        if (gen !== generation.current) return; // a newer filter won
        setLoading(false);
        if (!r.ok) return setError(errorText(r.error));
        setError(null);
        setItems((cur) => (more ? [...cur, ...r.value.items] : r.value.items));
        setCursor(r.value.nextCursor);
      });
    },
    [api, filters, cursor],
  );
  useEffect(() => load(false), [api, filters]);
  useEffect(
    () =>
      api.subscribe((e) => e.type === 'dte' && setItems((cur) => cur.map((d) => (sameDteId(d.id, e.id) ? { ...d, status: e.status } : d)))),
    [api],
  );
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const ro = new ResizeObserver(() => setHeight(el.clientHeight));
    ro.observe(el);
    return () => ro.disconnect();
  }, []);

  const first = Math.max(0, Math.floor(scrollTop / ROW) - 5);
  const last = Math.min(items.length, Math.ceil((scrollTop + height) / ROW) + 5);
  const onScroll = (top: number) => {
    setScrollTop(top);
    if (!loading && cursor && top + height > items.length * ROW - ROW * 20) load(true);
  };
  const set = (patch: Partial<DteListQuery>) =>
    setFilters((f) => Object.fromEntries(Object.entries({ ...f, ...patch }).filter(([, v]) => v !== undefined && v !== '')));

  return (
    // The detail takes a column of its own beside the list, which then leaves out the date (the detail shows it).
    <section aria-labelledby="list-title" className={selected ? 'documents-screen with-detail' : 'documents-screen'}>
      <div className="documents-list">
        <div className="section-head">
          <h1 id="list-title">{es.list.title}</h1>
          <span>{es.list.count(items.length, cursor !== null)}</span>
        </div>
        <div className="filters" role="search">
          <input
            aria-label={es.list.search}
            placeholder={es.list.search}
            onChange={(e) => set({ q: e.target.value.trim() || undefined })}
          />
          <select aria-label={es.list.columns.type} onChange={(e) => set({ type: (e.target.value || undefined) as DteKind | undefined })}>
            <option value="">{es.list.allKinds}</option>
            {DTE_KINDS.map((k) => (
              <option key={k} value={k}>
                {es.kinds[k]}
              </option>
            ))}
          </select>
          <select
            aria-label={es.list.columns.status}
            onChange={(e) => set({ status: (e.target.value || undefined) as DteStatus | undefined })}
          >
            <option value="">{es.list.allStatuses}</option>
            {DTE_STATUSES.map((s) => (
              <option key={s} value={s}>
                {es.status[s]}
              </option>
            ))}
          </select>
          <label htmlFor="list-from">{es.list.from}</label>
          <DateField id="list-from" kind="date" value={filters.from ?? ''} onChange={(v) => set({ from: v || undefined })} />
          <label htmlFor="list-to">{es.list.to}</label>
          <DateField id="list-to" kind="date" value={filters.to ?? ''} onChange={(v) => set({ to: v || undefined })} />
          <button type="button" onClick={() => load(false)}>
            {es.list.refresh}
          </button>
        </div>
        {error && (
          <p role="alert" className="error">
            {error}
          </p>
        )}
        <div className="table" role="table" aria-label={es.list.title} aria-rowcount={items.length + 1}>
          <div className="tr th" role="row">
            {Object.entries(es.list.columns).map(([key, c]) => (
              <span key={key} role="columnheader" className={`col-${key}`}>
                {c}
              </span>
            ))}
          </div>
          <div className="viewport" ref={box} onScroll={(e) => onScroll(e.currentTarget.scrollTop)}>
            <div style={{ height: items.length * ROW, position: 'relative' }}>
              {items.slice(first, last).map((d, i) => (
                <button
                  type="button"
                  key={d.id}
                  role="row"
                  aria-rowindex={first + i + 2}
                  aria-selected={selected === d.id}
                  className="tr"
                  style={{ position: 'absolute', top: (first + i) * ROW, height: ROW }}
                  onClick={() => setSelected(d.id)}
                >
                  <span role="cell" className="mono col-control">
                    {d.controlNumber}
                  </span>
                  <span role="cell" className="col-type">
                    {es.kinds[d.type]}
                  </span>
                  <span role="cell" className="col-recipient" title={d.recipientName ?? undefined}>
                    {d.recipientName ?? es.list.noRecipient}
                  </span>
                  <span role="cell" className="col-date">
                    {localTime(d.generatedAt, false)}
                  </span>
                  <span role="cell" className="col-total">
                    {d.total ? `$${d.total}` : ''}
                  </span>
                  <span role="cell" className="col-status">
                    <span className={`status status-${d.status.toLowerCase()}`}>{es.status[d.status]}</span>
                  </span>
                </button>
              ))}
            </div>
            {!loading && items.length === 0 && <p className="empty">{es.list.empty}</p>}
            {loading && <p aria-busy="true">{items.length ? es.list.more : es.list.loading}</p>}
          </div>
        </div>
      </div>
      {selected && (
        <DetailPanel
          key={selected}
          api={api}
          role={role}
          id={selected}
          onClose={() => setSelected(null)}
          onAdjust={onAdjust}
          onCorrect={(detail: DteDetail) => {
            // The form opens filled in; a document whose body cannot be read back says so in its panel.
            const correction = correctionOf(detail, crypto.randomUUID());
            if (!correction) return false;
            onCorrect(correction);
            return true;
          }}
          onRead={(record) => setItems((cur) => cur.map((d) => (sameDteId(d.id, record.id) ? record : d)))}
        />
      )}
    </section>
  );
}
