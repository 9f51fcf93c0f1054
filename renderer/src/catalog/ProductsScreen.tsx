// Productos (docs/decisions/0007-product-catalog.md, section Screens): the catalog searched by words, code or a
// scanned barcode, a page at a time; supervisors and administrators add, edit and import; everyone exports.
import { useCallback, useEffect, useRef, useState, type KeyboardEvent } from 'react';
import type { SelloApi } from '../../../shared/api';
import type { CatalogFormat, Product, ProductPage, ProductQuery } from '../../../shared/catalog';
import type { SessionInfo } from '../../../shared/people';
import { errorText } from '../error-text';
import { may } from '../session/roles';
import { optionWords } from '../words/options';
import { catalogWords } from '../words/catalog';
import './catalog.css';
import { download } from './files';
import { ImportPanel } from './ImportPanel';
import { ProductForm, type FormStart } from './ProductForm';
import { cents, unitLabel } from './prices';

const C = catalogWords;
const PAGE = 50;
/** Typing waits this long before searching; a scanner's Enter searches at once. */
const TYPING_MS = 250;
/** What a barcode scanner sends: digits only (EAN, UPC), ended by Enter. */
const SCANNED = /^\d{6,48}$/;
const SHOWN_BARCODES = 2;

type Shown = 'all' | 'active' | 'inactive';
const SHOWN: readonly Shown[] = ['all', 'active', 'inactive'];
const activeOf = (shown: Shown): boolean | undefined => {
  switch (shown) {
    case 'all':
      return undefined;
    case 'active':
      return true;
    case 'inactive':
      return false;
    default: {
      const never: never = shown;
      return never;
    }
  }
};

/** The search under way: words (or nothing), or a scanned barcode looked up exactly. */
type Search = { readonly kind: 'words'; readonly q: string } | { readonly kind: 'barcode'; readonly barcode: string };

/** A scan's outcome, said under the search box. */
type Scan =
  { readonly kind: 'found'; readonly barcode: string; readonly product: Product } | { readonly kind: 'missing'; readonly barcode: string };

type Panel = { readonly kind: 'form'; readonly start: FormStart } | { readonly kind: 'import' } | null;

export function ProductsScreen({ api, user }: { api: SelloApi; user: SessionInfo['user'] }) {
  const canChange = may(user.role, 'catalog');
  const [text, setText] = useState('');
  const [search, setSearch] = useState<Search>({ kind: 'words', q: '' });
  const [shown, setShown] = useState<Shown>('all');
  // The cursors of the pages seen so far: the last is the page on screen (undefined: the first page).
  const [cursors, setCursors] = useState<readonly (string | undefined)[]>([undefined]);
  const [page, setPage] = useState<ProductPage | null>(null);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [scan, setScan] = useState<Scan | null>(null);
  const [panel, setPanel] = useState<Panel>(null);
  const [exporting, setExporting] = useState<CatalogFormat | null>(null);
  const [reloads, setReloads] = useState(0);
  const searchBox = useRef<HTMLInputElement>(null);
  const typing = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const generation = useRef(0);

  useEffect(() => searchBox.current?.focus(), []);
  useEffect(() => () => clearTimeout(typing.current), []);
  // The desktop app does not restart for an update while a product is being typed or a file imported.
  useEffect(() => {
    void api.activity(panel ? 'editing' : 'idle');
  }, [api, panel]);
  useEffect(() => () => void api.activity('idle'), [api]);

  const cursor = cursors[cursors.length - 1];
  const load = useCallback(() => {
    const gen = ++generation.current;
    setLoading(true);
    const active = activeOf(shown);
    const query: ProductQuery =
      search.kind === 'barcode'
        ? { barcode: search.barcode, active, limit: PAGE }
        : { q: search.q || undefined, active, limit: PAGE, cursor };
    void api.listProducts(query).then(async (r) => {
      if (gen !== generation.current) return; // a newer search won
      if (!r.ok) {
        setLoading(false);
        return setError(errorText(r.error));
      }
      setError(null);
      if (search.kind === 'barcode') {
        const [only] = r.value.items;
        if (only) {
          setScan({ kind: 'found', barcode: search.barcode, product: only });
        } else {
          // No barcode: the digits may be a code or part of one, so the words search runs with them.
          setScan({ kind: 'missing', barcode: search.barcode });
          const words = await api.listProducts({ q: search.barcode, active, limit: PAGE });
          if (gen !== generation.current) return;
          setLoading(false);
          return words.ok ? setPage(words.value) : setError(errorText(words.error));
        }
      }
      setLoading(false);
      setPage(r.value);
    });
  }, [api, search, shown, cursor]);
  useEffect(load, [load, reloads]);

  const searchFor = (next: Search) => {
    clearTimeout(typing.current);
    setCursors([undefined]);
    setSearch(next);
    if (next.kind === 'words') setScan(null);
  };
  const typed = (value: string) => {
    setText(value);
    setNotice(null);
    clearTimeout(typing.current);
    typing.current = setTimeout(() => searchFor({ kind: 'words', q: value.trim() }), TYPING_MS);
  };
  const searchKey = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Escape' && text !== '') {
      e.preventDefault();
      setText('');
      return searchFor({ kind: 'words', q: '' });
    }
    if (e.key !== 'Enter') return;
    e.preventDefault();
    const value = text.trim();
    searchFor(SCANNED.test(value) ? { kind: 'barcode', barcode: value } : { kind: 'words', q: value });
    // The next scan replaces this one: the text stays, selected.
    e.currentTarget.select();
  };

  const saved = (p: Product, before: Product | null) => {
    setPanel(null);
    setScan(null);
    // The same product sent again is not written (the server keeps its updatedAt): the screen says so.
    setNotice(before === null ? C.created(p.code) : p.updatedAt === before.updatedAt ? C.unchanged(p.code) : C.saved(p.code));
    setReloads((n) => n + 1);
  };
  const exportAs = async (format: CatalogFormat) => {
    setExporting(format);
    setNotice(null);
    const r = await api.exportProducts(format);
    setExporting(null);
    if (!r.ok) return setError(errorText(r.error));
    setError(null);
    download(r.value);
    setNotice(C.exported(r.value.fileName));
  };

  const items = page?.items ?? [];
  const pageNumber = cursors.length;
  const paged = search.kind === 'words';
  const columns = canChange ? 9 : 8;
  return (
    <section aria-labelledby="products-title" className="products-screen">
      <div className="section-head">
        <h1 id="products-title">{C.title}</h1>
        <div className="actions products-actions">
          {canChange && (
            <>
              <button type="button" className="primary" onClick={() => setPanel({ kind: 'form', start: { kind: 'new' } })}>
                {C.add}
              </button>
              <button type="button" onClick={() => setPanel({ kind: 'import' })}>
                {C.import}
              </button>
            </>
          )}
          <button type="button" onClick={() => void exportAs('csv')} disabled={exporting !== null}>
            {C.exportCsv}
          </button>
          <button type="button" onClick={() => void exportAs('xlsx')} disabled={exporting !== null}>
            {C.exportXlsx}
          </button>
        </div>
      </div>
      {!canChange && <p className="hint">{C.readOnly}</p>}
      <div className="filters products-search" role="search">
        <div className="field search-field">
          <label htmlFor="products-search">{C.search}</label>
          <input
            ref={searchBox}
            id="products-search"
            type="search"
            value={text}
            autoComplete="off"
            spellCheck={false}
            aria-describedby="products-search-hint"
            onChange={(e) => typed(e.target.value)}
            onKeyDown={searchKey}
          />
          <span className="hint" id="products-search-hint">
            {C.searchHint}
          </span>
        </div>
        <div className="field">
          <label htmlFor="products-shown">{C.show}</label>
          <select
            id="products-shown"
            value={shown}
            onChange={(e) => {
              setShown(SHOWN.find((s) => s === e.target.value) ?? 'all');
              setCursors([undefined]);
            }}
          >
            {SHOWN.map((s) => (
              <option key={s} value={s}>
                {C.filters[s]}
              </option>
            ))}
          </select>
        </div>
      </div>
      <div className="products-messages" aria-live="polite">
        {exporting && <p className="busy">{C.exporting}</p>}
        {notice && (
          <p className="ok" role="status" data-testid="products-notice">
            {notice}
          </p>
        )}
        {scan?.kind === 'found' && (
          <p className="ok" role="status" data-testid="scan-result">
            {C.found(scan.barcode, scan.product.code, scan.product.description)}
          </p>
        )}
        {scan?.kind === 'missing' && (
          <p className="warning" role="status" data-testid="scan-result">
            {items.length ? C.notFoundWords(scan.barcode) : C.notFound(scan.barcode)}{' '}
            {canChange && (
              <button
                type="button"
                className="link"
                onClick={() => setPanel({ kind: 'form', start: { kind: 'new', barcode: scan.barcode } })}
              >
                {C.addWithBarcode(scan.barcode)}
              </button>
            )}
          </p>
        )}
      </div>
      {error && (
        <p role="alert" className="error">
          {error}
        </p>
      )}
      <table className="catalog-table products" data-testid="products" aria-busy={loading}>
        <caption className="sr-only">{C.title}</caption>
        <colgroup>
          <col className="c-code" />
          <col className="c-barcodes" />
          <col className="c-description" />
          <col className="c-unit" />
          <col className="c-sale" />
          <col className="c-price" />
          <col className="c-price" />
          <col className="c-active" />
          {canChange && <col className="c-actions" />}
        </colgroup>
        <thead>
          <tr>
            <th scope="col">{C.columns.code}</th>
            <th scope="col">{C.columns.barcodes}</th>
            <th scope="col">{C.columns.description}</th>
            <th scope="col">{C.columns.unit}</th>
            <th scope="col">{C.columns.saleType}</th>
            <th scope="col" className="num">
              {C.columns.shelfPrice}
            </th>
            <th scope="col" className="num">
              {C.columns.netPrice}
            </th>
            <th scope="col">{C.columns.active}</th>
            {canChange && (
              <th scope="col">
                <span className="sr-only">{C.columns.actions}</span>
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {items.map((p) => (
            <tr
              key={p.id}
              className={
                [p.active ? '' : 'inactive', scan?.kind === 'found' && scan.product.id === p.id ? 'found' : ''].join(' ').trim() ||
                undefined
              }
            >
              <td className="mono">{p.code}</td>
              <td className="mono small-text">
                {p.barcodes.slice(0, SHOWN_BARCODES).map((b) => (
                  <span key={b} className="barcode">
                    {b}
                  </span>
                ))}
                {p.barcodes.length > SHOWN_BARCODES && <span className="more">{C.moreBarcodes(p.barcodes.length - SHOWN_BARCODES)}</span>}
              </td>
              <td className="description">{p.description}</td>
              <td>{unitLabel(p.unitMeasure)}</td>
              <td>{optionWords.saleTypes[p.saleType]}</td>
              <td className="num">${cents(p.shelfPrice)}</td>
              <td className="num">${cents(p.netPrice)}</td>
              <td>{p.active ? C.yes : C.no}</td>
              {canChange && (
                <td>
                  <button
                    type="button"
                    aria-label={C.editLabel(p.code)}
                    onClick={() => setPanel({ kind: 'form', start: { kind: 'edit', product: p } })}
                  >
                    {C.edit}
                  </button>
                </td>
              )}
            </tr>
          ))}
          {!loading && items.length === 0 && (
            <tr>
              <td colSpan={columns} className="empty">
                {search.kind === 'words' && search.q === '' && shown === 'all' ? C.emptyCatalog : C.empty}
              </td>
            </tr>
          )}
        </tbody>
      </table>
      {loading && (
        <p className="busy" aria-busy="true">
          {C.loading}
        </p>
      )}
      {paged && (page?.nextCursor || pageNumber > 1) && (
        <nav className="pager" aria-label={C.pages}>
          <button type="button" disabled={pageNumber === 1 || loading} onClick={() => setCursors((c) => c.slice(0, -1))}>
            {C.previous}
          </button>
          <span>{C.page(pageNumber, items.length)}</span>
          <button
            type="button"
            disabled={!page?.nextCursor || loading}
            onClick={() => page?.nextCursor && setCursors((c) => [...c, page.nextCursor ?? undefined])}
          >
            {C.next}
          </button>
        </nav>
      )}
      {panel?.kind === 'form' && (
        <ProductForm
          key={panel.start.kind === 'edit' ? panel.start.product.id : 'new'}
          api={api}
          start={panel.start}
          onCancel={() => setPanel(null)}
          onSaved={(p) => saved(p, panel.start.kind === 'edit' ? panel.start.product : null)}
        />
      )}
      {panel?.kind === 'import' && <ImportPanel api={api} onClose={() => setPanel(null)} onImported={() => setReloads((n) => n + 1)} />}
    </section>
  );
}
