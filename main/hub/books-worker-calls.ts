// What the hub's books calls carry to their worker thread (books-in-worker.ts → books-worker.ts), decision 0052:
// the calls are the station's (core/books/books-worker-calls.ts REMOTE_CALLS); the settings stay on this thread.
import type { HubBooksScope } from './books-source';

/** What the worker opens once: its own small pool on the hub's database. */
export interface HubBooksWorkerData {
  readonly database: string;
}

/** What this thread knows at the call, sent first with each: whose books, and the time. */
export interface HubBooksContext {
  readonly scope: HubBooksScope;
  readonly now: string;
}
