// The station's books with the month's work on a worker thread (docs/decisions/0045-books-off-the-request-thread.md):
// the request thread keeps the settings and sends every call that reads the month to books-worker.ts, started on
// the first such call and stopped after a quiet minute. A worker that cannot start in this runtime leaves the books
// on this thread, as they were (correct, only not as smooth); one that stops mid-call fails that call, and the
// next call starts another.
import { Worker } from 'node:worker_threads';
import type { Clock } from '../clock';
import type { Logger } from '../logger';
import { downloadAt, type BookDownload } from './book-file';
import type { BookCompany } from './book-model';
import type { Books } from './books-service';
import { fromWire, READY, type BooksWorkerData, type RemoteArgs, type RemoteCall, type WorkerMessage } from './books-worker-wire';

/** A worker thread's entry: the bundled books-worker.cjs in the desktop app, books-worker.ts under tsx. */
export interface WorkerEntry {
  readonly file: string;
  readonly execArgv?: readonly string[];
}

export interface BooksInWorkerOptions {
  /** The same books on this thread: their settings, and the fallback when no worker starts. */
  readonly local: Books;
  readonly entry: WorkerEntry;
  readonly data: BooksWorkerData;
  readonly company: () => BookCompany;
  readonly clock: Clock;
  readonly logger: Logger;
  /** How long an idle worker is kept (its fonts and connection): a minute unless a test says otherwise. */
  readonly idleMs?: number;
  /** The worker's heap limit: past it the worker alone stops, and the call fails (HEAP_MB unless a test says). */
  readonly heapMb?: number;
}

// A month's books keep their memory flat (decision 0043) and stay far below this; a limit of its own means a runaway
// stops the books' thread with an answer, never the station's process (which V8 ends when a thread without one runs out).
const HEAP_MB = 1024;

export type WorkerBooks = Books & { close(): Promise<void> };

interface Pending {
  readonly call: RemoteCall;
  readonly args: readonly unknown[];
  readonly resolve: (v: unknown) => void;
  readonly reject: (e: unknown) => void;
  readonly progress?: (step: string, done: number) => void;
}

const STOPPED =
  'El cálculo de los libros se detuvo antes de terminar (el proceso de los libros se cerró). Vuelva a intentarlo; si se repite, revise el registro de la estación.';

export function booksInWorker(o: BooksInWorkerOptions): WorkerBooks {
  const idleMs = o.idleMs ?? 60_000;
  const pending = new Map<number, Pending>();
  let worker: Worker | null = null;
  let ready = false;
  // The worker never started here: the books stay on this thread from now on.
  let unavailable = false;
  let closed = false;
  let nextId = 1;
  let idle: NodeJS.Timeout | null = null;

  /** The same call on this thread. */
  const runLocally = (call: RemoteCall, args: readonly unknown[], progress?: Pending['progress']): Promise<unknown> => {
    const l = o.local as unknown as Record<RemoteCall, (...a: unknown[]) => Promise<unknown>>;
    return call === 'writeAll' ? l.writeAll(...args, progress) : l[call](...args);
  };

  const stopWhenIdle = () => {
    if (idle) clearTimeout(idle);
    idle = null;
    if (pending.size > 0) return;
    worker?.unref();
    idle = setTimeout(() => void stop(), idleMs);
    idle.unref();
  };

  const settle = (id: number) => {
    const p = pending.get(id);
    pending.delete(id);
    stopWhenIdle();
    return p;
  };

  /** The worker is gone: calls it held fail (or, if it never started, run here). */
  const lost = (w: Worker, why: string) => {
    if (worker !== w) return;
    worker = null;
    const calls = [...pending.values()];
    pending.clear();
    if (!ready && !closed) {
      unavailable = true;
      o.logger.warn('books worker did not start; the books run on the request thread', { why });
      for (const p of calls) runLocally(p.call, p.args, p.progress).then(p.resolve, p.reject);
      return;
    }
    if (calls.length > 0) o.logger.error('books worker stopped with calls in progress', { why, calls: calls.length });
    for (const p of calls) p.reject(new Error(`${STOPPED} (${why})`));
  };

  const start = (): Worker => {
    ready = false;
    const w = new Worker(o.entry.file, {
      workerData: o.data,
      execArgv: [...(o.entry.execArgv ?? [])],
      resourceLimits: { maxOldGenerationSizeMb: o.heapMb ?? HEAP_MB },
    });
    w.on('message', (m: WorkerMessage) => {
      if (m === READY) {
        ready = true;
        return;
      }
      if ('progress' in m) {
        pending.get(m.id)?.progress?.(...m.progress);
        return;
      }
      const p = settle(m.id);
      if (!p) return;
      if (m.ok) p.resolve(m.value);
      else p.reject(fromWire(m.error));
    });
    w.on('error', (e) => lost(w, e.message));
    w.on('exit', (code) => lost(w, `exit ${code}`));
    return w;
  };

  const stop = async () => {
    if (idle) clearTimeout(idle);
    idle = null;
    const w = worker;
    if (!w || pending.size > 0) return;
    worker = null;
    await w.terminate();
  };

  function remote<K extends RemoteCall>(call: K, args: RemoteArgs[K], progress?: Pending['progress']): Promise<unknown> {
    if (unavailable || closed) return runLocally(call, args, progress);
    if (idle) clearTimeout(idle);
    idle = null;
    worker ??= start();
    worker.ref();
    const id = nextId++;
    return new Promise((resolve, reject) => {
      pending.set(id, { call, args, resolve, reject, ...(progress ? { progress } : {}) });
      // What this thread knows now goes with the call: the company, the settings, the time the books are made at.
      worker!.postMessage({ id, call, args, company: o.company(), settings: o.local.settings(), now: o.clock.now().toISOString() });
    });
  }

  return {
    settings: o.local.settings,
    setSettings: o.local.setSettings,
    month: (month) => remote('month', [month]) as ReturnType<Books['month']>,
    annexFile: (annex, month) => remote('annexFile', [annex, month]) as ReturnType<Books['annexFile']>,
    bookFile: (book, month, format) => remote('bookFile', [book, month, format]) as ReturnType<Books['bookFile']>,
    async bookDownload(book, month, format) {
      const d = await remote('bookDownload', [book, month, format]);
      // Made on this thread (no worker), it already carries its removal.
      return 'remove' in (d as BookDownload) ? (d as BookDownload) : downloadAt(d as Omit<BookDownload, 'remove'>);
    },
    report: (query) => remote('report', [query]) as ReturnType<Books['report']>,
    writeAll: (month, dir, progress) => remote('writeAll', [month, dir], progress) as ReturnType<Books['writeAll']>,
    async close() {
      closed = true;
      if (idle) clearTimeout(idle);
      idle = null;
      const w = worker;
      worker = null;
      for (const p of pending.values()) p.reject(new Error(STOPPED));
      pending.clear();
      await w?.terminate();
    },
  };
}
