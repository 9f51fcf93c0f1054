// The hub's books worker thread (docs/decisions/0052-hub-books-in-a-bounded-worker.md): a month is read from
// PostgreSQL, folded and drawn here, with a heap limit of its own, so the hub's request thread keeps taking the
// stations' batches and a month of any size cannot grow the hub's memory past that limit. It only reads.
import type { AnnexId, BookFormat, BookId } from '../../shared/books';
import type { Books } from '../core/books/books-service';
import { serveCalls } from '../core/workers/serve-calls';
import { hubBooks } from './books-source';
import type { RemoteCall } from '../core/books/books-worker-calls';
import type { HubBooksContext, HubBooksWorkerData } from './books-worker-calls';
import { openHubDatabase } from './hub-database';

type HubDb = ReturnType<typeof openHubDatabase>;
const booksOn =
  (db: HubDb) =>
  (c: HubBooksContext): Promise<Books> =>
    hubBooks(db.q, { now: () => new Date(c.now) })(c.scope);

// Each call's arguments come after the context, as books-in-worker.ts sends them.
type Args<T extends readonly unknown[]> = readonly [HubBooksContext, ...T];

const handlersOn = (
  booksAt: (c: HubBooksContext) => Promise<Books>,
): Record<RemoteCall, (args: readonly unknown[], progress: (step: string, done: number) => void) => Promise<unknown>> => ({
  month: async (args) => {
    const [c, month] = args as Args<[string]>;
    return (await booksAt(c)).month(month);
  },
  annexFile: async (args) => {
    const [c, annex, month] = args as Args<[AnnexId, string]>;
    return (await booksAt(c)).annexFile(annex, month);
  },
  bookFile: async (args) => {
    const [c, book, month, format] = args as Args<[BookId, string, BookFormat]>;
    return (await booksAt(c)).bookFile(book, month, format);
  },
  bookDownload: async (args) => {
    const [c, book, month, format] = args as Args<[BookId, string, BookFormat]>;
    // The folder is removed by the request thread once the answer is sent (book-file.ts's downloadAt).
    const { remove: _kept, ...download } = await (await booksAt(c)).bookDownload(book, month, format);
    return download;
  },
  report: async (args) => {
    const [c, query] = args as Args<[unknown]>;
    return (await booksAt(c)).report(query);
  },
  writeAll: async (args, progress) => {
    const [c, month, dir] = args as Args<[string, string]>;
    return (await booksAt(c)).writeAll(month, dir, progress);
  },
});

serveCalls((data) => {
  // The gate lets 3 months run at once (http-books.ts): a connection each.
  const db = openHubDatabase((data as HubBooksWorkerData).database, { maxConnections: 3 });
  return handlersOn(booksOn(db));
});
