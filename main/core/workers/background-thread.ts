// A worker thread's work (a month's books, the e-mails' PDFs) is background work: the thread lowers its own CPU
// priority, so when it and the request thread both want a core, the counter's create wins
// (docs/decisions/0057-workers-at-low-cpu-priority.md).
import { constants, setPriority } from 'node:os';

/**
 * Lowers the calling thread's CPU priority to the lowest; true when it did. Linux only: there a nice value
 * belongs to a thread. On Windows and macOS the same call sets the whole process's, counter included.
 */
export function asBackgroundThread(platform: NodeJS.Platform = process.platform): boolean {
  if (platform !== 'linux') return false;
  try {
    setPriority(constants.priority.PRIORITY_LOW);
    return true;
  } catch {
    // Not allowed here (a container's policy): the work runs as before, at the station's priority.
    return false;
  }
}
