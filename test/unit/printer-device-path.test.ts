// Which device paths are printers (main/core/printer/device-path.ts, docs/decisions/0066): the Windows rules as a
// pure function, the Linux rules against this machine's real /dev and files, symlinks resolved.
import { existsSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkDevicePath, type DeviceFs } from '../../main/core/printer/device-path';

describe('on Windows', () => {
  const win = (p: string) => checkDevicePath(p, 'win32');
  it.each(['COM1', 'com3', 'COM10', '\\\\.\\COM10', '\\\\localhost\\TM-T20', '\\\\127.0.0.1\\EPSON TM-T88V', '\\\\LOCALHOST\\caja'])(
    'takes %s',
    (p) => expect(win(p)).toEqual({ ok: true, path: p }),
  );
  it.each([
    '\\\\attacker.example\\share',
    '\\\\10.0.0.5\\TM-T20',
    '\\\\localhost\\C$',
    '\\\\localhost\\print$',
    '\\\\localhost\\share\\..\\Users\\caja\\file.txt',
    '\\\\localhost\\share\\sub',
    '\\\\?\\C:\\Users\\caja\\AppData\\evil.bat',
    '\\\\.\\PhysicalDrive0',
    'C:\\Users\\caja\\Desktop\\recibo.txt',
    'COM0',
    'COM1:',
    'LPT1',
    '//localhost/TM-T20',
    '/dev/usb/lp0',
  ])('refuses %s, saying what to write instead', (p) => {
    const r = win(p);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.message).toMatch(/COM3.*localhost/);
  });
});

describe('on Linux', () => {
  const linux = (p: string, fs?: DeviceFs) => checkDevicePath(p, 'linux', fs);
  it('refuses regular files and a shell profile, and creates nothing', () => {
    const dir = mkdtempSync(join(tmpdir(), 'sello-devpath-'));
    try {
      const x = join(dir, 'x');
      expect(linux(x)).toMatchObject({ ok: false, reason: 'refused' });
      expect(existsSync(x)).toBe(false);
      expect(linux(join(homedir(), '.bashrc'))).toMatchObject({ ok: false, reason: 'refused' });
      expect(linux('/tmp/x')).toMatchObject({ ok: false, reason: 'refused' });
      // A relative path or one climbing out of /dev is resolved before the prefix is read.
      expect(linux('/dev/usb/../../etc/passwd')).toMatchObject({ ok: false });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuses /dev/null: a character device, but not a printer', () => {
    expect(linux('/dev/null')).toMatchObject({ ok: false, reason: 'refused' });
    expect(linux('/dev/tty')).toMatchObject({ ok: false, reason: 'refused' });
  });

  it('says a printer path with nothing behind it is missing, not refused (a USB printer unplugged)', () => {
    expect(linux('/dev/usb/lp97')).toMatchObject({ ok: false, reason: 'missing', message: expect.stringMatching(/conecte/) as string });
  });

  it('reads the real path: a printer-looking link to a regular file is that file', () => {
    const links: Record<string, string> = { '/dev/usb/lp0': '/home/caja/.bashrc', '/dev/lp1': '/dev/lp1', '/dev/ttyUSB0': '/dev/null' };
    const fake: DeviceFs = {
      realpath: (p) => links[p] ?? p,
      isCharacterDevice: (p) => p === '/dev/lp1' || p === '/dev/null',
    };
    expect(linux('/dev/usb/lp0', fake)).toMatchObject({ ok: false, reason: 'refused' });
    expect(linux('/dev/ttyUSB0', fake)).toMatchObject({ ok: false, reason: 'refused' });
    expect(linux('/dev/lp1', fake)).toEqual({ ok: true, path: '/dev/lp1' });
    // Under the right name but not a character device (a regular file someone put there).
    expect(linux('/dev/ttyS3', fake)).toMatchObject({ ok: false, reason: 'refused' });
  });

  it.skipIf(process.getuid?.() !== 0)('refuses a real symlink in /dev that points at a regular file', () => {
    const dir = mkdtempSync(join(tmpdir(), 'sello-devpath-'));
    const target = join(dir, 'profile');
    writeFileSync(target, '# a shell profile\n');
    const link = `/dev/lp${90_000 + (process.pid % 9_000)}`;
    try {
      symlinkSync(target, link);
      expect(linux(link)).toMatchObject({ ok: false, reason: 'refused' });
    } finally {
      rmSync(link, { force: true });
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
