// The integrators' example (examples/pos-issue-fc.mjs, docs/api.md) run the way an integrator runs it: a real
// `sello serve` (the demo, with its embedded MH simulator) and the program as its own Node process. It issues an
// FC, waits for APPROVED and saves the PDF.
import { execFile } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { DEMO_KEY, tempDir } from '../support/core';
import { ROOT, startServe } from '../support/serve-process';

const run = promisify(execFile);
const cleanups: (() => unknown)[] = [];
afterEach(() => {
  for (const f of cleanups.splice(0).reverse()) f();
});

/** A real `sello serve` (the demo) and an empty folder for the program to work in. */
async function station() {
  const data = tempDir('api-example-');
  const work = tempDir('api-example-out-');
  cleanups.push(data.cleanup, work.cleanup);
  const serve = await startServe(['--data-dir', data.dir, '--port', '0']);
  cleanups.push(() => serve.child.kill('SIGKILL'));
  return { serve, work };
}

describe('the POS example program', () => {
  it('issues an FC, waits for APPROVED and saves its PDF', async () => {
    const { serve, work } = await station();
    const { stdout } = await run(process.execPath, [join(ROOT, 'examples', 'pos-issue-fc.mjs')], {
      cwd: work.dir,
      env: { ...process.env, SELLO_URL: serve.url, SELLO_API_KEY: DEMO_KEY, SELLO_WAIT_SECONDS: '60' },
      timeout: 90_000,
    });
    expect(stdout).toMatch(/^DTE-01-\S+ (CREATED|APPROVED)$/m);
    expect(stdout).toMatch(/^DTE-01-\S+ APPROVED sello \S+$/m);
    const pdfs = readdirSync(work.dir).filter((f) => f.endsWith('.pdf'));
    expect(pdfs).toHaveLength(1);
    expect(readFileSync(join(work.dir, pdfs[0]!)).subarray(0, 5).toString()).toBe('%PDF-');
    expect(stdout).toContain(`PDF: ${pdfs[0]}`);
  }, 120_000);

  it('names the refused field and exits non-zero when the key is wrong', async () => {
    const { serve, work } = await station();
    const failed = await run(process.execPath, [join(ROOT, 'examples', 'pos-issue-fc.mjs')], {
      cwd: work.dir,
      env: { ...process.env, SELLO_URL: serve.url, SELLO_API_KEY: 'not-a-key' },
      timeout: 30_000,
    }).catch((e: { code: number; stderr: string }) => e);
    expect('code' in failed && failed.code).toBe(1);
    expect((failed as { stderr: string }).stderr).toMatch(/POST \/dte\/fc: 401/);
    expect(readdirSync(work.dir)).toEqual([]);
  }, 60_000);
});
