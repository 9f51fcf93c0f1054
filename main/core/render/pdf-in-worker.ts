// Letter PDFs drawn on a worker thread (pdf-worker.ts), or here when the host names no worker entry.
import type { Logger } from '../logger';
import { threadCalls, WorkerStoppedError } from '../workers/thread-calls';
import type { WorkerEntry } from '../workers/wire';
import { letterPdf } from './letter-pdf';
import type { Printable } from './model';

export interface LetterDrawer {
  readonly letter: (p: Printable) => Promise<Buffer>;
  readonly close: () => Promise<void>;
}

/** A Buffer crosses a thread as a plain Uint8Array: the same bytes, seen as a Buffer again. */
const asBuffer = (u: Uint8Array): Buffer => (Buffer.isBuffer(u) ? u : Buffer.from(u.buffer, u.byteOffset, u.byteLength));

export function letterDrawer(o: { readonly entry?: WorkerEntry; readonly logger: Logger }): LetterDrawer {
  if (!o.entry) return { letter: letterPdf, close: () => Promise.resolve() };
  const thread = threadCalls({
    name: 'pdf',
    entry: o.entry,
    data: null,
    local: (_call, [p]) => letterPdf(p as Printable),
    logger: o.logger,
  });
  return {
    async letter(p) {
      try {
        return asBuffer((await thread.call('letterPdf', [p])) as Uint8Array);
      } catch (e) {
        // The thread stopped under it (another call's runaway, a crash): a letter is small and its drawing pure, so
        // it is drawn here rather than failing the customer's e-mail, which a delivery would not try again.
        if (e instanceof WorkerStoppedError) return letterPdf(p);
        throw e;
      }
    },
    close: () => thread.close(),
  };
}
