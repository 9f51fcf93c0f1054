// Where the books read their documents: the station's SQLite (sqlite-books-source.ts) or the hub's
// PostgreSQL (main/hub/books-source.ts). Everything past this interface (annexes, books, reports) is the same code on either.
import type { BookCompany } from './book-model';
import type { BookDocument } from './book-document';

export interface PeriodFilter {
  /** Local dates (YYYY-MM-DD), both ends included. */
  readonly from: string;
  readonly to: string;
  /** One establishment and point of sale (M001P001). */
  readonly point?: string;
  /** Who issued (`user:login`, `api-key:id`). */
  readonly issuedBy?: string;
  /**
   * Whether each document's lines are wanted (the sales report's products). The books read only the summary, and
   * a source may leave the lines out (the hub does: they are most of a document's JSON); a CR's come always.
   */
  readonly lines?: boolean;
}

export interface BooksSource {
  /** Who the books are of. */
  readonly company: () => BookCompany;
  /** The documents issued in the period, a page at a time, in date order (any order within a day); each knows its invalidation. */
  readonly documents: (period: PeriodFilter) => AsyncIterable<readonly BookDocument[]>;
  /** Documents invalidated in the period (by fecAnula), whenever they were issued. */
  readonly invalidatedBetween: (from: string, to: string) => Promise<readonly BookDocument[]>;
  /**
   * Eventos de Retorno made in the period (by their own fecEmi), not refused by MH, as book documents of the kind
   * they give back on (book-return.ts); each knows when MH took its invalidation, if it did.
   */
  readonly returnsBetween: (from: string, to: string) => Promise<readonly BookDocument[]>;
  /**
   * What the source did not count as sent in the period, and why (the hub's; a station believes its own file), and a
   * station's Eventos de Operaciones Especiales of the period that MH has not sealed.
   */
  readonly warnings?: (from: string, to: string) => Promise<readonly string[]>;
}

/** Every document of the period in one array (a month of 100,000 fits: each is a few hundred bytes). */
export async function allDocuments(source: BooksSource, period: PeriodFilter, onPage?: (done: number) => void): Promise<BookDocument[]> {
  const out: BookDocument[] = [];
  for await (const page of source.documents(period)) {
    out.push(...page);
    onPage?.(out.length);
  }
  return out;
}
