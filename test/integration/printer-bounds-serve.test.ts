// Printer paths and logos at the door of a real `sello serve --demo` (docs/decisions/0066): a device path that is
// not a printer and a logo that does not decode within bounds are 422s naming the field, nothing is created or
// stored, and the server's peak memory stays flat through a PNG bomb.
import { existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import { deflateSync, crc32 } from 'node:zlib';
import { execFileSync } from 'node:child_process';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PrintSettings } from '../../shared/printing';
import { tempDir } from '../support/core';
import { startServe } from '../support/serve-process';

const cleanups: (() => unknown)[] = [];
let url = '';
let pid = 0;
let admin: Record<string, string> = {};
const root = process.getuid?.() === 0;

beforeAll(async () => {
  const t = tempDir('sello-printer-bounds-');
  cleanups.push(t.cleanup);
  const serve = await startServe(['--demo', '--port', '0', '--data-dir', t.dir]);
  cleanups.push(() => serve.child.kill('SIGKILL'));
  url = serve.url;
  pid = serve.child.pid!;
  const res = await fetch(`${url}/session`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ login: 'admin', password: 'demo-admin' }),
  });
  expect(res.status).toBe(201);
  admin = { Cookie: (res.headers.get('set-cookie') ?? '').split(';')[0]!, 'X-API-Version': '1', 'Content-Type': 'application/json' };
}, 60_000);
afterAll(async () => {
  for (const f of cleanups.splice(0).reverse()) await f();
});

const settings = (over: Partial<PrintSettings> & { path?: string }): Record<string, unknown> => ({
  printer: null,
  receiptWidth: 80,
  silentReceipt: false,
  receiptOutput: 'escpos',
  escpos: { connection: { kind: 'device', path: over.path ?? '/dev/usb/lp0' }, codepage: 'cp858', qr: 'native', drawer: false },
  logo: over.logo ?? null,
  ...(over.path === undefined ? { receiptOutput: 'pdf', escpos: null } : {}),
});

async function put(body: Record<string, unknown>) {
  const res = await fetch(`${url}/settings/printing`, { method: 'PUT', headers: admin, body: JSON.stringify(body) });
  return { status: res.status, type: res.headers.get('content-type') ?? '', json: (await res.json()) as Record<string, unknown> };
}
const current = async () => (await (await fetch(`${url}/settings/printing`, { headers: admin })).json()) as PrintSettings;
const fieldsOf = (json: Record<string, unknown>) => (json.errors as { path: string; message: string }[]).map((e) => e.path);

/** Peak resident memory of the server process (VmHWM), in MB. */
const peakMb = () => Number(/VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024;

describe('a device path on sello serve', () => {
  it('refuses a plain file, a shell profile and /dev/null by the field, and creates nothing', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sello-printer-bounds-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const before = await current();
    for (const path of [join(dir, 'x'), '/tmp/x-sello-printer-bounds', join(homedir(), '.bashrc'), '/dev/null']) {
      const r = await put(settings({ path }));
      expect(r.status, path).toBe(422);
      expect(r.type).toMatch(/application\/problem\+json/);
      expect(r.json).toMatchObject({ code: 'VALIDATION_FAILED' });
      expect(fieldsOf(r.json)).toEqual(['escpos.connection.path']);
    }
    expect(existsSync(join(dir, 'x'))).toBe(false);
    expect(existsSync('/tmp/x-sello-printer-bounds')).toBe(false);
    expect(await current()).toEqual(before);
  });

  it.skipIf(!root)('refuses a symlink in /dev to a regular file, and takes a real character device at a printer’s name', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sello-printer-bounds-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    writeFileSync(join(dir, 'profile'), '# a shell profile\n');
    const n = 90_000 + (process.pid % 9_000);
    const [link, node] = [`/dev/lp${n}`, `/dev/lp${n + 1}`];
    symlinkSync(join(dir, 'profile'), link);
    cleanups.push(() => rmSync(link, { force: true }));
    const refused = await put(settings({ path: link }));
    expect(refused.status).toBe(422);
    expect(fieldsOf(refused.json)).toEqual(['escpos.connection.path']);
    expect(readFileSync(join(dir, 'profile'), 'utf8')).toBe('# a shell profile\n');
    // The kernel's null device under a printer's name: a character device where printers live.
    execFileSync('mknod', [node, 'c', '1', '3']);
    cleanups.push(() => rmSync(node, { force: true }));
    const taken = await put(settings({ path: node }));
    expect(taken.status, JSON.stringify(taken.json)).toBe(200);
  });
});

const chunk = (type: string, data: Buffer) => {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const head = Buffer.alloc(4);
  head.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([head, body, crc]);
};

describe('a logo on sello serve', () => {
  it('refuses a corrupt PNG by the field and keeps the settings; a good one is kept re-encoded', async () => {
    const png = new PNG({ width: 64, height: 32 });
    png.data.fill(0);
    const good = PNG.sync.write(png);
    const corrupt = Buffer.concat([good.subarray(0, 40), Buffer.alloc(64, 0xab)]);
    const before = await current();
    const r = await put(settings({ logo: corrupt.toString('base64') }));
    expect(r.status).toBe(422);
    expect(fieldsOf(r.json)).toEqual(['logo']);
    expect((r.json.errors as { message: string }[])[0]!.message).toMatch(/PNG válida/);
    expect(await current()).toEqual(before);
    const ok = await put(settings({ logo: good.toString('base64') }));
    expect(ok.status).toBe(200);
    const kept = Buffer.from((await current()).logo!, 'base64');
    expect(PNG.sync.read(kept)).toMatchObject({ width: 64, height: 32 });
    expect(kept[25]).toBe(0); // greyscale, as the station encodes it
  });

  it('refuses a PNG bomb quickly, and the server’s peak memory does not move', async () => {
    const [w, h] = [8_000, 8_000];
    const ihdr = Buffer.alloc(13);
    ihdr.writeUInt32BE(w, 0);
    ihdr.writeUInt32BE(h, 4);
    ihdr[8] = 8;
    const bomb = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      chunk('IHDR', ihdr),
      chunk('IDAT', deflateSync(Buffer.alloc((w + 1) * h), { level: 9 })),
      chunk('IEND', Buffer.alloc(0)),
    ]);
    expect(bomb.length).toBeLessThan(96 * 1024);
    const peak = peakMb();
    const t0 = performance.now();
    const r = await put(settings({ logo: bomb.toString('base64') }));
    expect(r.status).toBe(422);
    expect(fieldsOf(r.json)).toEqual(['logo']);
    expect(performance.now() - t0).toBeLessThan(2_000);
    expect(peakMb() - peak).toBeLessThan(100);
  });
});
