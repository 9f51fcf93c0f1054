// CPU seconds a process (or every PostgreSQL process) has used so far, read from Linux (/proc/<pid>/stat: user,
// system, and the reaped children's): the hub bench sets the ingest's CPU beside the cores it has, so a ratio
// short of its goal says whether the work itself or its scheduling is what is missing. NaN off Linux.
import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';

/** Linux's clock ticks per second for these counters (USER_HZ, 100 on every common build). */
const TICKS = 100;

/** utime + stime + cutime + cstime of one process, in seconds; null when it is gone. */
function ofStat(pid: string): { name: string; seconds: number } | null {
  let text: string;
  try {
    text = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return null;
  }
  // The name is in parentheses and may hold spaces: the fields are counted after its closing one.
  const close = text.lastIndexOf(')');
  const name = text.slice(text.indexOf('(') + 1, close);
  const f = text.slice(close + 2).split(' ');
  // Fields 14-17 of proc(5), counted here from field 3 (the state).
  const ticks = [11, 12, 13, 14].reduce((a, i) => a + Number(f[i] ?? 0), 0);
  return { name, seconds: ticks / TICKS };
}

export function processCpuSeconds(pid: number | 'self'): number {
  return ofStat(String(pid))?.seconds ?? NaN;
}

/** Every process named `postgres` on this machine: the bench's private cluster (backends and its postmaster). */
export function postgresCpuSeconds(): number {
  let dirs: string[];
  try {
    dirs = readdirSync('/proc').filter((d) => /^\d+$/.test(d));
  } catch {
    return NaN;
  }
  let total = 0;
  for (const d of dirs) {
    const s = ofStat(d);
    if (s?.name === 'postgres') total += s.seconds;
  }
  return total;
}

export const cores = availableParallelism();
