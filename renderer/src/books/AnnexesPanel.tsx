// Anexos F-07: each annex of the month with its file, its rows, the casillas it carries to the form, and what
// MH's portal would refuse (errors) or someone should look at (warnings), each naming its row and column.
import type { AnnexProblem, AnnexSummary, MonthBooks } from '../../../shared/books';
import { errorText } from '../error-text';
import { usd } from '../money';
import { booksWords } from '../words/books';
import type { BooksSource } from './source';
import { saveCsv } from './csv';
import { saveBlob } from './files';
import { OutcomeLine } from './Outcome';
import { useDownloads, type Outcome } from './use-downloads';
import { zip } from './zip';

const A = booksWords.annexes;
/** Problems shown at once; the rest open under "Ver los demás". */
const SHOWN = 4;

export function AnnexesPanel({ source, books, monthName }: { source: BooksSource; books: MonthBooks; monthName: string }) {
  const downloads = useDownloads();
  const withRows = books.annexes.filter((a) => a.rows > 0);

  const downloadAll = () =>
    downloads.runMany('all', async (): Promise<Outcome> => {
      const files = [];
      for (const a of withRows) {
        const r = await source.annexFile(a.annex, books.month);
        if (!r.ok) return { text: booksWords.failed(a.fileName, errorText(r.error)), failed: true };
        files.push({ name: r.value.fileName, bytes: Uint8Array.from(atob(r.value.base64), (c) => c.charCodeAt(0)) });
      }
      const name = `anexos-${books.month.replace('-', '')}.zip`;
      saveBlob(name, new Blob([zip(files)], { type: 'application/zip' }));
      return { text: booksWords.saved(name), failed: false };
    });

  const exportCsv = () =>
    saveCsv(
      A.exportName(books.month),
      [A.csv.annex, A.csv.file, A.csv.rows, A.csv.errors, A.csv.warnings, A.csv.casilla, A.csv.label, A.csv.amount],
      books.annexes.flatMap((a) => {
        const errors = a.problems.filter((p) => p.severity === 'error').length;
        const head = [a.title, a.fileName, a.rows, errors, a.problems.length - errors];
        return a.casillas.length > 0 ? a.casillas.map((c) => [...head, c.casilla, c.label, c.amount]) : [[...head, '', '', '']];
      }),
    );

  return (
    <div className="annexes">
      <h2 id="books-annexes-h">{A.title(monthName)}</h2>
      <p className="muted">{A.intro}</p>
      {(books.warnings?.length ?? 0) > 0 && (
        // What the books did not take as sent (the hub: documents MH does not confirm, statuses without an event).
        <div className="problems" role="note" data-testid="books-warnings">
          <strong>{A.notCounted}</strong>
          <ul>
            {books.warnings!.map((w) => (
              <li key={w}>{w}</li>
            ))}
          </ul>
        </div>
      )}
      <div className="actions">
        <button
          type="button"
          onClick={() => void downloadAll()}
          disabled={withRows.length === 0 || downloads.busy !== null}
          aria-busy={downloads.busy === 'all'}
        >
          {downloads.busy === 'all' ? booksWords.preparing : A.downloadAll(withRows.length)}
        </button>
        <button type="button" onClick={exportCsv} aria-label={booksWords.exportCsvLabel(A.caption)}>
          {booksWords.exportCsv}
        </button>
      </div>
      <OutcomeLine outcome={downloads.outcome} />
      <table className="books-data annex-table" data-testid="annexes">
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
                <Problems problems={a.problems} />
              </td>
              <td>
                <button
                  type="button"
                  aria-label={A.downloadLabel(a.fileName)}
                  aria-busy={downloads.busy === a.annex}
                  disabled={downloads.busy !== null}
                  onClick={() => void downloads.run(a.annex, a.fileName, () => source.annexFile(a.annex, books.month))}
                >
                  {downloads.busy === a.annex ? booksWords.preparing : A.download}
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The casillas with an amount; those at $0.00 folded away, so the ones that matter stand out. */
function Casillas({ annex }: { annex: AnnexSummary }) {
  if (annex.casillas.length === 0) return <span className="muted">{A.noCasillas}</span>;
  const some = annex.casillas.filter((c) => Number(c.amount) !== 0);
  const zero = annex.casillas.filter((c) => Number(c.amount) === 0);
  const list = (items: typeof annex.casillas) => (
    <ul className="casillas">
      {items.map((c) => (
        <li key={c.casilla}>
          <span>
            <strong>{A.casilla(c.casilla)}</strong> · {c.label}
          </span>
          <span className="num">{usd(c.amount)}</span>
        </li>
      ))}
    </ul>
  );
  return (
    <>
      {some.length > 0 && list(some)}
      {zero.length > 0 && (
        <details className="casillas-zero">
          <summary>{A.zeroCasillas(zero.length)}</summary>
          {list(zero)}
        </details>
      )}
    </>
  );
}

function Problems({ problems }: { problems: readonly AnnexProblem[] }) {
  if (problems.length === 0) return <span className="ok">✓ {A.noProblems}</span>;
  const errors = problems.filter((p) => p.severity === 'error').length;
  const warnings = problems.length - errors;
  const ordered = [...problems].sort((a, b) => (a.severity === b.severity ? 0 : a.severity === 'error' ? -1 : 1));
  const item = (p: AnnexProblem, i: number) => (
    <li key={i} className={`problem problem-${p.severity}`}>
      <span className="problem-tag">{p.severity === 'error' ? `✕ ${A.error}` : `! ${A.warning}`}</span>{' '}
      {p.row === 0 ? A.whole : A.where(p.row, p.column)}: {p.message}
    </li>
  );
  return (
    <div className="problems">
      <p className={errors > 0 ? 'error' : 'problem-warning-text'}>
        <strong>{[errors > 0 ? A.errors(errors) : '', warnings > 0 ? A.warnings(warnings) : ''].filter(Boolean).join(' · ')}</strong>
        <br />
        <span className="small">{errors > 0 ? A.errorMeans : A.warningMeans}</span>
      </p>
      <ul>{ordered.slice(0, SHOWN).map(item)}</ul>
      {ordered.length > SHOWN && (
        <details>
          <summary>{A.more(ordered.length - SHOWN)}</summary>
          <ul>{ordered.slice(SHOWN).map((p, i) => item(p, i + SHOWN))}</ul>
        </details>
      )}
    </div>
  );
}
