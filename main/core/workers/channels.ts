// The two ways thread-calls.ts runs a worker: a worker thread of this process, or a child process of its own
// (decision 0059). A child process's every thread can run at the lowest priority, its garbage collector's
// helpers included; a worker thread shares this process's helpers, which run at the counter's priority.
import { fork, type ChildProcess } from 'node:child_process';
import type { Socket } from 'node:net';
import { setPriority } from 'node:os';
import { Worker } from 'node:worker_threads';
import { backgroundPriority } from './background-thread';
import type { CallMessage, WorkerEntry, WorkerMessage } from './wire';

/** Where a worker runs. */
export type WorkerHome = 'thread' | 'process';

/** A worker process's first message: what it opens at its start (serve-calls.ts waits for it). */
export interface StartMessage {
  readonly start: unknown;
}

/** How long a worker process may take to say it is ready before it is stopped and a thread is tried. */
export const PROCESS_START_MS = 30_000;

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
  /** What the worker opens at its start: plain data (a thread's workerData; a process's first message). */
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
  // A reply that cannot be read is as good as none: the worker is treated as gone (and stopped, thread-calls.ts).
  w.on('messageerror', (e) => o.onGone(e.message));
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
// environment (a hub's database password, for one). NODE_OPTIONS is dropped too: the process gets the options its
// entry names, and no --require from elsewhere.
const NOT_PASSED = /PASSWORD|PASSPHRASE|SECRET|TOKEN|KEY|^NODE_OPTIONS$/i;

/** The environment a worker process gets: the station's, without any variable whose name says it holds a secret. */
export function withoutSecrets(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(env).filter(([name]) => !NOT_PASSED.test(name)));
}

/** The station's side of a worker process's standard error: whole lines, each marked with where it came from. */
function errorLines(write: (line: string) => void) {
  let partial = '';
  return (chunk: Buffer) => {
    const lines = (partial + chunk.toString('utf8')).split('\n');
    partial = lines.pop() ?? '';
    for (const line of lines) write(line);
  };
}

function processChannel(o: ChannelOptions): Channel {
  const child: ChildProcess = fork(o.entry.file, [], {
    execArgv: [...(o.entry.execArgv ?? []), `--max-old-space-size=${o.heapMb}`],
    // Structured clone, as a worker thread's messages: a Buffer or a Map crosses as itself.
    serialization: 'advanced',
    // Its errors are passed on a line at a time, and read for why it stopped.
    stdio: ['ignore', 'inherit', 'pipe', 'ipc'],
    // Inside the desktop app, fork starts Electron's own binary: this makes it run as Node.
    env: { ...withoutSecrets(process.env), ELECTRON_RUN_AS_NODE: '1' },
  });
  // Lowered from here at once, before its runtime starts its threads (they inherit it); serve-calls.ts lowers any
  // thread this missed. On Linux this is the process's first thread; elsewhere the whole process.
  if (child.pid !== undefined) {
    try {
      setPriority(child.pid, backgroundPriority());
    } catch {
      // Gone already, or refused: the child lowers itself once it runs.
    }
  }
  let gone = false;
  const goneWith = (why: string) => {
    if (gone) return;
    gone = true;
    o.onGone(why);
  };
  // V8's words when the heap runs out come first, then its stack.
  let outOfMemory = false;
  child.stderr?.on(
    'data',
    errorLines((line) => {
      if (/heap out of memory/i.test(line)) outOfMemory = true;
      process.stderr.write(`[worker ${child.pid ?? '?'}] ${line}\n`);
    }),
  );
  child.on('message', (m) => o.onMessage(m as WorkerMessage));
  child.on('error', (e) => goneWith(e.message));
  // 'close' comes once its output is read to the end too, so the words on why it stopped are all there.
  child.on('close', (code, signal) => {
    const how = signal ? `signal ${signal}` : `exit ${code}`;
    goneWith(outOfMemory ? `out of memory, past its ${o.heapMb} MB heap (${how})` : how);
  });
  const closed = new Promise<void>((resolve) => child.once('close', () => resolve()));
  // A pipe, so a socket: it must not keep this process alive either.
  const errors = child.stderr as Socket | null;
  const ref = () => {
    child.ref();
    child.channel?.ref();
    errors?.ref();
  };
  // Its start data by the channel, never in its environment or its command line.
  if (child.pid !== undefined) child.send({ start: o.data } satisfies StartMessage);
  return {
    post(m) {
      if (!child.connected) {
        // Between its end and its 'close': gone now, so the call fails with what to do and the next one starts another.
        goneWith('disconnected');
        throw new Error('the worker process is gone');
      }
      child.send(m);
    },
    ref,
    unref() {
      child.unref();
      child.channel?.unref();
      errors?.unref();
    },
    async stop() {
      if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
      // Held until it is gone, so a closing station waits for it; killed outright if it has not ended in 5 s.
      ref();
      child.kill();
      const killer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await closed;
      clearTimeout(killer);
    },
  };
}
