// The station's books with the month's work on a worker (docs/decisions/0045-books-off-the-request-thread.md), a
// process of its own at the lowest priority (docs/decisions/0059-books-in-a-process-of-their-own.md):
// the request thread keeps the settings (they write the station's store) and sends every call that reads the
// month to books-worker.ts, with what it knows at that moment: the company, the settings, the time.
import type { Clock } from '../clock';
import type { Logger } from '../logger';
import type { WorkerHome } from '../workers/channels';
import { threadCalls } from '../workers/thread-calls';
import type { WorkerEntry } from '../workers/wire';
import type { BookCompany } from './book-model';
import type { Books } from './books-service';
import { REMOTE_CALLS, type BooksContext, type BooksWorkerData, type RemoteCall } from './books-worker-calls';
import { remoteBooks } from './remote-books';

export interface BooksInWorkerOptions {
  /** The same books on this thread: their settings, and the fallback when no worker starts. */
  readonly local: Books;
  readonly entry: WorkerEntry;
  readonly data: BooksWorkerData;
  readonly company: () => BookCompany;
  readonly clock: Clock;
  readonly logger: Logger;
  readonly idleMs?: number;
  readonly heapMb?: number;
  /** A process of its own unless a caller says otherwise (decision 0059). */
  readonly home?: WorkerHome;
}

export type WorkerBooks = Books & { close(): Promise<void> };

const isRemote = (call: string): call is RemoteCall => (REMOTE_CALLS as readonly string[]).includes(call);

export function booksInWorker(o: BooksInWorkerOptions): WorkerBooks {
  const here = o.local as unknown as Record<RemoteCall, (...a: readonly unknown[]) => Promise<unknown>>;
  const thread = threadCalls({
    name: 'books',
    entry: o.entry,
    data: o.data,
    // On this thread the context is this thread's own: dropped.
    local: (call, [, ...args], progress) => {
      if (!isRemote(call)) return Promise.reject(new Error(`unknown books call ${call}`));
      return call === 'writeAll' ? here.writeAll(...args, progress) : here[call](...args);
    },
    logger: o.logger,
    // A process of its own: its garbage collector's helpers run at the lowest priority too (decision 0059).
    home: o.home ?? 'process',
    ...(o.idleMs === undefined ? {} : { idleMs: o.idleMs }),
    ...(o.heapMb === undefined ? {} : { heapMb: o.heapMb }),
  });
  const context = (): BooksContext => ({ company: o.company(), settings: o.local.settings(), now: o.clock.now().toISOString() });
  const remote = (call: RemoteCall, args: readonly unknown[], progress?: (step: string, done: number) => void) =>
    thread.call(call, [context(), ...args], progress);

  return { ...remoteBooks(remote, o.local), close: () => thread.close() };
}
