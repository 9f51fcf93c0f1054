// The two ways thread-calls.ts runs a worker: a worker thread of this process, or a child process of its own
// (decision 0059). A child process's every thread can run at the lowest priority, its garbage collector's
// helpers included; a worker thread shares this process's helpers, which run at the counter's priority.
import { fork, type ChildProcess } from 'node:child_process';
import type { Socket } from 'node:net';
import { Worker } from 'node:worker_threads';
import type { CallMessage, WorkerEntry, WorkerMessage } from './wire';

/** Where a worker runs. */
export type WorkerHome = 'thread' | 'process';

/** The environment variable a worker process reads its start data from (worker-input.ts). */
export const WORKER_DATA_ENV = 'SELLO_WORKER_DATA';

export interface Channel {
  /** Throws when the message cannot cross (a bug in what was sent). */
  post(m: CallMessage): void;
  /** Keeps this process alive while calls are under way; let go when idle. */
  ref(): void;
  unref(): void;
  stop(): Promise<void>;
}

export interface ChannelOptions {
  readonly entry: WorkerEntry;
  /** What the worker opens at its start: plain data, never a secret (a process reads it from its environment). */
  readonly data: unknown;
  readonly heapMb: number;
  readonly onMessage: (m: WorkerMessage) => void;
  /** Called once the worker is gone, with why in words. */
  readonly onGone: (why: string) => void;
}

export function openChannel(home: WorkerHome, o: ChannelOptions): Channel {
  switch (home) {
    case 'thread':
      return threadChannel(o);
    case 'process':
      return processChannel(o);
    default: {
      const never: never = home;
      throw new Error(`unknown worker home ${String(never)}`);
    }
  }
}

function threadChannel(o: ChannelOptions): Channel {
  const w = new Worker(o.entry.file, {
    workerData: o.data,
    execArgv: [...(o.entry.execArgv ?? [])],
    resourceLimits: { maxOldGenerationSizeMb: o.heapMb },
  });
  w.on('message', o.onMessage);
  // A reply that cannot be read is as good as none: the worker is treated as gone.
  w.on('messageerror', (e) => {
    o.onGone(e.message);
    void w.terminate();
  });
  w.on('error', (e) => o.onGone(e.message));
  w.on('exit', (code) => o.onGone(`exit ${code}`));
  return {
    post: (m) => w.postMessage(m),
    ref: () => w.ref(),
    unref: () => w.unref(),
    stop: async () => {
      await w.terminate();
    },
  };
}

// A secret goes only where it was typed: a worker process reads the month, and needs no password from the station's
// environment (a hub's database password, for one).
const SECRET_NAME = /PASSWORD|PASSPHRASE|SECRET|TOKEN|KEY/i;

/** The environment a worker process gets: the station's, without any variable whose name says it holds a secret. */
export function withoutSecrets(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(env).filter(([name]) => !SECRET_NAME.test(name)));
}

function processChannel(o: ChannelOptions): Channel {
  const child: ChildProcess = fork(o.entry.file, [], {
    execArgv: [...(o.entry.execArgv ?? []), `--max-old-space-size=${o.heapMb}`],
    // Structured clone, as a worker thread's messages: a Buffer or a Map crosses as itself.
    serialization: 'advanced',
    // Its errors are passed on as they come, and read for why it stopped.
    stdio: ['ignore', 'inherit', 'pipe', 'ipc'],
    // Inside the desktop app, fork starts Electron's own binary: this makes it run as Node.
    env: { ...withoutSecrets(process.env), ELECTRON_RUN_AS_NODE: '1', [WORKER_DATA_ENV]: JSON.stringify(o.data ?? null) },
  });
  let gone = false;
  const goneWith = (why: string) => {
    if (gone) return;
    gone = true;
    o.onGone(why);
  };
  // V8's words when the heap runs out, then its stack: read as they pass (the end of a chunk kept, should the
  // words be cut in two).
  let tail = '';
  let outOfMemory = false;
  child.stderr?.on('data', (chunk: Buffer) => {
    process.stderr.write(chunk);
    const text = tail + chunk.toString('utf8');
    if (/heap out of memory/i.test(text)) outOfMemory = true;
    tail = text.slice(-32);
  });
  child.on('message', (m) => o.onMessage(m as WorkerMessage));
  child.on('error', (e) => goneWith(e.message));
  // 'close' comes once its output is read to the end too, so the words on why it stopped are all there.
  child.on('close', (code, signal) => {
    const how = signal ? `signal ${signal}` : `exit ${code}`;
    goneWith(outOfMemory ? `out of memory, past its ${o.heapMb} MB heap (${how})` : how);
  });
  const exited = new Promise<void>((resolve) => child.once('close', () => resolve()));
  // A pipe, so a socket: it must not keep this process alive either.
  const errors = child.stderr as Socket | null;
  return {
    post(m) {
      if (!child.connected) throw new Error('the worker process is not connected');
      child.send(m);
    },
    ref() {
      child.ref();
      child.channel?.ref();
      errors?.ref();
    },
    unref() {
      child.unref();
      child.channel?.unref();
      errors?.unref();
    },
    async stop() {
      // One that never started (no pid) has nothing to stop and will not close.
      if (child.pid !== undefined && child.exitCode === null && child.signalCode === null) {
        child.kill();
        await exited;
      }
    },
  };
}
