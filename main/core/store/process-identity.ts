// Telling a process apart from a later one that got the same pid (data-dir-lock.ts): the boot it runs in, and
// its start time. Linux: /proc's boot id and field 22 of /proc/PID/stat (clock ticks since boot). macOS: the
// kernel's boot time (sysctl kern.boottime) and `ps -o lstart=`. Windows: the boot moment from the uptime, to
// two minutes, and no start time, so there a reused pid is told apart only across a reboot.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { uptime } from 'node:os';

/** Which boot of the machine: an exact id where the OS gives one, else the boot's moment in ms. */
export type Boot = { readonly id: string } | { readonly at: number };

/** Boots whose moments differ by less than this are one (the uptime and the clock are read at slightly different times). */
const BOOT_SLACK_MS = 120_000;

export function sameBoot(a: Boot, b: Boot): boolean {
  if ('id' in a && 'id' in b) return a.id === b.id;
  if ('at' in a && 'at' in b) return Math.abs(a.at - b.at) < BOOT_SLACK_MS;
  // Written on another OS's terms (a data folder moved between machines): nothing to compare.
  return true;
}

const read = (file: string): string | null => {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return null;
  }
};

const run = (file: string, args: string[]): string | null => {
  try {
    return execFileSync(file, args, { encoding: 'utf8', timeout: 2000, stdio: ['ignore', 'pipe', 'ignore'] }).trim() || null;
  } catch {
    return null;
  }
};

export function currentBoot(platform: NodeJS.Platform = process.platform, now: () => number = Date.now): Boot | null {
  if (platform === 'linux') {
    const id = read('/proc/sys/kernel/random/boot_id')?.trim();
    if (id) return { id };
  }
  if (platform === 'darwin') {
    const sec = /sec = (\d+)/.exec(run('sysctl', ['-n', 'kern.boottime']) ?? '')?.[1];
    if (sec) return { id: `darwin-${sec}` };
  }
  return { at: now() - Math.round(uptime() * 1000) };
}

/**
 * The 22nd field of /proc/PID/stat (the start time in clock ticks since boot). The 2nd field is the command's name
 * in parentheses, which may hold spaces and parentheses itself: the fields are counted after the last `)`.
 */
export function statStartTime(stat: string): string | null {
  const close = stat.lastIndexOf(')');
  if (close < 0) return null;
  // After ") " come fields 3, 4, …: field 22 is the 20th of them.
  const start = stat
    .slice(close + 1)
    .trim()
    .split(/\s+/)[19];
  return start && /^\d+$/.test(start) ? start : null;
}

/** When process `pid` started, as this OS tells it; null where it does not (Windows) or the process is gone. */
export function processStart(pid: number, platform: NodeJS.Platform = process.platform): string | null {
  if (platform === 'linux') {
    const stat = read(`/proc/${pid}/stat`);
    return stat === null ? null : statStartTime(stat);
  }
  if (platform === 'darwin') return run('ps', ['-o', 'lstart=', '-p', String(pid)]);
  return null;
}

/** The command line of process `pid` (Linux's /proc/PID/cmdline, arguments joined by spaces); null where the OS does not say. */
export function processCommand(pid: number, platform: NodeJS.Platform = process.platform): string | null {
  if (platform === 'linux') return read(`/proc/${pid}/cmdline`)?.split('\0').join(' ').trim() ?? null;
  if (platform === 'darwin') return run('ps', ['-o', 'command=', '-p', String(pid)]);
  return null;
}

/** Whether a command line is Sello's: the packaged app (its name) or the command line run from the sources. */
export const looksLikeSello = (command: string): boolean => /sello|main[\\/]cli[\\/]main/i.test(command);
