// A kept worker (main/core/workers/thread-calls.ts with `idleMs: null` and `warm()`, decision 0052), as the hub's
// books run: it starts before any call; one that stops is started again at once; and once a worker has started
// here, a later one that cannot start fails its calls, never moving the work to this thread for good.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Logger } from '../../main/core/logger';
import { threadCalls, WorkerStoppedError } from '../../main/core/workers/thread-calls';

const scratch = mkdtempSync(join(tmpdir(), 'sello-kept-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function logged(): Logger & { lines: string[] } {
  const lines: string[] = [];
  const log = (msg: string) => void lines.push(msg);
  return { lines, info: log, warn: log, error: log };
}

/**
 * A worker that writes a line to `starts` as it starts, answers `echo`, and exits on `die`. From its start number
 * `failFrom` on, it throws before it is ready, as a worker whose start fails.
 */
function workerScript(name: string, failFrom = Infinity): { file: string; starts: () => number } {
  const starts = join(scratch, `${name}.starts`);
  writeFileSync(starts, '');
  const file = join(scratch, `${name}.mjs`);
  writeFileSync(
    file,
    `import { appendFileSync, readFileSync } from 'node:fs';
import { parentPort } from 'node:worker_threads';
appendFileSync(${JSON.stringify(starts)}, 'x');
if (readFileSync(${JSON.stringify(starts)}, 'utf8').length >= ${Number.isFinite(failFrom) ? failFrom : 1e9}) throw new Error('cannot start');
parentPort.postMessage('ready');
parentPort.on('message', (m) => {
  if (m.call === 'die') process.exit(3);
  parentPort.postMessage({ id: m.id, ok: true, value: m.args[0] });
});
`,
  );
  return { file, starts: () => readFileSync(starts, 'utf8').length };
}

const until = async (check: () => boolean, what: string) => {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((r) => setTimeout(r, 25));
  expect(check(), what).toBe(true);
};

describe('a kept worker', () => {
  it('starts before any call, and one that stops is started again at once', async () => {
    const w = workerScript('kept');
    const log = logged();
    const local = () => Promise.reject(new Error('never on this thread'));
    const thread = threadCalls({ name: 'kept', entry: { file: w.file }, data: null, local, logger: log, idleMs: null });
    try {
      thread.warm();
      await until(() => w.starts() === 1, 'started by warm(), before any call');
      expect(await thread.call('echo', ['uno'])).toBe('uno');
      expect(w.starts()).toBe(1);
      const stopped = await thread.call('die', []).catch((e: unknown) => e);
      expect(stopped).toBeInstanceOf(WorkerStoppedError);
      await until(() => w.starts() === 2, 'started again with no call waiting');
      expect(await thread.call('echo', ['dos'])).toBe('dos');
      expect(w.starts()).toBe(2);
      expect(log.lines).toEqual(['kept worker stopped with calls in progress']);
    } finally {
      await thread.close();
    }
  }, 30_000);

  it('once one has started, a worker that cannot start fails its calls and never moves them to this thread', async () => {
    const w = workerScript('fails-later', 2);
    const log = logged();
    let here = 0;
    const local = () => {
      here += 1;
      return Promise.resolve('here');
    };
    const thread = threadCalls({ name: 'later', entry: { file: w.file }, data: null, local, logger: log, idleMs: null });
    try {
      expect(await thread.call('echo', ['uno'])).toBe('uno');
      expect(await thread.call('die', []).catch((e: unknown) => e)).toBeInstanceOf(WorkerStoppedError);
      // The restart fails before it is ready: logged, not retried in a loop.
      await until(() => log.lines.length === 2, 'the failed restart logged');
      await new Promise((r) => setTimeout(r, 300));
      expect(w.starts()).toBe(2);
      const next = await thread.call('echo', ['tres']).catch((e: unknown) => e);
      expect(next).toBeInstanceOf(WorkerStoppedError);
      expect(w.starts()).toBe(3);
      expect(here).toBe(0);
      expect(log.lines[0]).toBe('later worker stopped with calls in progress');
      expect(log.lines[1]).toBe('later worker stopped');
    } finally {
      await thread.close();
    }
  }, 30_000);

  it('a first worker that cannot start still leaves the work on this thread (a runtime without workers)', async () => {
    const w = workerScript('never', 1);
    const log = logged();
    const thread = threadCalls({
      name: 'never',
      entry: { file: w.file },
      data: null,
      local: () => Promise.resolve('here'),
      logger: log,
      idleMs: null,
    });
    try {
      expect(await thread.call('echo', ['uno'])).toBe('here');
      expect(await thread.call('echo', ['dos'])).toBe('here');
      expect(w.starts()).toBe(1);
      expect(log.lines).toEqual(['never worker did not start; the work runs on the request thread']);
    } finally {
      await thread.close();
    }
  }, 30_000);
});
