// Processes and threads as Linux's /proc shows them, for the tests (and benches) that check a real process: who its
// children are, whether one still runs, and each thread's nice value.
import { readdirSync, readFileSync } from 'node:fs';

/** The fields of a /proc stat file after the command's name (which may hold spaces): [0] state, [1] ppid, [16] nice. */
function statFields(path: string): string[] {
  const stat = readFileSync(path, 'utf8');
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
}

/** The children of `parent`; only those whose command line holds `running` when given. */
export function childrenOf(parent: number, running?: string): number[] {
  return readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .filter((pid) => {
      try {
        return (
          Number(statFields(`/proc/${pid}/stat`)[1]) === parent &&
          (running === undefined || readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(running))
        );
      } catch {
        return false; // gone meanwhile
      }
    })
    .map(Number);
}

/** Still running: a zombie has ended its work, only its entry is left for its parent to read. */
export function alive(pid: number): boolean {
  try {
    return statFields(`/proc/${pid}/stat`)[0] !== 'Z';
  } catch {
    return false;
  }
}

/** Each thread of process `pid` and its nice value. */
export function threadNice(pid: number): Map<number, number> {
  const out = new Map<number, number>();
  for (const tid of readdirSync(`/proc/${pid}/task`)) out.set(Number(tid), Number(statFields(`/proc/${pid}/task/${tid}/stat`)[16]));
  return out;
}
