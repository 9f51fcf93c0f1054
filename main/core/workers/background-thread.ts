// A worker's work (a month's books, the e-mails' PDFs) is background work: the worker lowers its own CPU priority,
// so when it and the request thread both want a core, the counter's create wins
// (docs/decisions/0057-workers-at-low-cpu-priority.md, docs/decisions/0059-books-in-a-process-of-their-own.md).
import { readdirSync } from 'node:fs';
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

/** A background process's priority: the lowest on Linux (per thread), "below normal" elsewhere (per process). */
export const backgroundPriority = (platform: NodeJS.Platform = process.platform): number =>
  platform === 'linux' ? constants.priority.PRIORITY_LOW : constants.priority.PRIORITY_BELOW_NORMAL;

/**
 * Lowers every thread of this worker process to the lowest priority, the garbage collector's helpers included;
 * threads started later inherit it. True when it did. On Linux a nice value belongs to each thread, so each is set,
 * again until no new one appears. On Windows and macOS the call sets the process's, and to "below normal": Windows's
 * lowest is its idle class, which anything else on the machine (an antivirus scan, a browser) would starve.
 */
export function asBackgroundProcess(platform: NodeJS.Platform = process.platform): boolean {
  if (platform !== 'linux') {
    try {
      setPriority(backgroundPriority(platform));
      return true;
    } catch {
      // Not allowed here (a container's policy): the work runs as before, at the station's priority.
      return false;
    }
  }
  const lowered = new Set<string>();
  let ok = 0;
  for (let pass = 0; pass < 5; pass++) {
    let threads: string[];
    try {
      threads = readdirSync('/proc/self/task').filter((tid) => !lowered.has(tid));
    } catch {
      break; // No /proc here: the work runs at the station's priority.
    }
    if (threads.length === 0) break;
    for (const tid of threads) {
      try {
        setPriority(Number(tid), backgroundPriority(platform));
        ok++;
      } catch {
        // A thread that ended meanwhile, or a refusal: the others are still lowered.
      }
      lowered.add(tid);
    }
  }
  return ok > 0;
}
