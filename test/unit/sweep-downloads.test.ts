// Book downloads a killed process left behind (main/core/books/book-file.ts): swept at start once an hour old,
// never one another process may be sending now, never anything not a book download.
import { existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { sweepAbandonedDownloads } from '../../main/core/books/book-file';

const dir = mkdtempSync(join(tmpdir(), 'sweep-downloads-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const folder = (name: string, ageMs: number, file = true) => {
  const path = join(dir, name);
  mkdirSync(path);
  if (file) writeFileSync(join(path, 'libro-consumidores-2026-11.pdf'), '%PDF');
  const at = new Date(Date.now() - ageMs);
  utimesSync(path, at, at);
  return path;
};

describe('sweepAbandonedDownloads', () => {
  it('removes book download folders untouched for an hour, and nothing else', async () => {
    const old = folder('sello-libro-AbC123', 2 * 3_600_000);
    const empty = folder('sello-libro-Empty1', 3 * 3_600_000, false);
    const sending = folder('sello-libro-Now456', 60_000);
    const other = folder('sello-print-Old789', 5 * 3_600_000);
    const file = join(dir, 'sello-libro-not-a-folder');
    writeFileSync(file, 'x');
    utimesSync(file, new Date(0), new Date(0));
    expect(await sweepAbandonedDownloads(dir)).toBe(2);
    expect([old, empty, sending, other, file].map(existsSync)).toEqual([false, false, true, true, true]);
  });

  it('never follows a link named like a download, nor touches what it points to', async () => {
    const target = folder('kept-target', 5 * 3_600_000);
    const link = join(dir, 'sello-libro-Link01');
    symlinkSync(target, link);
    expect(await sweepAbandonedDownloads(dir)).toBe(0);
    expect([existsSync(link), existsSync(join(target, 'libro-consumidores-2026-11.pdf'))]).toEqual([true, true]);
  });

  it('a folder that cannot be read is no error', async () => {
    expect(await sweepAbandonedDownloads(join(dir, 'missing'))).toBe(0);
  });
});
