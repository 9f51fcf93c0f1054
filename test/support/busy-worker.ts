// A worker process for worker-process.test.ts: served by the product's serveCalls, it writes its pid where its start
// data says, and its one call never ends while a timer keeps its event loop busy, as a long month would.
import { writeFileSync } from 'node:fs';
import { serveCalls } from '../../main/core/workers/serve-calls';

serveCalls((data) => {
  writeFileSync((data as { pidFile: string }).pidFile, String(process.pid));
  return {
    spin: () =>
      new Promise(() => {
        setInterval(() => undefined, 50);
      }),
  };
});
