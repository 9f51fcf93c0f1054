// `sello serve` restarted on a disk with no room left (a real tmpfs, filled): it says the disk is full and what to
// do, never that the database is damaged and must be restored; once space is freed it starts with every document
// as it was. A disk remounted read-only is said as such too.
import { execFileSync, spawn } from 'node:child_process';
import { closeSync, existsSync, mkdtempSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lockDataDir } from '../../main/core/store/data-dir-lock';
import type { DteRecord } from '../../shared/records';
import { fcBody } from '../fixtures/bodies';
import { DEMO_KEY } from '../support/core';
import { ROOT, exitOf, startServe } from '../support/serve-process';

let mount: string;
const dataDir = () => join(mount, 'data');
const demo = () => join(dataDir(), 'demo');
const filler = () => join(mount, 'relleno.bin');
const children: { kill: (s: NodeJS.Signals) => unknown }[] = [];

beforeAll(() => {
  mount = mkdtempSync(join(tmpdir(), 'sello-disk-'));
  // Root is needed to mount: a run that cannot mount fails here, it never skips the test.
  execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=24M', 'tmpfs', mount]);
});
afterAll(() => {
  for (const c of children) c.kill('SIGKILL');
  try {
    execFileSync('umount', [mount]);
  } catch {
    execFileSync('umount', ['-l', mount]);
  }
  rmSync(mount, { recursive: true, force: true });
});

/** Writes until the disk refuses (ENOSPC), in smaller and smaller pieces, so not a byte is left. */
function fillDisk(file: string): number {
  const fd = openSync(file, 'a');
  let written = 0;
  try {
    for (const size of [1 << 20, 64 << 10, 4 << 10, 512, 1]) {
      const chunk = Buffer.alloc(size, 0x5a);
      for (;;) {
        try {
          written += writeSync(fd, chunk);
        } catch (e) {
          expect((e as NodeJS.ErrnoException).code).toBe('ENOSPC');
          break;
        }
      }
    }
  } finally {
    closeSync(fd);
  }
  return written;
}

/** `sello serve` to its end: exit code and everything it printed. */
function serveToExit(args: string[]): Promise<{ code: number | null; out: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'main', 'cli', 'main.ts'), 'serve', ...args], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let out = '';
  child.stdout.on('data', (c: Buffer) => (out += c.toString()));
  child.stderr.on('data', (c: Buffer) => (out += c.toString()));
  return exitOf(child).then((code) => ({ code, out }));
}

const api = (url: string, path: string, init: RequestInit = {}) =>
  fetch(`${url}${path}`, { ...init, headers: { 'X-API-Key': DEMO_KEY, 'Content-Type': 'application/json', ...init.headers } });

/** Every document as the station serves it: the record and, once approved, the signed JSON. */
async function snapshot(url: string, ids: readonly string[]): Promise<Record<string, { record: DteRecord; json: unknown }>> {
  const out: Record<string, { record: DteRecord; json: unknown }> = {};
  for (const id of ids) {
    const record = (await (await api(url, `/dte/${id}`)).json()) as DteRecord;
    const json: unknown = record.status === 'APPROVED' ? await (await api(url, `/dte/${id}/download/json`)).json() : null;
    out[id] = { record, json };
  }
  return out;
}

const sha = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex');
const args = () => ['--demo', '--data-dir', dataDir(), '--port', '0'];

describe('a start on a full disk, on a real sello serve', () => {
  it('says the disk is full and what to do, not that the database is damaged; once space is freed every document is there', async () => {
    const first = await startServe(args());
    children.push(first.child);
    const ids = Array.from({ length: 12 }, (_, i) => `d15c0000-0000-4000-8000-${String(i + 1).padStart(12, '0')}`);
    for (const id of ids) {
      const res = await api(first.url, '/dte/fc', { method: 'POST', body: JSON.stringify({ ...fcBody(id), generatedAt: undefined }) });
      expect(res.status).toBe(201);
    }
    // The demo's MH seals them within seconds.
    for (let i = 0; i < 60; i++) {
      const page = (await (await api(first.url, '/dte?status=APPROVED&limit=200')).json()) as { items: unknown[] };
      if (page.items.length === ids.length) break;
      await new Promise((r) => setTimeout(r, 500));
    }
    const before = await snapshot(first.url, ids);
    expect(Object.values(before).map((d) => d.record.status)).toEqual(ids.map(() => 'APPROVED'));
    first.child.kill('SIGTERM');
    expect(await exitOf(first.child)).toBe(0);
    const dbHash = sha(join(demo(), 'sello.db'));

    expect(fillDisk(filler())).toBeGreaterThan(0);
    const full = await serveToExit(args());
    expect(full.code).toBe(1);
    expect(full.out).toContain(`El disco de la carpeta de datos de Sello (${demo()}) está lleno`);
    expect(full.out).toContain('Libere espacio en ese disco');
    expect(full.out).toContain('Los documentos guardados no se han tocado');
    expect(full.out).not.toContain('dañada');
    expect(full.out).not.toContain('sello restore');
    expect(full.out).not.toContain('listening on');
    // Nothing was changed, and no lock is left for the next start.
    expect(sha(join(demo(), 'sello.db'))).toBe(dbHash);
    expect(existsSync(join(demo(), 'sello.lock'))).toBe(false);

    // The lock itself, on a full disk: the write fails and no empty lock is left behind.
    expect(() => lockDataDir(demo())).toThrow(expect.objectContaining({ code: 'ENOSPC' }));
    expect(existsSync(join(demo(), 'sello.lock'))).toBe(false);

    rmSync(filler());
    const back = await startServe(args());
    children.push(back.child);
    expect(await snapshot(back.url, ids)).toEqual(before);
    back.child.kill('SIGTERM');
    expect(await exitOf(back.child)).toBe(0);
  });

  it('a disk remounted read-only is said as such, and the station starts again once it is writable', async () => {
    execFileSync('mount', ['-o', 'remount,ro', mount]);
    let r: { code: number | null; out: string };
    try {
      r = await serveToExit(args());
    } finally {
      execFileSync('mount', ['-o', 'remount,rw', mount]);
    }
    expect(r.code).toBe(1);
    expect(r.out).toContain('solo lectura');
    expect(r.out).not.toContain('dañada');
    const again = await startServe(args());
    children.push(again.child);
    expect((await api(again.url, '/dte?limit=200').then((x) => x.json() as Promise<{ items: unknown[] }>)).items).toHaveLength(12);
    again.child.kill('SIGTERM');
    expect(await exitOf(again.child)).toBe(0);
  });
});
