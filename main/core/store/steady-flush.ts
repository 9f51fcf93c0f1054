// A file being written elsewhere (a copy in a worker thread), flushed to the disk as it grows (decision 0045).
// Left to the kernel, a copy of hundreds of MB piles up as dirty pages, and the station's own durable commit
// (synchronous = FULL) then waits behind their flush: a POS's create waited over a second during a 536 MB copy.
// Flushed every tenth of a second, the pile stays small and the create does not notice the copy.
import { open, type FileHandle } from 'node:fs/promises';

export const FLUSH_MS = 100;

export interface SteadyFlush {
  /** Stops flushing and closes the file (waits for a flush under way). */
  stop(): Promise<void>;
}

export function flushWhileWritten(path: string, everyMs = FLUSH_MS): SteadyFlush {
  let fh: FileHandle | null = null;
  let running: Promise<void> | null = null;
  const flush = async () => {
    try {
      // Opened for writing: Windows flushes only through a handle that may write. The file appears once the copy
      // starts; until then there is nothing to flush.
      fh ??= await open(path, 'r+');
      await fh.datasync();
    } catch {
      // A flush that fails costs only smoothness: the copy's own final flush still makes it durable.
    }
  };
  const timer = setInterval(() => {
    running ??= flush().finally(() => (running = null));
  }, everyMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
      await fh?.close().catch(() => undefined);
      fh = null;
    },
  };
}
