// Whether the counter is in the middle of something an update restart must not cut: a form being filled in
// (the renderer says so through `activity`) or a call that changes records still running.
import type { ApiMethod, SelloApi } from '../../shared/api';

const WRITES: readonly ApiMethod[] = [
  'createDte',
  'invalidate',
  'setUpStation',
  'updateStation',
  'printReceipt',
  'printLetter',
  'createProduct',
  'updateProduct',
  'importProducts',
  'makeClose',
  'openDrawer',
  'printCloseReceipt',
  'printClosePdf',
  'returnDte',
  'invalidateReturn',
  'printReturnReceipt',
  'printReturnLetter',
];

export function counterActivity(api: SelloApi): { api: SelloApi; busy: () => boolean } {
  let editing = false;
  let running = 0;
  const tracked = { ...api } as Record<string, unknown>;
  for (const m of WRITES) {
    const fn = api[m] as (...a: unknown[]) => Promise<unknown>;
    tracked[m] = async (...args: unknown[]) => {
      running += 1;
      try {
        return await fn(...args);
      } finally {
        running -= 1;
      }
    };
  }
  tracked.activity = (state: 'editing' | 'idle') => {
    editing = state === 'editing';
    return api.activity(state);
  };
  return { api: tracked as unknown as SelloApi, busy: () => editing || running > 0 };
}
