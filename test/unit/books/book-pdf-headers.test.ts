// The IVA books' PDF column headers never break a word (issue 33: "Exportacio/nes", "Impuest o percibi do"):
// each real book's columns drawn with a row, read back with pdftotext, every header word found whole.
import { describe, expect, it } from 'vitest';
import type { MonthDocuments } from '../../../main/core/books/annexes';
import type { Book, BookHeader } from '../../../main/core/books/book-model';
import { bookPdf } from '../../../main/core/books/book-pdf';
import { consumerBook } from '../../../main/core/books/consumer-book';
import { contributorBook } from '../../../main/core/books/contributor-book';
import { pdfText } from '../../support/pdf';

const HEADER: BookHeader = {
  title: 'LIBRO',
  month: '2026-11',
  monthName: 'noviembre de 2026',
  company: { name: 'Empresa', nit: '06142803901121', nrc: '2345678', station: 'M001P001' },
  generatedAt: '2026-12-03T09:00:00-06:00',
};
const EMPTY: MonthDocuments = { month: '2026-11', issued: [], invalidated: [], point: 'M001P001' };

// One row per table, so its header is drawn (an empty table prints only its "no rows" line).
const withRows = (book: Book): Book => ({
  ...book,
  tables: book.tables.map((t) => ({
    ...t,
    rows: [{ cells: Object.fromEntries(t.columns.map((c) => [c.key, c.kind === 'text' ? 'x' : '1.00'])) }],
  })),
});

const tokens = (text: string) => new Set(text.split(/[\s,.;:()]+/u).filter(Boolean));

describe('IVA book PDF headers', () => {
  for (const [name, book] of [
    ['consumidores finales', consumerBook(EMPTY, HEADER)],
    ['contribuyentes', contributorBook(EMPTY, HEADER)],
  ] as const) {
    it(`${name}: every header word is printed whole`, async () => {
      const drawn = withRows(book);
      const text = pdfText(await bookPdf(drawn));
      const found = tokens(text);
      const words = [...new Set(drawn.tables.flatMap((t) => t.columns.flatMap((c) => [...tokens(c.label)])))];
      expect(words.length).toBeGreaterThan(10);
      expect(words.filter((w) => !found.has(w))).toEqual([]);
    });
  }
});
