// An IVA book as data, whatever it is printed on: the header every page repeats, its tables (columns in the
// Reglamento's order), each table's totals, and the month's summary. book-pdf.ts and book-xlsx.ts draw it.
import type { BookId } from '../../../shared/books';
import { issueOrder } from './annex-cells';
import type { BookDocument } from './book-document';

export interface BookCompany {
  readonly name: string;
  readonly nit: string;
  readonly nrc: string;
  /** The establishment and point of sale the book covers (M001P001), or null for the company. */
  readonly station: string | null;
}

export interface BookHeader {
  /** "LIBRO DE VENTAS A CONSUMIDORES FINALES". */
  readonly title: string;
  /** YYYY-MM. */
  readonly month: string;
  /** "noviembre de 2026". */
  readonly monthName: string;
  readonly company: BookCompany;
  /** When the book was made, El Salvador time, for the footer. */
  readonly generatedAt: string;
}

/** text: as is; money: a 2-decimal string, summed and carried forward; int: a count, right-aligned. */
export type BookColumnKind = 'text' | 'money' | 'int';

export interface BookColumn {
  readonly key: string;
  readonly label: string;
  readonly kind: BookColumnKind;
  /** Relative width on paper (the PDF shares the page's width in these proportions). */
  readonly width: number;
}

export interface BookRow {
  /** By column key; money as '1234.56' (negative for what subtracts, such as an NC). */
  readonly cells: Readonly<Record<string, string>>;
  /** A row to set apart (an NC, an annulment): printed in italics. */
  readonly emphasis?: boolean;
}

export interface BookTable {
  readonly title: string;
  /** A short name for the workbook's sheet (31 characters at most); the title when absent. */
  readonly sheet?: string;
  readonly columns: readonly BookColumn[];
  readonly rows: readonly BookRow[];
  /** The sum of each money column over all rows, by key. */
  readonly totals: Readonly<Record<string, string>>;
  /** Printed when there are no rows. */
  readonly empty: string;
}

export interface BookSummaryLine {
  readonly label: string;
  readonly amount: string;
  /** A result line (the débito fiscal del mes): printed in bold. */
  readonly strong?: boolean;
}

export interface Book {
  readonly id: BookId;
  readonly header: BookHeader;
  readonly tables: readonly BookTable[];
  readonly summaryTitle: string;
  readonly summary: readonly BookSummaryLine[];
  /** "F. ____ Contador" lines for the signature (Reglamento art. 82). */
  readonly signature: string;
}

/** A book made as the month is read in issue order (docs/decisions/0043-books-in-constant-memory.md). */
export interface BookFold {
  readonly add: (d: BookDocument) => void;
  readonly result: () => Book;
}

/** A book of documents already in memory, in any order: the fold over them sorted into issue order. */
export function foldedBook(fold: BookFold, docs: readonly BookDocument[]): Book {
  for (const d of [...docs].sort(issueOrder)) fold.add(d);
  return fold.result();
}
