// Libros de IVA: the two sales books of the month, each as PDF and as XLSX, and the month's IVA summary.
import { BOOK_FORMATS, BOOKS, type BookId, type IvaSummary, type MonthBooks } from '../../../shared/books';
import { usd } from '../money';
import { booksWords } from '../words/books';
import type { BooksSource } from './source';
import { DataTable } from './DataTable';
import { OutcomeLine } from './Outcome';
import { useDownloads } from './use-downloads';

const B = booksWords.books;
const L = B.lines;

interface Line {
  readonly key: string;
  readonly group: string;
  readonly label: string;
  readonly amount: string;
}

function summaryLines(s: IvaSummary): Line[] {
  return [
    { key: 'cg', group: B.consumer, label: L.consumerGravadas, amount: s.consumer.gravadas },
    { key: 'cd', group: B.consumer, label: L.consumerDebito, amount: s.consumer.debito },
    { key: 'ce', group: B.consumer, label: L.consumerExentas, amount: s.consumer.exentas },
    { key: 'cn', group: B.consumer, label: L.consumerNoSujetas, amount: s.consumer.noSujetas },
    { key: 'cx', group: B.consumer, label: L.consumerExportaciones, amount: s.consumer.exportaciones },
    { key: 'tg', group: B.contributor, label: L.contributorGravadas, amount: s.contributor.gravadas },
    { key: 'td', group: B.contributor, label: L.contributorDebito, amount: s.contributor.debito },
    { key: 'te', group: B.contributor, label: L.contributorExentas, amount: s.contributor.exentas },
    { key: 'tn', group: B.contributor, label: L.contributorNoSujetas, amount: s.contributor.noSujetas },
    { key: 'rr', group: B.others, label: L.ivaRetenido, amount: s.ivaRetenido },
    { key: 'rp', group: B.others, label: L.ivaPercibido, amount: s.ivaPercibido },
    { key: 're', group: B.others, label: L.retencionesEfectuadas, amount: s.retencionesEfectuadas },
    { key: 'ra', group: B.others, label: L.anulacionesPrevias, amount: s.anulacionesPrevias },
    { key: 'rd', group: B.others, label: L.devoluciones, amount: s.devoluciones },
    { key: 'rdi', group: B.others, label: L.devolucionesIva, amount: s.devolucionesIva },
  ];
}

export function IvaBooksPanel({ source, books, monthName }: { source: BooksSource; books: MonthBooks; monthName: string }) {
  const downloads = useDownloads();
  const name = (book: BookId) => B[book];
  const lines = summaryLines(books.ivaSummary);
  return (
    <div className="iva-books">
      <h2 id="books-books-h">{B.title(monthName)}</h2>
      <p className="muted">{B.intro}</p>
      <div className="book-cards">
        {BOOKS.map((book) => (
          <section key={book} className="book-card" aria-labelledby={`book-${book}-h`} data-testid={`book-${book}`}>
            <h3 id={`book-${book}-h`}>{name(book)}</h3>
            <p className="hint">{B[`${book}Hint`]}</p>
            <div className="actions">
              {BOOK_FORMATS.map((format) => {
                const key = `${book}-${format}`;
                const label = B[format];
                return (
                  <button
                    key={format}
                    type="button"
                    aria-label={B.downloadLabel(name(book), label)}
                    aria-busy={downloads.busy === key}
                    disabled={downloads.busy !== null}
                    onClick={() => void downloads.run(key, `${name(book)} (${label})`, () => source.bookFile(book, books.month, format))}
                  >
                    {downloads.busy === key ? booksWords.preparing : B.download(label)}
                  </button>
                );
              })}
            </div>
          </section>
        ))}
      </div>
      <OutcomeLine outcome={downloads.outcome} />
      <h3 id="books-summary-h">{B.summary}</h3>
      <p className="hint">{B.summaryIntro}</p>
      <p className="iva-total" data-testid="iva-total">
        {L.debitoTotal}: <strong>{usd(books.ivaSummary.debitoTotal)}</strong>
      </p>
      <DataTable
        caption={B.summary}
        fileName={B.exportName(books.month)}
        rows={lines}
        rowKey={(l) => l.key}
        testId="iva-summary"
        captionHidden
        group={{ label: B.group, of: (l) => l.group }}
        columns={[
          { label: B.concept, cell: (l) => l.label, csv: (l) => l.label },
          { label: B.amount, cell: (l) => usd(l.amount), csv: (l) => l.amount, numeric: true },
        ]}
        footer={{ cells: [L.debitoTotal, usd(books.ivaSummary.debitoTotal)], csv: [L.debitoTotal, books.ivaSummary.debitoTotal] }}
      />
    </div>
  );
}
