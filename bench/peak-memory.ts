// A process's peak resident memory while something runs, read from Linux (/proc/<pid>/status VmHWM after writing 5
// to clear_refs, which resets the peak to the current size): the figure issue 35 asks for is read, not estimated.
import { readFileSync, writeFileSync } from 'node:fs';
import { childrenOf } from '../test/support/proc';

const field = (pid: number | 'self', name: 'VmRSS' | 'VmHWM'): number => {
  const m = new RegExp(`${name}:\\s+(\\d+) kB`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : NaN;
};

/** MB the process grew to above where it stood when `run` began (NaN where Linux's counters are not there). */
export async function peakGrowthMb(pid: number | 'self', run: () => Promise<unknown>): Promise<number> {
  let before = NaN;
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
    before = field(pid, 'VmRSS');
  } catch {
    // Not Linux, or not ours to reset: the figure stays NaN and the goal reads n/a.
  }
  await run();
  try {
    return field(pid, 'VmHWM') - before;
  } catch {
    return NaN;
  }
}

/**
 * As `peakGrowthMb('self')`, plus the memory of this process's children (the books' worker process, decision
 * 0059): a child that was there grows from where it stood; one that started during `run` counts whole.
 */
export async function peakGrowthWithChildrenMb(run: () => Promise<unknown>): Promise<number> {
  const stood = new Map<number, number>();
  for (const pid of childrenOf(process.pid)) {
    try {
      writeFileSync(`/proc/${pid}/clear_refs`, '5');
      stood.set(pid, field(pid, 'VmRSS'));
    } catch {
      // Gone meanwhile.
    }
  }
  let kids = 0;
  const own = await peakGrowthMb('self', async () => {
    await run();
    for (const pid of childrenOf(process.pid)) {
      try {
        kids += field(pid, 'VmHWM') - (stood.get(pid) ?? 0);
      } catch {
        // Gone meanwhile.
      }
    }
  });
  return own + kids;
}
