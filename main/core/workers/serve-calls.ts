// A worker's side of thread-calls.ts, in a worker thread or a worker process (channels.ts): each call runs its
// handler, its answer or error goes back as plain data, and progress goes back as it comes. Calls run side by side
// (each awaits its own work).
import { isMainThread, parentPort, workerData } from 'node:worker_threads';
import { asBackgroundThread, asBackgroundProcess } from './background-thread';
import type { StartMessage } from './channels';
import { READY, toWire, type CallMessage, type ReplyMessage, type WorkerMessage } from './wire';

export type Progress = (step: string, done: number) => void;
export type Handlers = Readonly<Record<string, (args: readonly unknown[], progress: Progress) => Promise<unknown>>>;

interface Port {
  send(m: WorkerMessage): void;
  onMessage(fn: (m: CallMessage) => void): void;
}

/**
 * Opens what the calls need from the start data (`open`), then serves its handlers: in a worker thread at once
 * (its workerData), in a worker process once its first message brings the data (channels.ts).
 */
export function serveCalls(open: (data: unknown) => Handlers): void {
  if (!isMainThread && parentPort) {
    const p = parentPort;
    asBackgroundThread();
    serve({ send: (m) => p.postMessage(m), onMessage: (fn) => void p.on('message', fn) }, open(workerData));
    return;
  }
  const send = process.send?.bind(process);
  if (!send) throw new Error('serveCalls runs in a worker thread or a worker process (thread-calls.ts starts it)');
  asBackgroundProcess();
  // The station is gone (closed, or killed): a worker process has nobody left to answer.
  process.on('disconnect', () => process.exit(0));
  process.once('message', (first) => {
    const port: Port = { send: (m) => void send(m), onMessage: (fn) => void process.on('message', (m) => fn(m as CallMessage)) };
    serve(port, open((first as StartMessage).start));
  });
}

function serve(port: Port, handlers: Handlers): void {
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
