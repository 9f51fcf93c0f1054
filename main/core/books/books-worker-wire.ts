// What crosses between the request thread and the books' worker thread (books-in-worker.ts, books-worker.ts):
// plain data only, as structured clone carries it. A CoreError or a disk's error keeps its code across, so the
// front doors answer as they would have without the thread (VALIDATION_FAILED naming the field, DISK_FULL).
import type { FieldError } from '../../../shared/contract';
import type { AnnexId, BookFormat, BookId, BooksSettings } from '../../../shared/books';
import type { ErrorCode } from '../../../shared/errors';
import { CoreError } from '../errors';
import type { BookCompany } from './book-model';

/** What the worker opens once: the station's database, read-only beside the request thread's writer. */
export interface BooksWorkerData {
  readonly file: string;
  readonly nativeBinding?: string;
}

/** Each call's arguments as they cross (writeAll's progress comes back as messages). */
export interface RemoteArgs {
  readonly month: readonly [month: string];
  readonly annexFile: readonly [annex: AnnexId, month: string];
  readonly bookFile: readonly [book: BookId, month: string, format: BookFormat];
  readonly bookDownload: readonly [book: BookId, month: string, format: BookFormat];
  readonly report: readonly [query: unknown];
  readonly writeAll: readonly [month: string, dir: string];
}

/** The calls that read the month; the settings stay on the request thread (they write the station's store). */
export type RemoteCall = keyof RemoteArgs;

export type CallMessage = { [K in RemoteCall]: CallOf<K> }[RemoteCall];

interface CallOf<K extends RemoteCall> {
  readonly id: number;
  readonly call: K;
  readonly args: RemoteArgs[K];
  /** What the request thread knows at the call: the company, the settings and the time the books are made at. */
  readonly company: BookCompany;
  readonly settings: BooksSettings;
  readonly now: string;
}

export type WireError =
  | { readonly kind: 'core'; readonly code: ErrorCode; readonly detail?: string; readonly errors?: readonly FieldError[] }
  | { readonly kind: 'other'; readonly message: string; readonly code?: string };

/** The worker's first word: its connection is open and calls may come. */
export const READY = 'ready';

export type WorkerMessage = typeof READY | ReplyMessage;

export type ReplyMessage =
  | { readonly id: number; readonly progress: readonly [step: string, done: number] }
  | { readonly id: number; readonly ok: true; readonly value: unknown }
  | { readonly id: number; readonly ok: false; readonly error: WireError };

export function toWire(e: unknown): WireError {
  if (e instanceof CoreError)
    return {
      kind: 'core',
      code: e.code,
      ...(e.detail === undefined ? {} : { detail: e.detail }),
      ...(e.errors === undefined ? {} : { errors: e.errors }),
    };
  const code = (e as { code?: unknown } | null)?.code;
  return { kind: 'other', message: e instanceof Error ? e.message : String(e), ...(typeof code === 'string' ? { code } : {}) };
}

export function fromWire(w: WireError): Error {
  switch (w.kind) {
    case 'core':
      return new CoreError(w.code, w.detail, w.errors);
    case 'other':
      return Object.assign(new Error(w.message), w.code === undefined ? {} : { code: w.code });
    default: {
      const never: never = w;
      throw new Error(`unknown wire error ${String(never)}`);
    }
  }
}
