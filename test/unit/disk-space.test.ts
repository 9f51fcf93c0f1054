// The data folder's free space as the disk_low alert (main/core/store/disk-space.ts), and a full disk's errors as
// DISK_FULL, 507 (main/core/store/out-of-space.ts, errors.ts, http/problem.ts).
import { describe, expect, it } from 'vitest';
import { envelope } from '../../main/core/api-adapter';
import { CoreError, toApiError } from '../../main/core/errors';
import { statusOf } from '../../main/http/problem';
import { silentLogger } from '../../main/core/logger';
import { diskWatch, statfsFree } from '../../main/core/store/disk-space';
import { isOutOfSpace } from '../../main/core/store/out-of-space';
import type { TimerHandle, Timers } from '../../main/core/timers';
import { fixedClock, tempDir } from '../support/core';

const MB = 1024 * 1024;

function heldTimers() {
  const pending = new Map<object, { fn: () => void; ms: number }>();
  const timers: Timers = {
    set(fn, ms) {
      const h = {};
      pending.set(h, { fn, ms });
      return h;
    },
    clear: (h: TimerHandle) => void pending.delete(h),
  };
  return {
    timers,
    pending,
    /** Fires the one timer set, returning how long it was for. */
    tick(): number {
      expect(pending.size).toBe(1);
      const [h, t] = [...pending.entries()][0]!;
      pending.delete(h);
      t.fn();
      return t.ms;
    },
  };
}

function watched(freeMb: number) {
  let free = freeMb * MB;
  const t = heldTimers();
  const clock = fixedClock();
  let pushes = 0;
  const watch = diskWatch({
    dir: '/data',
    clock,
    logger: silentLogger,
    thresholds: { warnBytes: 500 * MB, criticalBytes: 50 * MB, everyMs: 30_000 },
    timers: t.timers,
    freeBytes: () => free,
    changed: () => void (pushes += 1),
  });
  return { watch, t, clock, setFree: (mb: number) => void (free = mb * MB), pushes: () => pushes };
}

describe('the disk_low alert', () => {
  it('is quiet with room, a warning under the warning threshold, critical under the critical one', () => {
    const w = watched(2000);
    expect(w.watch.alerts()).toEqual([]);
    expect(w.watch.free()).toBe(2000 * MB);
    expect(w.t.tick()).toBe(30_000);
    w.setFree(400);
    w.clock.advance(30_000);
    w.t.tick();
    expect(w.watch.alerts()).toEqual([
      expect.objectContaining({
        code: 'disk_low',
        level: 'warning',
        since: '2026-11-22T09:30:30-06:00',
        message: expect.stringContaining('400 MB') as string,
      }),
    ]);
    expect(w.pushes()).toBe(1);
    // While low it looks every 5 s, and pushes only when the level changes.
    w.setFree(390);
    expect(w.t.tick()).toBe(5_000);
    expect(w.pushes()).toBe(1);
    w.setFree(10);
    w.clock.advance(5_000);
    w.t.tick();
    expect(w.watch.alerts()).toEqual([
      expect.objectContaining({ code: 'disk_low', level: 'critical', since: '2026-11-22T09:30:30-06:00' }),
    ]);
    expect(w.watch.alerts()[0]!.action).toMatch(/Libere espacio/);
    expect(w.pushes()).toBe(2);
    w.setFree(3000);
    w.t.tick();
    expect(w.watch.alerts()).toEqual([]);
    expect(w.pushes()).toBe(3);
    expect(w.t.tick()).toBe(30_000);
  });

  it('is critical at once after a failed write, even with room on paper, until a later look finds room', () => {
    const w = watched(2000);
    w.watch.writeFailed();
    expect(w.watch.alerts()).toEqual([
      expect.objectContaining({
        level: 'critical',
        message: 'El disco de la estación está lleno: no se pueden guardar ni emitir documentos.',
      }),
    ]);
    expect(w.pushes()).toBe(1);
    // The look after it is the one that clears it.
    w.t.tick();
    expect(w.watch.alerts()).toEqual([]);
    expect(w.pushes()).toBe(2);
    // With the disk really full, it stays.
    w.setFree(0);
    w.watch.writeFailed();
    w.t.tick();
    w.t.tick();
    expect(w.watch.alerts()).toEqual([expect.objectContaining({ level: 'critical' })]);
  });

  it('stops looking when stopped; a statfs that fails leaves the last answer', () => {
    const w = watched(2000);
    w.watch.stop();
    expect(w.t.pending.size).toBe(0);
    const t = heldTimers();
    const failing = diskWatch({
      dir: '/nowhere',
      clock: fixedClock(),
      logger: silentLogger,
      timers: t.timers,
      freeBytes: () => {
        throw new Error('ENOENT');
      },
      changed: () => {},
    });
    expect(failing.free()).toBeNull();
    expect(failing.alerts()).toEqual([]);
  });

  it('reads a real folder with statfs', () => {
    const t = tempDir();
    try {
      expect(statfsFree(t.dir)).toBeGreaterThan(0);
    } finally {
      t.cleanup();
    }
  });
});

describe('an out-of-space error', () => {
  const sqlite = (code: string) => Object.assign(new Error('database or disk is full'), { code });

  it('is told apart by its code, on the error or what it wraps', () => {
    for (const code of ['SQLITE_FULL', 'SQLITE_IOERR_WRITE', 'ENOSPC', 'EDQUOT']) expect(isOutOfSpace(sqlite(code))).toBe(true);
    expect(isOutOfSpace(new Error('copy failed', { cause: sqlite('ENOSPC') }))).toBe(true);
    for (const e of [sqlite('SQLITE_CONSTRAINT'), new Error('disk full'), 'ENOSPC', null]) expect(isOutOfSpace(e)).toBe(false);
  });

  it('is DISK_FULL, 507, with a Spanish detail saying nothing was stored and what to do', () => {
    const answer = toApiError(sqlite('SQLITE_FULL'));
    expect(answer).toEqual({
      code: 'DISK_FULL',
      title: 'El disco de la estación está lleno',
      detail: expect.stringMatching(/no se guardó nada.*Libere espacio en el disco/) as string,
    });
    expect(statusOf('DISK_FULL')).toBe(507);
    // A bug stays INTERNAL; a CoreError stays itself.
    expect(toApiError(new TypeError('x')).code).toBe('INTERNAL');
    expect(toApiError(new CoreError('DISK_FULL', 'copia')).detail).toBe('copia');
  });

  it('reaches the desktop as DISK_FULL in the IPC envelope, telling the disk watcher, logged without its stack', async () => {
    const lines: { message: string; fields?: Record<string, unknown> }[] = [];
    const log = (message: string, fields?: Record<string, unknown>) => void lines.push({ message, fields });
    let told = 0;
    const wrap = envelope({ info: log, warn: log, error: log }, () => void (told += 1));
    const r = await wrap(() => {
      throw sqlite('SQLITE_FULL');
    });
    expect(r).toEqual({ ok: false, error: expect.objectContaining({ code: 'DISK_FULL' }) as unknown });
    expect(told).toBe(1);
    expect(lines).toEqual([{ message: 'write refused: the data folder disk is full', fields: { error: 'database or disk is full' } }]);
    // Any other failure leaves the disk watcher alone.
    await wrap(() => {
      throw new TypeError('bug');
    });
    expect(told).toBe(1);
  });
});
