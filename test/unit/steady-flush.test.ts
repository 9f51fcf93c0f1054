// The copy's steady flush (main/core/store/steady-flush.ts): it waits for the file to appear, holds one handle
// while the copy grows, and lets it go when stopped, whatever the file did meanwhile.
import { appendFileSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { flushWhileWritten } from '../../main/core/store/steady-flush';

const dir = mkdtempSync(join(tmpdir(), 'steady-flush-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const openFiles = () => readdirSync('/proc/self/fd').length;
const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.runIf(process.platform === 'linux')('flushWhileWritten', () => {
  it('opens the file once it appears, keeps one handle while it grows, and closes it when stopped', async () => {
    const file = join(dir, 'copy.db.partial');
    const before = openFiles();
    const f = flushWhileWritten(file, 10);
    await wait(50);
    expect(openFiles()).toBe(before);
    for (let i = 0; i < 5; i++) {
      appendFileSync(file, Buffer.alloc(64 * 1024, i));
      await wait(25);
    }
    expect(openFiles()).toBe(before + 1);
    await f.stop();
    expect(openFiles()).toBe(before);
    expect(readFileSync(file).length).toBe(5 * 64 * 1024);
  });

  it('stopped before the file ever appears, or after it is gone, it ends without an error', async () => {
    const never = flushWhileWritten(join(dir, 'never.partial'), 10);
    await wait(40);
    await expect(never.stop()).resolves.toBeUndefined();
    const gone = join(dir, 'gone.partial');
    appendFileSync(gone, 'x');
    const f = flushWhileWritten(gone, 10);
    await wait(40);
    rmSync(gone);
    await wait(40);
    await expect(f.stop()).resolves.toBeUndefined();
  });
});
