// The books' worker thread (docs/decisions/0045-books-off-the-request-thread.md): the month is read, folded and
// drawn here, on a read-only connection of its own, so the request thread stays free for the counter. It never
// writes: the store's single writer is still the request thread's connection.
import { parentPort, workerData } from 'node:worker_threads';
import { readOnlyStore } from '../store/database';
import { booksOver, type Books } from './books-service';
import { READY, toWire, type BooksWorkerData, type CallMessage, type ReplyMessage, type WorkerMessage } from './books-worker-wire';
import { sqliteBooksSource } from './sqlite-books-source';

if (!parentPort) throw new Error('books-worker.ts runs as a worker thread (books-in-worker.ts starts it)');
const port = parentPort;
const data = workerData as BooksWorkerData;
const store = readOnlyStore(data.file, data.nativeBinding);

/** The books as the request thread sees them at the call: its company, its settings, its time. */
const booksFor = (m: CallMessage): Books =>
  booksOver({
    clock: { now: () => new Date(m.now) },
    source: sqliteBooksSource(store, () => m.company),
    settings: {
      get: () => m.settings,
      set: () => {
        throw new Error('the books settings are written on the request thread');
      },
    },
  });

async function run(m: CallMessage): Promise<unknown> {
  const b = booksFor(m);
  switch (m.call) {
    case 'month':
      return b.month(...m.args);
    case 'annexFile':
      return b.annexFile(...m.args);
    case 'bookFile':
      return b.bookFile(...m.args);
    case 'bookDownload': {
      // The folder is removed by the request thread once the answer is sent (book-file.ts's downloadAt).
      const { remove: _kept, ...download } = await b.bookDownload(...m.args);
      return download;
    }
    case 'report':
      return b.report(...m.args);
    case 'writeAll':
      return b.writeAll(...m.args, (step, done) => port.postMessage({ id: m.id, progress: [step, done] } satisfies ReplyMessage));
    default: {
      const never: never = m;
      throw new Error(`unknown books call ${String((never as { call: unknown }).call)}`);
    }
  }
}

port.on('message', (m: CallMessage) => {
  run(m).then(
    (value) => port.postMessage({ id: m.id, ok: true, value } satisfies ReplyMessage),
    (e: unknown) => port.postMessage({ id: m.id, ok: false, error: toWire(e) } satisfies ReplyMessage),
  );
});
port.postMessage(READY satisfies WorkerMessage);
port.once('close', () => store.close());
