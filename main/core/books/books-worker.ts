// The books' worker thread (docs/decisions/0045-books-off-the-request-thread.md): the month is read, folded and
// drawn here, on a read-only connection of its own, so the request thread stays free for the counter. It never
// writes: the store's single writer is still the request thread's connection.
import type { AnnexId, BookFormat, BookId } from '../../../shared/books';
import { readOnlyStore, type Store } from '../store/database';
import { serveCalls } from '../workers/serve-calls';
import { booksOver, type Books } from './books-service';
import type { BooksContext, BooksWorkerData, RemoteCall } from './books-worker-calls';
import { sqliteBooksSource } from './sqlite-books-source';

/** The books as the request thread sees them at the call: its company, its settings, its time. */
const booksOn =
  (store: Store) =>
  (c: BooksContext): Books =>
    booksOver({
      clock: { now: () => new Date(c.now) },
      source: sqliteBooksSource(store, () => c.company),
      settings: {
        get: () => c.settings,
        set: () => {
          throw new Error('the books settings are written on the request thread');
        },
      },
    });

// Each call's arguments come after the context, as books-in-worker.ts sends them.
type Args<T extends readonly unknown[]> = readonly [BooksContext, ...T];

const handlersOn = (
  booksAt: (c: BooksContext) => Books,
): Record<RemoteCall, (args: readonly unknown[], progress: (step: string, done: number) => void) => Promise<unknown>> => ({
  month: (args) => {
    const [c, month] = args as Args<[string]>;
    return booksAt(c).month(month);
  },
  annexFile: (args) => {
    const [c, annex, month] = args as Args<[AnnexId, string]>;
    return booksAt(c).annexFile(annex, month);
  },
  bookFile: (args) => {
    const [c, book, month, format] = args as Args<[BookId, string, BookFormat]>;
    return booksAt(c).bookFile(book, month, format);
  },
  bookDownload: async (args) => {
    const [c, book, month, format] = args as Args<[BookId, string, BookFormat]>;
    // The folder is removed by the request thread once the answer is sent (book-file.ts's downloadAt).
    const { remove: _kept, ...download } = await booksAt(c).bookDownload(book, month, format);
    return download;
  },
  report: (args) => {
    const [c, query] = args as Args<[unknown]>;
    return booksAt(c).report(query);
  },
  writeAll: (args, progress) => {
    const [c, month, dir] = args as Args<[string, string]>;
    return booksAt(c).writeAll(month, dir, progress);
  },
});

serveCalls((data) => {
  const { file, nativeBinding } = data as BooksWorkerData;
  return handlersOn(booksOn(readOnlyStore(file, nativeBinding)));
});
