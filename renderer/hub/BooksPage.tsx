// Libros: the company's month at the head office (docs/decisions/0016-head-office-hub.md, "The company's books"),
// over GET /hub/v1/books (annexes, their checks and casillas, the IVA summary) and GET /hub/v1/reports/sales (the
// month's documents and sales by kind), for every point of sale or one. The files are links to the hub's own
// downloads, same-origin with the session cookie, so the browser saves them under the names MH and the station use.
// Every person of the hub may read books; the server decides that, not this page.
import { DateField } from '../src/pickers/DateField';
import { useEffect, useRef, useState } from 'react';
import { BOOK_FORMATS, BOOKS, type AnnexSummary, type IvaSummary, type MonthBooks, type SalesReport } from '../../shared/books';
import { usd } from '../src/money';
import { booksWords } from '../src/words/books';
import { FIRST_MONTH, MONTH, declaredMonth, monthDays, monthLabel, thisMonth } from '../src/books/month';
import '../src/books/books.css';
import { booksFileUrl, errorText, hubApi, type HubStation } from './api';
import { hubWords } from './words';

const w = hubWords.books;
const A = booksWords.annexes;
const B = booksWords.books;
const L = B.lines;

interface Month {
  readonly books: MonthBooks;
  readonly report: SalesReport;
}

type Load = { state: 'busy' } | { state: 'done'; month: Month } | { state: 'failed'; text: string };

export function BooksPage({ onExpired }: { onExpired: () => void }) {
  const [now] = useState(() => new Date());
  const latest = thisMonth(now);
  const [monthText, setMonthText] = useState(() => declaredMonth(now));
  // The month shown: the last good one while the field holds something else.
  const [month, setMonth] = useState(monthText);
  const [point, setPoint] = useState('');
  const [stations, setStations] = useState<readonly HubStation[]>([]);
  const [load, setLoad] = useState<Load>({ state: 'busy' });
  const [tick, setTick] = useState(0);
  const generation = useRef(0);
  // A month not written whole is said by the field itself, once, after the person leaves it.
  const problem = !MONTH.test(monthText) ? null : monthText < FIRST_MONTH ? w.monthTooEarly : monthText > latest ? w.monthFuture : null;

  useEffect(() => {
    void hubApi.stations().then((r) => {
      if (r.ok) setStations(r.value.stations);
      else if (r.error.code === 'UNAUTHORIZED') onExpired();
    });
  }, [onExpired]);

  useEffect(() => {
    // A newer month or point overtakes the answer of an older one.
    const gen = ++generation.current;
    setLoad({ state: 'busy' });
    const { from, to } = monthDays(month, new Date());
    void Promise.all([hubApi.monthBooks(month, point), hubApi.salesReport(from, to, point)]).then(([books, report]) => {
      if (gen !== generation.current) return;
      const failed = !books.ok ? books.error : !report.ok ? report.error : null;
      if (failed?.code === 'UNAUTHORIZED') return onExpired();
      if (failed) return setLoad({ state: 'failed', text: failed.code === 'NOT_FOUND' ? w.noBooks : errorText(failed) });
      if (books.ok && report.ok) setLoad({ state: 'done', month: { books: books.value, report: report.value } });
    });
  }, [month, point, tick, onExpired]);

  // One option per point of sale (M001P001), named by its station(s).
  const points = [...new Map(stations.map((s) => [`${s.branchCode}${s.posNumber}`, s.name])).entries()].sort(([a], [b]) =>
    a.localeCompare(b),
  );
  const who = point ? point : w.whole;
  const name = monthLabel(month);

  return (
    <section className="books-screen hub-books" aria-labelledby="hub-books-title">
      <h1 id="hub-books-title" tabIndex={-1}>
        {w.title}
      </h1>
      <p className="muted">{w.intro}</p>
      <form className="hub-filters" aria-label={w.choose} onSubmit={(e) => e.preventDefault()}>
        <div className="field">
          <label htmlFor="hub-books-month">{w.month}</label>
          <DateField
            id="hub-books-month"
            kind="month"
            required
            value={monthText}
            min={FIRST_MONTH}
            max={latest}
            aria-invalid={problem !== null}
            aria-describedby={problem ? 'hub-books-month-hint hub-books-month-error' : 'hub-books-month-hint'}
            onChange={(v) => {
              setMonthText(v);
              if (MONTH.test(v) && v >= FIRST_MONTH && v <= latest) setMonth(v);
            }}
          />
          <span className="hint" id="hub-books-month-hint">
            {w.monthHint}
          </span>
          {problem && (
            <span className="field-error" id="hub-books-month-error">
              {problem}
            </span>
          )}
        </div>
        <div className="field">
          <label htmlFor="hub-books-point">{w.point}</label>
          <select id="hub-books-point" value={point} onChange={(e) => setPoint(e.target.value)} aria-describedby="hub-books-point-hint">
            <option value="">{w.allPoints}</option>
            {points.map(([p, stationName]) => (
              <option key={p} value={p}>
                {w.pointOption(p, stationName)}
              </option>
            ))}
          </select>
          <span className="hint" id="hub-books-point-hint">
            {w.pointHint}
          </span>
        </div>
      </form>
      <div aria-live="polite" aria-busy={load.state === 'busy'} data-testid="hub-books">
        {load.state === 'busy' && (
          <p className="busy hub-books-busy" role="status">
            <span className="hub-spinner" aria-hidden="true" /> {w.calculating(name, who)}
          </p>
        )}
        {load.state === 'failed' && (
          <p className={w.noBooks === load.text ? 'empty' : 'error'} role="alert">
            {load.text}{' '}
            <button type="button" className="link" onClick={() => setTick((t) => t + 1)}>
              {w.retry}
            </button>
          </p>
        )}
        {load.state === 'done' && <MonthView month={load.month} name={name} who={who} point={point} />}
      </div>
    </section>
  );
}

function MonthView({ month, name, who, point }: { month: Month; name: string; who: string; point: string }) {
  const { books, report } = month;
  const problems = books.annexes.flatMap((a) => a.problems);
  const errors = problems.filter((p) => p.severity === 'error').length;
  const warnings = problems.length - errors;
  const sales = report.byKind.filter((k) => k.count > 0);
  return (
    <>
      <h2 className="hub-books-of">{w.of(name, who)}</h2>
      <dl className="hub-books-figures" aria-label={w.figures} data-testid="hub-books-figures">
        <div>
          <dt>{w.debito}</dt>
          <dd data-testid="hub-books-debito">{usd(books.ivaSummary.debitoTotal)}</dd>
        </div>
        <div>
          <dt>{w.sales}</dt>
          <dd data-testid="hub-books-sales">{usd(report.totals.sales)}</dd>
        </div>
        <div>
          <dt>{w.documents}</dt>
          <dd>
            <span data-testid="hub-books-documents">{report.totals.documents}</span>
            <span className="small">{w.documentsNote(report.attention.pending, report.attention.rejected)}</span>
          </dd>
        </div>
        <div className={errors > 0 ? 'bad' : warnings > 0 ? 'warn' : undefined}>
          <dt>{w.checks}</dt>
          <dd data-testid="hub-books-checks">
            {problems.length === 0 ? `✓ ${w.checksNone}` : `${errors > 0 ? '✕' : '!'} ${w.checksSome(errors, warnings)}`}
          </dd>
        </div>
      </dl>
      <div className="hub-books-pair">
        <section aria-labelledby="hub-books-kind-h">
          <h3 id="hub-books-kind-h">{w.byKind}</h3>
          {sales.length === 0 ? (
            <p className="muted">{w.noSales}</p>
          ) : (
            <table className="books-data" data-testid="hub-books-by-kind">
              <caption className="sr-only">{w.byKind}</caption>
              <thead>
                <tr>
                  <th scope="col">{w.kind}</th>
                  <th scope="col" className="num">
                    {w.count}
                  </th>
                  <th scope="col" className="num">
                    {w.total}
                  </th>
                  <th scope="col" className="num">
                    {w.iva}
                  </th>
                </tr>
              </thead>
              <tbody>
                {sales.map((k) => (
                  <tr key={k.kind}>
                    <th scope="row">
                      {hubWords.kinds[k.kind] ?? k.kind} ({k.kind})
                    </th>
                    <td className="num">{k.count}</td>
                    <td className="num">{usd(k.total)}</td>
                    <td className="num">{usd(k.iva)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          <p className="hint">{w.byKindNote}</p>
        </section>
        <IvaBooks books={books} point={point} />
      </div>
      <Annexes books={books} point={point} />
    </>
  );
}

function ivaLines(s: IvaSummary): [string, string][] {
  return [
    [L.consumerGravadas, s.consumer.gravadas],
    [L.consumerDebito, s.consumer.debito],
    [L.contributorGravadas, s.contributor.gravadas],
    [L.contributorDebito, s.contributor.debito],
    [
      `${L.consumerExentas} y ${L.consumerNoSujetas.toLowerCase()}`,
      sum(s.consumer.exentas, s.consumer.noSujetas, s.contributor.exentas, s.contributor.noSujetas),
    ],
    [L.consumerExportaciones, s.consumer.exportaciones],
    [L.ivaRetenido, s.ivaRetenido],
    [L.ivaPercibido, s.ivaPercibido],
    [L.retencionesEfectuadas, s.retencionesEfectuadas],
    [L.anulacionesPrevias, s.anulacionesPrevias],
  ];
}

/** Exact cents: the amounts are decimal strings with two places. */
function sum(...amounts: string[]): string {
  const cents = amounts.reduce((t, a) => t + Math.round(Number(a) * 100), 0);
  return (cents / 100).toFixed(2);
}

function IvaBooks({ books, point }: { books: MonthBooks; point: string }) {
  return (
    <section aria-labelledby="hub-books-iva-h">
      <h3 id="hub-books-iva-h">{w.ivaBooks}</h3>
      <ul className="hub-books-files" data-testid="hub-books-iva">
        {BOOKS.map((book) => (
          <li key={book}>
            <span>
              <strong>{B[book]}</strong>
              <span className="hint">{B[`${book}Hint`]}</span>
            </span>
            <span className="hub-books-links">
              {BOOK_FORMATS.map((format) => (
                <a
                  key={format}
                  className="button-link"
                  href={booksFileUrl({ book, format }, books.month, point)}
                  download
                  aria-label={w.downloadLabel(B[book], B[format])}
                >
                  {w.download(B[format])}
                </a>
              ))}
            </span>
          </li>
        ))}
      </ul>
      <table className="books-data hub-books-iva-summary" data-testid="hub-books-iva-summary">
        <caption>{w.summary}</caption>
        <tbody>
          {ivaLines(books.ivaSummary).map(([label, amount]) => (
            <tr key={label}>
              <th scope="row">{label}</th>
              <td className="num">{usd(amount)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">{L.debitoTotal}</th>
            <td className="num">{usd(books.ivaSummary.debitoTotal)}</td>
          </tr>
        </tfoot>
      </table>
    </section>
  );
}

function Annexes({ books, point }: { books: MonthBooks; point: string }) {
  return (
    <section aria-labelledby="hub-books-annexes-h">
      <h3 id="hub-books-annexes-h">{w.annexes}</h3>
      <p className="hint">{w.annexesIntro}</p>
      <table className="books-data annex-table" data-testid="hub-books-annexes">
        <caption className="sr-only">{A.caption}</caption>
        <thead>
          <tr>
            <th scope="col">{A.columns.annex}</th>
            <th scope="col" className="num">
              {A.columns.rows}
            </th>
            <th scope="col">{A.columns.casillas}</th>
            <th scope="col">{A.columns.problems}</th>
            <th scope="col">{A.columns.download}</th>
          </tr>
        </thead>
        <tbody>
          {books.annexes.map((a) => (
            <tr key={a.annex} data-annex={a.annex}>
              <th scope="row">
                {a.title}
                <span className="mono annex-file">{a.fileName}</span>
              </th>
              <td className="num">{a.rows}</td>
              <td>
                <Casillas annex={a} />
              </td>
              <td>
                <Checks annex={a} />
              </td>
              <td>
                {a.rows > 0 ? (
                  <a
                    className="button-link"
                    href={booksFileUrl({ annex: a.annex }, books.month, point)}
                    download
                    aria-label={A.downloadLabel(a.fileName)}
                  >
                    {A.download}
                  </a>
                ) : (
                  <span className="muted">{w.noRows}</span>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

/** The casillas with an amount; the annex's others are $0.00 and left out. */
function Casillas({ annex }: { annex: AnnexSummary }) {
  const some = annex.casillas.filter((c) => Number(c.amount) !== 0);
  if (some.length === 0) return <span className="muted">{annex.casillas.length === 0 ? A.noCasillas : '—'}</span>;
  return (
    <ul className="casillas">
      {some.map((c) => (
        <li key={c.casilla}>
          <span>
            <strong>{A.casilla(c.casilla)}</strong> · {c.label}
          </span>
          <span className="num">{usd(c.amount)}</span>
        </li>
      ))}
    </ul>
  );
}

/** MH's checks of the annex, errors first, each naming its row and column. */
function Checks({ annex }: { annex: AnnexSummary }) {
  if (annex.problems.length === 0) return <span className="ok">✓ {A.noProblems}</span>;
  const ordered = [...annex.problems].sort((a, b) => (a.severity === b.severity ? 0 : a.severity === 'error' ? -1 : 1));
  return (
    <div className="problems">
      <ul>
        {ordered.slice(0, 3).map((p, i) => (
          <li key={i} className={`problem problem-${p.severity}`}>
            <span className="problem-tag">{p.severity === 'error' ? `✕ ${A.error}` : `! ${A.warning}`}</span>{' '}
            {p.row === 0 ? A.whole : A.where(p.row, p.column)}: {p.message}
          </li>
        ))}
      </ul>
      {ordered.length > 3 && (
        <details>
          <summary>{A.more(ordered.length - 3)}</summary>
          <ul>
            {ordered.slice(3).map((p, i) => (
              <li key={i} className={`problem problem-${p.severity}`}>
                <span className="problem-tag">{p.severity === 'error' ? `✕ ${A.error}` : `! ${A.warning}`}</span>{' '}
                {p.row === 0 ? A.whole : A.where(p.row, p.column)}: {p.message}
              </li>
            ))}
          </ul>
        </details>
      )}
    </div>
  );
}
