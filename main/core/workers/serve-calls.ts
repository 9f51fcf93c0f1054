// A worker's side of thread-calls.ts, in a worker thread or a worker process (channels.ts): each call runs its
// handler, its answer or error goes back as plain data, and progress goes back as it comes. Calls run side by side
// (each awaits its own work).
import { isMainThread, parentPort, workerData } from 'node:worker_threads';
import { asBackgroundThread, asBackgroundProcess } from './background-thread';
import { WORKER_DATA_ENV } from './channels';
import { READY, toWire, type CallMessage, type ReplyMessage, type WorkerMessage } from './wire';

export type Progress = (step: string, done: number) => void;
export type Handlers = Readonly<Record<string, (args: readonly unknown[], progress: Progress) => Promise<unknown>>>;

interface Port {
  send(m: WorkerMessage): void;
  onMessage(fn: (m: CallMessage) => void): void;
}

/** This worker's way back to the station, and what it was given at its start. */
function workerPort(): { readonly port: Port; readonly data: unknown } {
  if (!isMainThread && parentPort) {
    const p = parentPort;
    asBackgroundThread();
    return { port: { send: (m) => p.postMessage(m), onMessage: (fn) => p.on('message', fn) }, data: workerData };
  }
  const send = process.send?.bind(process);
  if (!send) throw new Error('serveCalls runs in a worker thread or a worker process (thread-calls.ts starts it)');
  asBackgroundProcess();
  // The station is gone (closed, or killed): a worker process has nobody left to answer.
  process.on('disconnect', () => process.exit(0));
  const given = process.env[WORKER_DATA_ENV];
  return {
    port: { send: (m) => void send(m), onMessage: (fn) => void process.on('message', (m) => fn(m as CallMessage)) },
    data: given === undefined ? null : JSON.parse(given),
  };
}

/** Opens what the calls need from the start data (`open`), then serves its handlers on this worker's port. */
export function serveCalls(open: (data: unknown) => Handlers): void {
  const { port, data } = workerPort();
  const handlers = open(data);
  const reply = (m: ReplyMessage) => {
    try {
      port.send(m);
    } catch (e) {
      // An answer that cannot cross (a bug): its call fails alone, the worker and the other calls go on.
      if (!('progress' in m)) port.send({ id: m.id, ok: false, error: toWire(e) } satisfies ReplyMessage);
    }
  };
  port.onMessage((m) => {
    const handler = Object.hasOwn(handlers, m.call) ? handlers[m.call] : undefined;
    if (!handler) {
      reply({ id: m.id, ok: false, error: toWire(new Error(`unknown call ${m.call}`)) });
      return;
    }
    // A handler that throws before its first await fails its call alone, as one that rejects.
    Promise.resolve()
      .then(() => handler(m.args, (step, done) => reply({ id: m.id, progress: [step, done] })))
      .then(
        (value) => reply({ id: m.id, ok: true, value }),
        (e: unknown) => reply({ id: m.id, ok: false, error: toWire(e) }),
      );
  });
  port.send(READY satisfies WorkerMessage);
}
