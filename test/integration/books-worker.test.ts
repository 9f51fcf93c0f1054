// The station's books on a worker process (decisions 0045, 0059): the same answers as on the request thread, errors that
// keep their codes across, a worker that cannot start leaving the books where they were, and one that stops
// mid-call failing that call with words for the accountant instead of hanging.
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { getPriority, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { booksInWorker, type WorkerBooks } from '../../main/core/books/books-in-worker';
import type { WorkerEntry } from '../../main/core/workers/wire';
import type { Books } from '../../main/core/books/books-service';
import { companyOf } from '../../main/core/books/station-books';
import { tsxWorkers } from '../../main/cli/worker-entries';
import { CoreError } from '../../main/core/errors';
import type { Logger } from '../../main/core/logger';
import { bookMonth, type BookMonth } from '../support/book-month';
import { childrenOf, threadNice } from '../support/proc';
import { ROOT } from '../support/serve-process';

let month: BookMonth;
const scratch = mkdtempSync(join(tmpdir(), 'books-worker-'));
const opened: WorkerBooks[] = [];

beforeAll(async () => {
  month = await bookMonth();
}, 120_000);
afterAll(async () => {
  await Promise.all(opened.map((b) => b.close()));
  await month.close();
  rmSync(scratch, { recursive: true, force: true });
});

const notHere = () => Promise.reject(new Error('read on the request thread'));
/** The station's books with every month reading refused on this thread: an answer proves the worker gave it. */
const settingsOnly = (): Books => ({
  ...month.core.books,
  month: notHere,
  annexFile: notHere,
  bookFile: notHere,
  bookDownload: notHere,
  report: notHere,
  writeAll: notHere,
});

function logged(): Logger & { lines: string[] } {
  const lines: string[] = [];
  const put = (m: string) => void lines.push(m);
  return { lines, info: put, warn: put, error: put };
}

function inWorker(o: { entry?: WorkerEntry; local?: Books; logger?: Logger; heapMb?: number } = {}): WorkerBooks {
  const b = booksInWorker({
    local: o.local ?? settingsOnly(),
    entry: o.entry ?? tsxWorkers().books,
    data: { file: month.dbFile },
    company: () => companyOf(month.core.station()),
    clock: month.clock,
    logger: o.logger ?? logged(),
    ...(o.heapMb === undefined ? {} : { heapMb: o.heapMb }),
  });
  opened.push(b);
  return b;
}

/** This process's children running the books' worker. */
const booksChildren = () => childrenOf(process.pid, 'books-worker');

describe('the books on a worker process', () => {
  it.runIf(process.platform === 'linux')(
    'run in a process of their own, every thread of it at the lowest priority; this process keeps its own',
    async () => {
      const own = getPriority();
      const ownThreads = threadNice(process.pid);
      const before = new Set(booksChildren());
      // A secret in the station's environment stays there.
      process.env['SELLO_HUB_PASSWORD'] = 'not-for-the-books';
      const w = inWorker();
      expect(await w.month('2026-11')).toEqual(await month.core.books.month('2026-11'));
      const started = booksChildren().filter((pid) => !before.has(pid));
      expect(started).toHaveLength(1);
      delete process.env['SELLO_HUB_PASSWORD'];
      const environ = readFileSync(`/proc/${started[0]}/environ`, 'utf8').split('\0');
      expect(environ.filter((v) => v.startsWith('SELLO_HUB_PASSWORD='))).toEqual([]);
      // Its start data came by the channel: the store's path is in neither its environment nor its command line.
      expect(environ.filter((v) => v.includes(month.dbFile))).toEqual([]);
      expect(readFileSync(`/proc/${started[0]}/cmdline`, 'utf8')).not.toContain(month.dbFile);
      const theirs = threadNice(started[0]!);
      // Its JavaScript thread and V8's helpers (the garbage collector's) at least.
      expect(theirs.size).toBeGreaterThanOrEqual(3);
      expect([...theirs.values()].filter((nice) => nice !== 19)).toEqual([]);
      // This process's threads, where the counter's creates run, are untouched.
      const now = threadNice(process.pid);
      for (const [tid, nice] of ownThreads) if (now.has(tid)) expect(nice).toBe(now.get(tid));
      expect(getPriority()).toBe(own);
      await w.close();
      expect(booksChildren()).not.toContain(started[0]);
    },
    60_000,
  );

  it('gives the month, every annex, both books in both formats and the report as the request thread does', async () => {
    const log = logged();
    const w = inWorker({ logger: log });
    const here = month.core.books;
    expect(await w.month('2026-11')).toEqual(await here.month('2026-11'));
    for (const annex of ['1', '2', '5', '10', 'anulados'] as const)
      expect(await w.annexFile(annex, '2026-11'), annex).toEqual(await here.annexFile(annex, '2026-11'));
    for (const book of ['consumidores', 'contribuyentes'] as const)
      for (const format of ['pdf', 'xlsx'] as const)
        expect(await w.bookFile(book, '2026-11', format), `${book}.${format}`).toEqual(await here.bookFile(book, '2026-11', format));
    const query = { from: '2026-11-01', to: '2026-11-30' };
    expect(await w.report(query)).toEqual(await here.report(query));
    expect(log.lines).toEqual([]);
  }, 60_000);

  it('writes every file with progress, and a download the request thread sends and then removes', async () => {
    const w = inWorker();
    const there = join(scratch, 'worker');
    const here = join(scratch, 'here');
    const steps: string[] = [];
    const written = await w.writeAll('2026-11', there, (step) => steps.push(step));
    expect(written).toEqual(await month.core.books.writeAll('2026-11', here));
    for (const name of written.files) expect(readFileSync(join(there, name)).equals(readFileSync(join(here, name))), name).toBe(true);
    expect(steps[0]).toBe('Leyendo los documentos del mes');
    expect(steps.at(-1)).toBe('Escrito libro-contribuyentes-2026-11.xlsx');

    const d = await w.bookDownload('consumidores', '2026-11', 'pdf');
    expect(d.fileName).toBe('libro-consumidores-2026-11.pdf');
    const same = await month.core.books.bookFile('consumidores', '2026-11', 'pdf');
    expect(readFileSync(d.path).equals(Buffer.from(same.base64, 'base64'))).toBe(true);
    expect(d.bytes).toBe(readFileSync(d.path).length);
    await d.remove();
    expect(existsSync(join(d.path, '..'))).toBe(false);
  }, 60_000);

  it("the desktop app's bundled worker (dist/electron/books-worker.cjs) gives the same month and book", async () => {
    const bundled = join(ROOT, 'dist', 'electron', 'books-worker.cjs');
    expect(existsSync(bundled), 'run `npm run build` first').toBe(true);
    const w = inWorker({ entry: { file: bundled } });
    expect(await w.month('2026-11')).toEqual(await month.core.books.month('2026-11'));
    expect(await w.bookFile('contribuyentes', '2026-11', 'pdf')).toEqual(
      await month.core.books.bookFile('contribuyentes', '2026-11', 'pdf'),
    );
  }, 60_000);

  it('a bad month or query is VALIDATION_FAILED naming the field, as on the request thread', async () => {
    const w = inWorker();
    const bad = await w.month('2026-13').catch((e: unknown) => e);
    expect(bad).toBeInstanceOf(CoreError);
    expect((bad as CoreError).code).toBe('VALIDATION_FAILED');
    expect((bad as CoreError).errors?.map((e) => e.path)).toEqual(['month']);
    const report = await w.report({ from: '2026-11-31', to: '2026-11-01' }).catch((e: unknown) => e);
    expect((report as CoreError).code).toBe('VALIDATION_FAILED');
    expect((report as CoreError).errors?.length).toBeGreaterThan(0);
    // A file that cannot be written keeps its system code, so the front doors still say which problem it is.
    writeFileSync(join(scratch, 'a-file'), '');
    const notDir = await w.writeAll('2026-11', join(scratch, 'a-file', 'x')).catch((e: unknown) => e);
    expect((notDir as { code?: string }).code).toBe('ENOTDIR');
  }, 60_000);

  it('a worker that cannot start leaves the books on the request thread, and says so once in the log', async () => {
    const log = logged();
    const w = inWorker({ entry: { file: join(scratch, 'missing-worker.mjs') }, local: month.core.books, logger: log });
    expect(await w.month('2026-11')).toEqual(await month.core.books.month('2026-11'));
    expect(await w.annexFile('1', '2026-11')).toEqual(await month.core.books.annexFile('1', '2026-11'));
    expect(log.lines).toEqual([
      'books worker process did not start; a worker thread runs the work',
      'books worker did not start; the work runs on the request thread',
    ]);
  }, 60_000);

  it('a worker process that cannot start hands the work to a worker thread, and says so once in the log', async () => {
    // Dies at once as a process (as where a desktop build forbids running its binary as Node); serves as a thread.
    const threadOnly = join(scratch, 'thread-only.mjs');
    writeFileSync(
      threadOnly,
      "import { parentPort } from 'node:worker_threads';\nif (!parentPort) process.exit(1);\nparentPort.postMessage('ready');\nparentPort.on('message', (m) => parentPort.postMessage({ id: m.id, ok: true, value: 'from a thread' }));\n",
    );
    const log = logged();
    const w = inWorker({ entry: { file: threadOnly }, local: month.core.books, logger: log });
    expect(await w.month('2026-11')).toBe('from a thread');
    expect(await w.month('2026-11')).toBe('from a thread');
    expect(log.lines).toEqual(['books worker process did not start; a worker thread runs the work']);
  }, 60_000);

  it('a worker that stops mid-call fails that call with what to do, and the next call starts another', async () => {
    // Ready, then gone at the first call: a worker that died (out of memory, a native crash) while drawing.
    const dies = join(scratch, 'dies.mjs');
    writeFileSync(dies, "process.send('ready');\nprocess.on('message', (m) => { if (!('start' in m)) process.exit(3); });\n");
    const log = logged();
    const w = inWorker({ entry: { file: dies }, local: month.core.books, logger: log });
    for (let i = 0; i < 2; i++) {
      const e = await w.month('2026-11').catch((x: unknown) => x);
      expect(e).toBeInstanceOf(Error);
      expect((e as Error).message).toContain('Vuelva a intentarlo');
      expect((e as Error).message).toContain('exit 3');
    }
    expect(log.lines).toEqual(['books worker stopped with calls in progress', 'books worker stopped with calls in progress']);
  }, 60_000);

  it('a worker that runs out of memory stops alone: the call fails with what to do, and this process goes on', async () => {
    // A runaway: holds everything it makes, as a book that kept its month would.
    const hoards = join(scratch, 'hoards.mjs');
    writeFileSync(
      hoards,
      "process.send('ready');\nconst kept = [];\nprocess.on('message', (m) => { if (!('start' in m)) for (;;) kept.push(new Array(1e5).fill(kept.length)); });\n",
    );
    const log = logged();
    const w = inWorker({ entry: { file: hoards }, local: month.core.books, logger: log, heapMb: 32 });
    const e = await w.month('2026-11').catch((x: unknown) => x);
    expect((e as Error).message).toContain('Vuelva a intentarlo');
    expect((e as Error).message).toMatch(/memory/i);
    expect(log.lines).toEqual(['books worker stopped with calls in progress']);
  }, 60_000);

  it('closed, it stops the thread and a call in progress fails instead of hanging', async () => {
    const w = booksInWorker({
      local: month.core.books,
      entry: tsxWorkers().books,
      data: { file: month.dbFile },
      company: () => companyOf(month.core.station()),
      clock: month.clock,
      logger: logged(),
    });
    // Running first: the close stops a worker that is there, not one still starting.
    await w.annexFile('1', '2026-11');
    const call = w.writeAll('2026-11', join(scratch, 'closed')).catch((e: unknown) => e);
    await w.close();
    expect(((await call) as Error).message).toContain('se detuvo');
  }, 60_000);
});
