// WAL checkpoints on a thread of their own (docs/decisions/0020-checkpoints-off-the-request-thread.md).
//
// A commit appends its pages to the WAL and fsyncs it. SQLite's automatic checkpoint then copies the WAL back
// into the database file inside whichever commit crosses 1,000 pages, and fsyncs the file: with a create
// writing about 25 pages, one create in forty paid for the others, and at a million documents that copy
// stalled the request thread for hundreds of milliseconds. Here a worker thread with a connection of its own
// runs PASSIVE checkpoints, which never block a writer; the station's connection keeps a higher automatic
// threshold only as a backstop, so the WAL stays bounded if this thread stops or falls behind.
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import { APPLICATION_ID_OFFSET } from './file-identity';

/** The WAL size (pages) at which the station's own connection checkpoints anyway (SQLite's default: 1,000). */
export const BACKSTOP_PAGES = 4_000;

const RUN = 0;
const STOP = 1;
/**
 * ctrl[0]: RUN or STOP (the main thread writes it); ctrl[1]: 1 once the worker closed its connection; ctrl[2] and
 * ctrl[3]: the application ids the file's header may show (file-identity.ts), 0 while nothing is watched.
 */
const STATE = 0;
const CLOSED = 1;
const ID = 2;
const ID_BEFORE = 3;
/**
 * ctrl[4]: STARTING until one side claims it: the worker (OPENING, before it opens the file) or `stop` (CANCELLED, so
 * a station closed while the thread still boots neither waits for it nor has the file opened behind its back).
 */
const PHASE = 4;
const STARTING = 0;
const OPENING = 1;
const CANCELLED = 2;

export interface CheckpointerOptions {
  /** How often a busy WAL is checkpointed (ms). */
  readonly intervalMs?: number;
  /** How long an idle WAL is left before looking again (ms). */
  readonly idleMs?: number;
  /** better-sqlite3's native binding, for runtimes whose ABI differs from Node's (Electron). */
  readonly nativeBinding?: string | undefined;
  /** Told when the thread fails (it then stops; the backstop keeps the WAL bounded). */
  readonly onError?: (message: string) => void;
  /** Told when a pass failed (the thread goes on, backing off) and when passes work again. */
  readonly onTrouble?: (message: string) => void;
}

export interface Checkpointer {
  /** Stops the thread and closes its connection before returning, so the station's connection closes last. */
  stop(): void;
  /** From now on each pass first reads the file's header, and the thread stops if the file is another one. */
  watch(identity: { readonly ids: readonly [number, number] }): void;
}

// ESM under tsx, CommonJS in the Electron bundle: resolve the package either way.
const resolver: NodeJS.Require = typeof require === 'function' ? require : createRequire(import.meta.url);

// Plain CommonJS run with `eval`: no file to find in a bundle. The loop sleeps in Atomics.wait, so `stop` wakes it
// at once; while commits keep coming it looks every `intervalMs`, and once a pass finds none it sleeps `idleMs`.
const WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const fs = require('node:fs');
const ctrl = workerData.ctrl;
let db = null;
// A file laid over the station's (file-identity.ts) must not get this WAL's pages: the header is read before each pass.
const sameFile = () => {
  const id = Atomics.load(ctrl, ${ID});
  if (id === 0) return true;
  const b = Buffer.alloc(4);
  let fd;
  try {
    fd = fs.openSync(workerData.file, 'r');
    if (fs.readSync(fd, b, 0, 4, ${APPLICATION_ID_OFFSET}) !== 4) return true;
  } catch {
    // Not a verdict (a file held by an antivirus, no descriptor left): looked at again next pass.
    return true;
  } finally {
    if (fd !== undefined) fs.closeSync(fd);
  }
  const seen = b.readInt32BE(0);
  return seen === id || seen === Atomics.load(ctrl, ${ID_BEFORE});
};
class Cancelled {}
try {
  const Database = require(workerData.module);
  if (Atomics.compareExchange(ctrl, ${PHASE}, ${STARTING}, ${OPENING}) !== ${STARTING}) throw new Cancelled();
  db = new Database(workerData.file, Object.assign({ fileMustExist: true }, workerData.nativeBinding ? { nativeBinding: workerData.nativeBinding } : {}));
  db.pragma('synchronous = FULL');
  db.pragma('busy_timeout = 0');
  const checkpoint = db.prepare('PRAGMA wal_checkpoint(PASSIVE)');
  let lastLog = -1;
  let idle = false;
  // After a failed pass (a full disk: the file cannot grow), the next waits longer each time, up to a minute.
  let failedWait = 0;
  while (Atomics.load(ctrl, ${STATE}) === ${RUN}) {
    Atomics.wait(ctrl, ${STATE}, ${RUN}, failedWait || (idle ? workerData.idleMs : workerData.intervalMs));
    if (Atomics.load(ctrl, ${STATE}) !== ${RUN}) break;
    if (!sameFile()) {
      parentPort.postMessage({ fatal: false, replaced: true, message: 'the database file was replaced: checkpoints stopped' });
      break;
    }
    let r;
    try {
      // log: frames in the WAL (it starts again from 0 once a writer finds it all copied); checkpointed: of them, copied.
      r = checkpoint.get();
    } catch (e) {
      if (failedWait === 0) parentPort.postMessage({ fatal: false, message: 'checkpoint failed; tried again with backoff: ' + String((e && e.message) || e) });
      failedWait = Math.min(60000, Math.max(workerData.idleMs, failedWait * 2));
      continue;
    }
    if (failedWait !== 0) parentPort.postMessage({ fatal: false, message: 'checkpoint works again' });
    failedWait = 0;
    // Idle only when no commit came since the last pass: a pass that caught up with a busy writer looks again soon.
    idle = r.log === lastLog && r.checkpointed === r.log;
    lastLog = r.log;
  }
} catch (e) {
  if (!(e instanceof Cancelled)) parentPort.postMessage({ fatal: true, message: String((e && e.message) || e) });
} finally {
  try { if (db) db.close(); } catch {}
  Atomics.store(ctrl, ${CLOSED}, 1);
  Atomics.notify(ctrl, ${CLOSED});
}
`;

/** Starts the thread over `file` (already in WAL mode); null when a worker cannot start here. */
export function startCheckpointer(file: string, o: CheckpointerOptions = {}): Checkpointer | null {
  const ctrl = new Int32Array(new SharedArrayBuffer(4 * 5));
  let worker: Worker;
  try {
    worker = new Worker(WORKER, {
      eval: true,
      workerData: {
        file,
        ctrl,
        module: resolver.resolve('better-sqlite3'),
        nativeBinding: o.nativeBinding,
        intervalMs: o.intervalMs ?? 25,
        idleMs: o.idleMs ?? 1_000,
      },
    });
  } catch {
    return null;
  }
  // A thread that ended (failed to start, or its loop threw) has nothing to wait for at close.
  let ended = false;
  worker.on('message', (m: { fatal: boolean; replaced?: boolean; message: string }) => {
    // The store itself says a replaced file aloud, at its next write (database.ts).
    if (m.replaced) return;
    if (m.fatal) o.onError?.(m.message);
    else o.onTrouble?.(m.message);
  });
  worker.on('error', (e) => {
    ended = true;
    o.onError?.(e.message);
  });
  worker.on('exit', () => {
    ended = true;
  });
  // After the listeners: adding a 'message' listener refs the worker again. The thread never keeps the process
  // alive: a station that forgot to close still exits.
  worker.unref();
  let stopped = false;
  return {
    watch({ ids }) {
      Atomics.store(ctrl, ID_BEFORE, ids[1]);
      Atomics.store(ctrl, ID, ids[0]);
    },
    stop() {
      if (stopped) return;
      stopped = true;
      Atomics.store(ctrl, STATE, STOP);
      Atomics.notify(ctrl, STATE);
      // Still booting (the sync simulation's restarts spent a fifth of their time here): it will never open the file.
      if (Atomics.compareExchange(ctrl, PHASE, STARTING, CANCELLED) === STARTING) {
        void worker.terminate();
        return;
      }
      // A checkpoint under way finishes first: at most the WAL's backstop size, well under this wait. A thread
      // that never reached its loop (or left it) marks itself closed too, unless it died before its first line.
      if (!ended) Atomics.wait(ctrl, CLOSED, 0, 10_000);
      void worker.terminate();
    },
  };
}
