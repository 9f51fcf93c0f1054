// A worker thread's side of thread-calls.ts: each call runs its handler, its answer or error goes back as plain
// data, and progress goes back as it comes. Calls run side by side (each awaits its own work).
import { parentPort } from 'node:worker_threads';
import { asBackgroundThread } from './background-thread';
import { READY, toWire, type CallMessage, type ReplyMessage, type WorkerMessage } from './wire';

export type Progress = (step: string, done: number) => void;
export type Handlers = Readonly<Record<string, (args: readonly unknown[], progress: Progress) => Promise<unknown>>>;

/** Serves `handlers` on this worker's port; call once what the calls need is open. */
export function serveCalls(handlers: Handlers): void {
  const port = parentPort;
  if (!port) throw new Error('serveCalls runs in a worker thread (thread-calls.ts starts it)');
  asBackgroundThread();
  const reply = (m: ReplyMessage) => {
    try {
      port.postMessage(m);
    } catch (e) {
      // An answer that cannot cross (a bug): its call fails alone, the worker and the other calls go on.
      if (!('progress' in m)) port.postMessage({ id: m.id, ok: false, error: toWire(e) } satisfies ReplyMessage);
    }
  };
  port.on('message', (m: CallMessage) => {
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
  port.postMessage(READY satisfies WorkerMessage);
}
