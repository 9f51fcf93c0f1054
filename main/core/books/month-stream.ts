// A month read once, in issue order, without holding it (docs/decisions/0043-books-in-constant-memory.md): the
// sources page in date order (any order within a day); each day is sorted by issueOrder before it is handed on, so what is held at
// once is one page and one day, whatever the month's size.
import { issueOrder } from './annex-cells';
import type { BookDocument } from './book-document';
import type { BooksSource, PeriodFilter } from './books-source';
import { turn } from '../turn';

/** The period's documents a day at a time, each day in issue order (date, time, control number). */
export async function* daysInIssueOrder(source: BooksSource, period: PeriodFilter): AsyncGenerator<BookDocument[]> {
  let day: BookDocument[] = [];
  for await (const page of source.documents(period))
    for (const d of page) {
      const current = day[0]?.date;
      if (current !== undefined && d.date !== current) {
        // The folds close a day's groups when the next day starts: a source out of date order would split them.
        if (d.date < current) throw new Error(`books source out of date order: ${d.date} after ${current}`);
        yield day.sort(issueOrder);
        day = [];
      }
      day.push(d);
    }
  if (day.length > 0) yield day.sort(issueOrder);
}

/** Documents folded between two turns of the event loop: a POS request never waits long behind the books. */
const PER_TURN = 250;

/** Hands every document of the period to `add`, in issue order, a turn of the event loop every few hundred. */
export async function eachInIssueOrder(
  source: BooksSource,
  period: PeriodFilter,
  add: (d: BookDocument) => void,
  onDay?: (done: number) => void,
): Promise<number> {
  let done = 0;
  for await (const day of daysInIssueOrder(source, period)) {
    for (const d of day) {
      add(d);
      done += 1;
      if (done % PER_TURN === 0) await turn();
    }
    onDay?.(done);
  }
  return done;
}
