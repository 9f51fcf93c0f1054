// What crosses between the request thread and a worker thread of the core (thread-calls.ts, serve-calls.ts):
// plain data only, as structured clone carries it. A CoreError or a disk's error keeps its code across, so the
// front doors answer as they would have without the thread (VALIDATION_FAILED naming the field, DISK_FULL).
import type { FieldError } from '../../../shared/contract';
import type { ErrorCode } from '../../../shared/errors';
import { CoreError } from '../errors';

/** A worker thread's entry: a bundled .cjs in the desktop app, the .ts under tsx (cli/worker-entries.ts). */
export interface WorkerEntry {
  readonly file: string;
  readonly execArgv?: readonly string[];
}

export interface CallMessage {
  readonly id: number;
  readonly call: string;
  readonly args: readonly unknown[];
}

export type WireError =
  | { readonly kind: 'core'; readonly code: ErrorCode; readonly detail?: string; readonly errors?: readonly FieldError[] }
  | { readonly kind: 'other'; readonly message: string; readonly code?: string };

/** The worker's first word: what it opens at its start is open, and calls may come. */
export const READY = 'ready';

export type ReplyMessage =
  | { readonly id: number; readonly progress: readonly [step: string, done: number] }
  | { readonly id: number; readonly ok: true; readonly value: unknown }
  | { readonly id: number; readonly ok: false; readonly error: WireError };

export type WorkerMessage = typeof READY | ReplyMessage;

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
