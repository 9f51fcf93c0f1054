// The hub's books calls that cross to their worker thread (books-in-worker.ts → books-worker.ts), decision 0052.
import type { HubBooksScope } from './books-source';

/** Every call that reads the month; the settings are fixed (HUB_BOOKS_SETTINGS) and stay on this thread. */
export const HUB_REMOTE_CALLS = ['month', 'annexFile', 'bookFile', 'bookDownload', 'report', 'writeAll'] as const;
export type HubRemoteCall = (typeof HUB_REMOTE_CALLS)[number];

/** What the worker opens once: its own small pool on the hub's database. */
export interface HubBooksWorkerData {
  readonly database: string;
}

/** What this thread knows at the call, sent first with each: whose books, and the time. */
export interface HubBooksContext {
  readonly scope: HubBooksScope;
  readonly now: string;
}
