// A station stand-in for worker-process.test.ts: starts test/support/busy-worker.ts as a worker process through the
// product's threadCalls and calls it, then waits to be killed.
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { silentLogger } from '../../main/core/logger';
import { threadCalls } from '../../main/core/workers/thread-calls';

const pidFile = process.argv[2]!;
const calls = threadCalls({
  name: 'busy',
  entry: {
    file: fileURLToPath(new URL('./busy-worker.ts', import.meta.url)),
    execArgv: ['--import', pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href],
  },
  data: { pidFile },
  local: () => Promise.reject(new Error('never here')),
  logger: silentLogger,
  home: 'process',
});
void calls.call('spin', []);
setInterval(() => undefined, 1000);
