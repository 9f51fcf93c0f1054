// Updates: packaged builds with a pinned key only, the pinned feed, the person's confirmation, never mid-issue.
import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { SelloApi } from '../../shared/api';
import { counterActivity } from '../../main/electron/activity';
import { setUpUpdates, type UpdaterLike } from '../../main/electron/updates';
import { silentLogger } from '../../main/core/logger';
import { compareVersions, fileFloor } from '../../main/electron/update-floor';
import { tempDir } from '../support/core';

function fakeUpdater() {
  const listeners = new Map<string, (x: never) => void>();
  const calls: unknown[][] = [];
  const u: UpdaterLike & { emit(event: string, x: unknown): void; calls: unknown[][] } = {
    autoDownload: false,
    autoInstallOnAppQuit: true,
    calls,
    setFeedURL: (o) => void calls.push(['setFeedURL', o]),
    checkForUpdates: () => (calls.push(['check']), Promise.resolve()),
    on: (event: string, l: (x: never) => void) => listeners.set(event, l),
    quitAndInstall: (...a) => void calls.push(['quitAndInstall', ...a]),
    emit: (event, x) => listeners.get(event)?.(x as never),
  };
  return u;
}

/** Timers run by hand. */
function timers() {
  const queue: { fn: () => void; ms: number }[] = [];
  return {
    setTimer: (fn: () => void, ms: number) => {
      const t = { fn, ms };
      queue.push(t);
      return t;
    },
    clearTimer: (t: unknown) => {
      const i = queue.indexOf(t as (typeof queue)[number]);
      if (i >= 0) queue.splice(i, 1);
    },
    runNext: () => queue.shift()?.fn(),
    pending: () => queue.map((t) => t.ms),
  };
}

const flush = () => new Promise((r) => setTimeout(r, 0));

const PINS = { feedUrl: 'https://updates.example/sello/', publicKeyPem: 'pinned' };
const floors = tempDir('sello-update-floor-');
afterAll(() => floors.cleanup());
/** A station running 1.0.0 whose floor file is its own (a first start). */
const station = () => ({ currentVersion: '1.0.0', floorFile: join(floors.dir, `floor-${randomUUID()}.json`) });
const verified = () => Promise.resolve({ ok: true as const });
const noRefusal = () => {
  throw new Error('refused');
};

describe('updates', () => {
  it('a development build never checks', async () => {
    const u = fakeUpdater();
    const t = timers();
    const up = setUpUpdates({
      isPackaged: false,
      pins: PINS,
      updater: u,
      ...station(),
      confirm: () => Promise.resolve(true),
      refused: noRefusal,
      busy: () => false,
      logger: silentLogger,
      ...t,
    });
    expect(up.state()).toEqual({ state: 'off', why: 'development build' });
    await up.checkNow();
    expect(u.calls).toEqual([]);
    expect(t.pending()).toEqual([]);
  });

  it('without a pinned update key, updates are off', () => {
    const up = setUpUpdates({
      isPackaged: true,
      pins: { ...PINS, publicKeyPem: null },
      updater: fakeUpdater(),
      ...station(),
      confirm: () => Promise.resolve(true),
      refused: noRefusal,
      busy: () => false,
      logger: silentLogger,
      ...timers(),
    });
    expect(up.state()).toEqual({ state: 'off', why: 'no update key pinned' });
  });

  it('a packaged app uses the pinned feed, checks later and then on a period, and never installs on quit by itself', async () => {
    const u = fakeUpdater();
    const t = timers();
    setUpUpdates({
      isPackaged: true,
      pins: PINS,
      updater: u,
      ...station(),
      confirm: () => Promise.resolve(false),
      refused: noRefusal,
      busy: () => false,
      logger: silentLogger,
      checkEveryMs: 1000,
      ...t,
    });
    expect(u.calls[0]).toEqual(['setFeedURL', { provider: 'generic', url: 'https://updates.example/sello/' }]);
    expect(u.autoDownload).toBe(true);
    expect(u.autoInstallOnAppQuit).toBe(false);
    expect(t.pending()).toEqual([60_000]);
    t.runNext();
    await flush();
    expect(u.calls.filter((c) => c[0] === 'check')).toHaveLength(1);
    expect(t.pending()).toEqual([1000]);
  });

  it('installs only when the person confirms, and waits while a document is being issued', async () => {
    const u = fakeUpdater();
    const t = timers();
    let busy = true;
    const asked: string[] = [];
    let answer = false;
    const up = setUpUpdates({
      isPackaged: true,
      pins: PINS,
      updater: u,
      ...station(),
      confirm: (v) => (asked.push(v), Promise.resolve(answer)),
      refused: noRefusal,
      verify: verified,
      busy: () => busy,
      logger: silentLogger,
      busyRetryMs: 500,
      ...t,
    });
    u.emit('update-downloaded', { version: '1.2.0', downloadedFile: '/tmp/Sello-1.2.0.AppImage' });
    await flush();
    await flush();
    expect(asked).toEqual(['1.2.0']);
    expect(up.state()).toEqual({ state: 'ready', version: '1.2.0' });
    expect(u.calls.some((c) => c[0] === 'quitAndInstall')).toBe(false);

    answer = true;
    u.emit('update-downloaded', { version: '1.2.0', downloadedFile: '/tmp/Sello-1.2.0.AppImage' });
    await flush();
    await flush();
    // Busy: it waits and looks again.
    expect(u.calls.some((c) => c[0] === 'quitAndInstall')).toBe(false);
    expect(t.pending()).toContain(500);
    busy = false;
    // The periodic check first in the queue; then the retry.
    while (!u.calls.some((c) => c[0] === 'quitAndInstall') && t.pending().length > 0) {
      t.runNext();
      await flush();
    }
    expect(u.calls.filter((c) => c[0] === 'quitAndInstall')).toEqual([['quitAndInstall', false, true]]);
    expect(up.state()).toEqual({ state: 'installing', version: '1.2.0' });
  });
});

describe('version order and the floor file', () => {
  it('orders versions as semver does; anything else is no version', () => {
    expect(compareVersions('1.10.0', '1.9.9')).toBe(1);
    expect(compareVersions('2.0.0', '2.0.0+build.7')).toBe(0);
    expect(compareVersions('2.0.0-beta.2', '2.0.0')).toBe(-1);
    expect(compareVersions('2.0.0-beta.10', '2.0.0-beta.2')).toBe(1);
    expect(compareVersions('2.0.0-alpha', '2.0.0-alpha.1')).toBe(-1);
    expect(compareVersions('2.0.0-1', '2.0.0-alpha')).toBe(-1);
    expect(compareVersions('2.0', '1.0.0')).toBeNull();
    expect(compareVersions('1.0.0\nversion 9.0.0', '1.0.0')).toBeNull();
  });

  it('the floor never falls: not below the running version, not when a lower one is raised, not from a bad file', () => {
    const file = join(floors.dir, 'floor-unit.json');
    const f = fileFloor(file, '1.2.0');
    expect(f.current()).toBe('1.2.0');
    f.raise('1.5.0');
    f.raise('1.3.0');
    expect(f.current()).toBe('1.5.0');
    expect(fileFloor(file, '1.0.0').current()).toBe('1.5.0');
    expect(fileFloor(file, '2.0.0').current()).toBe('2.0.0');
    writeFileSync(file, 'not json');
    expect(fileFloor(file, '1.2.0').current()).toBe('1.2.0');
  });
});

describe('counter activity', () => {
  it('is busy while the form is being filled in or a write is running', async () => {
    let release: () => void = () => undefined;
    const api = {
      activity: () => Promise.resolve({ ok: true as const, value: { noted: true as const } }),
      createDte: () => new Promise((r) => (release = () => r({ ok: true, value: {} }))),
      health: () => Promise.resolve({ ok: true as const, value: {} }),
    } as unknown as SelloApi;
    const c = counterActivity(api);
    expect(c.busy()).toBe(false);
    await c.api.activity('editing');
    expect(c.busy()).toBe(true);
    await c.api.activity('idle');
    expect(c.busy()).toBe(false);
    const creating = c.api.createDte('FC', {});
    expect(c.busy()).toBe(true);
    release();
    await creating;
    expect(c.busy()).toBe(false);
    await c.api.health();
    expect(c.busy()).toBe(false);
  });
});
