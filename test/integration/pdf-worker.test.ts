// Letter PDFs on a worker thread (decision 0045): the e-mails' and the downloads' PDFs are drawn off the request
// thread, read the same as the ones drawn on it, and a worker that stops fails the call instead of hanging.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { getPriority, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tsxWorkers } from '../../main/cli/worker-entries';
import type { Logger } from '../../main/core/logger';
import type { WorkerEntry } from '../../main/core/workers/wire';
import { asBackgroundThread } from '../../main/core/workers/background-thread';
import { letterPdf } from '../../main/core/render/letter-pdf';
import { letterDrawer, type LetterDrawer } from '../../main/core/render/pdf-in-worker';
import { bookMonth, type BookMonth } from '../support/book-month';
import { pdfInfo, pdfText } from '../support/pdf';
import { threadNice } from '../support/proc';
import { ROOT } from '../support/serve-process';

const lines: string[] = [];
// What the workers say (the rest of the core's log, an MH simulator's round trips, is not this test's).
const put = (m: string, f?: Record<string, unknown>) => void (m.includes('worker') && lines.push(`${m} ${JSON.stringify(f)}`));
const logger: Logger = { info: put, warn: put, error: put };
let month: BookMonth;
const drawers: LetterDrawer[] = [];
const scratch = mkdtempSync(join(tmpdir(), 'pdf-worker-'));

beforeAll(async () => {
  month = await bookMonth({ deps: { workers: { pdf: tsxWorkers().pdf }, logger } });
}, 120_000);
afterAll(async () => {
  await Promise.all(drawers.map((d) => d.close()));
  await month.close();
  rmSync(scratch, { recursive: true, force: true });
});

const drawer = (entry: WorkerEntry) => {
  const d = letterDrawer({ entry, logger });
  drawers.push(d);
  return d;
};
/** A document's view as the core makes it (the receipt's source carries the same Printable the letter draws). */
const viewOf = (name: string) => month.core.dtes.receiptSource(month.ids[name]!, 'user:supervisor').printable;

describe('letter PDFs on a worker thread', () => {
  it('a document drawn on the worker reads as the one drawn here, for each kind', async () => {
    const w = drawer(tsxWorkers().pdf);
    for (const name of ['fc1', 'ccf1', 'fex1', 'fse1', 'cr1', 'nc1']) {
      const p = viewOf(name);
      const there = await w.letter(p);
      expect(Buffer.isBuffer(there), name).toBe(true);
      const here = await letterPdf(p);
      expect(pdfText(there), name).toBe(pdfText(here));
      expect(pdfInfo(there), name).toEqual(pdfInfo(here));
    }
    expect(lines).toEqual([]);
  }, 60_000);

  it("the core draws the e-mails and downloads there: a document's PDF, drawn here when the thread stops under it", async () => {
    const pdf = await month.core.dtes.letterPdf(month.ids.fc1!);
    expect(pdfText(pdf)).toContain(month.core.dtes.get(month.ids.fc1!).controlNumber);
    expect(lines).toEqual([]);
    // Ready, then gone at the first call.
    const dies = join(scratch, 'dies.mjs');
    writeFileSync(
      dies,
      "import { parentPort } from 'node:worker_threads';\nparentPort.postMessage('ready');\nparentPort.on('message', () => process.exit(7));\n",
    );
    // A station whose PDF thread dies under a letter: the core did send it there (the log says so), and the letter
    // is drawn here instead, so a customer's e-mail is not lost to a thread that stopped.
    const dying = await bookMonth({ deps: { workers: { pdf: { file: dies } }, logger } });
    try {
      const drawn = await dying.core.dtes.letterPdf(dying.ids.fc1!);
      expect(pdfText(drawn)).toContain(dying.core.dtes.get(dying.ids.fc1!).controlNumber);
    } finally {
      await dying.close();
    }
    expect(lines).toEqual([expect.stringContaining('pdf worker stopped with calls in progress')]);
    expect(lines[0]).toContain('exit 7');
    lines.length = 0;
  }, 120_000);

  it.runIf(process.platform === 'linux')(
    'the worker thread draws at the lowest CPU priority; the request thread keeps its own',
    async () => {
      const own = getPriority();
      const before = threadNice(process.pid);
      await drawer(tsxWorkers().pdf).letter(viewOf('fc1'));
      const after = threadNice(process.pid);
      // This thread (the process's main one) is where the counter's creates run: untouched.
      expect(after.get(process.pid)).toBe(own);
      expect(getPriority()).toBe(own);
      // The drawer's new thread lowered itself to 19.
      const lowered = [...after].filter(([tid, nice]) => nice === 19 && !before.has(tid));
      expect(lowered).toHaveLength(1);
      // Where a nice value is the whole process's, nothing is lowered.
      expect(asBackgroundThread('win32')).toBe(false);
      expect(asBackgroundThread('darwin')).toBe(false);
      expect(getPriority()).toBe(own);
    },
    60_000,
  );

  it("the desktop app's bundled worker (dist/electron/pdf-worker.cjs) draws the same", async () => {
    const p = viewOf('ccf1');
    const there = await drawer({ file: join(ROOT, 'dist', 'electron', 'pdf-worker.cjs') }).letter(p);
    expect(pdfText(there)).toBe(pdfText(await letterPdf(p)));
    expect(lines).toEqual([]);
  }, 60_000);
});
