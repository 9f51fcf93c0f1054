// Calls into a worker of the core (decision 0045), a thread or a process of its own (decision 0059): the month's
// books, the letter PDFs. The worker starts at the first call and stops after a quiet minute, or starts at once and
// stays (a server's, `warm()` with `idleMs: null`, decision 0052). If the first worker cannot start in this runtime,
// the work moves to a thread (from a process) or stays on this thread, as it was (correct, only not as smooth); one
// that stops later fails the calls it held, and another starts (at the next call, or at once when kept). Its
// JavaScript heap has a limit of its own: past it the worker alone stops, not the process (which V8 ends when a
// thread without a limit runs out). Buffers live outside that heap and outside the limit.
import { openChannel, PROCESS_START_MS, type Channel, type WorkerHome } from './channels';
import type { Logger } from '../logger';
import type { Progress } from './serve-calls';
import { fromWire, READY, type WorkerEntry, type WorkerMessage } from './wire';

export interface ThreadCallsOptions {
  /** Which work, for the log ("books", "pdf"). */
  readonly name: string;
  readonly entry: WorkerEntry;
  /** What the worker opens at its start (its workerData). */
  readonly data: unknown;
  /** The same call on this thread, for a runtime where the worker does not start. */
  readonly local: (call: string, args: readonly unknown[], progress?: Progress) => Promise<unknown>;
  readonly logger: Logger;
  /**
   * How long an idle worker is kept (its modules, fonts, connection): a minute unless a test says otherwise; null
   * keeps it for the process's life (a server's, which should not make its next caller wait for the start).
   */
  readonly idleMs?: number | null;
  /** The worker's heap limit (HEAP_MB unless a test says otherwise). */
  readonly heapMb?: number;
  /** A worker thread (the default) or a child process of its own at the lowest priority (decision 0059). */
  readonly home?: WorkerHome;
  /** How long a worker process may take to be ready (PROCESS_START_MS unless a test says otherwise). */
  readonly startMs?: number;
}

export interface ThreadCalls {
  call(call: string, args: readonly unknown[], progress?: Progress): Promise<unknown>;
  /** Starts the worker now, before any call, so the first caller does not wait for it. */
  warm(): void;
  /** Stops the worker; a call still under way fails. */
  close(): Promise<void>;
}

interface Pending {
  readonly call: string;
  readonly args: readonly unknown[];
  readonly resolve: (v: unknown) => void;
  readonly reject: (e: unknown) => void;
  readonly progress: Progress | undefined;
}

// The month's books keep their memory flat (decision 0043) and a letter PDF is small: both stay far below this.
const HEAP_MB = 1024;

/** The worker stopped before it answered: the call may be made again (on another worker, or here). */
export class WorkerStoppedError extends Error {
  constructor(why: string) {
    super(`El trabajo se detuvo antes de terminar (su proceso se cerró: ${why}). Vuelva a intentarlo; si se repite, revise el registro.`);
    this.name = 'WorkerStoppedError';
  }
}

export function threadCalls(o: ThreadCallsOptions): ThreadCalls {
  const idleMs = o.idleMs === undefined ? 60_000 : o.idleMs;
  const pending = new Map<number, Pending>();
  let worker: Channel | null = null;
  let ready = false;
  // A worker has started here once: this runtime can run them, and a later failure to start is not a reason to
  // move the work to this thread for good.
  let everReady = false;
  // The worker never started here: the work stays on this thread from now on.
  let unavailable = false;
  let closed = false;
  let nextId = 1;
  let idle: NodeJS.Timeout | null = null;
  let home: WorkerHome = o.home ?? 'thread';
  let startLimit: NodeJS.Timeout | null = null;
  const clearStartLimit = () => {
    if (startLimit) clearTimeout(startLimit);
    startLimit = null;
  };

  const clearIdle = () => {
    if (idle) clearTimeout(idle);
    idle = null;
  };

  const stopWhenIdle = () => {
    clearIdle();
    if (pending.size > 0) return;
    worker?.unref();
    if (idleMs === null) return;
    idle = setTimeout(() => {
      idle = null;
      const w = worker;
      if (!w || pending.size > 0) return;
      worker = null;
      void w.stop();
    }, idleMs);
    idle.unref();
  };

  /** The worker is gone: the calls it held fail (or, if it never started, run here). */
  const lost = (w: Channel, why: string) => {
    if (worker !== w) return;
    worker = null;
    clearStartLimit();
    // Gone, or as good as gone (an error on a live one, a start past its limit): stopped, never left running.
    void w.stop();
    const calls = [...pending.values()];
    pending.clear();
    if (!ready && !everReady && !closed && home === 'process') {
      // A process of its own cannot start in this runtime (a desktop build that forbids it): a worker thread
      // still keeps the work off the request thread, only without its helpers' lower priority.
      home = 'thread';
      o.logger.warn(`${o.name} worker process did not start; a worker thread runs the work`, { why });
      for (const p of calls) call(p.call, p.args, p.progress).then(p.resolve, p.reject);
      return;
    }
    if (!ready && !everReady && !closed) {
      unavailable = true;
      o.logger.warn(`${o.name} worker did not start; the work runs on the request thread`, { why });
      for (const p of calls) o.local(p.call, p.args, p.progress).then(p.resolve, p.reject);
      return;
    }
    if (calls.length > 0) o.logger.error(`${o.name} worker stopped with calls in progress`, { why, calls: calls.length });
    else if (!closed && idleMs === null) o.logger.warn(`${o.name} worker stopped`, { why });
    for (const p of calls) p.reject(new WorkerStoppedError(why));
    // A kept worker that had started is started again at once, so the next caller does not wait for it; one that
    // died before it started is left for the next call (never a loop of starts).
    if (!closed && idleMs === null && ready) warm();
  };

  const start = (): Channel => {
    ready = false;
    const w: Channel = openChannel(home, {
      entry: o.entry,
      data: o.data,
      heapMb: o.heapMb ?? HEAP_MB,
      onMessage: (m: WorkerMessage) => {
        // A word from a worker already given up on (stopped, or replaced) counts for nothing.
        if (worker !== w) return;
        // Any word from the worker means it started (an answer may come before READY is read).
        ready = true;
        everReady = true;
        clearStartLimit();
        if (m === READY) return;
        if ('progress' in m) {
          pending.get(m.id)?.progress?.(...m.progress);
          return;
        }
        const p = pending.get(m.id);
        pending.delete(m.id);
        stopWhenIdle();
        if (!p) return;
        if (m.ok) p.resolve(m.value);
        else p.reject(fromWire(m.error));
      },
      onGone: (why) => lost(w, why),
    });
    // A process that never says it is ready (a desktop build whose binary will not run as Node starts the app
    // itself instead) would hold its calls for good: past the limit, a thread is tried.
    if (home === 'process') {
      const limit = o.startMs ?? PROCESS_START_MS;
      startLimit = setTimeout(() => lost(w, `not ready within ${limit / 1000} s`), limit);
      startLimit.unref();
    }
    return w;
  };

  /** The worker, started if need be; null where none can start (the work stays here from now on). */
  const running = (): Channel | null => {
    try {
      return (worker ??= start());
    } catch (e) {
      if (home === 'process') {
        home = 'thread';
        o.logger.warn(`${o.name} worker process did not start; a worker thread runs the work`, {
          why: e instanceof Error ? e.message : String(e),
        });
        return running();
      }
      // Refused at once (no worker threads in this runtime).
      unavailable = true;
      o.logger.warn(`${o.name} worker did not start; the work runs on the request thread`, {
        why: e instanceof Error ? e.message : String(e),
      });
      return null;
    }
  };

  function warm() {
    if (unavailable || closed || worker) return;
    running();
    stopWhenIdle();
  }

  function call(name: string, args: readonly unknown[], progress?: Progress): Promise<unknown> {
    if (unavailable || closed) return o.local(name, args, progress);
    clearIdle();
    const w = running();
    if (!w) return o.local(name, args, progress);
    w.ref();
    const id = nextId++;
    return new Promise((resolve, reject) => {
      pending.set(id, { call: name, args, resolve, reject, progress });
      try {
        w.post({ id, call: name, args });
      } catch (e) {
        // Arguments that cannot cross (a bug): this call fails, the worker stays as it was.
        pending.delete(id);
        stopWhenIdle();
        reject(e instanceof Error ? e : new Error(String(e)));
      }
    });
  }

  return {
    warm,
    call,
    async close() {
      closed = true;
      clearIdle();
      clearStartLimit();
      const w = worker;
      worker = null;
      for (const p of pending.values()) p.reject(new WorkerStoppedError('se cerró el servicio'));
      pending.clear();
      await w?.stop();
    },
  };
}
