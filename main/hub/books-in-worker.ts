// The company's books with the month's work on a worker thread (docs/decisions/0052-hub-books-in-a-bounded-worker.md):
// this thread keeps the stations' batches and the screens; every books call goes to books-worker.ts with whose
// books and the time, and comes back as the same answer, or as a 503 that says what to do.
import type { Clock } from '../core/clock';
import { CoreError } from '../core/errors';
import type { Logger } from '../core/logger';
import type { Books } from '../core/books/books-service';
import { threadCalls, WorkerStoppedError } from '../core/workers/thread-calls';
import type { WorkerEntry } from '../core/workers/wire';
import { HUB_BOOKS_SETTINGS, type HubBooksScope } from './books-source';
import type { RemoteCall } from '../core/books/books-worker-calls';
import { remoteBooks } from '../core/books/remote-books';
import type { HubBooksContext } from './books-worker-calls';

/** The books worker's heap, unless `sello hub --books-heap-mb` says otherwise: what a month may add to the hub's memory. */
export const HUB_BOOKS_HEAP_MB = 160;

export interface HubBooksInWorkerOptions {
  readonly entry: WorkerEntry;
  /** The hub's database, for the worker's own connections. */
  readonly database: string;
  readonly clock: Clock;
  readonly logger: Logger;
  readonly heapMb?: number;
}

/** A worker that ran out of its heap, or stopped otherwise: the person is told to try again, never a 500. */
function stopped(e: unknown, heapMb: number): unknown {
  if (!(e instanceof WorkerStoppedError)) return e;
  // Every build under way on the worker stops with it: whoever asked for a small month just tries again.
  return /memory/i.test(e.message)
    ? new CoreError(
        'SERVICE_UNAVAILABLE',
        `El cálculo de los libros se detuvo: necesitó más memoria de la que la central le reserva (${heapMb} MB). Vuelva a intentarlo; si se repite, pida menos a la vez (un punto de venta) o que el administrador inicie la central con más (--books-heap-mb).`,
      )
    : new CoreError('SERVICE_UNAVAILABLE', 'El cálculo de los libros se detuvo antes de terminar. Vuelva a intentarlo en un momento.');
}

export function hubBooksInWorker(o: HubBooksInWorkerOptions) {
  const heapMb = o.heapMb ?? HUB_BOOKS_HEAP_MB;
  const thread = threadCalls({
    name: 'hub books',
    entry: o.entry,
    data: { database: o.database },
    // Never on this thread: without its heap limit a month could grow the hub without bound (decision 0052).
    local: () =>
      Promise.reject(
        new CoreError(
          'SERVICE_UNAVAILABLE',
          'Los libros no pueden calcularse: su proceso no inició en esta central. El administrador debe revisar el registro de la central y reiniciarla.',
        ),
      ),
    logger: o.logger,
    heapMb,
    // Started with the hub and kept: the accountant's first click does not wait a second for the worker to load.
    idleMs: null,
  });
  thread.warm();

  const booksOf = (scope: HubBooksScope = {}): Books => {
    const remote = async (call: RemoteCall, args: readonly unknown[], progress?: (step: string, done: number) => void) => {
      try {
        return await thread.call(call, [{ scope, now: o.clock.now().toISOString() } satisfies HubBooksContext, ...args], progress);
      } catch (e) {
        throw stopped(e, heapMb);
      }
    };
    return remoteBooks(remote, {
      settings: HUB_BOOKS_SETTINGS.get,
      // Fixed at MH's defaults (books-source.ts): a change is refused here as it is on the local books.
      setSettings: (_input, actor) => {
        HUB_BOOKS_SETTINGS.set(HUB_BOOKS_SETTINGS.get(), actor);
        return HUB_BOOKS_SETTINGS.get();
      },
    });
  };

  return {
    /** The company's books, or one point of sale's: the same answers as books-source.ts's, made on the worker. */
    books: (scope?: HubBooksScope): Promise<Books> => Promise.resolve(booksOf(scope)),
    close: () => thread.close(),
  };
}
