// A real `sello serve` clears the book downloads a killed process left in the temporary folder (their files name
// the company's customers), and leaves one another process may be sending now.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { tempDir } from '../support/core';
import { exitOf, startServe } from '../support/serve-process';

const made: string[] = [];
afterAll(() => made.forEach((p) => rmSync(p, { recursive: true, force: true })));

const download = (ageMs: number) => {
  const path = join(tmpdir(), `sello-libro-${randomBytes(4).toString('hex')}`);
  mkdirSync(path);
  made.push(path);
  writeFileSync(join(path, 'libro-contribuyentes-2026-11.pdf'), '%PDF');
  const at = new Date(Date.now() - ageMs);
  utimesSync(path, at, at);
  return path;
};

describe('the start of a real station', () => {
  it('removes a download folder left two hours ago, and keeps one a minute old', async () => {
    const left = download(2 * 3_600_000);
    const sending = download(60_000);
    const t = tempDir();
    const s = await startServe(['--data-dir', t.dir, '--port', '0']);
    try {
      for (let i = 0; i < 50 && existsSync(left); i++) await new Promise((r) => setTimeout(r, 100));
      expect(existsSync(left)).toBe(false);
      expect(existsSync(sending)).toBe(true);
    } finally {
      s.child.kill('SIGTERM');
      await exitOf(s.child);
      t.cleanup();
    }
  }, 60_000);
});
