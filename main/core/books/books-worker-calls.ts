// The books' calls that cross to their worker thread (books-in-worker.ts → books-worker.ts).
import type { BooksSettings } from '../../../shared/books';
import type { BookCompany } from './book-model';

/** The calls that read the month; the settings stay on the request thread. */
export const REMOTE_CALLS = ['month', 'annexFile', 'bookFile', 'bookDownload', 'report', 'writeAll'] as const;
export type RemoteCall = (typeof REMOTE_CALLS)[number];

/** What the worker opens once: the station's database, read-only beside the request thread's writer. */
export interface BooksWorkerData {
  readonly file: string;
  readonly nativeBinding?: string;
}

/** What the request thread knows at the call, sent first with each: the company, the settings, the time. */
export interface BooksContext {
  readonly company: BookCompany;
  readonly settings: BooksSettings;
  readonly now: string;
}
