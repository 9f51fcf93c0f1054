// The month read as a stream (docs/decisions/0043-books-in-constant-memory.md): the books service reads a paged
// source once, in issue order, folding every annex and the IVA summary as it goes. For random months, whatever the
// page size and whatever order the source gives within a day, it says what the month held whole says: the same
// rows, casillas, problems and IVA summary, the same annex bytes, and the same IVA books.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ANNEXES, BOOKS_DEFAULTS, type BooksSettings } from '../../../shared/books';
import { checkAnnex } from '../../../main/core/books/annex-check';
import { annexBytes, annexFileName } from '../../../main/core/books/annex-file';
import { buildAnnex, type MonthDocuments } from '../../../main/core/books/annexes';
import type { BookDocument } from '../../../main/core/books/book-document';
import type { BookHeader } from '../../../main/core/books/book-model';
import { consumerBook, consumerBookFold } from '../../../main/core/books/consumer-book';
import { contributorBook, contributorBookFold } from '../../../main/core/books/contributor-book';
import type { BooksSource } from '../../../main/core/books/books-source';
import { booksOver } from '../../../main/core/books/books-service';
import { casillasOf } from '../../../main/core/books/casillas';
import { ivaSummary } from '../../../main/core/books/iva-summary';
import { daysInIssueOrder } from '../../../main/core/books/month-stream';
import { MONTH, monthArb } from '../../support/book-arbitraries';

const COMPANY = { name: 'Empresa', nit: '06142803901121', nrc: '2345678', station: 'M001P001' };
const HEADER: BookHeader = {
  title: 'LIBRO',
  month: MONTH,
  monthName: 'noviembre de 2026',
  company: COMPANY,
  generatedAt: '2026-12-03T09:00:00-06:00',
};

/** A source as the real ones page: by date, `page` at a time; within a day in the order `rank` gives. */
function pagedSource(m: MonthDocuments, page: number, rank: readonly number[]): BooksSource {
  const order = m.issued
    .map((d, i) => ({ d, r: rank[i % rank.length]! }))
    .sort((a, b) => (a.d.date < b.d.date ? -1 : a.d.date > b.d.date ? 1 : a.r - b.r))
    .map((x) => x.d);
  return {
    company: () => COMPANY,
    async *documents() {
      for (let i = 0; i < order.length; i += page) {
        await Promise.resolve();
        yield order.slice(i, i + page);
      }
    },
    invalidatedBetween: () => Promise.resolve(m.invalidated),
    returnsBetween: () => Promise.resolve([]),
  };
}

const settingsArb = fc.record({
  encoding: fc.constantFrom<BooksSettings['encoding']>('windows-1252', 'utf-8'),
  annex1Total: fc.constantFrom<BooksSettings['annex1Total']>('sin-iva', 'con-iva'),
});

describe('the month read as a stream', () => {
  it('gives the summaries, casillas, problems, IVA summary and files of the month held whole', async () => {
    await fc.assert(
      fc.asyncProperty(
        monthArb,
        fc.integer({ min: 1, max: 7 }),
        fc.array(fc.integer(), { minLength: 1, maxLength: 20 }),
        settingsArb,
        async (m, page, rank, chosen) => {
          const s: BooksSettings = { ...BOOKS_DEFAULTS, ...chosen };
          const books = booksOver({
            clock: { now: () => new Date('2026-12-03T15:00:00Z') },
            source: pagedSource(m, page, rank),
            settings: { get: () => s, set: () => {} },
          });
          const streamed = await books.month(MONTH);
          for (const annex of ANNEXES) {
            const whole = buildAnnex(annex, m, s);
            const fileName = annexFileName(annex, MONTH, COMPANY.station);
            const summary = streamed.annexes.find((a) => a.annex === annex)!;
            expect(summary.rows, annex).toBe(whole.rows.length);
            expect(summary.casillas, annex).toEqual(casillasOf(annex, whole.rows));
            expect(summary.problems, annex).toEqual([...checkAnnex(annex, whole.rows, MONTH, s, fileName), ...whole.notes]);
            const file = await books.annexFile(annex, MONTH);
            expect(file.fileName).toBe(fileName);
            expect(Buffer.from(file.base64, 'base64').equals(annexBytes(whole.rows, s)), annex).toBe(true);
          }
          expect(streamed.ivaSummary).toEqual(ivaSummary(m.issued, m.invalidated, MONTH));
          // Both IVA books, folded from the same paged reading, are the books of the month held whole.
          const source = pagedSource(m, page, rank);
          for (const [fold, whole] of [
            [consumerBookFold, consumerBook],
            [contributorBookFold, contributorBook],
          ] as const) {
            const book = fold(MONTH, HEADER, m.invalidated);
            for await (const day of daysInIssueOrder(source, { from: '2026-11-01', to: '2026-11-30' })) day.forEach(book.add);
            expect(book.result()).toEqual(whole(m, HEADER));
          }
        },
      ),
      { numRuns: 60 },
    );
  });

  it('refuses a source that goes back a day, rather than split a day it has already closed', async () => {
    const [late, early] = fc
      .sample(monthArb, { numRuns: 30, seed: 7 })
      .flatMap((m) => m.issued)
      .reduce<BookDocument[]>((two, d) => (two.length === 0 || (two.length === 1 && d.date < two[0]!.date) ? [...two, d] : two), []);
    expect(late && early).toBeTruthy();
    const source: BooksSource = {
      company: () => COMPANY,
      async *documents() {
        yield [late!];
        await Promise.resolve();
        yield [early!];
      },
      invalidatedBetween: () => Promise.resolve([]),
      returnsBetween: () => Promise.resolve([]),
    };
    const days: BookDocument[][] = [];
    await expect(
      (async () => {
        for await (const d of daysInIssueOrder(source, { from: '2026-11-01', to: '2026-11-30' })) days.push(d);
      })(),
    ).rejects.toThrow(/out of date order/);
    // The day being read is not handed on either: nothing of a broken order reaches the books.
    expect(days).toEqual([]);
  });
});
