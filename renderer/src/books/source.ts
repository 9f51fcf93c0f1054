// Where the books screens read from: the station's API (shared/api.ts) or the hub's (renderer/hub/books-source.ts).
// One shape, so the annexes, the IVA books and the reports are drawn by the same panels at a counter and at head office.
import type { AnnexId, BookFile, BookFormat, BookId, MonthBooks, ReportQuery, SalesReport } from '../../../shared/books';
import type { Result } from '../../../shared/errors';

export interface BooksSource {
  readonly monthBooks: (month: string) => Promise<Result<MonthBooks>>;
  readonly annexFile: (annex: AnnexId, month: string) => Promise<Result<BookFile>>;
  readonly bookFile: (book: BookId, month: string, format: BookFormat) => Promise<Result<BookFile>>;
  readonly salesReport: (query: ReportQuery) => Promise<Result<SalesReport>>;
}
