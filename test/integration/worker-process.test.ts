// A worker process (decision 0059) where it goes wrong: one that never says it is ready is stopped and a thread
// takes its calls; a station killed for real in the middle of a call takes its worker process with it.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Logger } from '../../main/core/logger';
import { threadCalls } from '../../main/core/workers/thread-calls';
import { alive } from '../support/proc';
import { exitOf, ROOT } from '../support/serve-process';

const scratch = mkdtempSync(join(tmpdir(), 'worker-process-'));
const killAtEnd: number[] = [];
afterAll(() => {
  for (const pid of killAtEnd) if (alive(pid)) process.kill(pid, 'SIGKILL');
  rmSync(scratch, { recursive: true, force: true });
});

const until = async (check: () => boolean, ms: number) => {
  const end = Date.now() + ms;
  while (!check() && Date.now() < end) await new Promise((r) => setTimeout(r, 25));
  return check();
};

function logged(): Logger & { lines: string[] } {
  const lines: string[] = [];
  const put = (m: string) => void lines.push(m);
  return { lines, info: put, warn: put, error: put };
}

describe.runIf(process.platform === 'linux')('a worker process', () => {
  it('that never says it is ready is stopped past its limit, and a worker thread answers its calls', async () => {
    // As a process: writes its pid and stays, silent (as a desktop binary that starts the app instead of Node).
    // As a thread: answers.
    const pidFile = join(scratch, 'silent.pid');
    const entry = join(scratch, 'silent.mjs');
    writeFileSync(
      entry,
      `import { writeFileSync } from 'node:fs';
import { parentPort } from 'node:worker_threads';
if (parentPort) {
  parentPort.postMessage('ready');
  parentPort.on('message', (m) => parentPort.postMessage({ id: m.id, ok: true, value: 'a thread' }));
} else {
  writeFileSync(${JSON.stringify(pidFile)}, String(process.pid));
  setInterval(() => undefined, 1000);
}
`,
    );
    const log = logged();
    const calls = threadCalls({
      name: 'silent',
      entry: { file: entry },
      data: null,
      local: () => Promise.reject(new Error('never on this thread')),
      logger: log,
      home: 'process',
      startMs: 1500,
    });
    try {
      const started = Date.now();
      expect(await calls.call('echo', [])).toBe('a thread');
      expect(Date.now() - started).toBeGreaterThanOrEqual(1400);
      expect(await calls.call('echo', [])).toBe('a thread');
      expect(log.lines).toEqual(['silent worker process did not start; a worker thread runs the work']);
      const pid = Number(readFileSync(pidFile, 'utf8'));
      killAtEnd.push(pid);
      expect(await until(() => !alive(pid), 10_000)).toBe(true);
    } finally {
      await calls.close();
    }
  }, 30_000);

  it('ends when its station is killed for real in the middle of a call', async () => {
    const pidFile = join(scratch, 'busy.pid');
    const host = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'test', 'support', 'worker-host.ts'), pidFile], {
      cwd: ROOT,
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    try {
      expect(await until(() => existsSync(pidFile) && readFileSync(pidFile, 'utf8') !== '', 20_000)).toBe(true);
      const worker = Number(readFileSync(pidFile, 'utf8'));
      killAtEnd.push(worker);
      // Busy with its call, a timer turning: nothing but the station's end stops it.
      await new Promise((r) => setTimeout(r, 300));
      expect(alive(worker)).toBe(true);
      host.kill('SIGKILL');
      await exitOf(host);
      expect(await until(() => !alive(worker), 5_000)).toBe(true);
    } finally {
      host.kill('SIGKILL');
    }
  }, 40_000);
});
